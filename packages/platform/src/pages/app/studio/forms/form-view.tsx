import { FORM_SUBMISSIONS_ROUTES } from '@atrium/contract/routes';
import type { Form, FormField, FormSubmission } from '@atrium/contract/types';
import { useState } from 'react';
import {
  ActionMessages,
  actionsColumn,
  type Column,
  ConfirmButton,
  fillPath,
  formatDate,
  PagedTable,
  requestJson,
  useActions,
  useConsoleQuery,
  useCursorPaging,
} from '../../kit/index.js';
import { SubmissionView } from './submission-view.js';
import {
  type Change,
  exportSubmissions,
  fieldKey,
  PAGE_SIZE,
  QUERY,
  submissionsApi,
  submissionsPage,
  summary,
  TRASH,
  useSubmissionsChanged,
  VIEWS,
  type View,
} from './submissions-api.js';

const FIELD_COLUMNS: readonly Column<FormField>[] = [
  { header: 'Key', rowHeader: true, cell: (field) => fieldKey(field) },
  { header: 'Type', cell: (field) => field.inputOptions?.inputType ?? field.fieldType ?? '—' },
  { header: 'Required', cell: (field) => (field.inputOptions?.required ? 'Yes' : 'No') },
];

/** One form: its fields, its inbox or trash of submissions, the opened submission. */
export function FormView({ form }: { form: Form }) {
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
    void actions.run('Exporting the submissions…', () => exportSubmissions(form, fields));

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
    actionsColumn(actionsOf),
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
