import {
  FORM_SUBMISSIONS_PREFIX,
  FORM_SUBMISSIONS_ROUTES,
  FORMS_GATEWAY,
  SUBMISSION_CONTACTS_PREFIX,
  SUBMISSION_CONTACTS_ROUTES,
} from '@atrium/contract/routes/forms';
import { defineOperation, moduleDefinition } from '../../../client/define-operation.js';
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

export const submissionsModule = moduleDefinition(
  { packageName: '@atrium/sdk/forms', prefix: FORM_SUBMISSIONS_PREFIX, renameSystemKeys: true },
  {
    createSubmission: defineOperation({
      method: 'POST',
      path: ROUTES.submissions,
      gateway: GATEWAY.createSubmission,
      request: (submission: FormSubmission, options?: CreateSubmissionOptions) => ({
        submission,
        captchaToken: options?.captchaToken,
        additionalMetadata: options?.additionalMetadata,
      }),
      response: submissionOf,
    }),
    getSubmission: defineOperation({
      method: 'GET',
      path: ROUTES.submission,
      gateway: GATEWAY.getSubmission,
      request: (submissionId: string) => ({ submissionId }),
      response: submissionOf,
    }),
    updateSubmission: defineOperation({
      method: 'PATCH',
      path: ROUTES.updateSubmission,
      gateway: GATEWAY.updateSubmission,
      request: (_id: string, submission: UpdateSubmission) => ({ submission: { ...submission, id: _id } }),
      response: submissionOf,
    }),
    confirmSubmission: defineOperation({
      method: 'POST',
      path: ROUTES.confirm,
      gateway: GATEWAY.confirmSubmission,
      request: (submissionId: string) => ({ submissionId }),
      response: (body: SubmissionResponse) => withSubmission(body),
    }),
    deleteSubmission: defineOperation({
      method: 'DELETE',
      path: ROUTES.submission,
      gateway: GATEWAY.deleteSubmission,
      request: (submissionId: string, options?: DeleteSubmissionOptions) => ({
        submissionId,
        permanent: options?.permanent,
        preserveFiles: options?.preserveFiles,
      }),
      response: none,
    }),
    bulkDeleteSubmission: defineOperation({
      method: 'POST',
      path: ROUTES.bulkDelete,
      gateway: GATEWAY.bulkDeleteSubmission,
      request: (formId: string, options?: BulkDeleteSubmissionOptions) => ({
        formId,
        submissionIds: options?.submissionIds,
        permanent: options?.permanent,
        preserveFiles: options?.preserveFiles,
      }),
      response: (body: BulkSubmissionsResponse) => body,
    }),
    restoreSubmissionFromTrashBin: defineOperation({
      method: 'POST',
      path: ROUTES.restore,
      gateway: GATEWAY.restoreSubmissionFromTrashBin,
      request: (submissionId: string) => ({ submissionId }),
      response: (body: SubmissionResponse) => withSubmission(body),
    }),
    removeSubmissionFromTrashBin: defineOperation({
      method: 'DELETE',
      path: ROUTES.deletedSubmission,
      gateway: GATEWAY.removeSubmissionFromTrashBin,
      request: (submissionId: string) => ({ submissionId }),
      response: none,
    }),
    bulkRemoveSubmissionFromTrashBin: defineOperation({
      method: 'POST',
      path: ROUTES.bulkRemoveFromTrashBin,
      gateway: GATEWAY.bulkRemoveSubmissionFromTrashBin,
      request: (formId: string, options?: BulkRemoveSubmissionFromTrashBinOptions) => ({
        formId,
        submissionIds: options?.submissionIds,
      }),
      response: (body: BulkSubmissionsResponse) => body,
    }),
    listDeletedSubmissions: defineOperation({
      method: 'GET',
      path: ROUTES.trashBin,
      gateway: GATEWAY.listDeletedSubmissions,
      request: (formId: string, options?: ListDeletedSubmissionsOptions) => ({
        formId,
        submissionIds: options?.submissionIds,
        paging: options?.paging,
        statuses: options?.statuses,
        namespace: options?.namespace,
      }),
      response: (body: ListDeletedSubmissionsResponse) => withSubmissions(body),
    }),
    getDeletedSubmission: defineOperation({
      method: 'GET',
      path: ROUTES.deletedSubmission,
      gateway: GATEWAY.getDeletedSubmission,
      request: (submissionId: string) => ({ submissionId }),
      response: (body: SubmissionResponse) => withSubmission(body),
    }),
    querySubmission: defineOperation({
      method: 'POST',
      path: ROUTES.query,
      gateway: GATEWAY.querySubmission,
      request: (query: CursorQuery, options?: QuerySubmissionOptions) => ({
        query,
        onlyYourOwn: options?.onlyYourOwn,
      }),
      response: (body: QuerySubmissionResponse) => withSubmissions(body),
    }),
    /** The typed form of `querySubmissionsByNamespace` (the builder's terminal sends it too). */
    querySubmissionsByNamespace: defineOperation({
      method: 'POST',
      path: ROUTES.queryByNamespace,
      gateway: GATEWAY.querySubmissionsByNamespace,
      request: (query: CursorQuery, options?: QuerySubmissionOptions) => ({ ...options, query }),
      response: (body: QuerySubmissionResponse) => withSubmissions(body),
    }),
    searchSubmissionsByNamespace: defineOperation({
      method: 'POST',
      path: ROUTES.searchByNamespace,
      gateway: GATEWAY.searchSubmissionsByNamespace,
      request: (search: FormSubmissionSearch) => ({ search }),
      response: (body: QuerySubmissionResponse) => withSubmissions(body),
    }),
    countSubmissionsByFilter: defineOperation({
      method: 'POST',
      path: ROUTES.countByFilter,
      gateway: GATEWAY.countSubmissionsByFilter,
      request: (filter: Record<string, unknown>, options?: CountSubmissionsByFilterOptions) => ({
        filter,
        search: options?.search,
      }),
      response: (body: CountSubmissionsResponse) => body,
    }),
    countSubmissions: defineOperation({
      method: 'POST',
      path: ROUTES.count,
      gateway: GATEWAY.countSubmissions,
      request: (formIds: string[], namespace: string, options?: CountSubmissionsOptions) => ({
        formIds,
        namespace,
        statuses: options?.statuses,
      }),
      response: (body: CountSubmissionsResponse) => body,
    }),
    countDeletedSubmissions: defineOperation({
      method: 'POST',
      path: ROUTES.countDeleted,
      gateway: GATEWAY.countDeletedSubmissions,
      request: (formIds: string[], namespace: string, options?: CountSubmissionsOptions) => ({
        formIds,
        namespace,
        statuses: options?.statuses,
      }),
      response: (body: CountDeletedSubmissionsResponse) => body,
    }),
    getMediaUploadUrl: defineOperation({
      method: 'POST',
      path: ROUTES.mediaUploadUrl,
      gateway: GATEWAY.getMediaUploadUrl,
      request: (formId: string, filename: string, mimeType: string) => ({ formId, filename, mimeType }),
      response: (body: GetMediaUploadURLResponse) => body,
    }),
    bulkMarkSubmissionsAsSeen: defineOperation({
      method: 'POST',
      path: ROUTES.markAsSeen,
      gateway: GATEWAY.bulkMarkSubmissionsAsSeen,
      request: (ids: string[], formId: string) => ({ ids, formId }),
      response: (body: { jobId: string }) => body,
    }),
    getSubmissionDownloadUrl: defineOperation({
      method: 'GET',
      path: ROUTES.document,
      gateway: GATEWAY.getSubmissionDownloadUrl,
      request: (submissionId: string) => ({ submissionId }),
      response: (body: GetSubmissionDownloadUrlResponse) => body,
    }),
    downloadSubmission: defineOperation({
      method: 'GET',
      path: ROUTES.download,
      gateway: GATEWAY.downloadSubmission,
      request: (submissionId: string, accessToken: string) => ({ submissionId, accessToken }),
      response: (body: RawHttpResponse) => mapKey(body, 'body', base64Bytes),
    }),
    getFormattedSubmission: defineOperation({
      method: 'GET',
      path: ROUTES.formatted,
      gateway: GATEWAY.getFormattedSubmission,
      request: (submissionId: string) => ({ submissionId }),
      response: (body: GetFormattedSubmissionResponse) => body,
    }),
    updateExtendedFields: defineOperation({
      method: 'POST',
      path: ROUTES.extendedFields,
      gateway: GATEWAY.updateExtendedFields,
      request: (_id: string, namespace: string, options: UpdateExtendedFieldsOptions) => ({
        id: _id,
        namespace,
        namespaceData: options?.namespaceData,
      }),
      response: (body: { namespace: string; namespaceData?: Record<string, unknown> }) => body,
    }),
    bulkUpdateFormSubmissionTags: defineOperation({
      method: 'POST',
      path: ROUTES.updateTags,
      gateway: GATEWAY.bulkUpdateFormSubmissionTags,
      request: (submissionIds: string[], options?: BulkUpdateFormSubmissionTagsOptions) => ({
        submissionIds,
        assignTags: options?.assignTags,
        unassignTags: options?.unassignTags,
      }),
      response: (body: BulkSubmissionsResponse) => body,
    }),
    bulkUpdateFormSubmissionTagsByFilter: defineOperation({
      method: 'POST',
      path: ROUTES.updateTagsByFilter,
      gateway: GATEWAY.bulkUpdateFormSubmissionTagsByFilter,
      request: (filter: Record<string, unknown>, options?: BulkUpdateFormSubmissionTagsOptions) => ({
        filter,
        assignTags: options?.assignTags,
        unassignTags: options?.unassignTags,
      }),
      response: (body: { jobId: string }) => body,
    }),
    validateFormSubmission: defineOperation({
      method: 'POST',
      path: ROUTES.validate,
      gateway: GATEWAY.validateFormSubmission,
      request: (submission: FormSubmission, options?: ValidateFormSubmissionOptions) => ({
        submission,
        additionalMetadata: options?.additionalMetadata,
        fieldsToValidate: options?.fieldsToValidate,
      }),
      response: (body: ValidateFormSubmissionResponse) => body,
    }),
    upsertContactFromSubmission: defineOperation({
      method: 'POST',
      path: SUBMISSION_CONTACTS_ROUTES.upsertContact,
      prefix: SUBMISSION_CONTACTS_PREFIX,
      gateway: GATEWAY.upsertContactFromSubmission,
      request: (submissionId: string, options?: UpsertContactFromSubmissionOptions) => ({
        submissionId,
        contactId: options?.contactId,
        emailVerified: options?.emailVerified,
      }),
      response: (body: UpsertContactFromSubmissionResponse) => body,
    }),
  },
);
