import type { WebhookErrorCode } from './error-codes.js';

export const JWT_NOT_VALID = 'JWT is not valid';

/**
 * The error of webhook and service plugin processing, loaded with that code on first use
 * (../../BUNDLE.md §1); its `code` is one of `WEBHOOK_ERROR_CODES` (./error-codes.ts), which also
 * says which failures are `JWT is not valid`. Recognise it by `code` (or `name`): the class is not
 * exported from `@atrium/sdk`, so that it stays out of a page's first chunk (../../BUNDLE.md §3).
 */
export class WebhookError extends Error {
  override readonly name: string = 'WebhookError';
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The one error of a failed verification, its reason attached. */
export const invalidJwt = (cause?: unknown) =>
  new WebhookError('invalid_jwt', JWT_NOT_VALID, cause === undefined ? {} : { cause });
