import { ConfirmButton } from '../kit/index.js';
import type { PanelProps } from './post-commands.js';
import { canSchedule, isPublished, publishLabel, statusOf } from './post-editor-state.js';

/** Every step of the post's life from where it is: save, publish, schedule, review, unpublish, trash. */
export function PublishPanel({ state, dispatch, commands, busy }: PanelProps) {
  const status = statusOf(state);
  const published = isPublished(state);
  return (
    <section className="panel" aria-labelledby="publish-heading">
      <h2 id="publish-heading">Publish</h2>
      <div className="actions">
        <button type="button" className="secondary" disabled={busy} onClick={commands.saveDraft}>
          Save draft
        </button>
        <button type="button" disabled={busy} onClick={commands.publish}>
          {publishLabel(state)}
        </button>
      </div>
      {status === 'IN_REVIEW' && (
        <ConfirmButton
          label="Reject"
          question="Reject this post? It goes back to its writer as a draft."
          confirmLabel="Reject"
          disabled={busy}
          onConfirm={commands.reject}
        />
      )}
      {canSchedule(state) && (
        <form
          className="schedule"
          onSubmit={(event) => {
            event.preventDefault();
            commands.schedule();
          }}
        >
          <div className="field">
            <label htmlFor="schedule-at">Publish at</label>
            <input
              id="schedule-at"
              type="datetime-local"
              step={1}
              value={state.scheduleAt}
              onChange={(event) => dispatch({ type: 'scheduleTyped', value: event.target.value })}
            />
          </div>
          <button type="submit" className="secondary" disabled={busy}>
            Schedule
          </button>
        </form>
      )}
      {status === 'SCHEDULED' && (
        <button type="button" className="secondary" disabled={busy} onClick={commands.cancelSchedule}>
          Cancel the schedule
        </button>
      )}
      {published && (
        <ConfirmButton
          label="Unpublish"
          className="secondary"
          question="Unpublish this post? It leaves the site and its feeds at once, and stays here as a draft."
          confirmLabel="Unpublish"
          disabled={busy}
          onConfirm={commands.unpublish}
        />
      )}
      {state.post && (
        <ConfirmButton
          label="Move to trash"
          question={`Move this post to the trash?${published ? ' It leaves the site at once.' : ''} You can restore it from the trash.`}
          confirmLabel="Move to trash"
          disabled={busy}
          onConfirm={commands.trash}
        />
      )}
    </section>
  );
}
