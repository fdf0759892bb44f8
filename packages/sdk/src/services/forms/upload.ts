import type { FormUploadedFile, FormUploadResponse, SubmittedFile } from '@atrium/contract/types';
import { systemError } from '../../client/errors.js';

/**
 * Uploading a file of a form's file-upload field: `submissions.getMediaUploadUrl(formId, name,
 * type)` answers an upload URL; `uploadFile` sends the bytes there and resolves to the stored file,
 * whose `fileValue` is what the submission's field takes. The URL is the credential: no
 * Authorization header is sent (a pre-signed URL refuses one on the hosted platform).
 */

export type UploadBody = Blob | ArrayBuffer | Uint8Array;

export interface UploadProgress {
  readonly loaded: number;
  /** Undefined when the size is not known up front. */
  readonly total: number | undefined;
}

export interface UploadFileOptions {
  /** The file's type; default the Blob's own type, else `application/octet-stream`. */
  contentType?: string;
  /** Called as bytes leave (browsers with XMLHttpRequest; elsewhere once, at the end). */
  onProgress?: (progress: UploadProgress) => void;
  /** Cancels the upload. */
  signal?: AbortSignal;
  /** Replaces `globalThis.fetch` when XMLHttpRequest is not used. */
  fetch?: typeof fetch;
}

interface Answer {
  readonly status: number;
  readonly statusText: string;
  readonly text: string;
  readonly requestId: string | undefined;
}

const sizeOf = (body: UploadBody): number => (body instanceof Blob ? body.size : body.byteLength);
const typeOf = (body: UploadBody, options: UploadFileOptions): string =>
  options.contentType ?? (body instanceof Blob && body.type !== '' ? body.type : 'application/octet-stream');

/** PUTs `body` to `uploadUrl` and resolves to the stored file (`{ id, url, … }`). */
export async function uploadFile(
  uploadUrl: string,
  body: UploadBody,
  options: UploadFileOptions = {},
): Promise<FormUploadedFile> {
  const total = sizeOf(body);
  const answer =
    options.onProgress !== undefined && typeof XMLHttpRequest !== 'undefined'
      ? await sendWithXhr(uploadUrl, body, options)
      : await sendWithFetch(uploadUrl, body, options);
  if (answer.status !== 200) {
    const { errorFromResponse } = await import('../../client/error-mapping.js');
    throw errorFromResponse(answer, parse(answer.text), answer.requestId);
  }
  const parsed = parse(answer.text) as FormUploadResponse | undefined;
  if (parsed?.file === undefined)
    throw systemError(answer.requestId, new Error('the upload answer has no file'));
  options.onProgress?.({ loaded: total, total });
  return parsed.file;
}

/** The value a file-upload field takes for an uploaded file (the hosted headless forms' `WixFile`). */
export const fileValue = (file: FormUploadedFile): SubmittedFile => ({
  fileId: file.id,
  displayName: file.displayName,
  url: file.url,
  fileType: file.contentType,
});

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function sendWithFetch(url: string, body: UploadBody, options: UploadFileOptions): Promise<Answer> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  try {
    const response = await fetchImpl(url, {
      method: 'PUT',
      headers: { 'content-type': typeOf(body, options) },
      body: body as BodyInit,
      signal: options.signal,
    });
    return {
      status: response.status,
      statusText: response.statusText,
      text: await response.text(),
      requestId: response.headers.get('x-wix-request-id') ?? undefined,
    };
  } catch (cause) {
    throw systemError(undefined, cause);
  }
}

function sendWithXhr(url: string, body: UploadBody, options: UploadFileOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', typeOf(body, options));
    xhr.upload.onprogress = (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        text: xhr.responseText,
        requestId: xhr.getResponseHeader('x-wix-request-id') ?? undefined,
      });
    xhr.onerror = () => reject(systemError(undefined, new Error(`upload to ${url} failed`)));
    xhr.onabort = () => reject(systemError(undefined, new Error('upload aborted')));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body as XMLHttpRequestBodyInit);
  });
}
