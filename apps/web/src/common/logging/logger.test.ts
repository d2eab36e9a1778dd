import type { LogEntryInput } from '@candid/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, errorMeta, LOG_QUEUE_STORAGE_KEY, type LoggerDeps } from './logger';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('createLogger (log batching)', () => {
  let sent: LogEntryInput[][];
  let storage: ReturnType<typeof memoryStorage>;
  let fail: boolean;
  const deps = (): LoggerDeps => ({
    send: async (entries) => {
      if (fail) throw new Error('offline');
      sent.push(entries);
    },
    storage,
    now: () => new Date('2026-11-26T10:00:00.000Z'),
  });

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    storage = memoryStorage();
    fail = false;
  });
  afterEach(() => vi.useRealTimers());

  it('sends after 500 ms without a new entry, all waiting entries in one batch', async () => {
    const logger = createLogger(deps());
    logger.error('one');
    await vi.advanceTimersByTimeAsync(400);
    logger.warn('two');
    await vi.advanceTimersByTimeAsync(400);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map((batch) => batch.map((entry) => entry.message))).toEqual([['one', 'two']]);
    expect(sent[0]![0]).toMatchObject({ level: 'error', timestamp: '2026-11-26T10:00:00.000Z' });
  });

  it('sends at once when more than 10 entries wait', async () => {
    const logger = createLogger(deps());
    for (let i = 1; i <= 10; i += 1) logger.info(`entry ${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    logger.info('entry 11');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(11);
  });

  it('keeps DEBUG in the console only', async () => {
    const console = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const logger = createLogger({ ...deps(), console });
    logger.debug('noise');
    await vi.advanceTimersByTimeAsync(1000);
    expect(console.debug).toHaveBeenCalledWith('noise', {});
    expect(sent).toEqual([]);
    expect(storage.values.has(LOG_QUEUE_STORAGE_KEY)).toBe(false);
  });

  it('keeps unsent entries in local storage and retries them, growing the wait', async () => {
    fail = true;
    const logger = createLogger(deps());
    logger.error('lost connection');
    await vi.advanceTimersByTimeAsync(500);
    expect(JSON.parse(storage.values.get(LOG_QUEUE_STORAGE_KEY)!)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000); // first retry fails too
    logger.error('second');
    await vi.advanceTimersByTimeAsync(9_000);
    expect(sent).toEqual([]);
    fail = false;
    await vi.advanceTimersByTimeAsync(1_000); // the second retry, 10 s after the first
    expect(sent.map((batch) => batch.map((entry) => entry.message))).toEqual([
      ['lost connection', 'second'],
    ]);
    expect(storage.values.has(LOG_QUEUE_STORAGE_KEY)).toBe(false);
  });

  it('sends what an earlier page load left, 500 ms after start', async () => {
    storage.setItem(
      LOG_QUEUE_STORAGE_KEY,
      JSON.stringify([
        { timestamp: '2026-11-25T09:00:00.000Z', level: 'error', message: 'left', meta: {} },
      ]),
    );
    createLogger(deps());
    await vi.advanceTimersByTimeAsync(500);
    expect(sent[0]!.map((entry) => entry.message)).toEqual(['left']);
  });

  it('ignores a damaged stored queue', async () => {
    storage.setItem(LOG_QUEUE_STORAGE_KEY, '{not json');
    const logger = createLogger(deps());
    logger.error('fresh');
    await vi.advanceTimersByTimeAsync(500);
    expect(sent[0]!.map((entry) => entry.message)).toEqual(['fresh']);
  });

  it('sends at most 50 entries per call and keeps at most 200 waiting', async () => {
    fail = true;
    const logger = createLogger(deps());
    for (let i = 1; i <= 230; i += 1) logger.info(`entry ${i}`);
    fail = false;
    await vi.advanceTimersByTimeAsync(5_000); // the retry after the failed batch
    expect(sent.map((batch) => batch.length)).toEqual([50, 50, 50, 50]);
    expect(sent[0]![0]!.message).toBe('entry 31');
  });

  it('clips long messages and stacks to what the server accepts', async () => {
    const logger = createLogger(deps());
    const error = new Error('x'.repeat(5_000));
    logger.error('y'.repeat(3_000), errorMeta(error));
    await logger.flush();
    const [entry] = sent[0]!;
    expect(entry!.message.length).toBe(2_000);
    expect(entry!.meta.error?.message?.length).toBe(2_000);
  });
});
