import { MEMBERS_ERROR_CODES } from '@atrium/contract';
import { type ApiError, applicationError, validationError } from '../../errors.js';
import type { QueryError } from '../../query/index.js';

/** The members service's errors, in the platform's shape. */
export const memberNotFound = (id: string): ApiError =>
  applicationError(404, MEMBERS_ERROR_CODES.notFound, `No member with id ${id} (or its profile is private)`, {
    id,
  });

export const noCurrentMember = (): ApiError =>
  applicationError(404, MEMBERS_ERROR_CODES.notFound, 'The signed-in member no longer exists');

export const slugTaken = (slug: string): ApiError =>
  applicationError(409, MEMBERS_ERROR_CODES.slugAlreadyExists, `Another member has the slug "${slug}"`, {
    slug,
  });

export const invalidQuery = (error: QueryError): ApiError =>
  applicationError(400, MEMBERS_ERROR_CODES.invalidQuery, error.message, { field: error.path });

export const unauthenticated = (description: string): ApiError =>
  applicationError(401, 'UNAUTHENTICATED', description);

export const forbidden = (description: string): ApiError =>
  applicationError(403, 'PERMISSION_DENIED', description);

/** One field's problem, as a 400 INVALID_ARGUMENT naming it. */
export const invalidField = (field: string, description: string, violatedRule = 'INVALID'): ApiError =>
  validationError([{ field, description, violatedRule }]);

/** A `.r` parameter that is not base64url JSON of an object. */
export const badEncodedRequest = (): ApiError =>
  invalidField('.r', 'must be a JSON object encoded as base64url', 'FORMAT');
