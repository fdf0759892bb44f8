import { DATA_ERROR_CODES, DATA_LIMITS, type FieldViolation } from '@atrium/contract';
import { ApiError, applicationError } from '../../errors.js';

/**
 * The data services' errors (wire.md §2.3): application errors whose code is a WDE code
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
  const summary = violations.map((violation) => `"${violation.field}" ${violation.description}`).join(', ');
  const description = `${code}: INVALID_ARGUMENT: ${summary}`;
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
