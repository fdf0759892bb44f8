/**
 * The forms wire shapes (wire.md §8, §14) as plain interfaces, importable without the schema
 * library. Requests have a TypeBox twin in forms.ts (proved equal in schema-types.check.ts); the
 * responses are what the platform answers. Form schemas are open-ended: keys not named here travel
 * and are stored verbatim.
 */
import type {
  CONTACT_IDENTITY_TYPES,
  SUBMISSION_ERROR_TYPES,
  SUBMISSION_STATUSES,
  UPLOAD_FILE_FORMATS,
} from './routes/forms.js';

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export type SubmissionErrorType = (typeof SUBMISSION_ERROR_TYPES)[number];
export type ContactIdentityType = (typeof CONTACT_IDENTITY_TYPES)[number];
export type UploadFileFormat = (typeof UPLOAD_FILE_FORMATS)[number];

// ── Form schemas ───────────────────────────────────────────────────────────────────────────────

export interface FormStringValidation {
  /** EMAIL, PHONE, URL, DATE, DATE_TIME, TIME, UUID, … (FORM_STRING_FORMATS). */
  format?: string;
  minLength?: number | null;
  maxLength?: number | null;
  pattern?: string | null;
  enum?: string[] | null;
}

export interface FormNumberValidation {
  minimum?: number | null;
  maximum?: number | null;
  multipleOf?: number | null;
  enum?: number[] | null;
}

export interface FormArrayValidation {
  minItems?: number | null;
  maxItems?: number | null;
  items?: Record<string, unknown>;
}

/** A file-upload field's rules; `maxFileSizeBytes` is the local platform's own addition. */
export interface FormFileValidation {
  fileLimit?: number;
  uploadFileFormats?: string[];
  maxFileSizeBytes?: number;
}

/** A field's rules in the flat form (`formFields[].validation`, wire.md §14). */
export interface FormFieldValidation {
  required?: boolean;
  string?: FormStringValidation;
  number?: FormNumberValidation;
  integer?: FormNumberValidation;
  boolean?: Record<string, unknown>;
  array?: FormArrayValidation;
  object?: Record<string, unknown>;
  /** `{ format: "WIX_FILE", wixFileOptions?: FormFileValidation }` marks a file-upload field. */
  predefined?: { format?: string; wixFileOptions?: FormFileValidation };
}

/** A field's rules in the nested form of the reference's typings (`formFields[].inputOptions`). */
export interface FormInputOptions {
  target?: string;
  required?: boolean;
  /** STRING, NUMBER, BOOLEAN, ARRAY, OBJECT, WIX_FILE, … */
  inputType?: string;
  stringOptions?: { validation?: FormStringValidation };
  numberOptions?: { validation?: FormNumberValidation };
  booleanOptions?: Record<string, unknown>;
  arrayOptions?: { validation?: FormArrayValidation };
  wixFileOptions?: { validation?: FormFileValidation };
}

export interface FormField {
  id?: string;
  identifier?: string | null;
  /** The key of the field's value in a submission (flat form). */
  target?: string | null;
  fieldType?: string;
  hidden?: boolean;
  validation?: FormFieldValidation;
  inputOptions?: FormInputOptions;
}

export interface FormLimitationRule {
  maxAllowedSubmissions?: number | null;
  /** ISO-8601; submissions after it are refused (DISABLED_FORM_ERROR). */
  dateTimeDeadline?: string | null;
  submissionLimitPerUser?: number | null;
}

/** A form schema in a create or update request. */
export interface FormInput {
  id?: string | null;
  namespace?: string;
  name?: string | null;
  formFields?: FormField[];
  enabled?: boolean | null;
  limitationRule?: FormLimitationRule;
  revision?: string | null;
}

/** A form schema as the platform answers it. */
export interface Form extends FormInput {
  id: string;
  namespace: string;
  formFields: FormField[];
  enabled: boolean;
  revision: string;
  createdDate: string;
  updatedDate: string;
}

export interface FormSort {
  fieldName: string;
  order?: 'ASC' | 'DESC';
}

export interface FormsCursorPaging {
  limit?: number | null;
  /** Opaque: a `cursors.next` (or `prev`) of an earlier page. */
  cursor?: string | null;
}

/** A query (wire.md §3): the next page sends `cursorPaging` alone. */
export interface FormsCursorQuery {
  filter?: Record<string, unknown> | null;
  sort?: FormSort[];
  cursorPaging?: FormsCursorPaging;
}

export interface CursorPagingMetadata {
  count?: number;
  cursors?: { next?: string | null; prev?: string | null };
  hasNext?: boolean;
}

export interface CreateFormRequest {
  form: FormInput;
}

export interface UpdateFormRequest {
  form: FormInput;
}

export interface QueryFormsRequest {
  query?: FormsCursorQuery;
  namespace?: string;
  additionalMetadata?: Record<string, unknown> | null;
}

/** `GET /v4/forms`: the query string, or the `.r` parameter when paging is given. */
export interface ListFormsRequest {
  namespace: string;
  disabled?: boolean | null;
  enabled?: boolean | null;
  /** UPDATED_DATE_DESC (default), UPDATED_DATE_ASC, CREATED_DATE_ASC, CREATED_DATE_DESC, NAME_ASC, NAME_DESC. */
  order?: string;
  paging?: FormsCursorPaging;
  fieldsets?: string[];
}

export interface FormResponse {
  form: Form;
}

export interface QueryFormsResponse {
  forms: Form[];
  metadata: CursorPagingMetadata;
}

export interface ListFormsResponse {
  forms: Form[];
  pagingMetadata: CursorPagingMetadata;
}

// ── Submissions ────────────────────────────────────────────────────────────────────────────────

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

/** A submission as the platform answers it (wire.md §8 "FormSubmission on the wire"). */
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
