import { FORM_SCHEMAS_PREFIX, FORM_SCHEMAS_ROUTES, FORMS_GATEWAY } from '@atrium/contract/routes/forms';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
import { complexGetPayload } from '../../../query/encoded.js';
import type {
  CursorQuery,
  DeleteFormOptions,
  Form,
  GetFormOptions,
  ListFormsOptions,
  ListFormsResponse,
  QueryFormsOptions,
  QueryFormsResponse,
} from '../types.js';
import { formFromWire, mapList } from './transforms.js';

/**
 * What each `forms` call sends and returns (docs/wire.md §14), as plain data loaded on the module's first
 * call. `listForms` sends its request as `.r` when it holds paging,
 * as the reference does.
 */
const formOf = (body: { form?: Form }) => formFromWire(body.form);
const withForms = <T>(body: T): T => mapList(body, 'forms', formFromWire);

export const formsModule = serviceModule(
  { packageName: '@atrium/sdk/forms', prefix: FORM_SCHEMAS_PREFIX, renameSystemKeys: true },
  FORMS_GATEWAY,
  {
    createForm: route('POST', FORM_SCHEMAS_ROUTES.forms, {
      request: (form: Form) => ({ form }),
      response: formOf,
    }),
    getForm: route('GET', FORM_SCHEMAS_ROUTES.form, {
      request: (formId: string, options?: GetFormOptions) => ({
        formId,
        additionalMetadata: options?.additionalMetadata,
      }),
      response: formOf,
    }),
    updateForm: route('PATCH', FORM_SCHEMAS_ROUTES.updateForm, {
      request: (_id: string, form: Form) => ({ form: { ...form, id: _id } }),
      response: formOf,
    }),
    deleteForm: route('DELETE', FORM_SCHEMAS_ROUTES.form, {
      request: (formId: string, options?: DeleteFormOptions) => ({ formId, permanent: options?.permanent }),
      response: (): void => undefined,
    }),
    listForms: route('GET', FORM_SCHEMAS_ROUTES.forms, {
      request: (namespace: string, options?: ListFormsOptions) =>
        complexGetPayload({
          namespace,
          ...pick(
            options,
            'disabled',
            'order',
            'paging',
            'fieldsets',
            'formIds',
            'paymentForm',
            'additionalMetadata',
          ),
        }),
      response: (body: ListFormsResponse) => withForms(body),
    }),
    /** The typed form of `queryForms` (the builder's terminal sends it too). */
    queryForms: route('POST', FORM_SCHEMAS_ROUTES.query, {
      request: (query: CursorQuery, options?: QueryFormsOptions) => ({ ...options, query }),
      response: (body: QueryFormsResponse) => withForms(body),
    }),
  },
);
