import type { ApplicationError, FieldViolation } from '@atrium/contract/types';

/*
 * Only what a page needs up front: the error class and the system error (../../BUNDLE.md §3).
 * Turning a non-200 answer into an SDKError is in ./error-mapping.ts, loaded on demand.
 */

/** What went wrong, in the platform's error model (docs/wire.md §2.1, docs/spec.md §8). */
export interface SDKErrorDetails {
  applicationError?: ApplicationError;
  validationError?: { fieldViolations: FieldViolation[] };
  requestId?: string;
}

export interface SDKErrorResponse {
  /** The parsed JSON error body, or null when the body was empty or not JSON. */
  data: unknown;
  status: number;
  statusText: string;
}

interface SDKErrorOptions {
  details: SDKErrorDetails;
  status?: number;
  requestId?: string;
  response?: SDKErrorResponse;
  cause?: unknown;
}

/** Every failed service call rejects with one of these. */
export class SDKError extends Error {
  override readonly name = 'SDKError';
  readonly details: SDKErrorDetails;
  /** HTTP status; undefined when no response arrived. */
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly response: SDKErrorResponse | undefined;

  constructor(message: string, options: SDKErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
    this.status = options.status;
    this.requestId = options.requestId;
    this.response = options.response;
  }

  /** `INVALID_ARGUMENT` for validation errors, else the application error code. */
  get code(): string | undefined {
    return this.details.validationError ? 'INVALID_ARGUMENT' : this.details.applicationError?.code;
  }
}

const UNKNOWN_ERROR_CODE = 'UNKNOWN';

/** Network failures, 5xx answers and unreadable 200s: nothing the caller can act on but the id. */
export function systemError(
  requestId: string | undefined,
  cause: unknown,
  response?: SDKErrorResponse,
): SDKError {
  const message = requestId ? `System error occurred, request-id: ${requestId}` : 'System error occurred';
  return new SDKError(message, {
    details: { applicationError: { code: UNKNOWN_ERROR_CODE, description: message, data: {} }, requestId },
    status: response?.status,
    requestId,
    response,
    cause,
  });
}

/** Code loaded on first use that cannot be loaded fails as an unreachable platform does. */
export function rejectAsSystemError(cause: unknown): never {
  throw systemError(undefined, cause);
}
