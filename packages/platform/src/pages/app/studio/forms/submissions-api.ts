import {
  FORM_SCHEMAS_PREFIX,
  FORM_SCHEMAS_ROUTES,
  FORM_SUBMISSIONS_PREFIX,
  FORM_SUBMISSIONS_ROUTES,
} from '@atrium/contract/routes';
import type {
  Form,
  FormField,
  FormSubmission,
  FormsCursorQuery,
  Json,
  ListDeletedSubmissionsResponse,
  QuerySubmissionsResponse,
} from '@atrium/contract/types';
import { requestJson, useInvalidate } from '../../kit/index.js';
import { submissionsCsv } from './submissions-csv.js';

/**
 * The Forms section's calls: the forms service's own API (`@wix/forms`' calls), as the console
 * session. Submissions are paged on the server by cursor (the inbox by namespace query, newest first;
 * the trash bin by list).
 */
export const PAGE_SIZE = 20;
const EXPORT_LIMIT = 1000;
export const submissionsApi = (path: string) => FORM_SUBMISSIONS_PREFIX.wire + path;
export const FORMS = `${FORM_SCHEMAS_PREFIX.wire}${FORM_SCHEMAS_ROUTES.forms}`;
export const QUERY = submissionsApi(FORM_SUBMISSIONS_ROUTES.queryByNamespace);
export const TRASH = submissionsApi(FORM_SUBMISSIONS_ROUTES.trashBin);
const NEWEST_FIRST = [{ fieldName: 'createdDate', order: 'DESC' as const }];

export type View = 'inbox' | 'trash';
export const VIEWS: Record<View, { title: string; empty: string }> = {
  inbox: { title: 'Inbox', empty: 'No submission yet.' },
  trash: { title: 'Trash', empty: 'The trash is empty.' },
};

interface SubmissionsPage {
  submissions: FormSubmission[];
  next: string | null;
}

/** A page of submissions by namespace query: the first one asks with its filter, the next ones by cursor. */
export async function queryPage(
  filter: Json,
  limit: number,
  cursor: string | undefined,
): Promise<SubmissionsPage> {
  const query: FormsCursorQuery = cursor
    ? { cursorPaging: { limit, cursor } }
    : { filter, sort: NEWEST_FIRST, cursorPaging: { limit } };
  const answer = await requestJson<QuerySubmissionsResponse>(QUERY, { method: 'POST', body: { query } });
  return { submissions: answer.submissions, next: answer.metadata?.cursors?.next ?? null };
}

const formFilter = (form: Form) => ({ $and: [{ namespace: form.namespace }, { formId: form.id }] });

/** A page of the inbox (newest first) or of the trash bin. */
export async function submissionsPage(
  form: Form,
  view: View,
  cursor: string | undefined,
): Promise<SubmissionsPage> {
  if (view === 'inbox') return queryPage(formFilter(form), PAGE_SIZE, cursor);
  const params = new URLSearchParams({ formId: form.id, 'paging.limit': String(PAGE_SIZE) });
  if (cursor) params.set('paging.cursor', cursor);
  const answer = await requestJson<ListDeletedSubmissionsResponse>(`${TRASH}?${params}`);
  return { submissions: answer.submissions, next: answer.pagingMetadata?.cursors?.next ?? null };
}

export const fieldKey = (field: FormField): string | undefined =>
  field.target ?? field.inputOptions?.target ?? field.identifier ?? undefined;

/**
 * A change of submissions: the forms service's route (below its prefix) called with `options`
 * while `progress` shows, then the lists reloaded and `done` said.
 */
export type Change = (
  progress: string,
  route: string,
  options: { method: string; body?: unknown },
  done: string,
) => void;

/** What a change of submissions makes stale: every page of the inbox and of the trash. */
export const useSubmissionsChanged = () => {
  const invalidate = useInvalidate();
  return () => invalidate(QUERY, TRASH);
};

/** Downloads the form's submissions (newest first, up to EXPORT_LIMIT) as CSV; says how many. */
export async function exportSubmissions(form: Form, fields: FormField[]): Promise<string> {
  const all: FormSubmission[] = [];
  let next: string | undefined;
  do {
    const batch = await queryPage(formFilter(form), 100, next);
    all.push(...batch.submissions);
    next = batch.next ?? undefined;
  } while (next && all.length < EXPORT_LIMIT);
  const csv = submissionsCsv(
    fields.map((field) => fieldKey(field) as string),
    all,
  );
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = `${(form.name ?? 'form').replace(/[^\w.-]+/g, '-')}-submissions.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return `${all.length} ${all.length === 1 ? 'submission' : 'submissions'} exported as CSV.`;
}

/** Who sent it: an e-mail or name field if there is one. */
export function summary(submission: FormSubmission, fields: FormField[]): string {
  const values = submission.submissions;
  for (const key of ['email', 'name', 'first_name', 'firstName']) {
    const value = values[key];
    if (typeof value === 'string' && value) return value;
  }
  for (const field of fields) {
    const value = values[fieldKey(field) as string];
    if (typeof value === 'string' && value) return value.slice(0, 60);
  }
  return submission.id;
}
