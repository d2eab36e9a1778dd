import { describe, expect, it } from 'vitest';
import { isLogLevelQueued } from './log-limits';
import { logBatchInputSchema, logRecordSchema, recordFilterSchema } from './record.schemas';

const record = {
  _id: 'r1',
  timestamp: '2024-05-01T10:00:00.000Z',
  level: 'error',
  message: 'Upload failed',
  meta: {
    source: 'frontend',
    traceId: 'req-1',
    error: { message: 'boom', stack: 'at x' },
    user: { _id: 'u1', fName: 'Rina', role: 'user', perm: 999 },
  },
};

describe('logRecordSchema', () => {
  it('accepts a record', () => {
    expect(logRecordSchema.safeParse(record).success).toBe(true);
  });

  it.each([
    ['an unknown level', { level: 'fatal' }],
    ['an unknown source', { meta: { source: 'mobile' } }],
    ['a bad timestamp', { timestamp: 'now' }],
  ])('rejects %s', (_name, overrides) => {
    expect(logRecordSchema.safeParse({ ...record, ...overrides }).success).toBe(false);
  });

  it('a batch is 1 to 50 entries; the client cannot name the source or who was using it', () => {
    const entry = {
      timestamp: record.timestamp,
      level: 'error',
      message: 'Upload failed',
      meta: { traceId: 'req-1', statusCode: 503, error: { message: 'boom' } },
    };
    expect(logBatchInputSchema.safeParse([entry]).success).toBe(true);
    expect(logBatchInputSchema.safeParse([]).success).toBe(false);
    expect(logBatchInputSchema.safeParse(Array(51).fill(entry)).success).toBe(false);
    const parsed = logBatchInputSchema.parse([
      { ...entry, meta: { ...entry.meta, source: 'backend', user: { _id: 'u1' } } },
    ]);
    expect(parsed[0]!.meta).not.toHaveProperty('source');
    expect(parsed[0]!.meta).not.toHaveProperty('user');
  });

  it('bounds the text an entry carries', () => {
    const entry = { timestamp: record.timestamp, level: 'error', message: 'x'.repeat(2001) };
    expect(logBatchInputSchema.safeParse([entry]).success).toBe(false);
    expect(logBatchInputSchema.safeParse([{ ...entry, message: 'x'.repeat(2000) }]).success).toBe(
      true,
    );
  });

  it.each([
    ['debug', false],
    ['info', true],
    ['warn', true],
    ['error', true],
    ['http', true],
  ] as const)('%s is queued: %s', (level, queued) => {
    expect(isLogLevelQueued(level)).toBe(queued);
  });
});

describe('recordFilterSchema', () => {
  it('reads a query string', () => {
    const query = Object.fromEntries(
      new URLSearchParams(
        'source=backend&traceID=abc&fromDate=2024-05-01&toDate=2024-05-31T23:59:59Z&userTxt=%20rina%20&statusCode=500&exclude=true&levels=warn,error&currPage=3',
      ),
    );
    expect(recordFilterSchema.parse(query)).toEqual({
      source: 'backend',
      traceID: 'abc',
      fromDate: '2024-05-01',
      toDate: '2024-05-31T23:59:59Z',
      userTxt: 'rina',
      statusCode: 500,
      exclude: true,
      levels: ['warn', 'error'],
      currPage: 3,
      itemsPerPage: 50,
    });
  });

  it("reads the product's limit and skip (skip = page number × page size)", () => {
    expect(recordFilterSchema.parse({ limit: '50', skip: '100' })).toMatchObject({
      currPage: 3,
      itemsPerPage: 50,
    });
    expect(recordFilterSchema.parse({ limit: '20' })).toMatchObject({
      currPage: 1,
      itemsPerPage: 20,
    });
    expect(recordFilterSchema.safeParse({ limit: '1000' }).success).toBe(false);
  });

  it.each([
    ['an unknown level', { levels: 'info,fatal' }],
    ['a bad status code', { statusCode: '42' }],
    ['a bad date', { fromDate: '01/05/2024' }],
  ])('rejects %s', (_name, input) => {
    expect(recordFilterSchema.safeParse(input).success).toBe(false);
  });
});
