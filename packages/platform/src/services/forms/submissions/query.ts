import { FormsCursorQuery, SubmissionSearchDetails } from '@atrium/contract';
import type {
  CountSubmissionsByFilterRequest,
  CountSubmissionsRequest,
  FormsCursorQuery as CursorQuery,
  FormsSubmissionsCountResponse,
  QuerySubmissionsRequest,
  QuerySubmissionsResponse,
  SubmissionSearchDetails as SearchDetails,
  SearchSubmissionsRequest,
} from '@atrium/contract/types';
import { sql } from 'kysely';
import Type from 'typebox';
import { requireElevated } from '../../../http/callers.js';
import type { Caller } from '../../../oauth/caller.js';
import type { FormsContext } from '../context.js';
import { permissionDenied, refuseCaller } from '../errors.js';
import {
  and,
  compileFilter,
  compileSort,
  type FieldResolver,
  type FieldSpec,
  invalidQuery,
  or,
  type Sql,
} from '../query/filter.js';
import { pageMetadata, resolvePage } from '../query/paging.js';
import { countByForm, selectSubmissions, toWireSubmission } from './store.js';
import { countInBin } from './trash.js';

/**
 * Querying, searching and counting submissions (docs/wire.md §3, §8). Queries by namespace must filter
 * on `namespace`, as the hosted API requires. API keys see every live submission; a member may
 * query with `onlyYourOwn` and then sees their own submissions only.
 */

const column = (name: string, type: FieldSpec['type']): FieldSpec => ({ sql: sql.raw(name), type });
const SUBMISSION_FIELDS: Readonly<Record<string, FieldSpec>> = {
  id: column('s.id::text', 'text'),
  formId: column('s.form_id::text', 'text'),
  namespace: column('s.namespace', 'text'),
  status: column('s.status', 'text'),
  seen: column('s.seen', 'boolean'),
  createdDate: column('s.created_at', 'timestamp'),
  updatedDate: column('s.updated_at', 'timestamp'),
  contactId: column('s.contact_id::text', 'text'),
  'submitter.memberId': column("(s.submitter ->> 'memberId')", 'text'),
  'submitter.visitorId': column("(s.submitter ->> 'visitorId')", 'text'),
  'submitter.applicationId': column("(s.submitter ->> 'applicationId')", 'text'),
  'submitter.userId': column("(s.submitter ->> 'userId')", 'text'),
  'tags.tags.tagIds': column('s.tag_ids', 'tags'),
};
const VALUE_SEGMENT = /^[A-Za-z0-9_]{1,200}$/;

/** System fields by name; a form's values as `submissions.<target>[.<key>…]` (JSONB). */
export const resolveSubmissionField: FieldResolver = (path) => {
  const known = SUBMISSION_FIELDS[path];
  if (known !== undefined) return known;
  const [head, ...segments] = path.split('.');
  if (head !== 'submissions' || segments.length === 0 || segments.length > 5) return undefined;
  if (!segments.every((segment) => VALUE_SEGMENT.test(segment))) return undefined;
  let value: Sql = sql`s.submissions`;
  for (const segment of segments) value = sql`(${value} -> ${segment})`;
  return { sql: value, type: 'jsonb' };
};

const TIEBREAK = sql.raw('s.id');
const NEWEST_FIRST = [{ fieldName: 'createdDate', order: 'DESC' as const }];

/** Who may query: API keys everything; a member only their own (`onlyYourOwn`). */
function readScope(caller: Caller, onlyYourOwn: boolean | undefined): Sql {
  if (caller.kind === 'elevated') return sql`TRUE`;
  if (caller.kind === 'member' && onlyYourOwn === true)
    return sql`s.submitter_member_id = ${caller.subjectId}::uuid`;
  throw permissionDenied(
    caller.kind === 'member'
      ? 'a member may query only their own submissions: set onlyYourOwn'
      : `querying submissions needs an API key, or a member with onlyYourOwn; the request was made as ${caller.kind}`,
  );
}

/** Whether a filter pins `namespace` (at its top level or in a top-level `$and`). */
function namesNamespace(filter: unknown): boolean {
  if (typeof filter !== 'object' || filter === null) return false;
  const record = filter as Record<string, unknown>;
  if (record.namespace !== undefined && record.namespace !== null) return true;
  return Array.isArray(record.$and) && record.$and.some(namesNamespace);
}

/** Text search over a submission's values: each term in some value, ignoring case (OR or AND). */
function searchCondition(search: SearchDetails | undefined): Sql {
  const terms = (search?.expression ?? '').split(/\s+/).filter(Boolean).slice(0, 20);
  if (terms.length === 0) return sql`TRUE`;
  const fields = search?.fields?.map((field) => field.replace(/^submissions\./, ''));
  const inFields =
    fields === undefined || fields.length === 0
      ? sql``
      : sql` AND v.key IN (SELECT jsonb_array_elements_text(${JSON.stringify(fields)}::jsonb))`;
  const parts = terms.map((term) => {
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return sql`EXISTS (SELECT 1 FROM jsonb_each_text(s.submissions) v WHERE lower(v.value) LIKE lower(${pattern}) ESCAPE '\\'${inFields})`;
  });
  return search?.mode === 'AND' ? and(parts) : or(parts);
}

/** What a query or search cursor carries back. */
const SearchState = Type.Intersect([
  FormsCursorQuery,
  Type.Object({ search: Type.Optional(SubmissionSearchDetails) }),
]);
type SearchQuery = CursorQuery & { search?: SearchDetails };

async function runQuery(
  ctx: FormsContext,
  caller: Caller,
  kind: string,
  query: SearchQuery | undefined,
  onlyYourOwn: boolean | undefined,
  requireNamespace: boolean,
): Promise<QuerySubmissionsResponse> {
  const scope = readScope(caller, onlyYourOwn);
  const fresh: SearchQuery = {
    filter: query?.filter ?? undefined,
    sort: query?.sort,
    ...(query?.search === undefined ? {} : { search: query.search }),
  };
  const page = resolvePage(kind, query?.cursorPaging, fresh, SearchState);
  if (requireNamespace && !namesNamespace(page.query.filter)) {
    throw invalidQuery('filter on namespace is required (for example { "namespace": "wix.form_app.form" })');
  }
  const where = and([
    sql`s.deleted_at IS NULL`,
    scope,
    compileFilter(page.query.filter, resolveSubmissionField),
    searchCondition(page.query.search),
  ]);
  const order = compileSort(page.query.sort, resolveSubmissionField, NEWEST_FIRST, TIEBREAK);
  const rows = await selectSubmissions(ctx.db, where, order, page.limit, page.offset);
  const submissions = rows.slice(0, page.limit).map(toWireSubmission);
  return { submissions, metadata: pageMetadata(page, submissions.length, rows.length > page.limit) };
}

export const querySubmissionsByNamespace = (
  ctx: FormsContext,
  caller: Caller,
  request: QuerySubmissionsRequest,
) => runQuery(ctx, caller, 'submissions.namespace-query', request.query, request.onlyYourOwn, true);

/** The deprecated plain query: the same language, without the namespace requirement. */
export const querySubmissions = (ctx: FormsContext, caller: Caller, request: QuerySubmissionsRequest) =>
  runQuery(ctx, caller, 'submissions.query', request.query, request.onlyYourOwn, false);

export const searchSubmissionsByNamespace = (
  ctx: FormsContext,
  caller: Caller,
  request: SearchSubmissionsRequest,
) => runQuery(ctx, caller, 'submissions.namespace-search', request.search, request.onlyYourOwn, true);

export async function countSubmissions(
  ctx: FormsContext,
  caller: Caller,
  request: CountSubmissionsRequest,
): Promise<FormsSubmissionsCountResponse> {
  const counts = await countInBin(ctx, caller, request, 'live');
  return {
    formsSubmissionsCount: request.formIds.map((formId) => ({
      formId,
      totalCount: counts.get(formId)?.totalCount ?? 0,
      unseenCount: counts.get(formId)?.unseenCount ?? 0,
    })),
  };
}

/** Counts per form of the live submissions matching a filter (which must name the namespace) and a search. */
export async function countSubmissionsByFilter(
  ctx: FormsContext,
  caller: Caller,
  request: CountSubmissionsByFilterRequest,
): Promise<FormsSubmissionsCountResponse> {
  requireElevated(caller, 'counting submissions', refuseCaller);
  if (!namesNamespace(request.filter)) {
    throw invalidQuery('filter on namespace is required (for example { "namespace": "wix.form_app.form" })');
  }
  const where = and([
    sql`s.deleted_at IS NULL`,
    compileFilter(request.filter, resolveSubmissionField, 'filter'),
    searchCondition(request.search),
  ]);
  const counts = await countByForm(ctx.db, where);
  return {
    formsSubmissionsCount: [...counts.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([formId, count]) => ({ formId, ...count })),
  };
}
