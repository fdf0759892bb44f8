import { progress } from './args.mjs';

// ── Measuring ───────────────────────────────────────────────────────────────────────────────────

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
export const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p99: percentile(sorted, 99), min: sorted[0], max: sorted.at(-1) };
};

/**
 * Median and p99 of each path (API, the platform's SQL, hand-written SQL) over `runs` rounds, the
 * paths taking turns in a rotating order call by call (after a warm-up), so that whatever else the
 * machine does weighs on all alike. When the first rounds show that warm-up and runs would take
 * longer than `budget` seconds, both are scaled down to fit (at least 50 warm-up rounds and 100
 * runs): the feed counts every published post on each call.
 */
export async function measure(name, paths, runs, warmup, budget) {
  const started = performance.now();
  let reported = started;
  const tick = (done, total, phase) => {
    const now = performance.now();
    if (now - reported > 10_000) {
      reported = now;
      progress(`  ${name}: ${phase} ${done}/${total} (${((now - started) / 1000).toFixed(0)} s)`);
    }
  };
  const probe = Math.min(warmup, 50);
  for (let i = 0; i < probe; i += 1) for (const [, run] of paths) await run(i);
  if (budget > 0 && probe > 0) {
    const round = (performance.now() - started) / probe / 1000;
    const planned = (warmup + runs) * round;
    if (planned > budget) {
      const scale = budget / planned;
      const scaled = {
        warmup: Math.max(probe, Math.floor(warmup * scale)),
        runs: Math.max(100, Math.floor(runs * scale)),
      };
      progress(
        `  ${name}: a round takes ${(round * 1000).toFixed(0)} ms; ${warmup} warm-up and ${runs} runs would take ${planned.toFixed(0)} s: ${scaled.warmup} and ${scaled.runs} fit the ${budget} s budget (--budget)`,
      );
      ({ warmup, runs } = scaled);
    }
  }
  for (let i = probe; i < warmup; i += 1) {
    for (const [, run] of paths) await run(i);
    tick(i + 1, warmup, 'warm-up');
  }
  const times = paths.map(() => []);
  for (let i = 0; i < runs; i += 1) {
    for (let k = 0; k < paths.length; k += 1) {
      const index = (i + k) % paths.length;
      const t0 = performance.now();
      await paths[index][1](warmup + i);
      times[index].push(performance.now() - t0);
    }
    tick(i + 1, runs, 'measured');
  }
  return { runs, warmup, ...Object.fromEntries(paths.map(([key], index) => [key, summary(times[index])])) };
}

/** The nodes of an EXPLAIN (FORMAT JSON) plan on one line: `Limit ← Index Scan using x on t`. */
export function planLine(plan) {
  const parts = [];
  const walk = (node) => {
    let label = node['Node Type'];
    if (node['Index Name']) label += ` using ${node['Index Name']}`;
    else if (node['Relation Name']) label += ` on ${node['Relation Name']}`;
    if (node['Sort Key'] && /Sort/.test(node['Node Type'])) label += ` (${node['Sort Key'].join(', ')})`;
    label += ` rows=${node['Actual Rows']}`;
    parts.push(label);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return `${parts.join(' ← ')}; ${plan['Execution Time'].toFixed(2)} ms`;
}
