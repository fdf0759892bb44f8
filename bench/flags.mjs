/**
 * The benchmarks' flags: `benchFlags(name, options)` parses them (node:util's parseArgs: unknown
 * flags and positionals refused) and answers their values with the checks the scripts share. A bad
 * flag ends the run with exit code 2 and a message that names the benchmark (`bench/<name>: …`).
 */
import { parseArgs } from 'node:util';

/**
 * `usage`, when given, is added to parseArgs' own message (e.g. the list of flags).
 * - `fail(message)`: exit 2 with `bench/<name>: message`;
 * - `count(flag, min, max?)`: the flag as a whole number from `min` to `max` (no upper bound by
 *   default), or fail;
 * - `seconds(flag)`: the flag as a number of seconds above 0, or fail.
 */
export function benchFlags(name, options, usage) {
  const fail = (message) => {
    console.error(`bench/${name}: ${message}`);
    process.exit(2);
  };
  let values;
  try {
    ({ values } = parseArgs({ options }));
  } catch (error) {
    fail(usage === undefined ? error.message : `${error.message} (${usage})`);
  }
  const count = (flag, min, max = Number.MAX_SAFE_INTEGER) => {
    const value = Number(values[flag]);
    if (!/^\d+$/.test(values[flag]) || !Number.isSafeInteger(value) || value < min || value > max) {
      fail(
        `--${flag} must be an integer ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}; got ${values[flag]}`,
      );
    }
    return value;
  };
  const seconds = (flag) => {
    const value = Number(values[flag]);
    if (!(value > 0)) fail(`--${flag} must be a number of seconds above 0; got ${values[flag]}`);
    return value;
  };
  return { values, fail, count, seconds };
}
