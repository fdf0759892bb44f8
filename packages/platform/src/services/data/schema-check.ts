import { DATA_ERROR_CODES, type FieldViolation } from '@atrium/contract';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { dataValidationError } from './errors.js';

/**
 * A value checked against a contract schema, for what Fastify does not check itself: GET requests
 * carried as `.r` and the request state cursors bring back (clients may send anything as a
 * cursor). A violation is a 400 WDE0900 naming the fields.
 */
const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

export function checkPayload<T>(payload: unknown, schema: TSchema): T {
  let validator = compiled.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  if (validator.Check(payload)) return payload as T;
  const violations: FieldViolation[] = [...validator.Errors(payload)].slice(0, 10).map((issue) => ({
    field: pointerToPath((issue as { instancePath?: string }).instancePath ?? '') || 'request',
    description: (issue as { message?: string }).message ?? 'is invalid',
    violatedRule: ((issue as { keyword?: string }).keyword ?? 'invalid').toUpperCase(),
  }));
  throw dataValidationError(DATA_ERROR_CODES.invalidRequest, violations);
}

const pointerToPath = (pointer: string): string =>
  pointer
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
