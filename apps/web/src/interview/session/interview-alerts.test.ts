import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import he from '../../locales/he.json';
import { createAppI18n } from '../../common/i18n/i18n';
import { useAlertStore, type Alert } from '../../common/stores/alert-store';
import {
  announceInterviewQuit,
  announceInterviewStart,
  announceInterviewSubmitted,
} from './interview-alerts';

afterEach(() => {
  useAlertStore.setState({ alerts: [] });
  window.sessionStorage.clear();
});

function texts(alerts: Alert[], language: 'en' | 'he') {
  const i18n = createAppI18n(language, { en, he });
  return alerts.map((alert) => {
    const entity = alert.params?.entity as { i18nKey: string };
    return i18n.t(alert.key, { entity: i18n.t(entity.i18nKey) });
  });
}

describe('the interview alerts of the candidate', () => {
  it('announce the start once per applicant (a reload does not repeat it), the submit and the quit', () => {
    announceInterviewStart('a1');
    announceInterviewStart('a1');
    announceInterviewSubmitted();
    announceInterviewQuit();
    announceInterviewStart('a2');
    const { alerts } = useAlertStore.getState();
    expect(alerts.map((alert) => alert.type)).toEqual(['success', 'success', 'success', 'success']);
    expect(texts(alerts, 'en')).toEqual([
      'The interview has started',
      'The interview was submitted',
      'You left the interview',
      'The interview has started',
    ]);
    expect(texts(alerts, 'he')).toEqual([
      'שלב הראיון התחיל',
      'הגשת הראיון הושלמה',
      'יצאת מהראיון',
      'שלב הראיון התחיל',
    ]);
  });
});
