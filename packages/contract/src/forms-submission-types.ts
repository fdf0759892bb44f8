/**
 * The forms wire shapes (docs/wire.md §8, §14), part two: submissions, their queries, bulk actions,
 * validation, uploads and contacts (forms-types.ts exports them with the form schemas'). Requests
 * have a TypeBox twin in forms.ts (proved equal in schema-types.check.ts).
 */
import type {
  ContactIdentityType,
  CursorPagingMetadata,
  FormsCursorPaging,
  FormsCursorQuery,
  SubmissionErrorType,
  SubmissionStatus,
} from './forms-schema-types.js';

export interface SubmissionTags {
  tags?: { tagIds?: string[] };
}

/** A submission in a create, update or validate request. */
export interface SubmissionInput {
  id?: string | null;
  formId?: string;
  /** Values keyed by each field's target. */
  submissions?: Record<string, unknown>;
  status?: string;
  revision?: string | null;
  seen?: boolean;
  extendedFields?: { namespaces?: Record<string, Record<string, unknown>> };
  tags?: SubmissionTags;
}

export interface Submitter {
  memberId?: string | null;
  visitorId?: string | null;
  applicationId?: string | null;
  userId?: string | null;
}

/** A submission as the platform answers it (docs/wire.md §8 "FormSubmission on the wire"). */
export interface FormSubmission {
  id: string;
  formId: string;
  namespace: string;
  status: SubmissionStatus;
  submissions: Record<string, unknown>;
  createdDate: string;
  updatedDate: string;
  revision: string;
  submitter: Submitter;
  seen: boolean;
  extendedFields: { namespaces: Record<string, Record<string, unknown>> };
  contactId?: string;
  tags: { tags: { tagIds: string[] } };
}

/** A file-upload field's value element (the hosted headless forms' `WixFile`). */
export interface SubmittedFile {
  fileId: string;
  displayName?: string;
  url?: string;
  fileType?: string;
}

export interface CreateSubmissionRequest {
  submission: SubmissionInput;
  captchaToken?: string | null;
  additionalMetadata?: Record<string, unknown> | null;
}

export interface UpdateSubmissionRequest {
  submission: SubmissionInput;
  mask?: unknown;
}

export interface SubmissionIdRequest {
  submissionId?: string;
}

export interface BulkDeleteSubmissionRequest {
  formId: string;
  submissionIds?: string[];
  permanent?: boolean;
  preserveFiles?: boolean;
}

export interface QuerySubmissionsRequest {
  query?: FormsCursorQuery;
  onlyYourOwn?: boolean;
}

export interface SubmissionSearchDetails {
  expression?: string | null;
  mode?: 'OR' | 'AND';
  fuzzy?: boolean;
  fields?: string[];
}

export interface SearchSubmissionsRequest {
  search?: FormsCursorQuery & { search?: SubmissionSearchDetails };
  onlyYourOwn?: boolean;
}

export interface CountSubmissionsRequest {
  formIds: string[];
  namespace: string;
  statuses?: string[];
}

export interface CountSubmissionsByFilterRequest {
  filter?: Record<string, unknown> | null;
  search?: SubmissionSearchDetails;
}

export interface ValidateFormSubmissionRequest {
  submission: SubmissionInput;
  additionalMetadata?: Record<string, unknown> | null;
  fieldsToValidate?: string[];
}

export interface GetMediaUploadUrlRequest {
  formId: string;
  filename: string;
  mimeType: string;
}

export interface BulkMarkSubmissionsAsSeenRequest {
  ids: string[];
  formId: string;
}

export interface BulkUpdateSubmissionTagsRequest {
  submissionIds: string[];
  assignTags?: SubmissionTags;
  unassignTags?: SubmissionTags;
}

export interface BulkUpdateSubmissionTagsByFilterRequest {
  filter?: Record<string, unknown> | null;
  assignTags?: SubmissionTags;
  unassignTags?: SubmissionTags;
}

export interface BulkRemoveSubmissionFromTrashBinRequest {
  formId: string;
  submissionIds?: string[];
}

/** `GET /v4/submissions/trash-bin`: the query string. */
export interface ListDeletedSubmissionsRequest {
  formId: string;
  submissionIds?: string[];
  paging?: FormsCursorPaging;
  statuses?: string[];
  namespace?: string;
}

export interface UpdateExtendedFieldsRequest {
  id?: string;
  namespace: string;
  namespaceData: Record<string, unknown>;
}

export interface UpsertContactFromSubmissionRequest {
  submissionId: string;
  contactId?: string | null;
  emailVerified?: boolean;
}

export interface SubmissionResponse {
  submission: FormSubmission;
}

export interface QuerySubmissionsResponse {
  submissions: FormSubmission[];
  metadata: CursorPagingMetadata;
}

export interface ListDeletedSubmissionsResponse {
  submissions: FormSubmission[];
  pagingMetadata: CursorPagingMetadata;
}

export interface SubmissionBulkItemResult {
  itemMetadata: {
    id: string;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string; data: Record<string, unknown> };
  };
}

export interface SubmissionBulkActionMetadata {
  totalSuccesses: number;
  totalFailures: number;
  undetailedFailures: number;
}

export interface BulkSubmissionsResponse {
  results: SubmissionBulkItemResult[];
  bulkActionMetadata: SubmissionBulkActionMetadata;
}

export interface FormsSubmissionsCountResponse {
  formsSubmissionsCount: { formId: string; totalCount: number; unseenCount: number }[];
}

export interface FormsDeletedSubmissionsCountResponse {
  formsDeletedSubmissionsCount: { formId: string; totalCount: number }[];
}

/** One failed value (the reference's `SubmissionValidationError`). */
export interface SubmissionValidationError {
  errorType: SubmissionErrorType;
  /** The field's target, or `target/index/...` inside it; `form.properties.disabled` for a disabled form. */
  errorPath: string;
  /** English, for debugging (the reference's `ValidationError.errorMessage`). */
  errorMessage?: string;
  customErrorMessage?: string;
  params?: Record<string, unknown>;
  useCustomErrorMessage?: boolean;
}

export interface ValidateFormSubmissionResponse {
  valid: boolean;
  violationErrors: {
    name: string;
    description: string;
    ruleName: string;
    submissionValidationErrors: { errors: SubmissionValidationError[] };
  }[];
}

export interface GetMediaUploadUrlResponse {
  uploadUrl: string;
}

/** What the upload endpoint (FORM_UPLOAD_ROUTES.upload) answers. */
export interface FormUploadedFile {
  id: string;
  /** Absolute URL the file is served at; a valid file-upload field value of this form. */
  url: string;
  displayName: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
}

export interface FormUploadResponse {
  file: FormUploadedFile;
}

export interface SubmitContactResponse {
  contactId: string;
  identityType: ContactIdentityType;
  newContact: boolean;
}

export interface UpsertContactFromSubmissionResponse {
  submitContactResponse: SubmitContactResponse;
}

export interface SubmissionDocumentResponse {
  document: {
    status: 'READY';
    readyDetails: { downloadUrl: string };
  };
}

export interface FormattedSubmissionResponse {
  submissionId: string;
  submissions: { key: string; value: string; fieldId: string }[];
}
