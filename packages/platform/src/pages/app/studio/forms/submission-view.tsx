import { FORM_SUBMISSIONS_ROUTES } from '@atrium/contract/routes';
import type {
  BulkMarkSubmissionsAsSeenRequest,
  BulkUpdateSubmissionTagsRequest,
  FormField,
  FormSubmission,
} from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import { type ActionState, formatDate } from '../../kit/index.js';
import { type Change, fieldKey, summary } from './submissions-api.js';
import { isFile, plainValue } from './submissions-csv.js';

/** One submission: its values and files, mark as seen, its tags. */
export function SubmissionView({
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
