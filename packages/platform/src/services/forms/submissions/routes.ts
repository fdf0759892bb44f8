import {
  BulkDeleteSubmissionRequest,
  BulkMarkSubmissionsAsSeenRequest,
  BulkRemoveSubmissionFromTrashBinRequest,
  BulkUpdateSubmissionTagsByFilterRequest,
  BulkUpdateSubmissionTagsRequest,
  CountSubmissionsByFilterRequest,
  CountSubmissionsRequest,
  CreateSubmissionRequest,
  FORM_SUBMISSIONS_PREFIX,
  FORM_SUBMISSIONS_ROUTES,
  GetMediaUploadUrlRequest,
  ListDeletedSubmissionsRequest,
  QuerySubmissionsRequest,
  SearchSubmissionsRequest,
  type ServicePrefix,
  SUBMISSION_CONTACTS_PREFIX,
  SUBMISSION_CONTACTS_ROUTES,
  SubmissionIdRequest,
  UpdateExtendedFieldsRequest,
  UpdateSubmissionRequest,
  UpsertContactFromSubmissionRequest,
  ValidateFormSubmissionRequest,
} from '@atrium/contract';
import type * as Wire from '@atrium/contract/types';
import {
  type FastifyPluginAsyncTypebox,
  type Static,
  type TSchema,
  Type,
} from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../../oauth/caller.js';
import { upsertContactFromSubmission } from '../contacts/service.js';
import type { FormsContext } from '../context.js';
import { formsCaller, getPayload, JSON_BODY, pathsOf, publicBaseUrl } from '../request.js';
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
const AnyQuery = Type.Record(Type.String(), Type.Unknown());
const DeleteQuery = Type.Object(
  { permanent: Type.Optional(Type.Boolean()), preserveFiles: Type.Optional(Type.Boolean()) },
  { additionalProperties: true },
);
const DownloadQuery = Type.Object(
  { accessToken: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/** Submissions (wire.md §8) under `/form-submission-service` and its aliases, and the contact mapping. */
export function submissionRoutes(ctx: FormsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const submissions = (protoPath: string) => pathsOf(FORM_SUBMISSIONS_PREFIX, protoPath);
    const caller = (request: FastifyRequest) => formsCaller(request, ctx);

    /** A POST route: its body schema and what it answers for the caller. */
    const post = <B extends TSchema>(
      protoPath: string,
      body: B,
      handle: (body: Static<B>, who: Caller, request: FastifyRequest) => Promise<unknown>,
      prefix: ServicePrefix = FORM_SUBMISSIONS_PREFIX,
    ) => {
      for (const path of pathsOf(prefix, protoPath)) {
        app.post(path, { ...JSON_BODY, schema: { body } }, async (request) =>
          handle(request.body as Static<B>, await caller(request), request),
        );
      }
    };
    /** A route on one submission (`:submissionId` in the path). */
    const onSubmission = (
      method: 'GET' | 'DELETE',
      protoPath: string,
      handle: (
        submissionId: string,
        query: Record<string, unknown>,
        who: Caller,
        request: FastifyRequest,
        reply: FastifyReply,
      ) => Promise<unknown>,
    ) => {
      for (const url of submissions(protoPath)) {
        app.route({
          method,
          url,
          schema: { params: SubmissionParams, querystring: AnyQuery },
          handler: async (request, reply) =>
            handle(request.params.submissionId, request.query, await caller(request), request, reply),
        });
      }
    };

    // ── One submission ─────────────────────────────────────────────────────────────────────────
    post(FORM_SUBMISSIONS_ROUTES.submissions, CreateSubmissionRequest, async (body, who) => ({
      submission: await createSubmission(ctx.db, who, body),
    }));
    onSubmission('GET', FORM_SUBMISSIONS_ROUTES.submission, async (id, _query, who) => ({
      submission: await getSubmission(ctx.db, who, id),
    }));
    for (const path of submissions(FORM_SUBMISSIONS_ROUTES.submission)) {
      app.patch(
        path,
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
    }
    onSubmission('DELETE', FORM_SUBMISSIONS_ROUTES.submission, async (id, query, who) => {
      await deleteSubmission(ctx, who, id, getPayload<Static<typeof DeleteQuery>>(query, DeleteQuery));
      return {};
    });
    for (const path of submissions(FORM_SUBMISSIONS_ROUTES.confirm)) {
      app.post(
        path,
        { ...JSON_BODY, schema: { params: SubmissionParams, body: SubmissionIdRequest } },
        async (request) => confirmSubmission(ctx.db, await caller(request), request.params.submissionId),
      );
    }
    for (const path of submissions(FORM_SUBMISSIONS_ROUTES.extendedFields)) {
      app.post(
        path,
        { ...JSON_BODY, schema: { params: IdParams, body: UpdateExtendedFieldsRequest } },
        async (request) =>
          updateExtendedFields(ctx.db, await caller(request), request.params.id, request.body),
      );
    }
    post(FORM_SUBMISSIONS_ROUTES.validate, ValidateFormSubmissionRequest, (body, who) =>
      validateSubmission(ctx.db, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.mediaUploadUrl, GetMediaUploadUrlRequest, (body, who, request) =>
      createUploadUrl(ctx, who, body, publicBaseUrl(request)),
    );

    // ── Documents ──────────────────────────────────────────────────────────────────────────────
    onSubmission('GET', FORM_SUBMISSIONS_ROUTES.document, (id, _query, who, request) =>
      getSubmissionDownloadUrl(ctx, who, id, publicBaseUrl(request)),
    );
    onSubmission('GET', FORM_SUBMISSIONS_ROUTES.formatted, (id, _query, who) =>
      getFormattedSubmission(ctx, who, id),
    );
    for (const url of submissions(FORM_SUBMISSIONS_ROUTES.download)) {
      // The access token is the credential (a download URL opens in a browser, without headers).
      app.get(
        url,
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
    }

    // ── Many submissions ───────────────────────────────────────────────────────────────────────
    post(FORM_SUBMISSIONS_ROUTES.bulkDelete, BulkDeleteSubmissionRequest, (body, who) =>
      bulkDeleteSubmissions(ctx, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.queryByNamespace, QuerySubmissionsRequest, (body, who) =>
      querySubmissionsByNamespace(ctx, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.query, QuerySubmissionsRequest, (body, who) =>
      querySubmissions(ctx, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.searchByNamespace, SearchSubmissionsRequest, (body, who) =>
      searchSubmissionsByNamespace(ctx, who, body as Wire.SearchSubmissionsRequest),
    );
    post(FORM_SUBMISSIONS_ROUTES.count, CountSubmissionsRequest, (body, who) =>
      countSubmissions(ctx, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.countByFilter, CountSubmissionsByFilterRequest, (body, who) =>
      countSubmissionsByFilter(ctx, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.markAsSeen, BulkMarkSubmissionsAsSeenRequest, (body, who) =>
      markSubmissionsAsSeen(ctx, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.updateTags, BulkUpdateSubmissionTagsRequest, (body, who) =>
      updateSubmissionTags(ctx, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.updateTagsByFilter, BulkUpdateSubmissionTagsByFilterRequest, (body, who) =>
      updateSubmissionTagsByFilter(ctx, who, body),
    );

    // ── Trash bin ──────────────────────────────────────────────────────────────────────────────
    for (const path of submissions(FORM_SUBMISSIONS_ROUTES.trashBin)) {
      app.get(path, { schema: { querystring: AnyQuery } }, async (request) =>
        listDeletedSubmissions(
          ctx,
          await caller(request),
          getPayload<Wire.ListDeletedSubmissionsRequest>(request.query, ListDeletedSubmissionsRequest),
        ),
      );
    }
    onSubmission('GET', FORM_SUBMISSIONS_ROUTES.deletedSubmission, (id, _query, who) =>
      getDeletedSubmission(ctx, who, id),
    );
    onSubmission('DELETE', FORM_SUBMISSIONS_ROUTES.deletedSubmission, async (id, _query, who) => {
      await removeFromTrashBin(ctx, who, id);
      return {};
    });
    for (const path of submissions(FORM_SUBMISSIONS_ROUTES.restore)) {
      app.post(
        path,
        { ...JSON_BODY, schema: { params: SubmissionParams, body: SubmissionIdRequest } },
        async (request) => restoreSubmission(ctx, await caller(request), request.params.submissionId),
      );
    }
    post(
      FORM_SUBMISSIONS_ROUTES.bulkRemoveFromTrashBin,
      BulkRemoveSubmissionFromTrashBinRequest,
      (body, who) => bulkRemoveFromTrashBin(ctx, who, body),
    );
    post(FORM_SUBMISSIONS_ROUTES.countDeleted, CountSubmissionsRequest, (body, who) =>
      countDeletedSubmissions(ctx, who, body),
    );

    // ── Contacts ───────────────────────────────────────────────────────────────────────────────
    post(
      SUBMISSION_CONTACTS_ROUTES.upsertContact,
      UpsertContactFromSubmissionRequest,
      (body, who) => upsertContactFromSubmission(ctx, who, body),
      SUBMISSION_CONTACTS_PREFIX,
    );
  };
}
