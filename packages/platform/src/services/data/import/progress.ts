import type { ImportProgress } from './import.js';

/**
 * The import's progress on stderr: items done, items per second and, from the share of the file
 * read, a bar and the time left. On a terminal the line is redrawn in place (at most five times a
 * second); otherwise a line is written every ten seconds.
 */
export interface ProgressBar {
  update(progress: ImportProgress): void;
  done(): void;
}

const WIDTH = 24;

export function progressBar(
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
  now: () => number = () => performance.now(),
): ProgressBar {
  const started = now();
  const interactive = stream.isTTY === true;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update(progress) {
      const time = now();
      if (time - lastDraw < (interactive ? 200 : 10_000)) return;
      lastDraw = time;
      const line = describe(progress, (time - started) / 1000);
      if (interactive) stream.write(`\r${line}\u001b[K`);
      else stream.write(`${line}\n`);
      drawn = true;
    },
    done() {
      if (interactive && drawn) stream.write('\n');
    },
  };
}

export function describe(progress: ImportProgress, seconds: number): string {
  const rate = progress.items / Math.max(seconds, 1e-3);
  const share = progress.totalBytes > 0 ? Math.min(1, progress.bytes / progress.totalBytes) : undefined;
  const parts = [
    `${progress.items.toLocaleString('en-US')} items`,
    `${Math.round(rate).toLocaleString('en-US')} items/s`,
  ];
  if (share !== undefined) {
    const filled = Math.round(share * WIDTH);
    const left = share > 0 ? (seconds / share) * (1 - share) : undefined;
    parts.unshift(
      `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${(share * 100).toFixed(0).padStart(3)}%`,
    );
    if (left !== undefined) parts.push(`ETA ${formatDuration(left)}`);
  }
  return parts.join('  ');
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}
