import { textTable } from '../text-table.mjs';
import { options, thousands } from './args.mjs';

const { POSTS, RUNS, WARMUP, BUDGET, CHANGES, CONCURRENCY, POLL_MS, BATCH_SIZE } = options;

// ── Report ──────────────────────────────────────────────────────────────────────────────────────

/** Prints the load, the plans, the reads' table, the webhook delivery and the summary; exit code 1 if an event is missing or failed. */
export function report({ loadLine, size, plans, rows, figures }) {
  const ms = (value) => `${value.toFixed(2)} ms`;
  // The platform's defaults: events/options.ts WEBHOOK_DELIVERY_DEFAULTS (not exported).
  const policy = {
    pollMs: POLL_MS ?? 500,
    batchSize: BATCH_SIZE ?? 16,
  };
  console.log(
    `\nblog on PostgreSQL: ${thousands(POSTS)} published posts (blog_posts ${size}), up to ${RUNS} runs per read after up to ${WARMUP} warm-up (--budget ${BUDGET} s a read), ${thousands(CHANGES)} likes\n`,
  );
  console.log(`load: ${loadLine}\n`);
  console.log('plans (EXPLAIN ANALYZE of one call; platform = the statements the API sent):');
  for (const { scenario, platform: sent, handWritten } of plans) {
    console.log(`  ${scenario.name}`);
    for (const [who, list] of [
      ['platform', sent],
      ['hand-written', handWritten],
    ]) {
      for (const plan of list) {
        console.log(`    ${who.padEnd(12)} ${plan.line}`);
        if (plan.full) console.log(`      ${plan.text}\n${plan.full}`);
      }
    }
  }
  const { heading, line } = textTable([
    ['read', 36],
    ['runs', 6],
    ['API median', 12],
    ['API p99', 12],
    ['SQL median', 12],
    ['SQL p99', 12],
    ['ratio (median)', 16],
    ['platform SQL', 22],
  ]);
  console.log(`\n${heading}`);
  for (const row of rows) {
    console.log(
      line([
        row.name,
        row.runs,
        ms(row.api.median),
        ms(row.api.p99),
        ms(row.sql.median),
        ms(row.sql.p99),
        `${row.ratio.toFixed(2)}${row.ratio <= 2 ? ' (≤ 2 ✓)' : ' (> 2 ✗)'}`,
        `${ms(row.platformSql.median)} / ${ms(row.platformSql.p99)}`,
      ]),
    );
  }
  console.log(
    '(SQL: hand-written, the columns the answer needs; platform SQL: median / p99 of the statements the API sent, replayed on the same connection)',
  );
  const e = figures.events;
  console.log(
    `\nwebhook delivery (delivery loop: poll every ${policy.pollMs} ms, ${policy.batchSize} deliveries a claim, wake-ups 5/25/100 ms after an event is recorded):`,
  );
  console.log(
    `  ${thousands(CHANGES)} likes through the API (${CONCURRENCY} at a time): ${e.apiRate.toFixed(0)} likes/s = ${e.apiEventRate.toFixed(0)} events/s recorded (API median ${ms(e.apiLatency.median)}, p99 ${ms(e.apiLatency.p99)})`,
  );
  console.log(
    `  received ${thousands(e.received)}/${thousands(e.expected)} events (${e.duplicates} duplicates, ${e.other} other; delivery log: ${e.delivered} DELIVERED, ${e.failed} FAILED)`,
  );
  console.log(
    `  latency from the like's answer to receipt: median ${ms(e.latency.median)}, p99 ${ms(e.latency.p99)}, max ${ms(e.latency.max)} (like_created median ${ms(e.likeLatency.median)}, post_liked median ${ms(e.likedLatency.median)}; ${e.early} received before the answer)`,
  );
  console.log(
    `  delivery throughput: ${e.deliveryRate.toFixed(0)} events/s from the first like to the last receipt = ${(e.deliveryRate / e.apiEventRate).toFixed(2)} of the API's; last receipt ${(e.drain * 1000).toFixed(0)} ms after the last answer`,
  );

  console.log('\nsummary');
  if (figures.loadRate !== undefined)
    console.log(`  load rate                 ${thousands(figures.loadRate)} posts/s`);
  for (const row of rows) {
    console.log(
      `  ${`${row.key} ratio`.padEnd(26)}${row.ratio.toFixed(2)} (API ${ms(row.api.median)} / p99 ${ms(row.api.p99)}; SQL ${ms(row.sql.median)} / p99 ${ms(row.sql.p99)}; platform SQL ${ms(row.platformSql.median)}; ${row.runs} runs)`,
    );
  }
  console.log(`  event latency             median ${ms(e.latency.median)}, p99 ${ms(e.latency.p99)}`);
  console.log(
    `  delivery throughput       ${e.deliveryRate.toFixed(0)} events/s (API ${e.apiEventRate.toFixed(0)} events/s; ratio ${(e.deliveryRate / e.apiEventRate).toFixed(2)})`,
  );
  console.log(`  events received           ${e.received}/${e.expected}`);
  if (e.received < e.expected || e.failed > 0) process.exitCode = 1;
}
