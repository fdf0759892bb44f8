import { randomUUID } from 'node:crypto';
import {
  FORMS_ERROR_CODES,
  FormsCursorQuery,
  ListFormsRequest as ListFormsRequestSchema,
} from '@atrium/contract';
import type {
  Form,
  FormInput,
  FormsCursorQuery as FormsCursorQueryType,
  ListFormsRequest,
  ListFormsResponse,
  QueryFormsRequest,
  QueryFormsResponse,
} from '@atrium/contract/types';
import { sql } from 'kysely';
import type { Db } from '../../../storage/database.js';
import { inTransaction } from '../../../storage/transaction.js';
import { formNotFound, formsError, invalidRequest, revisionMismatch } from '../errors.js';
import { isUuid } from '../ids.js';
import { and, compileFilter, compileSort, type FieldResolver, type FieldSpec } from '../query/filter.js';
import { pageMetadata, resolvePage } from '../query/paging.js';
import { checkFormInput } from './definition.js';
import {
  deleteFormRow,
  findForm,
  insertForm,
  namesLike,
  type Queryable,
  replaceForm,
  type StoredForm,
  selectForms,
  toWireForm,
  trashForm,
} from './store.js';

/**
 * Form schemas (docs/wire.md §14): created, read, updated, deleted, queried and listed by elevated
 * callers (the routes check that); read by anyone, since a site renders its forms for visitors.
 */

/** Keys that are columns (or computed), never stored in the definition. */
const SYSTEM_KEYS = ['id', 'namespace', 'name', 'enabled', 'revision', 'createdDate', 'updatedDate'];
const withoutSystemKeys = (form: FormInput): Record<string, unknown> =>
  Object.fromEntries(Object.entries(form).filter(([key]) => !SYSTEM_KEYS.includes(key)));

export async function createForm(db: Db, input: FormInput, now = new Date()): Promise<Form> {
  const fields = checkFormInput(input, 'create') ?? [];
  const namespace = input.namespace!;
  const requestedId = input.id ?? undefined;
  if (requestedId !== undefined && !isUuid(requestedId)) {
    throw invalidRequest('form.id, when given, must be a GUID; leave it out to get one', { id: requestedId });
  }
  return inTransaction(db, async (trx) => {
    const name = typeof input.name === 'string' ? await availableName(trx, namespace, input.name) : null;
    const stored = await insertForm(trx, {
      id: requestedId ?? randomUUID(),
      namespace,
      name,
      enabled: input.enabled !== false,
      definition: { ...withoutSystemKeys(input), formFields: fields },
      now,
    });
    if (stored === undefined) {
      throw formsError(409, FORMS_ERROR_CODES.invalidForm, `A form with id ${requestedId} already exists.`, {
        id: requestedId,
      });
    }
    return toWireForm(stored);
  });
}

/**
 * Names are unique in a namespace: a taken name is stored as a numbered variation ("Contact (2)"),
 * as the hosted platform does, rather than refused.
 */
async function availableName(db: Queryable, namespace: string, name: string): Promise<string> {
  const taken = await namesLike(db, namespace, name);
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A live form, or 404 FORM_NOT_FOUND (also for ids that are not GUIDs). */
export async function requireForm(db: Queryable, formId: string, forUpdate = false): Promise<StoredForm> {
  const form = isUuid(formId) ? await findForm(db, formId, { forUpdate }) : undefined;
  if (form === undefined) throw formNotFound(formId);
  return form;
}

export const getForm = async (db: Db, formId: string): Promise<Form> =>
  toWireForm(await requireForm(db, formId));

/**
 * PATCH semantics: the keys sent replace the stored ones (`formFields` as a whole), the others
 * stay. The current revision must be sent (409 when it is not the current one).
 */
export async function updateForm(db: Db, formId: string, input: FormInput, now = new Date()): Promise<Form> {
  const fields = checkFormInput(input, 'update');
  if (typeof input.revision !== 'string' || !/^\d+$/.test(input.revision)) {
    throw invalidRequest('form.revision is required: send the revision of the form you read', { formId });
  }
  return inTransaction(db, async (trx) => {
    const current = await requireForm(trx, formId, true);
    if (Number(input.revision) !== current.revision) {
      throw revisionMismatch('form', formId, input.revision!, String(current.revision));
    }
    if (input.namespace !== undefined && input.namespace !== current.namespace) {
      throw invalidRequest('form.namespace cannot change', { namespace: current.namespace });
    }
    const name =
      input.name === undefined || input.name === current.name
        ? current.name
        : input.name === null
          ? null
          : await availableName(trx, current.namespace, input.name);
    const definition = {
      ...current.definition,
      ...withoutSystemKeys(input),
      formFields: fields ?? current.definition.formFields,
    };
    const enabled = input.enabled === undefined || input.enabled === null ? current.enabled : input.enabled;
    return toWireForm(await replaceForm(trx, formId, { name, enabled, definition, now }));
  });
}

/**
 * Moves a form to the trash (it stops taking submissions and disappears from reads), or deletes
 * it for good with its submissions; returns the ids of the files to remove from the media store.
 */
export async function deleteForm(
  db: Db,
  formId: string,
  permanent: boolean,
  now = new Date(),
): Promise<string[]> {
  if (!isUuid(formId)) throw formNotFound(formId);
  return inTransaction(db, async (trx) => {
    if (permanent) {
      const files = await deleteFormRow(trx, formId);
      if (files === undefined) throw formNotFound(formId);
      return files;
    }
    if (!(await trashForm(trx, formId, now))) throw formNotFound(formId);
    return [];
  });
}

// ── Queries ────────────────────────────────────────────────────────────────────────────────────

const column = (name: string, type: FieldSpec['type']): FieldSpec => ({ sql: sql.raw(name), type });
const FORM_FIELDS: Readonly<Record<string, FieldSpec>> = {
  id: column('id::text', 'text'),
  namespace: column('namespace', 'text'),
  name: column('name', 'text'),
  'properties.name': column('name', 'text'),
  enabled: column('enabled', 'boolean'),
  'properties.disabled': column('(NOT enabled)', 'boolean'),
  createdDate: column('created_at', 'timestamp'),
  updatedDate: column('updated_at', 'timestamp'),
};
const resolveFormField: FieldResolver = (path) => FORM_FIELDS[path];
const TIEBREAK = sql.raw('id');

export async function queryForms(db: Db, request: QueryFormsRequest): Promise<QueryFormsResponse> {
  const fresh: FormsCursorQueryType & { namespace?: string } = {
    filter: request.query?.filter ?? undefined,
    sort: request.query?.sort,
    ...(request.namespace === undefined ? {} : { namespace: request.namespace }),
  };
  const page = resolvePage('forms.query', request.query?.cursorPaging, fresh, FormsQueryState);
  const where = and([
    compileFilter(page.query.filter, resolveFormField),
    ...(page.query.namespace === undefined ? [] : [sql`namespace = ${page.query.namespace}`]),
  ]);
  const order = compileSort(
    page.query.sort,
    resolveFormField,
    [{ fieldName: 'createdDate', order: 'DESC' }],
    TIEBREAK,
  );
  const rows = await selectForms(db, where, order, page.limit, page.offset);
  const forms = rows.slice(0, page.limit).map(toWireForm);
  return { forms, metadata: pageMetadata(page, forms.length, rows.length > page.limit) };
}

/** What a query cursor carries back: the filter, the sort and the top-level namespace. */
const FormsQueryState = FormsCursorQuery;

const LIST_ORDERS: Readonly<Record<string, { fieldName: string; order: 'ASC' | 'DESC' }>> = {
  UPDATED_DATE_DESC: { fieldName: 'updatedDate', order: 'DESC' },
  UPDATED_DATE_ASC: { fieldName: 'updatedDate', order: 'ASC' },
  CREATED_DATE_DESC: { fieldName: 'createdDate', order: 'DESC' },
  CREATED_DATE_ASC: { fieldName: 'createdDate', order: 'ASC' },
  NAME_ASC: { fieldName: 'name', order: 'ASC' },
  NAME_DESC: { fieldName: 'name', order: 'DESC' },
};

export async function listForms(db: Db, request: ListFormsRequest): Promise<ListFormsResponse> {
  const fresh = { ...request, paging: undefined };
  const page = resolvePage('forms.list', request.paging, fresh, ListFormsRequestSchema);
  const { namespace, disabled, enabled, order = 'UPDATED_DATE_DESC' } = page.query;
  const sortBy = LIST_ORDERS[order];
  if (sortBy === undefined) {
    throw invalidRequest(`order must be one of ${Object.keys(LIST_ORDERS).join(', ')}`, { order });
  }
  const conditions = [sql`namespace = ${namespace}`];
  if (typeof disabled === 'boolean') conditions.push(sql`enabled = ${!disabled}`);
  if (typeof enabled === 'boolean') conditions.push(sql`enabled = ${enabled}`);
  const rows = await selectForms(
    db,
    and(conditions),
    compileSort([sortBy], resolveFormField, [], TIEBREAK),
    page.limit,
    page.offset,
  );
  const forms = rows.slice(0, page.limit).map(toWireForm);
  return { forms, pagingMetadata: pageMetadata(page, forms.length, rows.length > page.limit) };
}
