import {
  FORM_SUBMISSIONS_PREFIX,
  FORM_SUBMISSIONS_ROUTES,
  FORMS_GATEWAY,
  SUBMISSION_CONTACTS_PREFIX,
  SUBMISSION_CONTACTS_ROUTES,
} from '@atrium/contract/routes/forms';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
import type {
  BulkDeleteSubmissionOptions,
  BulkRemoveSubmissionFromTrashBinOptions,
  BulkSubmissionsResponse,
  BulkUpdateFormSubmissionTagsOptions,
  CountDeletedSubmissionsResponse,
  CountSubmissionsByFilterOptions,
  CountSubmissionsOptions,
  CountSubmissionsResponse,
  CreateSubmissionOptions,
  CursorQuery,
  DeleteSubmissionOptions,
  FormSubmission,
  FormSubmissionSearch,
  GetFormattedSubmissionResponse,
  GetMediaUploadURLResponse,
  GetSubmissionDownloadUrlResponse,
  ListDeletedSubmissionsOptions,
  ListDeletedSubmissionsResponse,
  QuerySubmissionOptions,
  QuerySubmissionResponse,
  RawHttpResponse,
  SubmissionResponse,
  UpdateExtendedFieldsOptions,
  UpdateSubmission,
  UpsertContactFromSubmissionOptions,
  UpsertContactFromSubmissionResponse,
  ValidateFormSubmissionOptions,
  ValidateFormSubmissionResponse,
} from '../types.js';
import { base64Bytes, mapKey, mapList, submissionFromWire } from './transforms.js';

/**
 * What each `submissions` call sends and returns (docs/wire.md §8), as plain data loaded on the module's
 * first call. Payloads name their fields in the reference's order (GET and
 * DELETE query strings follow it); options it does not know are not sent.
 */
const ROUTES = FORM_SUBMISSIONS_ROUTES;
const GATEWAY = FORMS_GATEWAY;

const submissionOf = (body: { submission?: FormSubmission }) => submissionFromWire(body.submission);
const withSubmission = <T>(body: T): T => mapKey(body, 'submission', submissionFromWire);
const withSubmissions = <T>(body: T): T => mapList(body, 'submissions', submissionFromWire);
const none = (): void => undefined;
const byId = (submissionId: string) => ({ submissionId });
/** `countSubmissions` and `countDeletedSubmissions` send the same fields. */
const countRequest = (formIds: string[], namespace: string, options?: CountSubmissionsOptions) => ({
  formIds,
  namespace,
  statuses: options?.statuses,
});

export const submissionsModule = serviceModule(
  { packageName: '@atrium/sdk/forms', prefix: FORM_SUBMISSIONS_PREFIX, renameSystemKeys: true },
  GATEWAY,
  {
    createSubmission: route('POST', ROUTES.submissions, {
      request: (submission: FormSubmission, options?: CreateSubmissionOptions) => ({
        submission,
        ...pick(options, 'captchaToken', 'additionalMetadata'),
      }),
      response: submissionOf,
    }),
    getSubmission: route('GET', ROUTES.submission, {
      request: byId,
      response: submissionOf,
    }),
    updateSubmission: route('PATCH', ROUTES.updateSubmission, {
      request: (_id: string, submission: UpdateSubmission) => ({ submission: { ...submission, id: _id } }),
      response: submissionOf,
    }),
    confirmSubmission: route('POST', ROUTES.confirm, {
      request: byId,
      response: (body: SubmissionResponse) => withSubmission(body),
    }),
    deleteSubmission: route('DELETE', ROUTES.submission, {
      request: (submissionId: string, options?: DeleteSubmissionOptions) => ({
        submissionId,
        ...pick(options, 'permanent', 'preserveFiles'),
      }),
      response: none,
    }),
    bulkDeleteSubmission: route('POST', ROUTES.bulkDelete, {
      request: (formId: string, options?: BulkDeleteSubmissionOptions) => ({
        formId,
        ...pick(options, 'submissionIds', 'permanent', 'preserveFiles'),
      }),
      response: (body: BulkSubmissionsResponse) => body,
    }),
    restoreSubmissionFromTrashBin: route('POST', ROUTES.restore, {
      request: byId,
      response: (body: SubmissionResponse) => withSubmission(body),
    }),
    removeSubmissionFromTrashBin: route('DELETE', ROUTES.deletedSubmission, {
      request: byId,
      response: none,
    }),
    bulkRemoveSubmissionFromTrashBin: route('POST', ROUTES.bulkRemoveFromTrashBin, {
      request: (formId: string, options?: BulkRemoveSubmissionFromTrashBinOptions) => ({
        formId,
        submissionIds: options?.submissionIds,
      }),
      response: (body: BulkSubmissionsResponse) => body,
    }),
    listDeletedSubmissions: route('GET', ROUTES.trashBin, {
      request: (formId: string, options?: ListDeletedSubmissionsOptions) => ({
        formId,
        ...pick(options, 'submissionIds', 'paging', 'statuses', 'namespace'),
      }),
      response: (body: ListDeletedSubmissionsResponse) => withSubmissions(body),
    }),
    getDeletedSubmission: route('GET', ROUTES.deletedSubmission, {
      request: byId,
      response: (body: SubmissionResponse) => withSubmission(body),
    }),
    querySubmission: route('POST', ROUTES.query, {
      request: (query: CursorQuery, options?: QuerySubmissionOptions) => ({
        query,
        onlyYourOwn: options?.onlyYourOwn,
      }),
      response: (body: QuerySubmissionResponse) => withSubmissions(body),
    }),
    /** The typed form of `querySubmissionsByNamespace` (the builder's terminal sends it too). */
    querySubmissionsByNamespace: route('POST', ROUTES.queryByNamespace, {
      request: (query: CursorQuery, options?: QuerySubmissionOptions) => ({ ...options, query }),
      response: (body: QuerySubmissionResponse) => withSubmissions(body),
    }),
    searchSubmissionsByNamespace: route('POST', ROUTES.searchByNamespace, {
      request: (search: FormSubmissionSearch) => ({ search }),
      response: (body: QuerySubmissionResponse) => withSubmissions(body),
    }),
    countSubmissionsByFilter: route('POST', ROUTES.countByFilter, {
      request: (filter: Record<string, unknown>, options?: CountSubmissionsByFilterOptions) => ({
        filter,
        search: options?.search,
      }),
      response: (body: CountSubmissionsResponse) => body,
    }),
    countSubmissions: route('POST', ROUTES.count, {
      request: countRequest,
      response: (body: CountSubmissionsResponse) => body,
    }),
    countDeletedSubmissions: route('POST', ROUTES.countDeleted, {
      request: countRequest,
      response: (body: CountDeletedSubmissionsResponse) => body,
    }),
    getMediaUploadUrl: route('POST', ROUTES.mediaUploadUrl, {
      request: (formId: string, filename: string, mimeType: string) => ({ formId, filename, mimeType }),
      response: (body: GetMediaUploadURLResponse) => body,
    }),
    bulkMarkSubmissionsAsSeen: route('POST', ROUTES.markAsSeen, {
      request: (ids: string[], formId: string) => ({ ids, formId }),
      response: (body: { jobId: string }) => body,
    }),
    getSubmissionDownloadUrl: route('GET', ROUTES.document, {
      request: byId,
      response: (body: GetSubmissionDownloadUrlResponse) => body,
    }),
    downloadSubmission: route('GET', ROUTES.download, {
      request: (submissionId: string, accessToken: string) => ({ submissionId, accessToken }),
      response: (body: RawHttpResponse) => mapKey(body, 'body', base64Bytes),
    }),
    getFormattedSubmission: route('GET', ROUTES.formatted, {
      request: byId,
      response: (body: GetFormattedSubmissionResponse) => body,
    }),
    updateExtendedFields: route('POST', ROUTES.extendedFields, {
      request: (_id: string, namespace: string, options: UpdateExtendedFieldsOptions) => ({
        id: _id,
        namespace,
        namespaceData: options?.namespaceData,
      }),
      response: (body: { namespace: string; namespaceData?: Record<string, unknown> }) => body,
    }),
    bulkUpdateFormSubmissionTags: route('POST', ROUTES.updateTags, {
      request: (submissionIds: string[], options?: BulkUpdateFormSubmissionTagsOptions) => ({
        submissionIds,
        ...pick(options, 'assignTags', 'unassignTags'),
      }),
      response: (body: BulkSubmissionsResponse) => body,
    }),
    bulkUpdateFormSubmissionTagsByFilter: route('POST', ROUTES.updateTagsByFilter, {
      request: (filter: Record<string, unknown>, options?: BulkUpdateFormSubmissionTagsOptions) => ({
        filter,
        ...pick(options, 'assignTags', 'unassignTags'),
      }),
      response: (body: { jobId: string }) => body,
    }),
    validateFormSubmission: route('POST', ROUTES.validate, {
      request: (submission: FormSubmission, options?: ValidateFormSubmissionOptions) => ({
        submission,
        ...pick(options, 'additionalMetadata', 'fieldsToValidate'),
      }),
      response: (body: ValidateFormSubmissionResponse) => body,
    }),
    upsertContactFromSubmission: route('POST', SUBMISSION_CONTACTS_ROUTES.upsertContact, {
      prefix: SUBMISSION_CONTACTS_PREFIX,
      request: (submissionId: string, options?: UpsertContactFromSubmissionOptions) => ({
        submissionId,
        ...pick(options, 'contactId', 'emailVerified'),
      }),
      response: (body: UpsertContactFromSubmissionResponse) => body,
    }),
  },
);
