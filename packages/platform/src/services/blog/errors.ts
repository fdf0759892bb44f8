import { BLOG_ERROR_CODES, type FieldViolation } from '@atrium/contract';
import { type ApiError, applicationError, validationError } from '../../errors.js';

/** The blog's errors: application errors with BLOG_ERROR_CODES, validation errors by field. */
export const draftNotFound = (draftPostId: string): ApiError =>
  applicationError(404, BLOG_ERROR_CODES.draftPostNotFound, `No draft post with id ${draftPostId}`, {
    draftPostId,
  });

export const postNotFound = (what: string, data: Record<string, unknown>): ApiError =>
  applicationError(404, BLOG_ERROR_CODES.postNotFound, `No published post ${what}`, data);

export const categoryNotFound = (what: string, data: Record<string, unknown>): ApiError =>
  applicationError(404, BLOG_ERROR_CODES.categoryNotFound, `No category ${what}`, data);

export const tagNotFound = (what: string, data: Record<string, unknown>): ApiError =>
  applicationError(404, BLOG_ERROR_CODES.tagNotFound, `No tag ${what}`, data);

export const likeNotFound = (what: string, data: Record<string, unknown>): ApiError =>
  applicationError(404, BLOG_ERROR_CODES.likeNotFound, `No like ${what}`, data);

export const duplicateSlug = (slug: string, language: string, of: string): ApiError =>
  applicationError(
    409,
    BLOG_ERROR_CODES.duplicateSlug,
    `Another ${of} in language ${language} has the slug "${slug}"`,
    { slug, language },
  );

export const duplicateLabel = (label: string, language: string, of: string): ApiError =>
  applicationError(
    409,
    BLOG_ERROR_CODES.duplicateLabel,
    `A ${of} labelled "${label}" already exists in language ${language}`,
    { label, language },
  );

export const translationExists = (postId: string, language: string): ApiError =>
  applicationError(
    409,
    BLOG_ERROR_CODES.translationExists,
    `Post ${postId} is in language ${language} or has a translation in it already`,
    { postId, language },
  );

export const alreadyLiked = (entityId: string): ApiError =>
  applicationError(409, BLOG_ERROR_CODES.alreadyLiked, `The caller already likes ${entityId}`, { entityId });

export const invalidTransition = (description: string, data: Record<string, unknown> = {}): ApiError =>
  applicationError(400, BLOG_ERROR_CODES.invalidStatusTransition, description, data);

export const invalidScheduledDate = (description: string): ApiError =>
  applicationError(400, BLOG_ERROR_CODES.invalidScheduledDate, description);

export const invalidQuery = (description: string): ApiError =>
  applicationError(400, BLOG_ERROR_CODES.invalidQuery, description);

export const invalidPaging = (description: string): ApiError =>
  applicationError(400, BLOG_ERROR_CODES.invalidPaging, description);

export const permissionDenied = (description: string): ApiError =>
  applicationError(403, BLOG_ERROR_CODES.permissionDenied, description);

export const tooManyCategories = (limit: number): ApiError =>
  applicationError(400, BLOG_ERROR_CODES.tooManyCategories, `A language holds at most ${limit} categories`, {
    limit,
  });

/** One field's problem, as a 400 INVALID_ARGUMENT naming it. */
export const invalidField = (field: string, description: string, violatedRule = 'INVALID'): ApiError =>
  validationError([{ field, description, violatedRule } satisfies FieldViolation]);
