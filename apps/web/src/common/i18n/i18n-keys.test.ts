import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import he from '../../locales/he.json';
import {
  extractKeysFromSource,
  findEmptyValues,
  flattenMessages,
  hasKey,
  missingFrom,
} from './i18n-keys';

describe('flattenMessages', () => {
  it('flattens nested objects into dotted keys', () => {
    const { entries, duplicates } = flattenMessages({
      a: 'A',
      b: { c: 'C', d: { e: 'E' } },
      interviewErrors: { CAMERA_BUSY: { title: 'T', text: 'X' } },
    });
    expect([...entries]).toEqual([
      ['a', 'A'],
      ['b.c', 'C'],
      ['b.d.e', 'E'],
      ['interviewErrors.CAMERA_BUSY.title', 'T'],
      ['interviewErrors.CAMERA_BUSY.text', 'X'],
    ]);
    expect(duplicates).toEqual([]);
  });

  it('reports a key written both flat and nested', () => {
    expect(flattenMessages({ 'a.b': 'x', a: { b: 'y' } }).duplicates).toEqual(['a.b']);
  });

  it('keeps non-string leaves so they can be reported', () => {
    const { entries } = flattenMessages({ a: '', b: ' ', c: 3, d: ['x'], e: null, f: 'ok' });
    expect(findEmptyValues(entries)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('key comparison', () => {
  it('lists keys missing from the other set', () => {
    expect(missingFrom(['b', 'a', 'c'], new Set(['a']))).toEqual(['b', 'c']);
  });

  it('accepts plural forms for a used key', () => {
    const keys = new Set(['items_one', 'items_other', 'plain']);
    expect(hasKey(keys, 'items')).toBe(true);
    expect(hasKey(keys, 'plain')).toBe(true);
    expect(hasKey(keys, 'other')).toBe(false);
  });
});

describe('extractKeysFromSource', () => {
  it('finds the recognised literal patterns only', () => {
    const source = `
      t('notFound.title'); i18n.t("pageTitles.login", { x: 1 }); t(\`language.switchLabel\`);
      <Trans i18nKey="a.trans" /> <Trans i18nKey={'b.trans'} />
      const route = { titleKey: 'pageTitles.user', labelKey: "forms.email" };
      showAlert({ type: 'fail', key: 'alerts.noPermission' });
      t(\`status.\${code}\`); t(variable); split('x.y'); queryKey: ['session'];
      key: 'plain'; <Item key="a.b.c" />; const MY_KEY = 'not.a.key';
      /** Example: t('in.block.comment') */ <input accept="image/*" title={t('after.glob')} />
      // t('in.line.comment')
    `;
    expect(extractKeysFromSource(source)).toEqual([
      'a.trans',
      'after.glob',
      'alerts.noPermission',
      'b.trans',
      'forms.email',
      'language.switchLabel',
      'notFound.title',
      'pageTitles.login',
      'pageTitles.user',
    ]);
  });
});

describe('locale files', () => {
  it('en.json and he.json have the same keys and no empty values', () => {
    const enKeys = flattenMessages(en).entries;
    const heKeys = flattenMessages(he).entries;
    expect(missingFrom(enKeys.keys(), heKeys)).toEqual([]);
    expect(missingFrom(heKeys.keys(), enKeys)).toEqual([]);
    expect(findEmptyValues(enKeys)).toEqual([]);
    expect(findEmptyValues(heKeys)).toEqual([]);
  });
});
