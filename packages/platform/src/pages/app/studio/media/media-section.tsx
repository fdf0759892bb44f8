import { MEDIA_LIBRARY_LIMITS } from '@atrium/contract/routes';
import type { MediaLibraryFile, MediaUsage } from '@atrium/contract/types';
import { useState } from 'react';
import { ConsoleLink } from '../../console-router.js';
import {
  ActionMessages,
  type Column,
  ConfirmButton,
  formatBytes,
  formatDate,
  PagedTable,
  rowsOf,
  useActions,
  useConsoleQuery,
  useInvalidate,
  usePaging,
} from '../../kit/index.js';
import { MEDIA_KEY, mediaApi } from './media-api.js';
import { MediaUpload } from './media-upload.js';

/**
 * The console's media library: every file of the media store (pages of 24, newest first) with a
 * preview, its size and where it is used; upload with progress; delete only what nothing uses (the
 * server refuses the rest with 409, and says where the file is used).
 */
const pageSize = MEDIA_LIBRARY_LIMITS.defaultPageSize;

export function MediaSection() {
  const paging = usePaging(pageSize);
  const page = useConsoleQuery([MEDIA_KEY, paging.offset], () => mediaApi.list(paging.offset, pageSize));
  const invalidate = useInvalidate();
  const actions = useActions();
  const { run } = actions;

  const remove = (file: MediaLibraryFile) =>
    void run(`Deleting ${file.filename}…`, async () => {
      await mediaApi.remove(file.id);
      await invalidate(MEDIA_KEY);
      return `Deleted ${file.filename}.`;
    });

  const columns: Column<MediaLibraryFile>[] = [
    { header: 'Preview', cell: (file) => <Preview file={file} /> },
    {
      header: 'File',
      cell: (file) => (
        <>
          <a href={`/media/${encodeURIComponent(file.id)}`} target="_blank" rel="noreferrer">
            {file.filename}
          </a>
          <br />
          <small>
            {file.contentType}
            {file.width ? `, ${file.width} × ${file.height}` : ''} · {formatDate(file.createdDate)}
          </small>
        </>
      ),
    },
    { header: 'Size', cell: (file) => formatBytes(file.sizeBytes) },
    { header: 'Used by', cell: (file) => (file.usages.length === 0 ? 'Not used' : <Usages file={file} />) },
    {
      header: 'Actions',
      cell: (file) =>
        file.usages.length > 0 ? (
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
        ),
    },
  ];

  return (
    <>
      <div className="section-head">
        <h1>Media library</h1>
      </div>
      <section className="panel" aria-labelledby="media-upload-heading">
        <h2 id="media-upload-heading">Upload</h2>
        <p className="hint">Images, MP4 or WebM videos, PDF, Office and text files, 25 MB at most each.</p>
        <MediaUpload
          label="Upload files"
          accept="image/*,video/mp4,video/webm,application/pdf,text/plain,.doc,.docx,.xls,.xlsx,.ppt,.pptx"
          actions={actions}
          onDone={async (files) => {
            paging.setOffset(0);
            await invalidate(MEDIA_KEY);
            return `Uploaded ${files.map((file) => file.name).join(', ')}.`;
          }}
        />
      </section>
      <ActionMessages actions={actions} />
      <PagedTable
        label="Media files"
        columns={columns}
        {...rowsOf(page, (answer) => answer.files)}
        empty="No files yet."
        paging={{ ...paging, total: page.data?.total, onOffset: paging.setOffset, noun: 'Files' }}
        rowProps={() => ({ 'data-testid': 'media-file' })}
      />
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
  'site-settings': 'Site settings',
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
          : usage.kind === 'site-settings'
            ? '/settings'
            : undefined;
  return to ? <ConsoleLink to={to}>{words}</ConsoleLink> : <span>{words}</span>;
}
