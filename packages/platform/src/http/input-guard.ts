import type { FieldViolation } from '@atrium/contract';

/**
 * The platform's input limits, applied at the door to every request (path, query string, every
 * string of a JSON body, object keys included): text that PostgreSQL cannot store or that no
 * client means to send is refused before any service sees it.
 *
 * - U+0000 (PostgreSQL's `text` and `jsonb` refuse it) and unpaired surrogates (not Unicode
 *   scalar values: they cannot be encoded as UTF-8, so they could not be stored or sent back);
 * - JSON nested deeper than MAX_JSON_DEPTH (arrays and objects): refused before any recursive
 *   code runs, so no service needs its own depth check;
 * - the key `__proto__` (prototype poisoning through later merges).
 */
export const MAX_JSON_DEPTH = 64;

/** A string PostgreSQL can store and UTF-8 can encode: no NUL, no unpaired surrogate. */
const SUSPECT = /[\0\uD800-\uDFFF]/;

/** `String.prototype.isWellFormed` (Node 20; the ES2024 lib this project does not target). */
interface WellFormedText {
  isWellFormed(): boolean;
}

/** Why `text` is refused, or undefined when it is fine. Most strings pass on one regex test. */
export function textProblem(text: string): string | undefined {
  if (!SUSPECT.test(text)) return undefined;
  if (text.includes('\0')) return 'must not contain the NUL character (U+0000)';
  if (!(text as unknown as WellFormedText).isWellFormed())
    return 'must not contain unpaired surrogates (it is not valid Unicode text)';
  return undefined;
}

/** A refused value: where it is (dotted path, as validation errors name fields) and why. */
export interface InputProblem {
  readonly field: string;
  readonly description: string;
  readonly violatedRule: string;
}

export const asViolation = (problem: InputProblem): FieldViolation => ({ ...problem });

/**
 * The first problem in a parsed JSON value, with its path under `root` (`item.data.title`,
 * `items.3`). Recursion is bounded by MAX_JSON_DEPTH, so a hostile document cannot overflow the
 * stack here.
 */
export function jsonProblem(value: unknown, root = ''): InputProblem | undefined {
  const found = walk(value, 0);
  if (found === undefined) return undefined;
  const path = [root, ...found.path.reverse()].filter((segment) => segment !== '').join('.');
  return { field: path || 'body', description: found.description, violatedRule: found.rule };
}

interface Found {
  path: string[];
  description: string;
  rule: string;
}

function walk(value: unknown, depth: number): Found | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem === undefined ? undefined : { path: [], description: problem, rule: 'TEXT' };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_JSON_DEPTH) {
    return {
      path: [],
      description: `is nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
      rule: 'MAX_DEPTH',
    };
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = walk(value[index], depth + 1);
      if (found !== undefined) {
        found.path.push(String(index));
        return found;
      }
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyProblem = key === '__proto__' ? 'is not an allowed key' : textProblem(key);
    if (keyProblem !== undefined) {
      return { path: [printableKey(key)], description: `(a key) ${keyProblem}`, rule: 'KEY' };
    }
    const found = walk((value as Record<string, unknown>)[key], depth + 1);
    if (found !== undefined) {
      found.path.push(key);
      return found;
    }
  }
  return undefined;
}

/** A refused key, shown without the characters that made it refused. */
const printableKey = (key: string): string => key.replace(/[\0\uD800-\uDFFF]/g, '\uFFFD');
