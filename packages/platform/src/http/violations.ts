import type { FieldViolation } from '@atrium/contract';

/**
 * Field violations, the one way every service reports a request's shape problems (docs/wire.md §2.1):
 * from a schema's issues (Fastify's Ajv-shaped errors or TypeBox's own `Errors`), and the
 * reference's message for them.
 */

/** `INVALID_ARGUMENT: "field" description, "other" description` (the reference client's message). */
export const invalidArgumentMessage = (violations: readonly FieldViolation[]): string =>
  `INVALID_ARGUMENT: ${violations.map((violation) => `"${violation.field}" ${violation.description}`).join(', ')}`;

/** An issue as Ajv and TypeBox report it. */
export interface SchemaIssue {
  readonly instancePath?: string;
  readonly keyword?: string;
  readonly message?: string;
  readonly params?: Record<string, unknown>;
}

/** At most this many violations are reported for one request. */
const MAX_VIOLATIONS = 10;

/**
 * Schema issues as field violations whose field is a dotted path under `root` (`item.data`); a
 * missing required property names the property itself. An issue with the whole value names `whole`
 * (`body`, `querystring`, `request`).
 */
export function schemaViolations(
  issues: Iterable<SchemaIssue>,
  root = '',
  whole = root || 'request',
): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const issue of issues) {
    const path = joinPath(root, pointerToPath(issue.instancePath ?? ''));
    const missing = issue.keyword === 'required' ? requiredNames(issue.params) : undefined;
    if (missing !== undefined) {
      for (const name of missing) {
        violations.push({
          field: joinPath(path, name),
          description: 'is required',
          violatedRule: 'REQUIRED',
        });
      }
    } else {
      violations.push({
        field: path || whole,
        description: issue.message ?? 'is invalid',
        violatedRule: (issue.keyword ?? 'invalid').toUpperCase(),
      });
    }
    if (violations.length >= MAX_VIOLATIONS) break;
  }
  return violations.slice(0, MAX_VIOLATIONS);
}

/** Ajv names them in `requiredProperties` (Fastify) or `missingProperty`; TypeBox in `requiredProperties`. */
function requiredNames(params: Record<string, unknown> | undefined): string[] | undefined {
  const names = params?.requiredProperties ?? params?.missingProperty;
  if (Array.isArray(names)) return names.map(String);
  return typeof names === 'string' ? [names] : undefined;
}

const joinPath = (...parts: string[]): string => parts.filter((part) => part !== '').join('.');

/** A JSON Pointer (`/item/data/a~1b`) as a dotted path (`item.data.a/b`); RFC 6901 escapes undone. */
export const pointerToPath = (pointer: string): string =>
  pointer
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
