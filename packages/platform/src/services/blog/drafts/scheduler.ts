import type { Logger } from '../../../logger.js';
import { inTransaction } from '../../../storage/transaction.js';
import { type BlogContext, nowOf, viewOf } from '../shared/context.js';
import { publishRow } from './publishing.js';
import { lockDueScheduled } from './store.js';

/**
 * Scheduled publishing: drafts scheduled with UPDATE_SCHEDULE are published once their time has
 * come, exactly once: each due row is locked (`FOR UPDATE SKIP LOCKED`) and published in the same
 * transaction, so that several processes on one PostgreSQL never publish one twice, and a restart
 * picks up whatever came due while it was down.
 */
export interface BlogSchedulerOptions {
  /** How often to look for due drafts. Default 5 s. */
  readonly intervalMs?: number;
}

const BATCH = 20;

/** Publishes the drafts due now; answers their ids. */
export async function publishDueDrafts(ctx: BlogContext): Promise<string[]> {
  const published: string[] = [];
  for (;;) {
    const batch = await inTransaction(ctx.db, async (trx) => {
      const now = nowOf(ctx);
      const due = await lockDueScheduled(trx, now, BATCH);
      const view = await viewOf(ctx, ctx.publicUrl, trx);
      for (const row of due) await publishRow(trx, view, row, { kind: 'system' }, { kind: 'system' }, now);
      return due.map((row) => row.id);
    });
    published.push(...batch);
    if (batch.length < BATCH) return published;
  }
}

export interface BlogScheduler {
  /** Runs one round now (tests); resolves when done. */
  tick(): Promise<string[]>;
  stop(): Promise<void>;
}

export function startBlogScheduler(
  ctx: BlogContext,
  logger: Logger,
  options: BlogSchedulerOptions = {},
): BlogScheduler {
  let running: Promise<string[]> | undefined;
  let stopped = false;
  const tick = () => {
    running ??= publishDueDrafts(ctx)
      .catch((error: unknown) => {
        if (!stopped)
          logger.error(`blog scheduler: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 5000);
  timer.unref();
  void tick();
  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
