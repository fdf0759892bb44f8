import { type ImportStateResponse, STATE_API } from '@atrium/contract/admin';
import { type FormEvent, useState } from 'react';
import {
  ActionMessages,
  ApiFailure,
  adminCall,
  Button,
  ConfirmButton,
  FilePicker,
  formatBytes,
  Progress,
  reportStatus,
  sessionHeaders,
  toFailure,
  useActions,
} from '../../kit/index.js';

/**
 * Save and restore: the platform's whole local state (database and media files) downloaded as one
 * archive, restored from one, or reset, through the state routes (services/state/routes.ts; the
 * CLI's export, import and reset). Self-contained, so that it moves as one piece.
 */
const REPLACE_LABEL = 'Replace the data this platform holds';
const RESTART =
  'Restart the platform to finish (stop it and start it again with the same command): until then it keeps the site id and keys it started with.';

export function StatePanel() {
  const actions = useActions();
  const [file, setFile] = useState<File>();
  const [replace, setReplace] = useState(false);
  // The share of the archive sent so far, while an import uploads it.
  const [sent, setSent] = useState<number>();
  const busy = actions.busy !== undefined;

  const download = () =>
    void actions.run('Preparing the archive…', async () => {
      const response = await fetch(STATE_API.export.path, { headers: sessionHeaders() }).catch(() => {
        throw new ApiFailure(0, undefined, 'The platform cannot be reached. Is it running?');
      });
      if (response.status !== 200) throw await failureOf(response);
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        'atrium-state.tar.gz';
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return `Downloaded ${name} (${formatBytes(blob.size)}).`;
    });

  const restore = (archive: File) =>
    void actions.run(`Importing ${archive.name}…`, async () => {
      setSent(0);
      try {
        const { imported } = await upload(archive, replace, setSent);
        setFile(undefined);
        return `Imported ${archive.name}: ${imported.rows} rows in ${imported.tables} tables and ${imported.mediaFiles} media files (${formatBytes(imported.mediaBytes)}). ${RESTART}`;
      } finally {
        setSent(undefined);
      }
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) restore(file);
  };

  const reset = () =>
    void actions.run('Resetting…', async () => {
      const answer = await adminCall(STATE_API.reset, { body: { confirm: 'reset' } });
      return `Deleted ${answer.reset.rows} rows and ${answer.reset.mediaFiles} media files (your console session and API key are kept). Restart the platform to seed it as on a first start.`;
    });

  return (
    <section aria-labelledby="state-heading">
      <h2 id="state-heading">Save and restore</h2>
      <p>
        The whole local state (every table and media file) in one archive, as{' '}
        <code>atrium-platform export</code> and <code>import</code> make and read.
      </p>
      <ActionMessages actions={actions} />
      {sent !== undefined && <Progress label="Archive uploaded" value={sent} />}
      <p className="actions">
        <button type="button" onClick={download} disabled={busy}>
          Download the archive
        </button>
      </p>
      <form className="inline-form" onSubmit={submit} aria-label="Import an archive">
        <div className="field">
          <FilePicker
            label="Choose an archive to import"
            accept=".gz,.tgz,application/gzip"
            disabled={busy}
            onFiles={([chosen]) => setFile(chosen)}
          />
          <p aria-live="polite">
            {file ? `Chosen: ${file.name} (${formatBytes(file.size)})` : 'No archive chosen.'}
          </p>
        </div>
        <div className="field">
          <label>
            <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />{' '}
            {REPLACE_LABEL}
          </label>
        </div>
        {replace ? (
          // Replacing deletes what this platform holds: asked first, as a reset is.
          <ConfirmButton
            label="Import"
            question="Replace every post, item, member, file and setting of this platform with the archive's? Download this platform's archive first to keep them."
            confirmLabel="Replace with the archive"
            disabled={busy || !file}
            onConfirm={() => file && restore(file)}
          />
        ) : (
          <Button busy={busy} disabled={!file}>
            Import
          </Button>
        )}
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

/**
 * POSTs the archive as the body, reporting the share sent (fetch has no upload progress, hence
 * XMLHttpRequest). A refusal becomes an ApiFailure in words.
 */
function upload(
  archive: File,
  replace: boolean,
  onProgress: (sent: number) => void,
): Promise<ImportStateResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${STATE_API.import.path}${replace ? '?replace=true' : ''}`);
    for (const [name, value] of Object.entries(sessionHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('content-type', 'application/gzip');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiFailure(0, undefined, 'The platform cannot be reached. Is it running?'));
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status === 200 && body !== undefined) return resolve(body as ImportStateResponse);
      reportStatus(request.status);
      reject(inWords(toFailure(request.status, body as Parameters<typeof toFailure>[1])));
    };
    request.send(archive);
  });
}

async function failureOf(response: Response): Promise<ApiFailure> {
  reportStatus(response.status);
  return toFailure(response.status, parseJson(await response.text()) as Parameters<typeof toFailure>[1]);
}

/** The server's refusal of a non-empty platform names the API's parameter: said here as the console's choice. */
function inWords(failure: ApiFailure): ApiFailure {
  if (failure.code !== 'PLATFORM_NOT_EMPTY') return failure;
  const held = /\(([^)]+)\)/.exec(failure.message)?.[1];
  return new ApiFailure(
    failure.status,
    failure.code,
    `This platform already holds data${held ? ` (${held})` : ''}, so nothing was imported. Tick “${REPLACE_LABEL}” to replace it with the archive's.`,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
