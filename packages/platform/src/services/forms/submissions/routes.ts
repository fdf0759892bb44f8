import {
  BulkDeleteSubmissionRequest,
  BulkMarkSubmissionsAsSeenRequest,
  BulkRemoveSubmissionFromTrashBinRequest,
  BulkUpdateSubmissionTagsByFilterRequest,
  BulkUpdateSubmissionTagsRequest,
  CountSubmissionsByFilterRequest,
  CountSubmissionsRequest,
  CreateSubmissionRequest,
  FORM_SUBMISSIONS_ROUTES,
  GetMediaUploadUrlRequest,
  ListDeletedSubmissionsRequest,
  QuerySubmissionsRequest,
  SearchSubmissionsRequest,
  SubmissionIdRequest,
  UpdateExtendedFieldsRequest,
  UpdateSubmissionRequest,
  ValidateFormSubmissionRequest,
} from '@atrium/contract';
import type * as Wire from '@atrium/contract/types';
import {
  type FastifyPluginAsyncTypebox,
  type Static,
  type TSchema,
  Type,
} from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf, fastifyPath } from '../../../http/index.js';
import { NoQuery } from '../../../http/schemas.js';
import type { Caller } from '../../../oauth/caller.js';
import type { FormsContext } from '../context.js';
import { ENCODED_REQUEST, formsQuery, JSON_BODY, QueryNumber } from '../route-kit.js';
import { createUploadUrl } from '../uploads/service.js';
import { markSubmissionsAsSeen, updateSubmissionTags, updateSubmissionTagsByFilter } from './bulk.js';
import {
  documentSubmission,
  getFormattedSubmission,
  getSubmissionDownloadUrl,
  renderDocument,
} from './documents.js';
import {
  countSubmissions,
  countSubmissionsByFilter,
  querySubmissions,
  querySubmissionsByNamespace,
  searchSubmissionsByNamespace,
} from './query.js';
import {
  confirmSubmission,
  createSubmission,
  getSubmission,
  updateExtendedFields,
  updateSubmission,
  validateSubmission,
} from './service.js';
import {
  bulkDeleteSubmissions,
  bulkRemoveFromTrashBin,
  countDeletedSubmissions,
  deleteSubmission,
  getDeletedSubmission,
  listDeletedSubmissions,
  removeFromTrashBin,
  restoreSubmission,
} from './trash.js';

const SubmissionParams = Type.Object({ submissionId: Type.String() });
const IdParams = Type.Object({ id: Type.String() });
const DeleteRequest = Type.Object(
  { permanent: Type.Optional(Type.Boolean()), preserveFiles: Type.Optional(Type.Boolean()) },
  { additionalProperties: true },
);
/** `DELETE /v4/submissions/{submissionId}`: `permanent`, `preserveFiles`, or the request as `.r`. */
const DeleteQuery = Type.Object(
  { ...ENCODED_REQUEST, ...DeleteRequest.properties },
  { additionalProperties: true },
);
const DownloadQuery = Type.Object(
  { accessToken: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
/** `GET /v4/submissions/trash-bin`: the request as `.r`, or its keys (`paging.*`, repeated lists). */
const TrashBinQuery = Type.Object(
  {
    ...ENCODED_REQUEST,
    formId: Type.Optional(Type.String()),
    submissionIds: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
    'paging.limit': Type.Optional(QueryNumber),
    'paging.cursor': Type.Optional(Type.String()),
    statuses: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
    namespace: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/**
 * Submissions (docs/wire.md §8), registered under FORM_SUBMISSIONS_PREFIX: read the request and the
 * caller, call the service, answer.
 */
export function submissionRoutes(ctx: FormsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const caller = (request: FastifyRequest) => callerOf(request, ctx);

    /** A POST route: its body schema and what it answers for the caller. */
    const post = <B extends TSchema>(
      protoPath: string,
      body: B,
      handle: (body: Static<B>, who: Caller, request: FastifyRequest) => Promise<unknown>,
    ) => {
      app.post(fastifyPath(protoPath), { ...JSON_BODY, schema: { body } }, async (request) =>
        handle(request.body as Static<B>, await caller(request), request),
      );
    };
    /** A POST route answered by a service function called with the context, the caller and the body. */
    const serve = <B extends TSchema>(
      protoPath: string,
      body: B,
      service: (ctx: FormsContext, who: Caller, body: Static<B>) => Promise<unknown>,
    ) => post(protoPath, body, (request, who) => service(ctx, who, request));
    /**
     * A route on one submission (`:submissionId` in the path): a GET or DELETE without a query, or a
     * POST whose body names the submission again.
     */
    const onSubmission = (
      method: 'GET' | 'DELETE' | 'POST',
      protoPath: string,
      handle: (submissionId: string, who: Caller, request: FastifyRequest) => Promise<unknown>,
    ) => {
      app.route({
        method,
        url: fastifyPath(protoPath),
        ...(method === 'POST'
          ? { ...JSON_BODY, schema: { params: SubmissionParams, body: SubmissionIdRequest } }
          : { schema: { params: SubmissionParams, querystring: NoQuery } }),
        handler: async (request) => handle(request.params.submissionId, await caller(request), request),
      });
    };
    const submission = fastifyPath(FORM_SUBMISSIONS_ROUTES.submission);

    // ── One submission ─────────────────────────────────────────────────────────────────────────
    post(FORM_SUBMISSIONS_ROUTES.submissions, CreateSubmissionRequest, async (body, who) => ({
      submission: await createSubmission(ctx.db, who, body),
    }));
    onSubmission('GET', FORM_SUBMISSIONS_ROUTES.submission, async (id, who) => ({
      submission: await getSubmission(ctx.db, who, id),
    }));
    app.patch(
      submission,
      { ...JSON_BODY, schema: { params: SubmissionParams, body: UpdateSubmissionRequest } },
      async (request) => ({
        submission: await updateSubmission(
          ctx.db,
          await caller(request),
          request.params.submissionId,
          request.body,
        ),
      }),
    );
    app.delete(
      submission,
      { schema: { params: SubmissionParams, querystring: DeleteQuery } },
      async (request) => {
        const who = await caller(request);
        const options = formsQuery<Static<typeof DeleteRequest>>(request.query, DeleteRequest);
        await deleteSubmission(ctx, who, request.params.submissionId, options);
        return {};
      },
    );
    onSubmission('POST', FORM_SUBMISSIONS_ROUTES.confirm, (id, who) => confirmSubmission(ctx.db, who, id));
    app.post(
      fastifyPath(FORM_SUBMISSIONS_ROUTES.extendedFields),
      { ...JSON_BODY, schema: { params: IdParams, body: UpdateExtendedFieldsRequest } },
      async (request) => updateExtendedFields(ctx.db, await caller(request), request.params.id, request.body),
    );
    post(FORM_SUBMISSIONS_ROUTES.validate, ValidateFormSubmissionRequest, (body, who) =>
      validateSubmission(ctx.db, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.mediaUploadUrl, GetMediaUploadUrlRequest, (body, who, request) =>
      createUploadUrl(ctx, who, body, request.publicOrigin),
    );

    // ── Documents ──────────────────────────────────────────────────────────────────────────────
    onSubmission('GET', FORM_SUBMISSIONS_ROUTES.document, (id, who, request) =>
      getSubmissionDownloadUrl(ctx, who, id, request.publicOrigin),
    );
    onSubmission('GET', FORM_SUBMISSIONS_ROUTES.formatted, (id, who) => getFormattedSubmission(ctx, who, id));
    // The access token is the credential (a download URL opens in a browser, without headers).
    app.get(
      fastifyPath(FORM_SUBMISSIONS_ROUTES.download),
      { schema: { params: SubmissionParams, querystring: DownloadQuery } },
      async (request, reply) => {
        const submission = await documentSubmission(
          ctx,
          request.params.submissionId,
          request.query.accessToken,
        );
        const { filename, text } = await renderDocument(ctx, submission);
        const disposition = `attachment; filename="${filename}"`;
        // A browser gets the file itself; API clients (the reference's downloadSubmission) get
        // the JSON RawHttpResponse they decode: `{ body: base64, statusCode, headers }`.
        if ((request.headers.accept ?? '').includes('text/html')) {
          return reply
            .type('text/plain; charset=utf-8')
            .header('content-disposition', disposition)
            .send(text);
        }
        return {
          body: Buffer.from(text, 'utf8').toString('base64'),
          statusCode: 200,
          headers: [
            { key: 'Content-Type', value: 'text/plain; charset=utf-8' },
            { key: 'Content-Disposition', value: disposition },
          ],
        };
      },
    );

    // ── Many submissions ───────────────────────────────────────────────────────────────────────
    serve(FORM_SUBMISSIONS_ROUTES.bulkDelete, BulkDeleteSubmissionRequest, bulkDeleteSubmissions);
    serve(FORM_SUBMISSIONS_ROUTES.queryByNamespace, QuerySubmissionsRequest, querySubmissionsByNamespace);
    serve(FORM_SUBMISSIONS_ROUTES.query, QuerySubmissionsRequest, querySubmissions);
    post(FORM_SUBMISSIONS_ROUTES.searchByNamespace, SearchSubmissionsRequest, (body, who) =>
      searchSubmissionsByNamespace(ctx, who, body as Wire.SearchSubmissionsRequest),
    );
    serve(FORM_SUBMISSIONS_ROUTES.count, CountSubmissionsRequest, countSubmissions);
    serve(FORM_SUBMISSIONS_ROUTES.countByFilter, CountSubmissionsByFilterRequest, countSubmissionsByFilter);
    serve(FORM_SUBMISSIONS_ROUTES.markAsSeen, BulkMarkSubmissionsAsSeenRequest, markSubmissionsAsSeen);
    serve(FORM_SUBMISSIONS_ROUTES.updateTags, BulkUpdateSubmissionTagsRequest, updateSubmissionTags);
    serve(
      FORM_SUBMISSIONS_ROUTES.updateTagsByFilter,
      BulkUpdateSubmissionTagsByFilterRequest,
      updateSubmissionTagsByFilter,
    );

    // ── Trash bin ──────────────────────────────────────────────────────────────────────────────
    app.get(
      fastifyPath(FORM_SUBMISSIONS_ROUTES.trashBin),
      { schema: { querystring: TrashBinQuery } },
      async (request) => {
        const who = await caller(request);
        const list = formsQuery<Wire.ListDeletedSubmissionsRequest>(
          request.query,
          ListDeletedSubmissionsRequest,
        );
        return listDeletedSubmissions(ctx, who, list);
      },
    );
    onSubmission('GET', FORM_SUBMISSIONS_ROUTES.deletedSubmission, (id, who) =>
      getDeletedSubmission(ctx, who, id),
    );
    onSubmission('DELETE', FORM_SUBMISSIONS_ROUTES.deletedSubmission, async (id, who) => {
      await removeFromTrashBin(ctx, who, id);
      return {};
    });
    onSubmission('POST', FORM_SUBMISSIONS_ROUTES.restore, (id, who) => restoreSubmission(ctx, who, id));
    serve(
      FORM_SUBMISSIONS_ROUTES.bulkRemoveFromTrashBin,
      BulkRemoveSubmissionFromTrashBinRequest,
      bulkRemoveFromTrashBin,
    );
    serve(FORM_SUBMISSIONS_ROUTES.countDeleted, CountSubmissionsRequest, countDeletedSubmissions);
  };
}
