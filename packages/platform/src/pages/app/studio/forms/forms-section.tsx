import {
  FORM_SCHEMAS_PREFIX,
  FORM_SCHEMAS_ROUTES,
  FORM_SUBMISSIONS_PREFIX,
  FORM_SUBMISSIONS_ROUTES,
} from '@atrium/contract/routes';
import type { Form, FormField, FormSubmission } from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { navigate } from '../../console-router.js';
import {
  ConfirmButton,
  ErrorMessage,
  fillPath,
  formatDate,
  requestJson,
  StatusMessage,
  TableScroll,
  useActions,
} from '../../kit/index.js';
import { isFile, plainValue, submissionsCsv } from './submissions-csv.js';

/**
 * Forms and submissions: each form's fields; its submissions as an inbox (new ones marked), paged on
 * the server by cursor; a submission's values and files, status, tags, mark as seen; delete to the
 * trash bin and restore; export CSV. The forms service's own API (`@wix/forms`' calls), API key.
 */
const NAMESPACE = 'wix.form_app.form';
const PAGE_SIZE = 20;
const EXPORT_LIMIT = 1000;
const schemas = (path: string) => FORM_SCHEMAS_PREFIX.wire + path;
const submissionsApi = (path: string) => FORM_SUBMISSIONS_PREFIX.wire + path;

interface Page {
  submissions: FormSubmission[];
  next: string | null;
}

export function FormsSection({ path }: { path: string }) {
  const call = useCallback(
    <T,>(route: string, options: { method?: string; body?: unknown } = {}) => requestJson<T>(route, options),
    [],
  );
  const [forms, setForms] = useState<Form[]>();
  const [loadError, setLoadError] = useState<string>();
  const selectedId = path.split('/')[2];

  /** The form opened when the path names none: the one with the newest submission. */
  const [latestId, setLatestId] = useState<string | null>();

  useEffect(() => {
    call<{ forms: Form[] }>(`${schemas(FORM_SCHEMAS_ROUTES.forms)}?namespace=${NAMESPACE}&paging.limit=100`)
      .then((answer) => setForms(answer.forms))
      .catch((failure: unknown) =>
        setLoadError(failure instanceof Error ? failure.message : 'The forms could not be loaded.'),
      );
    // The newest submission of any form of the namespace names the form with the latest activity.
    call<{ submissions: FormSubmission[] }>(submissionsApi(FORM_SUBMISSIONS_ROUTES.queryByNamespace), {
      method: 'POST',
      body: {
        query: {
          filter: { namespace: NAMESPACE },
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          cursorPaging: { limit: 1 },
        },
      },
    })
      .then((answer) => setLatestId(answer.submissions[0]?.formId ?? null))
      .catch(() => setLatestId(null));
  }, [call]);

  const form = pickForm(forms, selectedId, latestId);

  return (
    <>
      <h1>Forms</h1>
      <ErrorMessage message={loadError} />
      {forms === undefined ? (
        !loadError && <p aria-busy="true">Loading the forms…</p>
      ) : forms.length === 0 ? (
        <p>The site has no form.</p>
      ) : (
        <div className="field">
          <label htmlFor="form-choice">Form</label>
          <select
            id="form-choice"
            value={form?.id ?? ''}
            onChange={(event) => navigate(`/forms/${encodeURIComponent(event.target.value)}`)}
          >
            {forms.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name ?? candidate.id}
                {candidate.enabled ? '' : ' (disabled)'}
              </option>
            ))}
          </select>
        </div>
      )}
      {form && <FormView key={form.id} form={form} call={call} />}
      {forms && forms.length > 0 && !form && <p aria-busy="true">Loading the submissions…</p>}
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

type Call = <T>(route: string, options?: { method?: string; body?: unknown }) => Promise<T>;

const fieldKey = (field: FormField): string | undefined =>
  field.target ?? field.inputOptions?.target ?? field.identifier ?? undefined;

function FormView({ form, call }: { form: Form; call: Call }) {
  const actions = useActions();
  const [view, setView] = useState<'inbox' | 'trash'>('inbox');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<Page>();
  const [loadError, setLoadError] = useState<string>();
  const [openId, setOpenId] = useState<string>();
  const cursor = cursors[cursors.length - 1] ?? null;
  const fields = form.formFields.filter((field) => !field.hidden && fieldKey(field));

  const load = useCallback(async () => {
    try {
      if (view === 'inbox') {
        const query = cursor
          ? { cursorPaging: { limit: PAGE_SIZE, cursor } }
          : {
              filter: { $and: [{ namespace: form.namespace }, { formId: form.id }] },
              sort: [{ fieldName: 'createdDate', order: 'DESC' }],
              cursorPaging: { limit: PAGE_SIZE },
            };
        const answer = await call<{
          submissions: FormSubmission[];
          metadata?: { cursors?: { next?: string | null } };
        }>(submissionsApi(FORM_SUBMISSIONS_ROUTES.queryByNamespace), { method: 'POST', body: { query } });
        setPage({ submissions: answer.submissions, next: answer.metadata?.cursors?.next ?? null });
      } else {
        const params = new URLSearchParams({ formId: form.id, 'paging.limit': String(PAGE_SIZE) });
        if (cursor) params.set('paging.cursor', cursor);
        const answer = await call<{
          submissions: FormSubmission[];
          pagingMetadata?: { cursors?: { next?: string | null } };
        }>(`${submissionsApi(FORM_SUBMISSIONS_ROUTES.trashBin)}?${params}`);
        setPage({ submissions: answer.submissions, next: answer.pagingMetadata?.cursors?.next ?? null });
      }
      setLoadError(undefined);
    } catch (failure) {
      setLoadError(failure instanceof Error ? failure.message : 'The submissions could not be loaded.');
    }
  }, [call, cursor, form.id, form.namespace, view]);

  useEffect(() => {
    void load();
  }, [load]);

  const switchTo = (next: 'inbox' | 'trash') => {
    setView(next);
    setCursors([null]);
    setOpenId(undefined);
    setPage(undefined);
  };

  const open = page?.submissions.find((submission) => submission.id === openId);
  const busy = actions.busy !== undefined;

  const exportCsv = () =>
    void actions.run('Exporting the submissions…', async () => {
      const all: FormSubmission[] = [];
      let next: string | null = null;
      do {
        const query: Record<string, unknown> = next
          ? { cursorPaging: { limit: 100, cursor: next } }
          : {
              filter: { $and: [{ namespace: form.namespace }, { formId: form.id }] },
              sort: [{ fieldName: 'createdDate', order: 'DESC' }],
              cursorPaging: { limit: 100 },
            };
        const answer: { submissions: FormSubmission[]; metadata?: { cursors?: { next?: string | null } } } =
          await call(submissionsApi(FORM_SUBMISSIONS_ROUTES.queryByNamespace), {
            method: 'POST',
            body: { query },
          });
        all.push(...answer.submissions);
        next = answer.metadata?.cursors?.next ?? null;
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

  return (
    <>
      <ErrorMessage message={actions.error ?? loadError} />
      <StatusMessage message={actions.status} />
      <details className="form-fields">
        <summary>
          Fields of “{form.name ?? form.id}” ({fields.length})
        </summary>
        <TableScroll label="Fields table">
          <table>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Type</th>
                <th scope="col">Required</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr key={field.id ?? fieldKey(field)}>
                  <th scope="row">{fieldKey(field)}</th>
                  <td>{field.inputOptions?.inputType ?? field.fieldType ?? '—'}</td>
                  <td>{field.inputOptions?.required ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
      <div className="actions">
        <button
          type="button"
          className="tab"
          aria-pressed={view === 'inbox'}
          onClick={() => switchTo('inbox')}
        >
          Inbox
        </button>
        <button
          type="button"
          className="tab"
          aria-pressed={view === 'trash'}
          onClick={() => switchTo('trash')}
        >
          Trash
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={exportCsv}>
          Export CSV
        </button>
      </div>
      <h2>{view === 'inbox' ? 'Inbox' : 'Trash'}</h2>
      {page === undefined ? (
        !loadError && <p aria-busy="true">Loading the submissions…</p>
      ) : page.submissions.length === 0 ? (
        <p>{view === 'inbox' ? 'No submission yet.' : 'The trash is empty.'}</p>
      ) : (
        <TableScroll label="Submissions table">
          <table>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">From</th>
                <th scope="col">Status</th>
                <th scope="col">Tags</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.submissions.map((submission) => {
                const who = summary(submission, fields);
                return (
                  <tr key={submission.id} data-submission={submission.id}>
                    <td>
                      {!submission.seen && view === 'inbox' && <strong className="badge">New</strong>}{' '}
                      {formatDate(submission.createdDate)}
                    </td>
                    <th scope="row">{who}</th>
                    <td>{submission.status}</td>
                    <td>{submission.tags.tags.tagIds.join(', ') || '—'}</td>
                    <td className="actions">
                      {view === 'inbox' ? (
                        <>
                          <button
                            type="button"
                            className="secondary"
                            aria-expanded={openId === submission.id}
                            onClick={() => setOpenId(openId === submission.id ? undefined : submission.id)}
                          >
                            {openId === submission.id ? 'Close' : 'Read'}{' '}
                            <span className="visually-hidden">{who}</span>
                          </button>
                          <ConfirmButton
                            label="Delete"
                            accessibleLabel={`Delete the submission of ${who}`}
                            question={`Move the submission of ${who} to the trash? It can be restored from there.`}
                            confirmLabel="Move to the trash"
                            disabled={busy}
                            onConfirm={() =>
                              void actions.run('Moving the submission to the trash…', async () => {
                                await call(
                                  submissionsApi(
                                    fillPath(FORM_SUBMISSIONS_ROUTES.submission, {
                                      submissionId: submission.id,
                                    }),
                                  ),
                                  { method: 'DELETE' },
                                );
                                setOpenId(undefined);
                                await load();
                                return `The submission of ${who} is in the trash.`;
                              })
                            }
                          />
                        </>
                      ) : (
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() =>
                            void actions.run('Restoring the submission…', async () => {
                              await call(
                                submissionsApi(
                                  fillPath(FORM_SUBMISSIONS_ROUTES.restore, { submissionId: submission.id }),
                                ),
                                { method: 'POST', body: { submissionId: submission.id } },
                              );
                              await load();
                              return `The submission of ${who} is restored.`;
                            })
                          }
                        >
                          Restore <span className="visually-hidden">{who}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {page && (cursors.length > 1 || page.next) && (
        <nav className="pager" aria-label="Pages of submissions">
          <button
            type="button"
            className="secondary"
            disabled={cursors.length <= 1}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Previous page
          </button>
          <span>Page {cursors.length}</span>
          <button
            type="button"
            className="secondary"
            disabled={!page.next}
            onClick={() => page.next && setCursors([...cursors, page.next])}
          >
            Next page
          </button>
        </nav>
      )}
      {open && view === 'inbox' && (
        <SubmissionView submission={open} fields={fields} call={call} actions={actions} reload={load} />
      )}
    </>
  );
}

function SubmissionView({
  submission,
  fields,
  call,
  actions,
  reload,
}: {
  submission: FormSubmission;
  fields: FormField[];
  call: Call;
  actions: ReturnType<typeof useActions>;
  reload: () => Promise<void>;
}) {
  const [tag, setTag] = useState('');
  const tags = submission.tags.tags.tagIds;
  const busy = actions.busy !== undefined;
  const who = summary(submission, fields);
  const keys = [
    ...fields.map((field) => fieldKey(field) as string),
    ...Object.keys(submission.submissions).filter((key) => !fields.some((field) => fieldKey(field) === key)),
  ];

  const updateTags = (assign: string[], unassign: string[], message: string) =>
    void actions.run('Saving the tags…', async () => {
      await call(submissionsApi(FORM_SUBMISSIONS_ROUTES.updateTags), {
        method: 'POST',
        body: {
          submissionIds: [submission.id],
          ...(assign.length > 0 ? { assignTags: { tags: { tagIds: assign } } } : {}),
          ...(unassign.length > 0 ? { unassignTags: { tags: { tagIds: unassign } } } : {}),
        },
      });
      await reload();
      return message;
    });

  const addTag = (event: FormEvent) => {
    event.preventDefault();
    const name = tag.trim();
    if (!name) return;
    setTag('');
    updateTags([name], [], `The tag “${name}” is added.`);
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
      <div className="actions">
        {!submission.seen && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void actions.run('Marking as seen…', async () => {
                await call(submissionsApi(FORM_SUBMISSIONS_ROUTES.markAsSeen), {
                  method: 'POST',
                  body: { ids: [submission.id], formId: submission.formId },
                });
                await reload();
                return `The submission of ${who} is marked as seen.`;
              })
            }
          >
            Mark as seen
          </button>
        )}
      </div>
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
