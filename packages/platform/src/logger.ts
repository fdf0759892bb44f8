/**
 * The platform's log: one human-readable line per event, written to stderr so that stdout carries
 * only what scripts read (the `listening on …` line).
 */
export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  error(message: string, error?: unknown): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
  /** Whether lines of this level are written (to skip building those that are not). */
  logs(level: Exclude<LogLevel, 'silent'>): boolean;
}

const SEVERITY: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** The time as ISO 8601, formatted once per millisecond (a line per request reads it often). */
let lastMillis = Number.NaN;
let lastStamp = '';
const timestamp = () => {
  const now = Date.now();
  if (now !== lastMillis) {
    lastMillis = now;
    lastStamp = new Date(now).toISOString();
  }
  return lastStamp;
};

export function createLogger(level: LogLevel, write: (line: string) => void = writeToStderr): Logger {
  const logs = (lineLevel: Exclude<LogLevel, 'silent'>) => SEVERITY[lineLevel] <= SEVERITY[level];
  const at = (lineLevel: Exclude<LogLevel, 'silent'>, message: string) => {
    if (logs(lineLevel)) write(`${timestamp()} ${lineLevel} ${message}`);
  };
  return {
    error: (message, error) => at('error', error === undefined ? message : `${message}\n${describe(error)}`),
    warn: (message) => at('warn', message),
    info: (message) => at('info', message),
    debug: (message) => at('debug', message),
    logs,
  };
}

/**
 * Lines written in one turn of the event loop go out in one write: on Linux a write to a pipe or a
 * file is synchronous, and a line per request was a system call per request (issue P8). What is
 * pending when the process exits is written then.
 */
let pending: string[] = [];
const flush = () => {
  if (pending.length === 0) return;
  const text = `${pending.join('\n')}\n`;
  pending = [];
  process.stderr.write(text);
};
let exitHooked = false;
const writeToStderr = (line: string) => {
  if (pending.length === 0) {
    setImmediate(flush);
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', flush);
    }
  }
  pending.push(line);
};

const describe = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
