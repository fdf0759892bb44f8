import { lazyModule } from '../../client/module-function.js';
import type { ModuleOf } from '../../client/operation.js';
import { CONDITIONS, pageQuery } from '../../query/builder.js';
import type { PageDialect } from '../../query/record.js';
import type { formsModule } from './operations/forms.js';
import type { submissionsModule } from './operations/submissions.js';
import type { QueryForms, QuerySubmissionsByNamespace } from './types.js';

/**
 * `@atrium/sdk/forms`: form submissions and form schemas with the names and signatures of
 * `@wix/forms` (docs/wire.md §8, §14). `submissions` creates, reads and manages submissions (visitors
 * and members create them; the rest needs an API key, or the member's own submission);
 * `forms` manages form schemas (elevated), and `getForm` reads one for rendering. `uploadFile`
 * sends a file to a `getMediaUploadUrl` URL with progress. Each module's operations load on its
 * first call, a builder's code on its first `find()`.
 */
export type * from './types.js';
export {
  fileValue,
  type UploadBody,
  type UploadFileOptions,
  type UploadProgress,
  uploadFile,
} from './upload.js';

type SubmissionOps = (typeof submissionsModule)['operations'];
type FormOps = (typeof formsModule)['operations'];

const submissionOperations = lazyModule<SubmissionOps>(
  {
    createSubmission: 1,
    getSubmission: 1,
    updateSubmission: 1,
    confirmSubmission: 1,
    deleteSubmission: 1,
    bulkDeleteSubmission: 1,
    restoreSubmissionFromTrashBin: 1,
    removeSubmissionFromTrashBin: 1,
    bulkRemoveSubmissionFromTrashBin: 1,
    listDeletedSubmissions: 1,
    getDeletedSubmission: 1,
    querySubmission: 1,
    querySubmissionsByNamespace: 1,
    searchSubmissionsByNamespace: 1,
    countSubmissionsByFilter: 1,
    countSubmissions: 1,
    countDeletedSubmissions: 1,
    getMediaUploadUrl: 1,
    bulkMarkSubmissionsAsSeen: 1,
    getSubmissionDownloadUrl: 1,
    downloadSubmission: 1,
    getFormattedSubmission: 1,
    updateExtendedFields: 1,
    bulkUpdateFormSubmissionTags: 1,
    bulkUpdateFormSubmissionTagsByFilter: 1,
    validateFormSubmission: 1,
    upsertContactFromSubmission: 1,
  },
  () => import('./operations/submissions.js').then((module) => module.submissionsModule),
);

const formOperations = lazyModule<FormOps>(
  { createForm: 1, getForm: 1, updateForm: 1, deleteForm: 1, listForms: 1, queryForms: 1 },
  () => import('./operations/forms.js').then((module) => module.formsModule),
);

/**
 * The forms query builders (../../query/builder.ts): cursor paging; `query(query, options)` or
 * any two arguments send the typed query at once.
 */
const FORMS_QUERY: PageDialect = {
  chained: `${CONDITIONS} ascending descending limit skipTo`,
  metadata: 'metadata',
  overload: 'arguments',
};

type WithQuery<Ops, Name extends keyof Ops, Query> = Omit<ModuleOf<Ops>, Name> & { [K in Name]: Query };

export const submissions: WithQuery<
  SubmissionOps,
  'querySubmissionsByNamespace',
  QuerySubmissionsByNamespace
> = /* @__PURE__ */ (() => ({
  ...submissionOperations,
  querySubmissionsByNamespace: pageQuery<QuerySubmissionsByNamespace>(
    'querySubmissionsByNamespace',
    FORMS_QUERY,
    'submissions',
    false,
    submissionOperations,
  ),
}))();

export const forms: WithQuery<FormOps, 'queryForms', QueryForms> = /* @__PURE__ */ (() => ({
  ...formOperations,
  queryForms: pageQuery<QueryForms>('queryForms', FORMS_QUERY, 'forms', false, formOperations),
}))();
