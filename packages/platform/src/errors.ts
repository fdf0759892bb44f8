import { STATUS_CODES } from 'node:http';
import { type ErrorBody, type FieldViolation, statusCode } from '@atrium/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { invalidArgumentMessage, schemaViolations } from './http/violations.js';
import type { Logger } from './logger.js';

/**
 * The one error model (docs/wire.md §2.1). Services throw `ApiError`s made by the
 * constructors below; the error handler turns anything else into one of them: schema failures into
 * validation errors, Fastify's own 4xx into status-named errors, the rest into a system error.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

/** 400 `INVALID_ARGUMENT: "field" description, …` with the violations in `details.validationError`. */
/**
 * What a transaction yields when a refusal must not roll back what it wrote (a wrong code counted):
 * the refusal is returned as `failure`, and `settle` throws it once the transaction has committed.
 */
export type Settled<T> = { readonly value: T } | { readonly failure: ApiError };

export function settle<T>(outcome: Settled<T>): T {
  if ('failure' in outcome) throw outcome.failure;
  return outcome.value;
}

export function validationError(violations: FieldViolation[]): ApiError {
  return new ApiError(400, {
    message: invalidArgumentMessage(violations),
    details: { validationError: { fieldViolations: violations } },
  });
}

export function applicationError(
  status: number,
  code: string,
  description: string,
  data: Record<string, unknown> = {},
): ApiError {
  return new ApiError(status, {
    message: description,
    details: { applicationError: { code, description, data } },
  });
}

/** An error whose code is the HTTP status text, upper-snake-cased: 404 → NOT_FOUND. */
export function httpError(status: number, description: string, data: Record<string, unknown> = {}): ApiError {
  return applicationError(status, statusCode(STATUS_CODES[status] ?? 'Error'), description, data);
}

export function systemError(requestId: string): ApiError {
  const message = `System error occurred, request-id: ${requestId}`;
  return new ApiError(500, {
    message,
    details: {
      applicationError: { code: statusCode(STATUS_CODES[500]!), description: message, data: { requestId } },
    },
  });
}

/** Maps anything thrown while handling a request to the error the client receives. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (isFastifyError(error)) {
    if (error.validation) {
      return validationError(schemaViolations(error.validation, '', error.validationContext ?? 'body'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return httpError(status, error.message, { requestId });
  }
  return systemError(requestId);
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).type('application/json; charset=utf-8').send(error.body);
}

export function logError(logger: Logger, request: FastifyRequest, apiError: ApiError, cause: unknown): void {
  if (apiError.status >= 500) {
    logger.error(`${request.method} ${request.url} failed (request ${request.id})`, cause);
  } else {
    logger.debug(`${request.method} ${request.url} → ${apiError.status} ${apiError.message}`);
  }
}

/** Fastify's own errors (codes `FST_…`) describe the request, so their 4xx are safe to show. */
function isFastifyError(error: unknown): error is FastifyError {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('FST_')
  );
}
