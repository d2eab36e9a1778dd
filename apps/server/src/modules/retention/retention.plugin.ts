import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { coalescedRun } from '../../lib/coalesced-run';
import { runRetentionSweep, type RetentionSweepResult } from './retention.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The data retention sweep: `kick` runs one now (or after the one running). */
    retentionSweep: { kick: () => Promise<RetentionSweepResult>; idle: () => Promise<void> };
  }
}

/** How often the retention sweep runs: once a day (and at start, so a restart misses none). */
export const RETENTION_SWEEP_MS = 24 * 60 * 60_000;

/**
 * Schedules the daily retention sweep in this process, one run at a time (a tick while one runs
 * asks for one more after it). Several processes may sweep at once: each batch locks its rows
 * with SKIP LOCKED and each file is claimed under a lease, so nothing is deleted twice.
 */
export const retentionPlugin = fp(async (app: FastifyInstance) => {
  const sweep = coalescedRun(
    () => runRetentionSweep({ db: app.db, storage: app.storage, now: app.now(), log: app.log }),
    {
      empty: { deleted: 0, purged: 0, failed: 0 },
      onError: (error) => app.log.warn({ err: error }, 'retention sweep failed'),
    },
  );
  app.decorate('retentionSweep', sweep);
  let timer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    void sweep.kick();
    timer = setInterval(() => void sweep.kick(), RETENTION_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await sweep.idle();
  });
});
