import {
  DATA_ENCODED_REQUEST_PARAM,
  DATA_ERROR_CODES,
  DATA_LIMITS,
  type FieldViolation,
} from '@atrium/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, applicationError, logError, sendError, toApiError } from '../../errors.js';
import { invalidArgumentMessage } from '../../http/index.js';
import type { Logger } from '../../logger.js';

/**
 * The data services' errors (docs/wire.md §2.3): application errors whose code is a WDE code
 * (DATA_ERROR_CODES) and whose description starts with it, as the reference client's own data
 * errors do. Field-level problems also carry a validation error naming the fields.
 */
export type DataErrorCode = (typeof DATA_ERROR_CODES)[keyof typeof DATA_ERROR_CODES];

export function dataError(
  status: number,
  code: DataErrorCode,
  text: string,
  data: Record<string, unknown> = {},
): ApiError {
  return applicationError(status, code, `${code}: ${text}`, data);
}

/** 400 with the WDE code in `applicationError` and the violations in `validationError`. */
export function dataValidationError(code: DataErrorCode, violations: FieldViolation[]): ApiError {
  const description = `${code}: ${invalidArgumentMessage(violations)}`;
  return new ApiError(400, {
    message: description,
    details: {
      applicationError: { code, description, data: { fieldViolations: violations } },
      validationError: { fieldViolations: violations },
    },
  });
}

/** A request whose shape or values are wrong: 400, naming the offending part. */
export const invalidRequest = (code: DataErrorCode, text: string, data: Record<string, unknown> = {}) =>
  dataError(400, code, text, data);

export const collectionNotFound = (collectionId: string) =>
  dataError(404, DATA_ERROR_CODES.collectionNotFound, `The ${collectionId} collection does not exist.`, {
    dataCollectionId: collectionId,
  });

export const itemNotFound = (collectionId: string, itemId: string) =>
  dataError(
    404,
    DATA_ERROR_CODES.itemNotFound,
    `Item [${itemId}] does not exist in collection [${collectionId}].`,
    { dataCollectionId: collectionId, dataItemId: itemId },
  );

export const itemAlreadyExists = (collectionId: string, itemId: string) =>
  dataError(
    409,
    DATA_ERROR_CODES.itemAlreadyExists,
    `An item with _id [${itemId}] already exists in collection [${collectionId}].`,
    { dataCollectionId: collectionId, dataItemId: itemId },
  );

export const payloadTooLarge = (
  text = `Payload is too large (the limit is ${DATA_LIMITS.maxBodyBytes} bytes).`,
) => dataError(413, DATA_ERROR_CODES.payloadTooLarge, text);

export const permissionDenied = (text: string, data: Record<string, unknown> = {}) =>
  dataError(403, DATA_ERROR_CODES.permissionDenied, text, data);

/** A request that does not have the contract's shape: 400 WDE0900 naming the fields (`refuse` of the kit's `checkShape`). */
export const invalidShape = (violations: FieldViolation[]): ApiError =>
  dataValidationError(DATA_ERROR_CODES.invalidRequest, violations);

/** A `.r` parameter that is not base64url JSON of an object (`badEncoding` of the kit's `queryPayload`). */
export const badEncodedRequest = (): ApiError =>
  dataError(
    400,
    DATA_ERROR_CODES.invalidRequest,
    `The ${DATA_ENCODED_REQUEST_PARAM} parameter must be a JSON object encoded as base64url.`,
  );

/** The kit's caller refusals (http/callers.ts) as WDE0027. */
export const refuseCaller = (_status: number, description: string): ApiError =>
  permissionDenied(`${description}.`);

/**
 * The data routes' error handler, on their plugin instance: every 4xx of these routes carries a WDE
 * code, among them 413 WDE0109 for bodies over the limit (docs/wire.md §2.3).
 */
export function installDataErrors(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = withDataCode(error, toApiError(error, request.id));
    logError(logger, request, apiError, error);
    return sendError(reply, apiError);
  });
}

function withDataCode(error: unknown, apiError: ApiError): ApiError {
  const { applicationError, validationError } = apiError.body.details;
  if (
    apiError.status >= 500 ||
    applicationError?.code.startsWith('WDE') ||
    applicationError?.code === 'UNAUTHENTICATED'
  ) {
    return apiError;
  }
  if (apiError.status === 413 || (error as FastifyError | undefined)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return payloadTooLarge();
  }
  if (validationError !== undefined)
    return dataValidationError(DATA_ERROR_CODES.invalidRequest, validationError.fieldViolations);
  return dataError(
    apiError.status,
    DATA_ERROR_CODES.invalidRequest,
    applicationError?.description ?? apiError.message,
  );
}
