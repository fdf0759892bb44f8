import { FORM_UPLOAD_ROUTES, FORMS_ERROR_CODES, FORMS_LIMITS } from '@atrium/contract';
import { allowsContentType, baseContentType, fieldRules } from '@atrium/contract/forms-validation';
import type {
  FormUploadResponse,
  GetMediaUploadUrlRequest,
  GetMediaUploadUrlResponse,
} from '@atrium/contract/types';
import { requireIdentified } from '../../../http/callers.js';
import type { Caller } from '../../../oauth/caller.js';
import { randomSecret, sha256Hex } from '../../../secrets.js';
import { inTransaction } from '../../../storage/transaction.js';
import type { FormsContext } from '../context.js';
import { formsError, refuseCaller, submissionValidationError } from '../errors.js';
import { requireForm } from '../schemas/service.js';
import type { StoredForm } from '../schemas/store.js';
import { disabledReasons, submitterOf } from '../submissions/service.js';
import {
  claimUploadToken,
  insertFile,
  insertUploadToken,
  readUploadToken,
  type UploadGrant,
} from './store.js';

/**
 * Files of file-upload fields (docs/wire.md §8 media-upload-url). `getMediaUploadUrl` answers an
 * absolute URL of this platform holding a single-use, expiring, unguessable token bound to the
 * form, the file name and the type (only its hash is stored). The browser PUTs (or POSTs) the raw
 * bytes there; the platform checks them against the form's file fields, stores them in the media
 * store (owner `form:<formId>`) and answers `{ file: { id, url, … } }`. That file (its id or URL)
 * is then a valid value of the form's file fields, for one submission.
 */

/** Control characters or path separators: never part of a stored file's name. */
const hasControlOrSlash = (name: string): boolean =>
  [...name].some((char) => char.charCodeAt(0) < 0x20 || char === '/' || char === '\\');

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The largest file the form takes of this type (0: none of its file fields takes it). */
function largestAllowed(form: StoredForm, mimeType: string): { fileFields: number; maxBytes: number } {
  const files = fieldRules(form.definition.formFields).flatMap((rule) =>
    rule.file === undefined ? [] : [rule.file],
  );
  const allowing = files.filter((file) => allowsContentType(file.formats, mimeType));
  return { fileFields: files.length, maxBytes: Math.max(0, ...allowing.map((file) => file.maxSizeBytes)) };
}

const uploadError = (
  status: number,
  code: (typeof FORMS_ERROR_CODES)[keyof typeof FORMS_ERROR_CODES],
  text: string,
) => formsError(status, code, text);

export async function createUploadUrl(
  ctx: FormsContext,
  caller: Caller,
  request: GetMediaUploadUrlRequest,
  baseUrl: string,
  now = new Date(),
): Promise<GetMediaUploadUrlResponse> {
  const submitter = submitterOf(requireIdentified(caller, 'uploading a file', refuseCaller));
  const form = await requireForm(ctx.db, request.formId);
  const disabled = await disabledReasons(ctx.db, form, submitter, now);
  if (disabled.length > 0) throw submissionValidationError(disabled);
  const filename = request.filename.trim();
  if (filename === '' || filename.length > 255 || hasControlOrSlash(filename)) {
    throw formsError(
      400,
      FORMS_ERROR_CODES.invalidRequest,
      'filename must be a file name of 1 to 255 characters, without slashes',
    );
  }
  if (!MIME_TYPE.test(request.mimeType)) {
    throw formsError(
      400,
      FORMS_ERROR_CODES.invalidRequest,
      `mimeType must be a media type such as image/png; got ${request.mimeType}`,
    );
  }
  const { fileFields, maxBytes } = largestAllowed(form, request.mimeType);
  if (fileFields === 0) {
    throw uploadError(400, FORMS_ERROR_CODES.notAFileField, `The form ${form.id} has no file-upload field.`);
  }
  if (maxBytes === 0) {
    throw uploadError(
      400,
      FORMS_ERROR_CODES.unsupportedFileFormat,
      `No file-upload field of this form takes ${request.mimeType} files.`,
    );
  }
  const token = randomSecret();
  const expiresAt = new Date(now.getTime() + FORMS_LIMITS.uploadUrlLifetimeSeconds * 1000);
  await insertUploadToken(
    ctx.db,
    sha256Hex(token),
    { formId: form.id, filename, mimeType: baseContentType(request.mimeType) },
    expiresAt,
  );
  return { uploadUrl: baseUrl + FORM_UPLOAD_ROUTES.upload.replace('{token}', token) };
}

/** A usable token's grant and the largest body it may carry; else the 4xx that says why not. */
export async function uploadAllowance(
  ctx: FormsContext,
  token: string,
  now = new Date(),
): Promise<{ grant: UploadGrant; maxBytes: number }> {
  const found = await readUploadToken(ctx.db, sha256Hex(token), now);
  if (found.state === 'unknown') {
    throw uploadError(
      404,
      FORMS_ERROR_CODES.uploadUrlInvalid,
      'This upload URL is not one this platform issued.',
    );
  }
  if (found.state !== 'usable') {
    throw uploadError(
      410,
      FORMS_ERROR_CODES.uploadUrlInvalid,
      found.state === 'used'
        ? 'This upload URL has been used; ask getMediaUploadUrl for another one.'
        : 'This upload URL has expired; ask getMediaUploadUrl for another one.',
    );
  }
  const form = await requireForm(ctx.db, found.grant.formId);
  return { grant: found.grant, maxBytes: largestAllowed(form, found.grant.mimeType).maxBytes };
}

/**
 * Stores an uploaded file. The declared type must be the one the URL was issued for (a missing or
 * generic `application/octet-stream` type means that one); the size must fit the form's field.
 */
export async function receiveUpload(
  ctx: FormsContext,
  token: string,
  contentType: string | undefined,
  bytes: Uint8Array,
  baseUrl: string,
  now = new Date(),
): Promise<FormUploadResponse> {
  const { grant, maxBytes } = await uploadAllowance(ctx, token, now);
  const declared = contentType === undefined ? undefined : baseContentType(contentType);
  if (declared !== undefined && declared !== 'application/octet-stream' && declared !== grant.mimeType) {
    throw uploadError(
      415,
      FORMS_ERROR_CODES.mismatchMimeType,
      `This upload URL is for a ${grant.mimeType} file; the request sent ${declared}.`,
    );
  }
  if (bytes.byteLength === 0) throw uploadError(400, FORMS_ERROR_CODES.zeroFileSize, 'The file is empty.');
  if (bytes.byteLength > maxBytes) {
    throw uploadError(
      413,
      FORMS_ERROR_CODES.fileSizeOverLimit,
      `The file is larger than ${maxBytes} bytes, the most this form takes.`,
    );
  }
  if ((await claimUploadToken(ctx.db, sha256Hex(token), now)) === undefined) {
    throw uploadError(
      410,
      FORMS_ERROR_CODES.uploadUrlInvalid,
      'This upload URL has been used; ask getMediaUploadUrl for another one.',
    );
  }
  const stored = await ctx.media.put({
    bytes,
    filename: grant.filename,
    contentType: grant.mimeType,
    owner: `form:${grant.formId}`,
  });
  const url = ctx.media.fileUrl(baseUrl, stored);
  try {
    await inTransaction(ctx.db, async (trx) => {
      await requireForm(trx, grant.formId, true);
      await insertFile(trx, {
        fileId: stored.id,
        formId: grant.formId,
        urlPath: new URL(url).pathname,
        filename: stored.filename,
        contentType: stored.contentType,
        sizeBytes: stored.sizeBytes,
      });
    });
  } catch (error) {
    // The form went away meanwhile (404), or the database failed: no file without its record.
    await ctx.media.remove(stored.id).catch(() => undefined);
    throw error;
  }
  return {
    file: {
      id: stored.id,
      url,
      displayName: stored.filename,
      filename: stored.filename,
      contentType: stored.contentType,
      sizeBytes: stored.sizeBytes,
    },
  };
}
