import {
  FORM_SCHEMAS_PREFIX,
  FORM_SCHEMAS_ROUTES,
  FORM_SUBMISSIONS_PREFIX,
  FORM_SUBMISSIONS_ROUTES,
  WIX_FORMS_NAMESPACE,
} from '@atrium/contract/routes';
import type {
  BulkMarkSubmissionsAsSeenRequest,
  BulkUpdateSubmissionTagsRequest,
  Form,
  FormField,
  FormSubmission,
  FormsCursorQuery,
  ListDeletedSubmissionsResponse,
  ListFormsResponse,
  QuerySubmissionsResponse,
} from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import { navigate } from '../../console-router.js';
import {
  ActionMessages,
  type ActionState,
  type Column,
  ConfirmButton,
  ErrorMessage,
  fillPath,
  formatDate,
  PagedTable,
  requestJson,
  useActions,
  useConsoleQuery,
  useCursorPaging,
  useInvalidate,
} from '../../kit/index.js';
import { isFile, plainValue, submissionsCsv } from './submissions-csv.js';

/**
 * Forms and submissions: each form's fields; its submissions as an inbox (new ones marked), paged on
 * the server by cursor; a submission's values and files, status, tags, mark as seen; delete to the
 * trash bin and restore; export CSV. The forms service's own API (`@wix/forms`' calls), as the
 * console session.
 */
const PAGE_SIZE = 20;
const EXPORT_LIMIT = 1000;
const submissionsApi = (path: string) => FORM_SUBMISSIONS_PREFIX.wire + path;
const FORMS = `${FORM_SCHEMAS_PREFIX.wire}${FORM_SCHEMAS_ROUTES.forms}`;
const QUERY = submissionsApi(FORM_SUBMISSIONS_ROUTES.queryByNamespace);
const TRASH = submissionsApi(FORM_SUBMISSIONS_ROUTES.trashBin);
const NEWEST_FIRST = [{ fieldName: 'createdDate', order: 'DESC' as const }];

type View = 'inbox' | 'trash';
const VIEWS: Record<View, { title: string; empty: string }> = {
  inbox: { title: 'Inbox', empty: 'No submission yet.' },
  trash: { title: 'Trash', empty: 'The trash is empty.' },
};

interface SubmissionsPage {
  submissions: FormSubmission[];
  next: string | null;
}

/** A page of submissions by namespace query: the first one asks with its filter, the next ones by cursor. */
async function queryPage(
  filter: Record<string, unknown>,
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
async function submissionsPage(form: Form, view: View, cursor: string | undefined): Promise<SubmissionsPage> {
  if (view === 'inbox') return queryPage(formFilter(form), PAGE_SIZE, cursor);
  const params = new URLSearchParams({ formId: form.id, 'paging.limit': String(PAGE_SIZE) });
  if (cursor) params.set('paging.cursor', cursor);
  const answer = await requestJson<ListDeletedSubmissionsResponse>(`${TRASH}?${params}`);
  return { submissions: answer.submissions, next: answer.pagingMetadata?.cursors?.next ?? null };
}

export function FormsSection({ path }: { path: string }) {
  const selectedId = path.split('/')[2];
  const forms = useConsoleQuery([FORMS, WIX_FORMS_NAMESPACE], () =>
    requestJson<ListFormsResponse>(`${FORMS}?namespace=${WIX_FORMS_NAMESPACE}&paging.limit=100`),
  );
  /** The form opened when the path names none: the one with the newest submission (null: none found). */
  // Not under QUERY's key: a change of a submission does not move the console to another form.
  const latest = useConsoleQuery(['forms-latest-submission'], () =>
    queryPage({ namespace: WIX_FORMS_NAMESPACE }, 1, undefined).then(
      (page) => page.submissions[0]?.formId ?? null,
      () => null,
    ),
  );
  const list = forms.data?.forms;
  const form = pickForm(list, selectedId, latest.data);

  return (
    <>
      <h1>Forms</h1>
      <ErrorMessage message={forms.failure} />
      {list === undefined ? (
        !forms.failure && <p aria-busy="true">Loading the forms…</p>
      ) : list.length === 0 ? (
        <p>The site has no form.</p>
      ) : (
        <div className="field">
          <label htmlFor="form-choice">Form</label>
          <select
            id="form-choice"
            value={form?.id ?? ''}
            onChange={(event) => navigate(`/forms/${encodeURIComponent(event.target.value)}`)}
          >
            {list.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name ?? candidate.id}
                {candidate.enabled ? '' : ' (disabled)'}
              </option>
            ))}
          </select>
        </div>
      )}
      {form && <FormView key={form.id} form={form} />}
      {list && list.length > 0 && !form && <p aria-busy="true">Loading the submissions…</p>}
    </>
  );
}

/**
 * The form to show: the path's; else the one with the newest submission (once known); else the
 * first enabled form, else the first.
 */
function pickForm(
  forms: Form[] | undefined,
  selectedId: string | undefined,
  latestId: string | null | undefined,
): Form | undefined {
  if (!forms) return undefined;
  const byId = (id: string | null | undefined) => forms.find((candidate) => candidate.id === id);
  if (selectedId) return byId(selectedId) ?? forms[0];
  if (latestId === undefined) return undefined;
  return byId(latestId) ?? forms.find((candidate) => candidate.enabled) ?? forms[0];
}

const fieldKey = (field: FormField): string | undefined =>
  field.target ?? field.inputOptions?.target ?? field.identifier ?? undefined;

const FIELD_COLUMNS: readonly Column<FormField>[] = [
  { header: 'Key', rowHeader: true, cell: (field) => fieldKey(field) },
  { header: 'Type', cell: (field) => field.inputOptions?.inputType ?? field.fieldType ?? '—' },
  { header: 'Required', cell: (field) => (field.inputOptions?.required ? 'Yes' : 'No') },
];

/**
 * A change of submissions: the forms service's route (below its prefix) called with `options`
 * while `progress` shows, then the lists reloaded and `done` said.
 */
type Change = (
  progress: string,
  route: string,
  options: { method: string; body?: unknown },
  done: string,
) => void;

/** What a change of submissions makes stale: every page of the inbox and of the trash. */
const useSubmissionsChanged = () => {
  const invalidate = useInvalidate();
  return () => invalidate(QUERY, TRASH);
};

function FormView({ form }: { form: Form }) {
  const actions = useActions();
  const changed = useSubmissionsChanged();
  const [view, setView] = useState<View>('inbox');
  const [openId, setOpenId] = useState<string>();
  const paging = useCursorPaging(PAGE_SIZE, [view]);
  const answer = useConsoleQuery([view === 'inbox' ? QUERY : TRASH, form.id, paging.cursor], () =>
    submissionsPage(form, view, paging.cursor),
  );
  // Another view's or page's rows are not this one's: they wait for this one's.
  const page = answer.isPlaceholderData ? undefined : answer.data;
  const fields = form.formFields.filter((field) => !field.hidden && fieldKey(field));
  const shown = VIEWS[view];

  const switchTo = (next: View) => {
    setView(next);
    setOpenId(undefined);
  };

  const open = page?.submissions.find((submission) => submission.id === openId);
  const busy = actions.busy !== undefined;
  const change: Change = (progress, route, options, done) =>
    void actions.run(progress, async () => {
      await requestJson(submissionsApi(route), options);
      await changed();
      return done;
    });

  const exportCsv = () =>
    void actions.run('Exporting the submissions…', async () => {
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
    });

  const actionsOf = (submission: FormSubmission) => {
    const who = summary(submission, fields);
    if (view === 'trash') {
      return (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            change(
              'Restoring the submission…',
              fillPath(FORM_SUBMISSIONS_ROUTES.restore, { submissionId: submission.id }),
              { method: 'POST', body: { submissionId: submission.id } },
              `The submission of ${who} is restored.`,
            )
          }
        >
          Restore <span className="visually-hidden">{who}</span>
        </button>
      );
    }
    return (
      <>
        <button
          type="button"
          className="secondary"
          aria-expanded={openId === submission.id}
          onClick={() => setOpenId(openId === submission.id ? undefined : submission.id)}
        >
          {openId === submission.id ? 'Close' : 'Read'} <span className="visually-hidden">{who}</span>
        </button>
        <ConfirmButton
          label="Delete"
          accessibleLabel={`Delete the submission of ${who}`}
          question={`Move the submission of ${who} to the trash? It can be restored from there.`}
          confirmLabel="Move to the trash"
          disabled={busy}
          onConfirm={() => {
            setOpenId(undefined);
            change(
              'Moving the submission to the trash…',
              fillPath(FORM_SUBMISSIONS_ROUTES.submission, { submissionId: submission.id }),
              { method: 'DELETE' },
              `The submission of ${who} is in the trash.`,
            );
          }}
        />
      </>
    );
  };

  const columns: Column<FormSubmission>[] = [
    {
      header: 'Received',
      cell: (submission) => (
        <>
          {!submission.seen && view === 'inbox' && <strong className="badge">New</strong>}{' '}
          {formatDate(submission.createdDate)}
        </>
      ),
    },
    { header: 'From', rowHeader: true, cell: (submission) => summary(submission, fields) },
    { header: 'Status', cell: (submission) => submission.status },
    { header: 'Tags', cell: (submission) => submission.tags.tags.tagIds.join(', ') || '—' },
    { header: 'Actions', hideHeader: true, className: 'actions', cell: actionsOf },
  ];

  return (
    <>
      <ActionMessages actions={actions} failure={answer.failure} />
      <details className="form-fields">
        <summary>
          Fields of “{form.name ?? form.id}” ({fields.length})
        </summary>
        <PagedTable
          label="Fields"
          columns={FIELD_COLUMNS}
          rows={fields}
          rowKey={(field) => field.id ?? (fieldKey(field) as string)}
          empty="The form has no visible field."
        />
      </details>
      <div className="actions">
        {(Object.keys(VIEWS) as View[]).map((candidate) => (
          <button
            key={candidate}
            type="button"
            className="tab"
            aria-pressed={view === candidate}
            onClick={() => switchTo(candidate)}
          >
            {VIEWS[candidate].title}
          </button>
        ))}
        <button type="button" className="secondary" disabled={busy} onClick={exportCsv}>
          Export CSV
        </button>
      </div>
      <h2>{shown.title}</h2>
      {(answer.data || !answer.failure) && (
        <PagedTable
          label="Submissions"
          columns={columns}
          rows={page?.submissions}
          rowKey={(submission) => submission.id}
          rowProps={(submission) => ({ 'data-submission': submission.id })}
          empty={shown.empty}
          loading="Loading the submissions…"
          paging={paging.pagingOf(page && { count: page.submissions.length, next: page.next })}
        />
      )}
      {open && view === 'inbox' && (
        <SubmissionView submission={open} fields={fields} actions={actions} onChange={change} />
      )}
    </>
  );
}

function SubmissionView({
  submission,
  fields,
  actions,
  onChange,
}: {
  submission: FormSubmission;
  fields: FormField[];
  actions: ActionState;
  onChange: Change;
}) {
  const [tag, setTag] = useState('');
  const tags = submission.tags.tags.tagIds;
  const busy = actions.busy !== undefined;
  const who = summary(submission, fields);
  const keys = [
    ...fields.map((field) => fieldKey(field) as string),
    ...Object.keys(submission.submissions).filter((key) => !fields.some((field) => fieldKey(field) === key)),
  ];

  const updateTags = (assign: string[], unassign: string[], message: string) => {
    const body: BulkUpdateSubmissionTagsRequest = {
      submissionIds: [submission.id],
      ...(assign.length > 0 ? { assignTags: { tags: { tagIds: assign } } } : {}),
      ...(unassign.length > 0 ? { unassignTags: { tags: { tagIds: unassign } } } : {}),
    };
    onChange('Saving the tags…', FORM_SUBMISSIONS_ROUTES.updateTags, { method: 'POST', body }, message);
  };

  const addTag = (event: FormEvent) => {
    event.preventDefault();
    const name = tag.trim();
    if (!name) return;
    setTag('');
    updateTags([name], [], `The tag “${name}” is added.`);
  };

  const markAsSeen = () => {
    const body: BulkMarkSubmissionsAsSeenRequest = { ids: [submission.id], formId: submission.formId };
    onChange(
      'Marking as seen…',
      FORM_SUBMISSIONS_ROUTES.markAsSeen,
      { method: 'POST', body },
      `The submission of ${who} is marked as seen.`,
    );
  };

  return (
    <section aria-labelledby="submission-heading" className="submission">
      <h2 id="submission-heading">Submission of {who}</h2>
      <p className="meta">
        Received {formatDate(submission.createdDate)} · {submission.status} ·{' '}
        {submission.seen ? 'Seen' : 'New'}
      </p>
      <dl className="submission-values">
        {keys.map((key) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>
              <Value value={submission.submissions[key]} />
            </dd>
          </div>
        ))}
      </dl>
      {!submission.seen && (
        <div className="actions">
          <button type="button" disabled={busy} onClick={markAsSeen}>
            Mark as seen
          </button>
        </div>
      )}
      <h3>Tags</h3>
      {tags.length === 0 ? (
        <p>No tag.</p>
      ) : (
        <ul className="plain-list">
          {tags.map((name) => (
            <li key={name}>
              {name}{' '}
              <button
                type="button"
                className="secondary"
                disabled={busy}
                aria-label={`Remove the tag ${name}`}
                onClick={() => updateTags([], [name], `The tag “${name}” is removed.`)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form" onSubmit={addTag}>
        <div className="field">
          <label htmlFor="submission-tag">New tag</label>
          <input
            id="submission-tag"
            value={tag}
            maxLength={100}
            onChange={(event) => setTag(event.target.value)}
          />
        </div>
        <button type="submit" disabled={busy}>
          Add the tag
        </button>
      </form>
    </section>
  );
}

/** A submitted value as text, or links to download its files. */
function Value({ value }: { value: unknown }) {
  const files = Array.isArray(value) ? value.filter(isFile) : isFile(value) ? [value] : [];
  if (files.length > 0) {
    return (
      <ul className="plain-list">
        {files.map((file) => (
          <li key={file.fileId ?? file.url}>
            <a href={safeUrl(file.url)} download={file.displayName ?? ''}>
              Download {file.displayName ?? 'the file'}
            </a>
          </li>
        ))}
      </ul>
    );
  }
  const text = plainValue(value);
  return text ? <span className="submitted-text">{text}</span> : <span className="meta">—</span>;
}

/** Only http(s) and same-origin links: a submitted URL never runs script. */
const safeUrl = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
};

/** Who sent it: an e-mail or name field if there is one. */
function summary(submission: FormSubmission, fields: FormField[]): string {
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
