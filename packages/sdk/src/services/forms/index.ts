import type { ContextClient } from '../../client/context.js';
import { lazyLoad } from '../../client/lazy.js';
import {
  type ClientOf,
  clientFunction,
  lazyModule,
  type OperationRef,
  operationOf,
} from '../../client/module-function.js';
import type { ModuleOf } from '../../client/operation.js';
import type { QueryRecord } from './cursor-query.js';
import type { formsModule } from './forms-operations.js';
import type { submissionsModule } from './submissions-operations.js';
import type {
  CursorQueryBuilder,
  Form,
  FormSubmission,
  QueryForms,
  QuerySubmissionsByNamespace,
} from './types.js';

/**
 * `@atrium/sdk/forms`: form submissions and form schemas with the names and signatures of
 * `@wix/forms` (wire.md §8, §14). `submissions` creates, reads and manages submissions (visitors
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
  () => import('./submissions-operations.js').then((module) => module.submissionsModule),
);

const formOperations = lazyModule<FormOps>(
  { createForm: 1, getForm: 1, updateForm: 1, deleteForm: 1, listForms: 1, queryForms: 1 },
  () => import('./forms-operations.js').then((module) => module.formsModule),
);

const loadBuilderCode = lazyLoad(() => import('./cursor-query.js'));
const QUERY_RECORD = Symbol.for('atrium.sdk.forms.query');

const CHAINED =
  'eq ne ge gt le lt startsWith endsWith contains hasSome hasAll in exists isEmpty isNotEmpty between and or not ascending descending limit skipTo';

/** An immutable recording builder: each chained call returns a new one with one more step. */
function recorder<Item>(
  record: QueryRecord,
  client: ClientOf,
  operation: OperationRef,
): CursorQueryBuilder<Item> {
  const builder: Record<string | symbol, unknown> = { [QUERY_RECORD]: record };
  for (const name of CHAINED.split(' ')) {
    builder[name] = (...args: unknown[]) =>
      recorder({ ...record, steps: [...record.steps, [name, args]] }, client, operation);
  }
  builder.find = async () =>
    (await loadBuilderCode()).findPage<Item>(client() as ContextClient, operation, record);
  return builder as unknown as CursorQueryBuilder<Item>;
}

/** A query object rather than options: the reference's overload rule (filter, sort or paging given). */
const isQuery = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  ['filter', 'sort', 'cursorPaging', 'paging'].some((key) => Object.hasOwn(value, key));

/**
 * `query(options?)` returns a builder; `query(query, options?)` sends the query at once and
 * resolves to the whole answer (`typed` is the module's typed query operation).
 */
function cursorQueryFunction<Item>(name: string, itemsKey: QueryRecord['itemsKey'], typed: OperationRef) {
  return clientFunction((client) => {
    const query = (...args: unknown[]) =>
      args.length >= 2 || (args.length === 1 && isQuery(args[0]))
        ? client().call(typed, [args[0], args[1]])
        : recorder<Item>({ itemsKey, options: args[0] as object | undefined, steps: [] }, client, typed);
    return Object.defineProperty(query, 'name', { value: name });
  });
}

type WithQuery<Ops, Name extends keyof Ops, Query> = Omit<ModuleOf<Ops>, Name> & { [K in Name]: Query };

export const submissions: WithQuery<
  SubmissionOps,
  'querySubmissionsByNamespace',
  QuerySubmissionsByNamespace
> = /* @__PURE__ */ (() => ({
  ...submissionOperations,
  querySubmissionsByNamespace: cursorQueryFunction<FormSubmission>(
    'querySubmissionsByNamespace',
    'submissions',
    operationOf(submissionOperations.querySubmissionsByNamespace)!,
  ) as unknown as QuerySubmissionsByNamespace,
}))();

export const forms: WithQuery<FormOps, 'queryForms', QueryForms> = /* @__PURE__ */ (() => ({
  ...formOperations,
  queryForms: cursorQueryFunction<Form>(
    'queryForms',
    'forms',
    operationOf(formOperations.queryForms)!,
  ) as unknown as QueryForms,
}))();
