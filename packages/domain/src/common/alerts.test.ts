import { describe, expect, it } from 'vitest';
import {
  ALERT_ENTITIES,
  ALERT_I18N_EN,
  ALERT_KEYS,
  ALERT_TYPES,
  alertI18nKey,
  alertStateSchema,
  entityI18nKey,
  getAlertVariant,
} from './alerts';

describe('alerts', () => {
  it('lists exactly the spec alert types', () => {
    expect([...ALERT_TYPES]).toEqual([
      'add',
      'failAdd',
      'update',
      'failUpdate',
      'save',
      'failSave',
      'start',
      'submit',
      'quit',
      'remove',
      'failRemove',
      'archive',
      'restore',
      'failArchive',
      'change',
      'copy',
      'send',
      'failSend',
    ]);
  });

  it.each(ALERT_TYPES.map((type) => [type]))(
    '%s has a key alerts.<type> whose English text interpolates {{entity}}',
    (type) => {
      expect(alertI18nKey(type)).toBe(`alerts.${type}`);
      expect(ALERT_I18N_EN[alertI18nKey(type)]).toContain('{{entity}}');
    },
  );

  it.each(ALERT_ENTITIES.map((entity) => [entity]))('entity %s has an English name', (entity) => {
    expect(entityI18nKey(entity)).toBe(`entities.${entity}`);
    expect(ALERT_I18N_EN[entityI18nKey(entity)]).toBeTruthy();
  });

  it('the 403 alert uses the spec wording', () => {
    expect(ALERT_KEYS.noPermission).toBe('alerts.noPermission');
    expect(ALERT_I18N_EN['alerts.noPermission']).toBe(
      'You dont have enough permissions to complete this action',
    );
    expect(ALERT_I18N_EN[ALERT_KEYS.copied]).toBeTruthy();
    expect(ALERT_I18N_EN[ALERT_KEYS.interviewDone]).toBeTruthy();
  });

  it.each([
    ['add', 'success'],
    ['failAdd', 'fail'],
    ['failUpdate', 'fail'],
    ['failSave', 'fail'],
    ['failRemove', 'fail'],
    ['failArchive', 'fail'],
    ['failSend', 'fail'],
    ['archive', 'success'],
    ['copy', 'success'],
  ] as const)('getAlertVariant(%s) is %s', (type, variant) => {
    expect(getAlertVariant(type)).toBe(variant);
  });

  it('alert state is success or fail with a text', () => {
    expect(alertStateSchema.safeParse({ type: 'fail', text: 'alerts.failAdd' }).success).toBe(true);
    expect(alertStateSchema.safeParse({ type: 'warning', text: 'x' }).success).toBe(false);
  });
});
