import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text';

describe('isStorableText', () => {
  it.each([
    ['', true],
    ['Dana Levi', true],
    ['דנה לוי 👋', true],
    ['a\u0000b', false],
    ['\u0000', false],
  ])('%j → %s', (text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });
});

describe('findUnstorableText', () => {
  it.each([
    [{ fName: 'Dana', quests: [{ title: 'Hi' }] }, null],
    [42, null],
    [null, null],
    ['a\u0000', ''],
    [{ fName: 'Dana', lName: 'Le\u0000vi' }, 'lName'],
    [{ job: { quests: [{ title: 'ok' }, { title: '\u0000' }] } }, 'job.quests.1.title'],
    [{ 'bad\u0000key': 1 }, 'bad\u0000key'],
    [['ok', ['x', 'y\u0000']], '1.1'],
  ])('%j → %j', (value, path) => {
    expect(findUnstorableText(value)).toBe(path);
  });

  it('stops at an absurd depth instead of overflowing the stack', () => {
    let deep: unknown = 'ok';
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(findUnstorableText(deep)).not.toBeNull();
  });
});
