import type { FormDefinition, SubmittedFile } from './types.js';

/**
 * What the form components ask of the platform, as four calls. The provider's client answers
 * them through `@atrium/sdk/forms` (see client.ts); a test or an app may pass its own.
 */

/** A stored submission as `createSubmission` answers it (its id as `_id`, the SDK's naming). */
export interface SubmittedForm {
  _id: string;
  formId?: string;
  status?: string;
  submissions?: Record<string, unknown>;
}

export interface SubmissionInput {
  formId: string;
  submissions: Record<string, unknown>;
}

export type UploadProgressListener = (loaded: number, total: number) => void;

export interface FormsApi {
  getForm(formId: string): Promise<FormDefinition>;
  createSubmission(submission: SubmissionInput): Promise<SubmittedForm>;
  /** An upload URL for one file of the form (`getMediaUploadUrl`). */
  getMediaUploadUrl(formId: string, filename: string, mimeType: string): Promise<string>;
  /** Sends the file's bytes to an upload URL, reporting progress; answers the field value naming it. */
  uploadFile(uploadUrl: string, file: Blob, onProgress: UploadProgressListener): Promise<SubmittedFile>;
}
