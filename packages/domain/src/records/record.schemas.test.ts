import { describe, expect, it } from 'vitest';
import {
  isLogLevelQueued,
  logBatchInputSchema,
  logRecordSchema,
  recordFilterSchema,
} from './record.schemas';

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

describe('logRecordSchema (spec §3)', () => {
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

  it('a batch is a non-empty list of records without ids', () => {
    const { _id: _omit, ...entry } = record;
    expect(logBatchInputSchema.safeParse([entry]).success).toBe(true);
    expect(logBatchInputSchema.safeParse([]).success).toBe(false);
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

describe('recordFilterSchema (spec §3)', () => {
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

  it.each([
    ['an unknown level', { levels: 'info,fatal' }],
    ['a bad status code', { statusCode: '42' }],
    ['a bad date', { fromDate: '01/05/2024' }],
  ])('rejects %s', (_name, input) => {
    expect(recordFilterSchema.safeParse(input).success).toBe(false);
  });
});
