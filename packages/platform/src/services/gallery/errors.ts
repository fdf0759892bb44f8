import { type FieldViolation, GALLERY_ERROR_CODES, GALLERY_LIMITS } from '@atrium/contract';
import { type ApiError, applicationError, validationError } from '../../errors.js';

/** The gallery service's errors: application errors with GALLERY_ERROR_CODES, validation errors by field. */
export const galleryNotFound = (galleryId: string): ApiError =>
  applicationError(404, GALLERY_ERROR_CODES.galleryNotFound, `No gallery with id ${galleryId}`, {
    galleryId,
  });

export const itemNotFound = (galleryId: string, itemId: string): ApiError =>
  applicationError(
    404,
    GALLERY_ERROR_CODES.itemNotFound,
    `No item with id ${itemId} in gallery ${galleryId}`,
    {
      galleryId,
      itemId,
    },
  );

export const duplicateSortOrder = (sortOrder: number, of: 'gallery' | 'item'): ApiError =>
  applicationError(
    409,
    GALLERY_ERROR_CODES.duplicateSortOrder,
    of === 'gallery'
      ? `Another gallery has the sort order ${sortOrder}; sort orders are unique`
      : `Another item of the gallery has the sort order ${sortOrder}; sort orders are unique in a gallery`,
    { sortOrder },
  );

export const tooManyItems = (galleryId: string | undefined, total: number): ApiError =>
  applicationError(
    400,
    GALLERY_ERROR_CODES.tooManyItems,
    `A gallery holds at most ${GALLERY_LIMITS.maxItemsPerGallery} items; this change would make ${total}`,
    { ...(galleryId === undefined ? {} : { galleryId }), limit: GALLERY_LIMITS.maxItemsPerGallery },
  );

/** One field's problem, as a 400 INVALID_ARGUMENT naming it (`item.image.imageInfo`, `gallery.items.2.text`). */
export const invalidField = (field: string, description: string, violatedRule = 'INVALID'): ApiError =>
  validationError([{ field, description, violatedRule } satisfies FieldViolation]);
