import type { ApplicationError, FieldViolation } from '@atrium/contract/types';
import { SDKError, type SDKErrorResponse, systemError } from './errors.js';
import { statusCode, statusTextOf } from './status-text.js';

/**
 * How a non-200 answer becomes an SDKError (docs/wire.md §2.2, docs/spec.md §8). Part of ../on-demand.ts, loaded
 * with a client's first module or GraphQL call, or on the first failed token request.
 */

export { statusTextOf };

interface ErrorBodyFields {
  message?: unknown;
  details?: { applicationError?: Partial<ApplicationError>; validationError?: { fieldViolations?: unknown } };
}

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

function readViolations(value: unknown): FieldViolation[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((v): v is FieldViolation => typeof asObject(v)?.field === 'string');
}

/** `INVALID_ARGUMENT: "a" too long, "b" required`, sorted by field so the message is stable. */
export function validationMessage(violations: readonly FieldViolation[]): string {
  const sorted = [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  return `INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(', ')}`;
}

/**
 * Turns a non-200 answer into an SDKError (docs/wire.md §2.2, docs/spec.md §8). The body decides first: a
 * validation error, then an application error; without either, a 5xx is a system error and any
 * other status is named after its status text (413: PAYLOAD_TOO_LARGE).
 */
export function errorFromResponse(
  response: Pick<Response, 'status' | 'statusText'>,
  body: unknown,
  requestId: string | undefined,
): SDKError {
  const statusText = statusTextOf(response);
  const errorResponse: SDKErrorResponse = { data: body, status: response.status, statusText };
  const fields = (asObject(body) ?? {}) as ErrorBodyFields;
  const bodyMessage =
    typeof fields.message === 'string' && fields.message !== '' ? fields.message : undefined;
  const common = { status: response.status, requestId, response: errorResponse };

  const violations = readViolations(fields.details?.validationError?.fieldViolations);
  if (violations) {
    return new SDKError(validationMessage(violations), {
      ...common,
      details: { validationError: { fieldViolations: violations }, requestId },
    });
  }

  const application = asObject(fields.details?.applicationError);
  if (application) {
    const message = bodyMessage ?? statusText;
    const description = typeof application.description === 'string' ? application.description : message;
    const applicationError: ApplicationError = {
      code: String(application.code ?? statusCode(statusText)),
      description,
      data: asObject(application.data) ?? {},
    };
    const text = message === description ? message : `${message}: ${description}`;
    return new SDKError(text, { ...common, details: { applicationError, requestId } });
  }

  if (response.status >= 500) return systemError(requestId, undefined, errorResponse);

  // Servers name 413 differently ("Request Entity Too Large"); the code is fixed (docs/spec.md §8).
  const tooLarge = response.status === 413;
  const code = tooLarge ? 'PAYLOAD_TOO_LARGE' : statusCode(statusText);
  const message = bodyMessage ?? (tooLarge ? 'Payload Too Large' : statusText);
  return new SDKError(message, {
    ...common,
    details: { applicationError: { code, description: message, data: {} }, requestId },
  });
}
