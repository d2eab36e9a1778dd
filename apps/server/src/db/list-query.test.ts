import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { planConstant, planOffset, planText, renderOnce } from './list-query';

const render = (fragment: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(fragment);

describe('list statement helpers', () => {
  it('writes limits and caps into the text, and refuses anything but a whole number', () => {
    expect(render(sql`limit ${planConstant(30)} offset ${planOffset(0)}`)).toMatchObject({
      sql: 'limit 30 offset 0',
      params: [],
    });
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      expect(() => planConstant(bad)).toThrow(/whole number/);
    }
    expect(() => planConstant('1; drop table users' as unknown as number)).toThrow();
  });

  it('keeps a deep offset a parameter (one statement for every page number)', () => {
    expect(render(sql`offset ${planOffset(29_970)}`)).toMatchObject({
      sql: 'offset $1',
      params: [29_970],
    });
  });

  it('renders a fragment once, and refuses one with parameters', () => {
    expect(render(sql`select ${renderOnce(sql`"a", "b"`)} from t`).sql).toBe(
      'select "a", "b" from t',
    );
    expect(() => renderOnce(sql`id = ${'x'}`)).toThrow(/parameters/);
  });

  it('writes a search text as an escape-string literal that reads back exactly', () => {
    expect(render(sql`like ${planText("%o'k\\_%")}`)).toMatchObject({
      sql: "like E'%o''k\\\\_%'",
      params: [],
    });
    expect(render(sql`${planText('a\0b')}`).sql).toBe("E'ab'");
  });
});
