/**
 * Forms: form schemas (docs/wire.md §14), form submissions and the submission→contact mapping
 * (docs/wire.md §8), and the local platform's upload endpoint for files of file-upload fields.
 * Plain constants (no schema library): the zero-dependency SDK imports them. One file per service,
 * so a browser bundle carries only the services it uses; `../routes.ts` re-exports them all. The
 * matching types are in `../forms-types.ts`.
 */

import { type GatewayDescriptor, serviceGateway } from './core.js';
import { servicePrefix } from './prefixes.js';

/** SERVICE_PREFIXES.formSubmissions alone, for bundles that need nothing else of that table. */
export const FORM_SUBMISSIONS_PREFIX = servicePrefix(
  '/form-submission-service',
  '/_api/form-submission-service',
  '/forms',
);

/** SERVICE_PREFIXES.submissionContacts alone. */
export const SUBMISSION_CONTACTS_PREFIX = servicePrefix(
  '/form-submission-contact-mapping-service',
  '/_api/form-submission-contact-mapping-service',
  '/forms/contactupsert',
);

/** SERVICE_PREFIXES.formSchemas alone. */
export const FORM_SCHEMAS_PREFIX = servicePrefix('/form-schema-service');

/** Submission proto paths (docs/wire.md §8), under FORM_SUBMISSIONS_PREFIX. */
export const FORM_SUBMISSIONS_ROUTES = {
  /** POST creates (`{ submission, captchaToken?, additionalMetadata? }`). */
  submissions: '/v4/submissions',
  /** GET reads, PATCH updates (`submission.id` is the path value), DELETE moves to the trash bin. */
  submission: '/v4/submissions/{submissionId}',
  /** The PATCH form of `submission`: the reference fills the path from `submission.id`. */
  updateSubmission: '/v4/submissions/{submission.id}',
  confirm: '/v4/submissions/{submissionId}/confirm',
  bulkDelete: '/v4/bulk/submissions/delete',
  queryByNamespace: '/v4/submissions/namespace/query',
  query: '/v4/submissions/query',
  searchByNamespace: '/v4/submissions/namespace/search',
  count: '/v4/submissions/count',
  countByFilter: '/v4/submissions/count-by-filter',
  countDeleted: '/v4/submissions/trash-bin/count',
  validate: '/v4/submissions/validate',
  mediaUploadUrl: '/v4/submissions/media-upload-url',
  markAsSeen: '/v4/bulk/submissions/mark-as-seen',
  updateTags: '/v4/bulk/submissions/update-tags',
  updateTagsByFilter: '/v4/bulk/submissions/update-tags-by-filter',
  /** GET lists the trash bin (`formId`, `submissionIds`, `paging.*`, `statuses`, `namespace`). */
  trashBin: '/v4/submissions/trash-bin',
  /** GET reads a deleted submission, DELETE removes it for good. */
  deletedSubmission: '/v4/submissions/trash-bin/{submissionId}',
  restore: '/v4/submissions/trash-bin/{submissionId}/restore',
  bulkRemoveFromTrashBin: '/v4/submissions/trash-bin/delete',
  /** POST with `{ id, namespace, namespaceData }`. */
  extendedFields: '/v4/submissions/{id}/extended-fields',
  /** GET → `{ document: { status, readyDetails: { downloadUrl } } }`. */
  document: '/v4/submissions/{submissionId}/document',
  /** GET `?accessToken=` → the submission document's bytes. */
  download: '/v4/submissions/{submissionId}/download',
  /** GET → `{ submissionId, submissions: [{ key, value, fieldId }] }`. */
  formatted: '/v4/submissions/{submissionId}/formatted',
} as const;

/** The submission→contact mapping (docs/wire.md §8), under SUBMISSION_CONTACTS_PREFIX. */
export const SUBMISSION_CONTACTS_ROUTES = {
  upsertContact: '/v4/submissions-contacts',
} as const;

/** Form schema management (docs/wire.md §14), under FORM_SCHEMAS_PREFIX. */
export const FORM_SCHEMAS_ROUTES = {
  /** POST creates (`{ form }`), GET lists (`?namespace=`, or the request as `.r` with paging). */
  forms: '/v4/forms',
  /** GET reads, PATCH updates (`{ form }` with its revision), DELETE deletes (`?permanent=`). */
  form: '/v4/forms/{formId}',
  /** The PATCH form of `form`: the reference fills the path from `form.id`. */
  updateForm: '/v4/forms/{form.id}',
  query: '/v4/forms/query',
} as const;

/**
 * The local platform's upload endpoint: what `getMediaUploadUrl` answers, with a single-use token.
 * The browser PUTs (or POSTs) the file's raw bytes there, `Content-Type` its type, and gets back
 * `{ file: FormUploadedFile }`. Not under a service prefix: the token is the credential.
 */
export const FORM_UPLOAD_ROUTES = {
  upload: '/_api/atrium-uploads/v1/forms/{token}',
} as const;

/** The submission statuses (docs/spec.md §3; UNKNOWN_SUBMISSION_STATUS is the proto default). */
export const SUBMISSION_STATUSES = [
  'UNKNOWN_SUBMISSION_STATUS',
  'PENDING',
  'CONFIRMED',
  'PAYMENT_WAITING',
  'PAYMENT_CANCELED',
] as const;

/** Submission validation error types (docs/spec.md §8; the reference's `SubmissionErrorType`). */
export const SUBMISSION_ERROR_TYPES = [
  'UNKNOWN_ERROR',
  'TYPE_ERROR',
  'REQUIRED_VALUE_ERROR',
  'UNKNOWN_VALUE_ERROR',
  'MAX_LENGTH_ERROR',
  'MIN_LENGTH_ERROR',
  'PATTERN_ERROR',
  'FORMAT_ERROR',
  'MAX_VALUE_ERROR',
  'MIN_VALUE_ERROR',
  'MULTIPLE_OF_VALUE_ERROR',
  'MIN_ITEMS_ERROR',
  'MAX_ITEMS_ERROR',
  'NOT_ALLOWED_VALUE_ERROR',
  'DISABLED_FORM_ERROR',
] as const;

/** Contact identity types of an upsert (docs/wire.md §12). */
export const CONTACT_IDENTITY_TYPES = ['UNKNOWN', 'CONTACT', 'MEMBER', 'NOT_AUTHENTICATED_MEMBER'] as const;

/** File kinds a file-upload field may allow (the reference's `UploadFileFormat`). */
export const UPLOAD_FILE_FORMATS = ['VIDEO', 'IMAGE', 'AUDIO', 'DOCUMENT', 'ARCHIVE', 'MODEL_3D'] as const;

/** String formats a field may require (the reference's `StringTypeFormatEnumFormat`). */
export const FORM_STRING_FORMATS = [
  'UNDEFINED',
  'UNKNOWN_FORMAT',
  'DATE',
  'TIME',
  'DATE_TIME',
  'EMAIL',
  'URL',
  'UUID',
  'PHONE',
  'URI',
  'HOSTNAME',
  'COLOR_HEX',
  'CURRENCY',
  'LANGUAGE',
  'DATE_OPTIONAL_TIME',
] as const;

/** The namespace of forms of the Wix Forms app: its submissions are CONFIRMED at once. */
export const WIX_FORMS_NAMESPACE = 'wix.form_app.form';

export const FORMS_LIMITS = {
  /** Page size when a query or list names none (docs/spec.md §9). */
  defaultPageSize: 50,
  /** Largest page of a query (the reference documents 100 for forms and submissions). */
  maxPageSize: 100,
  /** Ids in one bulk request (mark as seen, delete, tags, trash bin). */
  maxBulkIds: 100,
  /** Fields in one form (the reference's `formFields` @maxSize). */
  maxFormFields: 500,
  /** Namespace length bounds (the reference's Form.namespace). */
  namespaceMinLength: 10,
  namespaceMaxLength: 50,
  /** Bytes of one JSON request body. */
  maxBodyBytes: 1024 * 1024,
  /** Bytes of one uploaded file when its field names no smaller limit. */
  maxUploadBytes: 25 * 1024 * 1024,
  /** Files one file-upload field takes when it names no `fileLimit`. */
  defaultFileLimit: 1,
  /** Lifetime of an upload URL, in seconds. */
  uploadUrlLifetimeSeconds: 15 * 60,
} as const;

/**
 * Application error codes of the forms services (`details.applicationError.code`). FORM_NOT_FOUND
 * is the reference's own (CreateSubmissionApplicationErrors); the others name what is wrong.
 */
export const FORMS_ERROR_CODES = {
  formNotFound: 'FORM_NOT_FOUND',
  submissionNotFound: 'SUBMISSION_NOT_FOUND',
  invalidForm: 'INVALID_FORM',
  invalidRequest: 'INVALID_REQUEST',
  invalidQuery: 'INVALID_QUERY',
  invalidPaging: 'INVALID_PAGING',
  /** An update naming a revision that is not the current one. */
  revisionMismatch: 'REVISION_MISMATCH',
  /** Confirming a submission that is not PENDING. */
  invalidStatusTransition: 'INVALID_STATUS_TRANSITION',
  permissionDenied: 'PERMISSION_DENIED',
  tooManyIds: 'TOO_MANY_IDS',
  /** A submission without an e-mail address, asked to become a contact. */
  noContactEmail: 'CONTACT_EMAIL_MISSING',
  contactNotFound: 'CONTACT_NOT_FOUND',
  /** Upload errors, as the hosted media manager names them. */
  uploadUrlInvalid: 'UPLOAD_URL_INVALID',
  fileSizeOverLimit: 'FILE_SIZE_OVER_LIMIT',
  unsupportedFileFormat: 'UNSUPPORTED_FILE_FORMAT',
  mismatchMimeType: 'MISMATCH_MIME_TYPE',
  zeroFileSize: 'ZERO_FILE_SIZE',
  notAFileField: 'NOT_A_FILE_UPLOAD_FIELD',
  documentAccessDenied: 'DOCUMENT_ACCESS_DENIED',
} as const;

/** The `ruleName` of a submission validation violation (CreateSubmissionValidationErrors). */
export const SUBMISSION_VALIDATION_RULE = 'SUBMISSION_VALIDATION';

const submissionGateway = serviceGateway('wix.forms.v4.FormSubmissionService', 'wix.forms.v4.submission');
const formGateway = serviceGateway('wix.forms.v4.FormSchemaService', 'wix.forms.v4.form');

/** What each call declares in the gateway header (docs/wire.md §1.5). */
export const FORMS_GATEWAY = {
  createSubmission: submissionGateway('CreateSubmission'),
  getSubmission: submissionGateway('GetSubmission'),
  updateSubmission: submissionGateway('UpdateSubmission'),
  confirmSubmission: submissionGateway('ConfirmSubmission'),
  deleteSubmission: submissionGateway('DeleteSubmission'),
  bulkDeleteSubmission: submissionGateway('BulkDeleteSubmission'),
  restoreSubmissionFromTrashBin: submissionGateway('RestoreSubmissionFromTrashBin'),
  removeSubmissionFromTrashBin: submissionGateway('RemoveSubmissionFromTrashBin'),
  bulkRemoveSubmissionFromTrashBin: submissionGateway('BulkRemoveSubmissionFromTrashBin'),
  listDeletedSubmissions: submissionGateway('ListDeletedSubmissions'),
  getDeletedSubmission: submissionGateway('GetDeletedSubmission'),
  querySubmission: submissionGateway('QuerySubmission'),
  searchSubmissionsByNamespace: submissionGateway('SearchSubmissionsByNamespace'),
  querySubmissionsByNamespace: submissionGateway('QuerySubmissionsByNamespace'),
  countSubmissionsByFilter: submissionGateway('CountSubmissionsByFilter'),
  countSubmissions: submissionGateway('CountSubmissions'),
  countDeletedSubmissions: submissionGateway('CountDeletedSubmissions'),
  getMediaUploadUrl: submissionGateway('GetMediaUploadURL'),
  bulkMarkSubmissionsAsSeen: submissionGateway('BulkMarkSubmissionsAsSeen'),
  getSubmissionDownloadUrl: submissionGateway('GetSubmissionDownloadUrl'),
  downloadSubmission: submissionGateway('DownloadSubmission'),
  getFormattedSubmission: submissionGateway('GetFormattedSubmission'),
  updateExtendedFields: submissionGateway('UpdateExtendedFields'),
  bulkUpdateFormSubmissionTags: submissionGateway('BulkUpdateFormSubmissionTags'),
  bulkUpdateFormSubmissionTagsByFilter: submissionGateway('BulkUpdateFormSubmissionTagsByFilter'),
  validateFormSubmission: submissionGateway('ValidateFormSubmission'),
  upsertContactFromSubmission: serviceGateway(
    'wix.forms.v4.FormSubmissionContactUpsertService',
    'wix.forms.v4.submission',
  )('UpsertContactFromSubmission'),
  createForm: formGateway('CreateForm'),
  getForm: formGateway('GetForm'),
  updateForm: formGateway('UpdateForm'),
  deleteForm: formGateway('DeleteForm'),
  queryForms: formGateway('QueryForms'),
  listForms: formGateway('ListForms'),
} as const satisfies Record<string, GatewayDescriptor>;
