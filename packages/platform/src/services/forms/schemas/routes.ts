import {
  CreateFormRequest,
  FORM_SCHEMAS_ROUTES,
  ListFormsRequest,
  QueryFormsRequest,
  UpdateFormRequest,
} from '@atrium/contract';
import type * as Wire from '@atrium/contract/types';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf, fastifyPath, requireElevated } from '../../../http/index.js';
import { NoQuery } from '../../../http/schemas.js';
import { type FormsContext, removeMediaFiles } from '../context.js';
import { refuseCaller } from '../errors.js';
import { ENCODED_REQUEST, formsQuery, JSON_BODY, QueryNumber } from '../route-kit.js';
import { createForm, deleteForm, getForm, listForms, queryForms, updateForm } from './service.js';

const FormParams = Type.Object({ formId: Type.String() });
/** `GET /v4/forms`: the request as `.r`, or `namespace`, flags, `paging.*` and repeated `fieldsets`. */
const ListFormsQuery = Type.Object(
  {
    ...ENCODED_REQUEST,
    namespace: Type.Optional(Type.String()),
    disabled: Type.Optional(Type.Boolean()),
    enabled: Type.Optional(Type.Boolean()),
    order: Type.Optional(Type.String()),
    'paging.limit': Type.Optional(QueryNumber),
    'paging.cursor': Type.Optional(Type.String()),
    fieldsets: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  },
  { additionalProperties: true },
);
/** `DELETE /v4/forms/{formId}`: `permanent`, or the request as `.r`. */
const DeleteFormQuery = Type.Object(
  {
    ...ENCODED_REQUEST,
    formId: Type.Optional(Type.String()),
    permanent: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
const DeleteFormRequest = Type.Object(
  { formId: Type.Optional(Type.String()), permanent: Type.Optional(Type.Boolean()) },
  { additionalProperties: true },
);

/**
 * Form schemas (docs/wire.md §14), registered under FORM_SCHEMAS_PREFIX: read the request and the
 * caller, call the service, answer.
 */
export function formSchemaRoutes(ctx: FormsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const elevated = async (request: FastifyRequest, what: string) =>
      requireElevated(await callerOf(request, ctx), what, refuseCaller);
    const forms = fastifyPath(FORM_SCHEMAS_ROUTES.forms);
    const form = fastifyPath(FORM_SCHEMAS_ROUTES.form);

    app.post(forms, { ...JSON_BODY, schema: { body: CreateFormRequest } }, async (request) => {
      await elevated(request, 'creating a form');
      return { form: await createForm(ctx.db, request.body.form) };
    });
    app.get(forms, { schema: { querystring: ListFormsQuery } }, async (request) => {
      await elevated(request, 'listing forms');
      return listForms(ctx.db, formsQuery<Wire.ListFormsRequest>(request.query, ListFormsRequest));
    });
    app.post(
      fastifyPath(FORM_SCHEMAS_ROUTES.query),
      { ...JSON_BODY, schema: { body: QueryFormsRequest } },
      async (request) => {
        await elevated(request, 'querying forms');
        return queryForms(ctx.db, request.body);
      },
    );
    // Anyone may read a form: a site renders its forms for visitors.
    app.get(form, { schema: { params: FormParams, querystring: NoQuery } }, async (request) => {
      await callerOf(request, ctx);
      return { form: await getForm(ctx.db, request.params.formId) };
    });
    app.patch(
      form,
      { ...JSON_BODY, schema: { params: FormParams, body: UpdateFormRequest } },
      async (request) => {
        await elevated(request, 'updating a form');
        return { form: await updateForm(ctx.db, request.params.formId, request.body.form) };
      },
    );
    app.delete(form, { schema: { params: FormParams, querystring: DeleteFormQuery } }, async (request) => {
      await elevated(request, 'deleting a form');
      const { permanent } = formsQuery<{ permanent?: boolean }>(request.query, DeleteFormRequest);
      await removeMediaFiles(ctx, await deleteForm(ctx.db, request.params.formId, permanent === true));
      return {};
    });
  };
}
