import { MEDIA_LIBRARY_LIMITS, MEDIA_ROUTES } from '@atrium/contract/routes';
import type { ListMediaFilesResponse, MediaLibraryFile, MediaUsage } from '@atrium/contract/types';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { uploadMedia } from '../../blog/blog-api.js';
import { ConsoleLink } from '../../console-router.js';
import {
  ConfirmButton,
  ErrorMessage,
  FilePicker,
  formatBytes,
  formatDate,
  Pager,
  Progress,
  StatusMessage,
  sessionCall,
  TableScroll,
  useActions,
} from '../../kit/index.js';

/**
 * The console's media library: every file of the media store (pages of 24, newest first) with a
 * preview, its size and where it is used; upload with progress; delete only what nothing uses (the
 * server refuses the rest with 409, and says where the file is used).
 */
const pageSize = MEDIA_LIBRARY_LIMITS.defaultPageSize;

export function MediaSection() {
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<ListMediaFilesResponse>();
  const [uploads, setUploads] = useState<{ name: string; progress: number }[]>([]);
  const actions = useActions();
  const { run } = actions;

  const load = useCallback(
    async (at: number) =>
      setPage(
        await sessionCall<ListMediaFilesResponse>(`${MEDIA_ROUTES.upload}?offset=${at}&limit=${pageSize}`),
      ),
    [],
  );
  useEffect(() => {
    void run('Loading the media library…', async () => {
      await load(offset);
      return undefined;
    });
  }, [load, offset, run]);

  const upload = (files: File[]) =>
    void run(`Uploading ${files.length} file${files.length === 1 ? '' : 's'}…`, async () => {
      setUploads(files.map((file) => ({ name: file.name, progress: 0 })));
      for (const [index, file] of files.entries()) {
        await uploadMedia(file, (progress) =>
          setUploads((current) =>
            current.map((entry, at) => (at === index ? { ...entry, progress } : entry)),
          ),
        );
      }
      setOffset(0);
      await load(0);
      return `Uploaded ${files.map((file) => file.name).join(', ')}.`;
    });

  const remove = (file: MediaLibraryFile) =>
    void run(`Deleting ${file.filename}…`, async () => {
      await sessionCall(MEDIA_ROUTES.libraryFile.replace('{id}', encodeURIComponent(file.id)), {
        method: 'DELETE',
      });
      await load(offset);
      return `Deleted ${file.filename}.`;
    });

  return (
    <>
      <div className="section-head">
        <h1>Media library</h1>
      </div>
      <section className="panel" aria-labelledby="media-upload-heading">
        <h2 id="media-upload-heading">Upload</h2>
        <p className="hint">Images, MP4 or WebM videos, PDF, Office and text files, 25 MB at most each.</p>
        <FilePicker
          label="Upload files"
          accept="image/*,video/mp4,video/webm,application/pdf,text/plain,.doc,.docx,.xls,.xlsx,.ppt,.pptx"
          multiple
          disabled={actions.busy !== undefined}
          onFiles={upload}
        />
        {uploads.map((entry) => (
          <Progress key={entry.name} label={`Uploading ${entry.name}`} value={entry.progress} />
        ))}
      </section>
      <StatusMessage message={actions.status} />
      <ErrorMessage message={actions.error} />
      {page && page.files.length === 0 && <p className="empty">No files yet.</p>}
      {page && page.files.length > 0 && (
        <TableScroll label="Media files table">
          <table className="posts media-files">
            <caption className="visually-hidden">Media files</caption>
            <thead>
              <tr>
                <th scope="col">Preview</th>
                <th scope="col">File</th>
                <th scope="col">Size</th>
                <th scope="col">Used by</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page.files.map((file) => (
                <tr key={file.id} data-testid="media-file">
                  <td>
                    <Preview file={file} />
                  </td>
                  <td>
                    <a href={`/media/${encodeURIComponent(file.id)}`} target="_blank" rel="noreferrer">
                      {file.filename}
                    </a>
                    <br />
                    <small>
                      {file.contentType}
                      {file.width ? `, ${file.width} × ${file.height}` : ''} · {formatDate(file.createdDate)}
                    </small>
                  </td>
                  <td>{formatBytes(file.sizeBytes)}</td>
                  <td>{file.usages.length === 0 ? 'Not used' : <Usages file={file} />}</td>
                  <td>
                    {file.usages.length > 0 ? (
                      <button
                        type="button"
                        className="danger"
                        disabled
                        aria-label={`Delete ${file.filename} (it is in use)`}
                        title="Remove it from where it is used first"
                      >
                        Delete
                      </button>
                    ) : (
                      <ConfirmButton
                        label="Delete"
                        accessibleLabel={`Delete ${file.filename}`}
                        question={`Delete ${file.filename}? Its address stops working. This cannot be undone.`}
                        confirmLabel="Delete the file"
                        disabled={actions.busy !== undefined}
                        onConfirm={() => remove(file)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {page && (
        <Pager
          label="Files"
          offset={offset}
          count={page.files.length}
          total={page.total}
          pageSize={pageSize}
          onOffset={setOffset}
        />
      )}
    </>
  );
}

function Preview({ file }: { file: MediaLibraryFile }) {
  if (file.kind === 'image') {
    const src = `/media/${encodeURIComponent(file.id)}/v1/fit/w_160,h_120/${encodeURIComponent(file.filename)}`;
    return (
      <img
        src={src}
        alt={`Preview of ${file.filename}`}
        width={80}
        height={60}
        loading="lazy"
        className="media-preview"
      />
    );
  }
  if (file.kind === 'video') {
    return (
      <video
        src={`/media/${encodeURIComponent(file.id)}`}
        preload="metadata"
        muted
        width={80}
        height={60}
        aria-label={`Preview of ${file.filename}`}
        className="media-preview"
      />
    );
  }
  return (
    <span className="media-preview media-document">{file.filename.split('.').pop()?.toUpperCase()}</span>
  );
}

/**
 * Where a file is used: the count, and the places only when asked for (a disclosure). Listing
 * every place of every file made the library a page of 11,205 px for 24 files.
 */
function Usages({ file }: { file: MediaLibraryFile }) {
  const [open, setOpen] = useState(false);
  const count = file.usages.length;
  return (
    <details className="usages" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {count} {count === 1 ? 'place' : 'places'}
        <span className="visually-hidden"> use {file.filename}</span>
      </summary>
      {open && (
        <ul>
          {file.usages.map((usage) => (
            <li key={`${usage.kind}:${usage.containerId}:${usage.itemId ?? ''}`}>
              <UsageLink usage={usage} />
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

const KIND_WORDS: Record<MediaUsage['kind'], string> = {
  'gallery-item': 'Gallery',
  'blog-post': 'Blog post',
  'blog-category': 'Blog category',
  'data-item': 'Data item',
  'form-submission': 'Form submission',
};

function UsageLink({ usage }: { usage: MediaUsage }) {
  const words = `${KIND_WORDS[usage.kind]}: ${usage.label}`;
  const to =
    usage.kind === 'gallery-item'
      ? `/galleries/${encodeURIComponent(usage.containerId)}`
      : usage.kind === 'blog-post'
        ? `/blog/posts/${encodeURIComponent(usage.containerId)}`
        : usage.kind === 'data-item'
          ? `/collections/${encodeURIComponent(usage.containerId)}`
          : undefined;
  return to ? <ConsoleLink to={to}>{words}</ConsoleLink> : <span>{words}</span>;
}
