import { DATA_ERROR_CODES, DATA_LIMITS } from '@atrium/contract';
import { invalidRequest } from '../errors.js';

/**
 * A field path (`title`, `address.city`, `tags.0`) as a request names it, validated at parse time
 * (the SQL that reads it: field-ref.ts). Each segment must match SEGMENT (letters, digits, `_`,
 * `-`), so that field names never reach SQL as text of the caller's.
 */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,99}$/;
const MAX_PATH_LENGTH = 256;

/** A validated path; `text` is the dotted form callers wrote (for messages). */
export interface FieldPath {
  readonly text: string;
  readonly segments: readonly string[];
}

export function parseFieldPath(path: unknown, where: string): FieldPath {
  if (typeof path !== 'string' || path.length === 0) {
    throw invalidRequest(
      DATA_ERROR_CODES.invalidFieldName,
      `${where}: a field name must be a non-empty string.`,
      {
        field: where,
      },
    );
  }
  const segments = path.split('.');
  const bad = segments.find((segment) => !SEGMENT.test(segment));
  if (
    path.length > MAX_PATH_LENGTH ||
    segments.length > DATA_LIMITS.maxFieldPathSegments ||
    bad !== undefined
  ) {
    throw invalidRequest(
      DATA_ERROR_CODES.invalidFieldName,
      `${where}: invalid field name ${JSON.stringify(path.slice(0, 80))}. A field path is up to ` +
        `${DATA_LIMITS.maxFieldPathSegments} dot-separated names of letters, digits, "_" and "-".`,
      { field: where },
    );
  }
  return { text: path, segments };
}
