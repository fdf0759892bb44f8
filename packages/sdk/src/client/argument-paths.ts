import type { SDKError } from './errors.js';

/**
 * Field violations named after the caller's arguments (docs/wire.md §2.2 step 4): the platform names
 * the request's fields (`limit`, `item.id`), the reference's functions report the argument that
 * holds them (`options.limit`, `identifiers.itemId`), sorted by field. Each operation lists its
 * payload paths that came from elsewhere than an argument of the same name; a violation at or under
 * such a path is renamed. Loaded with a module's operations (only a failed call needs it); the
 * wrapper that applies it is ./error-rewrite.ts.
 */
export type ArgumentPaths = Readonly<Record<string, string>>;

function rename(field: string, paths: ArgumentPaths): string {
  let best: string | undefined;
  for (const path of Object.keys(paths)) {
    if ((field === path || field.startsWith(`${path}.`)) && (best === undefined || path.length > best.length))
      best = path;
  }
  return best === undefined ? field : paths[best]! + field.slice(best.length);
}

/**
 * The error with its violations renamed and sorted (the message as error-mapping.ts words it); others
 * unchanged. SDKError is known by shape and rebuilt through its own constructor, not imported
 * (../../BUNDLE.md §3).
 */
export function renameViolations(error: unknown, paths: ArgumentPaths | undefined): unknown {
  const sdkError = error as SDKError;
  const violations = error instanceof Error ? sdkError.details?.validationError?.fieldViolations : undefined;
  if (!violations || !paths) return error;
  const renamed = violations
    .map((violation) => ({ ...violation, field: rename(violation.field, paths) }))
    .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  const message = `INVALID_ARGUMENT: ${renamed.map((v) => `"${v.field}" ${v.description}`).join(', ')}`;
  const ErrorClass = sdkError.constructor as typeof SDKError;
  return new ErrorClass(message, {
    details: { ...sdkError.details, validationError: { fieldViolations: renamed } },
    status: sdkError.status,
    requestId: sdkError.requestId,
    response: sdkError.response,
    cause: sdkError.cause,
  });
}
