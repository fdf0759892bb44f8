/**
 * The forms wire shapes (docs/wire.md §8, §14), part one: form schemas and their queries (the
 * submissions are forms-submission-types.ts; forms-types.ts exports both). Requests have a TypeBox
 * twin in forms.ts (proved equal in schema-types.check.ts); the responses are what the platform
 * answers. Form schemas are open-ended: keys not named here travel and are stored verbatim.
 */
import type * as Forms from './routes/forms.js';

export type SubmissionStatus = (typeof Forms.SUBMISSION_STATUSES)[number];
export type SubmissionErrorType = (typeof Forms.SUBMISSION_ERROR_TYPES)[number];
export type ContactIdentityType = (typeof Forms.CONTACT_IDENTITY_TYPES)[number];
export type UploadFileFormat = (typeof Forms.UPLOAD_FILE_FORMATS)[number];

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

/** A field's rules in the flat form (`formFields[].validation`, docs/wire.md §14). */
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

/** A query (docs/wire.md §3): the next page sends `cursorPaging` alone. */
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
