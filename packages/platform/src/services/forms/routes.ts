import {
  CreateFormRequest,
  FORM_SCHEMAS_PREFIX,
  FORM_SCHEMAS_ROUTES,
  ListFormsRequest,
  QueryFormsRequest,
  UpdateFormRequest,
} from '@atrium/contract';
import type * as Wire from '@atrium/contract/types';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { type FormsContext, removeMediaFiles } from './context.js';
import { formsCaller, getPayload, JSON_BODY, pathsOf, requireElevated } from './request.js';
import { createForm, deleteForm, getForm, listForms, queryForms, updateForm } from './schemas/service.js';
import { submissionRoutes } from './submissions/routes.js';
import { uploadRoutes } from './uploads/routes.js';

const FormParams = Type.Object({ formId: Type.String() });
const AnyQuery = Type.Record(Type.String(), Type.Unknown());

/**
 * The forms services: form schemas (wire.md §14) under `/form-schema-service`, submissions and
 * the contact mapping (wire.md §8) under their prefixes and aliases, and the upload endpoint of
 * media upload URLs. Routes read the request and the caller; the rules live in the service modules.
 */
export function formsRoutes(ctx: FormsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const caller = (request: FastifyRequest) => formsCaller(request, ctx);
    const elevated = async (request: FastifyRequest, what: string) => {
      const who = await caller(request);
      requireElevated(who, what);
      return who;
    };

    for (const path of pathsOf(FORM_SCHEMAS_PREFIX, FORM_SCHEMAS_ROUTES.forms)) {
      app.post(path, { ...JSON_BODY, schema: { body: CreateFormRequest } }, async (request) => {
        await elevated(request, 'creating a form');
        return { form: await createForm(ctx.db, request.body.form) };
      });
      app.get(path, { schema: { querystring: AnyQuery } }, async (request) => {
        await elevated(request, 'listing forms');
        return listForms(ctx.db, getPayload<Wire.ListFormsRequest>(request.query, ListFormsRequest));
      });
    }
    for (const path of pathsOf(FORM_SCHEMAS_PREFIX, FORM_SCHEMAS_ROUTES.query)) {
      app.post(path, { ...JSON_BODY, schema: { body: QueryFormsRequest } }, async (request) => {
        await elevated(request, 'querying forms');
        return queryForms(ctx.db, request.body);
      });
    }
    for (const path of pathsOf(FORM_SCHEMAS_PREFIX, FORM_SCHEMAS_ROUTES.form)) {
      // Anyone may read a form: a site renders its forms for visitors.
      app.get(path, { schema: { params: FormParams } }, async (request) => {
        await caller(request);
        return { form: await getForm(ctx.db, request.params.formId) };
      });
      app.patch(
        path,
        { ...JSON_BODY, schema: { params: FormParams, body: UpdateFormRequest } },
        async (request) => {
          await elevated(request, 'updating a form');
          return { form: await updateForm(ctx.db, request.params.formId, request.body.form) };
        },
      );
      app.delete(path, { schema: { params: FormParams, querystring: AnyQuery } }, async (request) => {
        await elevated(request, 'deleting a form');
        const { permanent } = getPayload<{ permanent?: boolean }>(request.query, DeleteFormQuery);
        await removeMediaFiles(ctx, await deleteForm(ctx.db, request.params.formId, permanent === true));
        return {};
      });
    }

    await app.register(submissionRoutes(ctx));
    await app.register(uploadRoutes(ctx));
  };
}

const DeleteFormQuery = Type.Object(
  { formId: Type.Optional(Type.String()), permanent: Type.Optional(Type.Boolean()) },
  { additionalProperties: true },
);
