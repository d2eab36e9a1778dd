import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  optionalQueryTextSchema,
  queryBooleanSchema,
  queryListSchema,
  queryNumberSchema,
  searchTextSchema,
} from './query';

describe('query-string schemas', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    ['TRUE', true],
    ['1', true],
    ['0', false],
  ])('boolean %j → %j', (input, value) => {
    expect(queryBooleanSchema.parse(input)).toBe(value);
  });

  it.each([['yes'], [''], [2]])('boolean %j is rejected', (input) => {
    expect(queryBooleanSchema.safeParse(input).success).toBe(false);
  });

  it.each([
    [undefined, []],
    ['', []],
    ['1', [1]],
    ['1,3', [1, 3]],
    [' 1 , 3 ,', [1, 3]],
    [
      ['1', '3'],
      [1, 3],
    ],
    [
      [2, '4,5'],
      [2, 4, 5],
    ],
  ])('number list %j → %j', (input, value) => {
    expect(queryListSchema(queryNumberSchema).parse(input)).toEqual(value);
  });

  it('list items are validated', () => {
    expect(queryListSchema(z.enum(['a', 'b'])).safeParse('a,c').success).toBe(false);
    expect(queryNumberSchema.safeParse('abc').success).toBe(false);
  });

  it('texts are trimmed; empty optional text is dropped', () => {
    expect(searchTextSchema.parse('  dana  ')).toBe('dana');
    expect(searchTextSchema.parse(undefined)).toBe('');
    expect(optionalQueryTextSchema.parse('   ')).toBeUndefined();
    expect(optionalQueryTextSchema.parse(' x ')).toBe('x');
  });
});
