import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { type FormEvent, useState } from 'react';
import {
  ApiFailure,
  Button,
  ConfirmButton,
  ErrorMessage,
  requestJson,
  StatusMessage,
  sessionHeaders,
  useActions,
} from '../../kit/index.js';

/**
 * Save and restore: the platform's whole local state (database and media files) downloaded as one
 * archive, restored from one, or reset, through the state routes (services/state/routes.ts; the
 * CLI's export, import and reset). Self-contained, so that it moves as one piece.
 */
const STATE = {
  export: `${ADMIN_PREFIX}/v1/state/export`,
  import: `${ADMIN_PREFIX}/v1/state/import`,
  reset: `${ADMIN_PREFIX}/v1/state/reset`,
} as const;

const RESTART = 'Restart the platform to finish: until then it keeps the site id and keys it started with.';

interface Summary {
  tables: number;
  rows: number;
  mediaFiles: number;
}

export function StatePanel() {
  const actions = useActions();
  const [file, setFile] = useState<File>();
  const [replace, setReplace] = useState(false);
  const busy = actions.busy !== undefined;

  const download = () =>
    void actions.run('Preparing the archive…', async () => {
      const response = await fetch(STATE.export, { headers: sessionHeaders() });
      if (response.status !== 200) throw await failureOf(response);
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        'atrium-state.tar.gz';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return `Downloaded ${name}.`;
    });

  const restore = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    void actions.run(`Importing ${file.name}…`, async () => {
      const response = await fetch(`${STATE.import}${replace ? '?replace=true' : ''}`, {
        method: 'POST',
        headers: { ...sessionHeaders(), 'content-type': 'application/gzip' },
        body: file,
      });
      if (response.status !== 200) throw await failureOf(response);
      const { imported } = (await response.json()) as { imported: Summary };
      return `Imported ${imported.rows} rows of ${imported.tables} tables and ${imported.mediaFiles} media files. ${RESTART}`;
    });
  };

  const reset = () =>
    void actions.run('Resetting…', async () => {
      const answer = await requestJson<{ reset: { rows: number; mediaFiles: number } }>(STATE.reset, {
        method: 'POST',
        body: { confirm: 'reset' },
      });
      return `Deleted ${answer.reset.rows} rows and ${answer.reset.mediaFiles} media files (your console session and API key are kept). Restart the platform to seed it as on a first start.`;
    });

  return (
    <section aria-labelledby="state-heading">
      <h2 id="state-heading">Save and restore</h2>
      <p>
        The whole local state (every table and media file) in one archive, as{' '}
        <code>atrium-platform export</code> and <code>import</code> make and read.
      </p>
      <ErrorMessage message={actions.error} />
      <StatusMessage message={actions.status} />
      <p className="actions">
        <button type="button" onClick={download} disabled={busy}>
          Download the archive
        </button>
      </p>
      <form className="inline-form" onSubmit={restore}>
        <div className="field">
          <label htmlFor="state-file">Archive to import</label>
          <input
            id="state-file"
            type="file"
            accept=".gz,.tgz,application/gzip"
            onChange={(event) => setFile(event.target.files?.[0])}
          />
        </div>
        <div className="field">
          <label>
            <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />{' '}
            Replace the data this platform holds
          </label>
        </div>
        <Button busy={busy} disabled={!file}>
          Import
        </Button>
      </form>
      <p className="actions">
        <ConfirmButton
          label="Reset the platform"
          question="Delete every post, item, member, file and setting? Download the archive first to keep them."
          confirmLabel="Delete everything"
          disabled={busy}
          onConfirm={reset}
        />
      </p>
    </section>
  );
}

async function failureOf(response: Response): Promise<ApiFailure> {
  const body = (await response.json().catch(() => undefined)) as
    | { message?: string; details?: { applicationError?: { code?: string; description?: string } } }
    | undefined;
  const application = body?.details?.applicationError;
  return new ApiFailure(
    response.status,
    application?.code,
    application?.description ?? body?.message ?? `The request failed (HTTP ${response.status}).`,
  );
}
