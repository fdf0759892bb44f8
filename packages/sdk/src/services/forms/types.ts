import type {
  ContactIdentityType,
  CursorPagingMetadata,
  FormField,
  FormLimitationRule,
  FormSort,
  FormsCursorPaging,
  SubmissionErrorType,
  SubmissionSearchDetails,
  SubmissionStatus,
  SubmissionTags,
  Submitter,
} from '@atrium/contract/types';
import type { CursorPage, CursorQueryMethods } from '../../query/types.js';

/**
 * The public types of `@atrium/sdk/forms`, named as `@wix/forms` names them (docs/wire.md §8, §14).
 * As in the reference's generated modules, `_id`, `_createdDate` and `_updatedDate` are the SDK's
 * names of the wire's `id`, `createdDate` and `updatedDate`; those dates are `Date` objects.
 */

// biome-ignore lint/suspicious/noExplicitAny: submission values are whatever the form's fields take, as in the reference's typings
type AnyValue = any;

export type {
  ContactIdentityType,
  CursorPagingMetadata,
  FormField,
  SubmissionErrorType,
  SubmissionStatus,
  Submitter,
};

export interface FormSubmission {
  _id?: string | null;
  formId?: string;
  namespace?: string;
  status?: SubmissionStatus;
  /** Values keyed by each field's target. */
  submissions?: Record<string, AnyValue>;
  _createdDate?: Date | null;
  _updatedDate?: Date | null;
  revision?: string | null;
  submitter?: Submitter;
  seen?: boolean;
  extendedFields?: { namespaces?: Record<string, Record<string, AnyValue>> };
  contactId?: string | null;
  tags?: SubmissionTags;
  orderDetails?: Record<string, AnyValue>;
  accessRestriction?: string | null;
}

/** `updateSubmission`'s argument: `formId` and `revision` are required. */
export interface UpdateSubmission extends FormSubmission {
  formId: string;
  revision: string;
}

export interface CreateSubmissionOptions {
  captchaToken?: string | null;
  additionalMetadata?: Record<string, AnyValue> | null;
}

export interface DeleteSubmissionOptions {
  /** Delete for good, bypassing the trash bin. Default false. */
  permanent?: boolean;
  /** Keep the submission's uploaded files when deleting for good. */
  preserveFiles?: boolean;
}

export interface BulkDeleteSubmissionOptions extends DeleteSubmissionOptions {
  submissionIds?: string[];
}

export interface BulkRemoveSubmissionFromTrashBinOptions {
  submissionIds?: string[];
}

export interface ListDeletedSubmissionsOptions {
  submissionIds?: string[];
  paging?: FormsCursorPaging;
  statuses?: SubmissionStatus[];
  namespace?: string;
}

export interface ItemMetadata {
  _id?: string | null;
  originalIndex: number;
  success: boolean;
  error?: { code: string; description: string; data?: Record<string, AnyValue> };
}

export interface BulkSubmissionsResponse {
  results: { itemMetadata: ItemMetadata }[];
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}

export interface SubmissionResponse {
  submission: FormSubmission;
}

export interface ListDeletedSubmissionsResponse {
  submissions: FormSubmission[];
  pagingMetadata?: CursorPagingMetadata;
}

export interface CursorQuery {
  filter?: Record<string, AnyValue> | null;
  sort?: FormSort[];
  cursorPaging?: FormsCursorPaging;
}

export interface QuerySubmissionOptions {
  onlyYourOwn?: boolean;
}

export type QuerySubmissionsByNamespaceOptions = QuerySubmissionOptions;

export interface QuerySubmissionResponse {
  submissions: FormSubmission[];
  metadata?: CursorPagingMetadata;
}

export interface FormSubmissionSearch extends CursorQuery {
  search?: SubmissionSearchDetails;
}

export interface CountSubmissionsOptions {
  statuses?: SubmissionStatus[];
}

export interface CountSubmissionsResponse {
  formsSubmissionsCount: { formId: string; totalCount: number; unseenCount: number }[];
}

export interface CountSubmissionsByFilterOptions {
  search?: SubmissionSearchDetails;
}

export interface CountDeletedSubmissionsResponse {
  formsDeletedSubmissionsCount: { formId: string; totalCount: number }[];
}

export interface ValidateFormSubmissionOptions {
  additionalMetadata?: Record<string, AnyValue> | null;
  fieldsToValidate?: string[];
}

export interface SubmissionValidationError {
  errorType?: SubmissionErrorType;
  customErrorMessage?: string;
  errorPath?: string;
  params?: Record<string, AnyValue> | null;
}

export interface ValidateFormSubmissionResponse {
  valid: boolean;
  violationErrors: {
    name: string;
    description: string;
    ruleName: string;
    submissionValidationErrors?: { errors?: SubmissionValidationError[] };
  }[];
}

export interface GetMediaUploadURLResponse {
  uploadUrl: string;
}

export interface BulkMarkSubmissionsAsSeenResponse {
  jobId: string;
}

export interface PublicTags {
  tags?: { tagIds?: string[] };
}

export interface BulkUpdateFormSubmissionTagsOptions {
  assignTags?: PublicTags;
  unassignTags?: PublicTags;
}

export interface UpdateExtendedFieldsOptions {
  namespaceData: Record<string, AnyValue>;
}

export interface UpsertContactFromSubmissionOptions {
  contactId?: string | null;
  emailVerified?: boolean;
}

export interface UpsertContactFromSubmissionResponse {
  submitContactResponse: { contactId: string; identityType: ContactIdentityType; newContact: boolean };
}

export interface GetSubmissionDownloadUrlResponse {
  document: { status: string; readyDetails?: { downloadUrl: string } };
}

export interface RawHttpResponse {
  body: Uint8Array;
  statusCode?: number | null;
  headers: { key: string; value: string }[];
}

export interface GetFormattedSubmissionResponse {
  submissionId: string;
  submissions: { key: string; value: string; fieldId: string; label?: string | null }[];
}

// ── Form schemas ───────────────────────────────────────────────────────────────────────────────

export interface Form {
  _id?: string | null;
  namespace?: string;
  name?: string | null;
  formFields?: FormField[];
  enabled?: boolean | null;
  limitationRule?: Omit<FormLimitationRule, 'dateTimeDeadline'> & { dateTimeDeadline?: Date | null };
  revision?: string | null;
  _createdDate?: Date | null;
  _updatedDate?: Date | null;
  [key: string]: AnyValue;
}

export interface GetFormOptions {
  additionalMetadata?: Record<string, AnyValue> | null;
}

export interface DeleteFormOptions {
  permanent?: boolean;
}

export interface ListFormsOptions {
  disabled?: boolean | null;
  order?:
    | 'UPDATED_DATE_DESC'
    | 'UPDATED_DATE_ASC'
    | 'CREATED_DATE_ASC'
    | 'CREATED_DATE_DESC'
    | 'NAME_ASC'
    | 'NAME_DESC';
  paging?: FormsCursorPaging;
  fieldsets?: string[];
  formIds?: string[];
  paymentForm?: boolean | null;
  additionalMetadata?: Record<string, AnyValue> | null;
}

export interface ListFormsResponse {
  forms: Form[];
  pagingMetadata?: CursorPagingMetadata;
}

export interface QueryFormsOptions {
  additionalMetadata?: Record<string, AnyValue> | null;
  namespace?: string;
}

export interface QueryFormsResponse {
  forms: Form[];
  metadata?: CursorPagingMetadata;
}

// ── Query builders (docs/wire.md §3) ────────────────────────────────────────────────────────────────

/** A page of a cursor query, read through the reference's result API. */
export type CursorQueryResult<Item> = CursorPage<Item>;

/** The cursor query builder of `querySubmissionsByNamespace()` and `queryForms()`: immutable, each call returns a new one. */
export interface CursorQueryBuilder<Item> extends CursorQueryMethods<CursorQueryBuilder<Item>> {
  find(): Promise<CursorQueryResult<Item>>;
}

export type SubmissionsQueryBuilder = CursorQueryBuilder<FormSubmission>;
export type FormsQueryBuilder = CursorQueryBuilder<Form>;

/** `querySubmissionsByNamespace`: a builder, or (given a query) the whole answer at once. */
export interface QuerySubmissionsByNamespace {
  (options?: QuerySubmissionsByNamespaceOptions): SubmissionsQueryBuilder;
  (query: CursorQuery, options?: QuerySubmissionsByNamespaceOptions): Promise<QuerySubmissionResponse>;
}

/** `queryForms`: a builder, or (given a query) the whole answer at once. */
export interface QueryForms {
  (options?: QueryFormsOptions): FormsQueryBuilder;
  (query: CursorQuery, options?: QueryFormsOptions): Promise<QueryFormsResponse>;
}
