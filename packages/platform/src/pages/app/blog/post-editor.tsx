import '@atrium/react/rich-content.css';
import './editor.css';
import type { BlogSeoData, Category, DraftPost, DraftPostInput, Tag } from '@atrium/contract/types';
import { RichContent } from '@atrium/react/rich-content';
import { createMedia } from '@atrium/sdk/media';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConsoleLink, navigate, useLeaveGuard } from '../console-router.js';
import {
  ApiFailure,
  ConfirmButton,
  describeFailure,
  ErrorMessage,
  FilePicker,
  formatDate,
  Progress,
  StatusMessage,
  useActions,
  useFieldId,
} from '../kit/index.js';
import type { BlogApi, UpdateAction } from './blog-api.js';
import { fromEditorDocument, type PmNode, type RichDocument, toEditorDocument } from './convert.js';
import { NODE_VIEW_OVERRIDES } from './node-views.js';
import { EMPTY_FIELDS, fieldsOf, inputOf, localDateTime, type PostFields } from './post-fields.js';
import { editorExtensions } from './schema.js';
import { SelectionPanel, Toolbar } from './toolbar.js';

/**
 * The post editor (`/blog/posts/<id>`, `/blog/posts/new`): the rich content document on Tiptap,
 * the post's fields, and every action of the draft's life (save, publish, schedule, unpublish,
 * trash, restore, approve or reject a writer's post). Unsaved work is kept in localStorage and
 * restored after a reload; leaving with unsaved changes asks first.
 */

const LOCAL_PREFIX = 'atrium-console-post:';

interface LocalDraft {
  fields: PostFields;
  doc: PmNode;
  savedAt: string;
}

function readLocal(key: string): LocalDraft | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(LOCAL_PREFIX + key) ?? 'null') as LocalDraft | null;
    return value && typeof value === 'object' && value.fields && value.doc ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The outcome of saving a new post, shown by the editor that opens at the post's address. */
let flash: string | undefined;
const takeFlash = () => {
  const message = flash;
  flash = undefined;
  return message;
};

const STATUS_LABELS: Record<string, string> = {
  UNPUBLISHED: 'Draft',
  PUBLISHED: 'Published',
  SCHEDULED: 'Scheduled',
  IN_REVIEW: 'In review',
  DELETED: 'In the trash',
};

export function PostEditor({ api, postId }: { api: BlogApi; postId: string | undefined }) {
  const [post, setPost] = useState<DraftPost>();
  const [trashed, setTrashed] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const [loaded, setLoaded] = useState(false);
  const [fields, setFields] = useState<PostFields>(EMPTY_FIELDS);
  const [savedPinned, setSavedPinned] = useState(false);
  const [categories, setCategories] = useState<Category[]>([]);
  const [tags, setTags] = useState<Tag[]>([]);
  const [dirty, setDirty] = useState(false);
  const [restoredAt, setRestoredAt] = useState<string>();
  const [preview, setPreview] = useState<RichDocument>();
  const [scheduleAt, setScheduleAt] = useState(() => localDateTime(new Date(Date.now() + 60 * 60 * 1000)));
  const [heroProgress, setHeroProgress] = useState<number>();
  const baseDocument = useRef<unknown>(undefined);
  const ready = useRef(false);
  const [flashed] = useState(takeFlash);
  const actions = useActions(flashed);
  const { run } = actions;
  const localKey = postId ?? 'new';

  const editor = useEditor({
    extensions: editorExtensions(NODE_VIEW_OVERRIDES),
    content: toEditorDocument(undefined),
    shouldRerenderOnTransaction: true,
    // No inline <style> (the pages' CSP refuses it): editor.css holds the same rules.
    injectCSS: false,
    editorProps: {
      attributes: {
        class: 'editor-content',
        'aria-label': 'Post content',
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: () => {
      if (ready.current) setDirty(true);
    },
  });

  // Load the post (or start a new one), then any unsaved work of this tab's earlier visit.
  useEffect(() => {
    if (!editor) return;
    let cancelled = false;
    ready.current = false;
    void (async () => {
      try {
        const [loaded, categoryList, tagList] = await Promise.all([
          postId ? api.getPost(postId) : Promise.resolve(undefined),
          api.listCategories(),
          api.listTags(),
        ]);
        const pinned = loaded?.status === 'PUBLISHED' ? await api.isPinned(loaded.id) : false;
        if (cancelled) return;
        setCategories(categoryList);
        setTags(tagList);
        setPost(loaded);
        setSavedPinned(pinned);
        baseDocument.current = loaded?.richContent;
        const local = readLocal(localKey);
        if (local) {
          setFields(local.fields);
          editor.commands.setContent(local.doc, { emitUpdate: false });
          setRestoredAt(local.savedAt);
          setDirty(true);
        } else {
          setFields(loaded ? fieldsOf(loaded, pinned) : EMPTY_FIELDS);
          editor.commands.setContent(toEditorDocument(loaded?.richContent), { emitUpdate: false });
          setDirty(false);
        }
        ready.current = true;
        setLoaded(true);
      } catch (failure) {
        if (cancelled) return;
        setLoadError(
          failure instanceof ApiFailure && failure.status === 404
            ? 'There is no such post: it may have been deleted for good, or moved to the trash (restore it from the Trash tab).'
            : describeFailure(failure),
        );
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [api, editor, postId, localKey]);

  // Unsaved work goes to localStorage as it happens (a reload or a crash keeps it).
  useEffect(() => {
    if (!editor || !dirty || !ready.current) return;
    const write = () => {
      const draft: LocalDraft = {
        fields,
        doc: editor.getJSON() as PmNode,
        savedAt: new Date().toISOString(),
      };
      try {
        localStorage.setItem(LOCAL_PREFIX + localKey, JSON.stringify(draft));
      } catch {
        // Storage full or disabled: the work is still in the page.
      }
    };
    const timer = window.setTimeout(write, 300);
    const onUpdate = () => {
      window.clearTimeout(timer);
      write();
    };
    editor.on('blur', onUpdate);
    return () => {
      window.clearTimeout(timer);
      editor.off('blur', onUpdate);
    };
  });

  useLeaveGuard(
    useCallback(
      () =>
        dirty
          ? 'This post has unsaved changes. Leave without saving them? (They stay in this browser until you discard them.)'
          : undefined,
      [dirty],
    ),
  );

  const update = (change: Partial<PostFields>) => {
    setFields((current) => ({ ...current, ...change }));
    if (ready.current) setDirty(true);
  };

  const documentOf = (current: Editor) =>
    fromEditorDocument(current.getJSON() as PmNode, baseDocument.current ?? { metadata: { version: 1 } });

  const forgetLocal = () => localStorage.removeItem(LOCAL_PREFIX + localKey);

  /** Saves (creating the post if new) with an action; returns the saved post. */
  const save = async (action: UpdateAction, scheduledPublishDate?: string): Promise<DraftPost> => {
    if (!editor) throw new Error('The editor is not ready.');
    if (fields.title.trim() === '') throw new Error('Give the post a title first.');
    const input = {
      ...inputOf(fields, post?.seoData as BlogSeoData | undefined),
      richContent: documentOf(editor) as unknown as DraftPostInput['richContent'],
    };
    let saved: DraftPost;
    if (!post) {
      const created = await api.createPost({ ...input, title: input.title ?? '' });
      saved =
        action === 'UPDATE' ? created : await api.updatePost(created.id, {}, action, scheduledPublishDate);
    } else {
      saved = await api.updatePost(post.id, input, action, scheduledPublishDate);
    }
    if (saved.status === 'PUBLISHED' && fields.pinned !== savedPinned) {
      await api.setPinned(saved.id, fields.pinned);
      setSavedPinned(fields.pinned);
    }
    forgetLocal();
    setDirty(false);
    setRestoredAt(undefined);
    setPost(saved);
    baseDocument.current = saved.richContent;
    return saved;
  };

  const act = (progress: string, action: UpdateAction, done: (saved: DraftPost) => string, date?: string) =>
    void run(progress, async () => {
      const created = !post;
      const saved = await save(action, date);
      const message = done(saved);
      if (created) {
        // The new post's own address: the editor opens again there and shows the outcome.
        flash = message;
        navigate(`/blog/posts/${encodeURIComponent(saved.id)}`, { replace: true, force: true });
      }
      return message;
    });

  const statusAction = (progress: string, action: UpdateAction, message: string) =>
    void run(progress, async () => {
      if (!post) return undefined;
      const saved = await api.updatePost(post.id, {}, action);
      setPost(saved);
      return message;
    });

  const discardLocal = () => {
    forgetLocal();
    setRestoredAt(undefined);
    setDirty(false);
    if (!editor) return;
    ready.current = false;
    setFields(post ? fieldsOf(post, savedPinned) : EMPTY_FIELDS);
    editor.commands.setContent(toEditorDocument(post?.richContent), { emitUpdate: false });
    ready.current = true;
  };

  const uploadHero = (file: File) =>
    void run(`Uploading ${file.name}…`, async () => {
      setHeroProgress(0);
      try {
        const uploaded = await api.upload(file, setHeroProgress);
        update({
          heroImage: {
            id: uploaded.id,
            url: uploaded.url,
            width: uploaded.width,
            height: uploaded.height,
            filename: uploaded.filename,
            altText: fields.heroImage?.altText ?? '',
          },
        });
        return `${file.name} is the hero image.`;
      } finally {
        setHeroProgress(undefined);
      }
    });

  const media = useMemo(() => createMedia({ platformUrl: window.location.origin }), []);

  if (loadError) {
    return (
      <>
        <BackLink />
        <h1>Post not found</h1>
        <ErrorMessage message={loadError} />
      </>
    );
  }

  if (!loaded) {
    return (
      <>
        <BackLink />
        <p aria-busy="true">Loading the post…</p>
      </>
    );
  }

  const status = trashed ? 'DELETED' : (post?.status ?? 'UNPUBLISHED');
  const busy = actions.busy !== undefined || !editor;
  const published = status === 'PUBLISHED';

  return (
    <div className="post-editor">
      <BackLink />
      <div className="section-head">
        <h1>{postId ? fields.title.trim() || 'Untitled post' : 'New post'}</h1>
        <p className="post-status">
          <span className={`badge badge-${status.toLowerCase()}`}>{STATUS_LABELS[status] ?? status}</span>
          {status === 'SCHEDULED' && post?.scheduledPublishDate && (
            <> for {formatDate(post.scheduledPublishDate)}</>
          )}
          {published && post?.hasUnpublishedChanges && <> · with unpublished changes</>}
          {dirty && <> · unsaved changes</>}
          {published && post?.url && (
            <>
              {' · '}
              <a href={postUrl(post)}>View on the site</a>
            </>
          )}
        </p>
      </div>
      {restoredAt && (
        <div className="alert alert-info" role="status">
          Your unsaved changes from {formatDate(restoredAt)} are restored.{' '}
          <button type="button" className="link-button" onClick={discardLocal}>
            Discard them
          </button>
        </div>
      )}
      <ErrorMessage message={actions.error} />
      <StatusMessage message={actions.status} />
      {trashed ? (
        <div className="panel">
          <p>This post is in the trash.</p>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run('Restoring…', async () => {
                if (!post) return undefined;
                const restored = await api.restorePost(post.id);
                setPost(restored);
                setTrashed(false);
                return 'The post is restored as a draft.';
              })
            }
          >
            Restore
          </button>
        </div>
      ) : (
        <div className="editor-layout">
          <div className="editor-main">
            <Text label="Title" value={fields.title} onChange={(title) => update({ title })} required large />
            <div className="editor-frame">
              <fieldset className="editor-modes">
                <legend className="visually-hidden">View</legend>
                <button
                  type="button"
                  className="tab"
                  aria-pressed={preview === undefined}
                  onClick={() => setPreview(undefined)}
                >
                  Write
                </button>
                <button
                  type="button"
                  className="tab"
                  aria-pressed={preview !== undefined}
                  disabled={!editor}
                  onClick={() => editor && setPreview(documentOf(editor))}
                >
                  Preview
                </button>
              </fieldset>
              {preview ? (
                <article className="preview" aria-label="Preview">
                  <h2 className="preview-title">{fields.title || 'Untitled'}</h2>
                  <RichContent content={preview} media={media} />
                </article>
              ) : (
                editor && (
                  <>
                    <Toolbar editor={editor} api={api} run={run} />
                    <EditorContent editor={editor} className="editor-surface" />
                    <SelectionPanel editor={editor} />
                  </>
                )
              )}
            </div>
          </div>
          <aside className="editor-side" aria-label="Post settings">
            <section className="panel" aria-labelledby="publish-heading">
              <h2 id="publish-heading">Publish</h2>
              <div className="actions">
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() =>
                    act('Saving…', 'UPDATE', () =>
                      published ? 'Saved. The changes are not published yet.' : 'The draft is saved.',
                    )
                  }
                >
                  Save draft
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => act('Publishing…', 'UPDATE_PUBLISH', () => 'The post is published.')}
                >
                  {published ? 'Publish changes' : status === 'IN_REVIEW' ? 'Approve and publish' : 'Publish'}
                </button>
              </div>
              {status === 'IN_REVIEW' && (
                <ConfirmButton
                  label="Reject"
                  question="Reject this post? It goes back to its writer as a draft."
                  confirmLabel="Reject"
                  disabled={busy}
                  onConfirm={() =>
                    statusAction(
                      'Sending back…',
                      'UPDATE_REJECT',
                      'The post is rejected: it is a draft of its writer again.',
                    )
                  }
                />
              )}
              {!published && status !== 'IN_REVIEW' && (
                <form
                  className="schedule"
                  onSubmit={(event: FormEvent) => {
                    event.preventDefault();
                    const date = new Date(scheduleAt);
                    if (Number.isNaN(date.getTime()) || date.getTime() <= Date.now()) {
                      actions.setError('Choose a time in the future to schedule the post.');
                      return;
                    }
                    act(
                      'Scheduling…',
                      'UPDATE_SCHEDULE',
                      (saved) => `The post is scheduled for ${formatDate(saved.scheduledPublishDate)}.`,
                      date.toISOString(),
                    );
                  }}
                >
                  <div className="field">
                    <label htmlFor="schedule-at">Publish at</label>
                    <input
                      id="schedule-at"
                      type="datetime-local"
                      step={1}
                      value={scheduleAt}
                      onChange={(event) => setScheduleAt(event.target.value)}
                    />
                  </div>
                  <button type="submit" className="secondary" disabled={busy}>
                    Schedule
                  </button>
                </form>
              )}
              {status === 'SCHEDULED' && (
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() =>
                    statusAction(
                      'Cancelling the schedule…',
                      'UPDATE_CANCEL_SCHEDULE',
                      'The schedule is cancelled: the post is a draft.',
                    )
                  }
                >
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
                  onConfirm={() =>
                    statusAction(
                      'Unpublishing…',
                      'UPDATE_REVERT_TO_DRAFT',
                      'The post is unpublished: it is a draft again.',
                    )
                  }
                />
              )}
              {post && (
                <ConfirmButton
                  label="Move to trash"
                  question={`Move this post to the trash?${published ? ' It leaves the site at once.' : ''} You can restore it from the trash.`}
                  confirmLabel="Move to trash"
                  disabled={busy}
                  onConfirm={() =>
                    void run('Moving to the trash…', async () => {
                      await api.deletePost(post.id);
                      forgetLocal();
                      setDirty(false);
                      setTrashed(true);
                      return 'The post is in the trash.';
                    })
                  }
                />
              )}
            </section>
            <section className="panel" aria-labelledby="details-heading">
              <h2 id="details-heading">Details</h2>
              <Text
                label="Slug"
                hint="The end of the post’s address; empty: made from the title."
                value={fields.slug}
                onChange={(slug) => update({ slug })}
              />
              <Text
                label="Excerpt"
                value={fields.excerpt}
                onChange={(excerpt) => update({ excerpt })}
                multiline
              />
              <Checkboxes
                legend="Categories"
                empty="No category yet: add them under Categories and tags."
                options={categories.map((category) => ({
                  id: category.id,
                  label: category.label ?? category.id,
                }))}
                selected={fields.categoryIds}
                onChange={(categoryIds) => update({ categoryIds })}
              />
              <Checkboxes
                legend="Tags"
                empty="No tag yet: add them under Categories and tags."
                options={tags.map((tag) => ({ id: tag.id, label: tag.label ?? tag.id }))}
                selected={fields.tagIds}
                onChange={(tagIds) => update({ tagIds })}
              />
              <div className="field checkbox">
                <input
                  id="post-featured"
                  type="checkbox"
                  checked={fields.featured}
                  onChange={(event) => update({ featured: event.target.checked })}
                />
                <label htmlFor="post-featured">Featured</label>
              </div>
              <div className="field checkbox">
                <input
                  id="post-pinned"
                  type="checkbox"
                  checked={fields.pinned}
                  disabled={!published}
                  aria-describedby="post-pinned-hint"
                  onChange={(event) => update({ pinned: event.target.checked })}
                />
                <label htmlFor="post-pinned">Pinned first in the feed</label>
              </div>
              <p className="hint" id="post-pinned-hint">
                {published ? 'Saved with the post.' : 'A published post can be pinned.'}
              </p>
            </section>
            <section className="panel" aria-labelledby="hero-heading">
              <h2 id="hero-heading">Hero image</h2>
              {fields.heroImage?.id || fields.heroImage?.url ? (
                <>
                  <img
                    className="hero-preview"
                    src={
                      fields.heroImage.id
                        ? `/media/${encodeURIComponent(fields.heroImage.id)}`
                        : fields.heroImage.url
                    }
                    alt={fields.heroImage.altText ?? ''}
                  />
                  <Text
                    label="Hero image alt text"
                    value={fields.heroImage.altText ?? ''}
                    onChange={(altText) => update({ heroImage: { ...fields.heroImage, altText } })}
                  />
                  <button type="button" className="secondary" onClick={() => update({ heroImage: null })}>
                    Remove the hero image
                  </button>
                </>
              ) : (
                <p className="hint">No hero image.</p>
              )}
              <FilePicker
                label="Upload a hero image"
                accept="image/*"
                disabled={busy}
                onFiles={([file]) => file && uploadHero(file)}
              />
              {heroProgress !== undefined && (
                <Progress label="Uploading the hero image" value={heroProgress} />
              )}
            </section>
            <section className="panel" aria-labelledby="seo-heading">
              <h2 id="seo-heading">Search engines</h2>
              <Text label="SEO title" value={fields.seoTitle} onChange={(seoTitle) => update({ seoTitle })} />
              <Text
                label="SEO description"
                value={fields.seoDescription}
                onChange={(seoDescription) => update({ seoDescription })}
                multiline
              />
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}

function postUrl(post: DraftPost): string {
  const url = post.url as unknown;
  if (typeof url === 'string') return url;
  const parts = url as { base?: string; path?: string } | undefined;
  return `${parts?.base ?? ''}${parts?.path ?? ''}`;
}

function BackLink() {
  return (
    <p className="back">
      <ConsoleLink to="/blog">← All posts</ConsoleLink>
    </p>
  );
}

function Text({
  label,
  hint,
  value,
  onChange,
  multiline,
  required,
  large,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  required?: boolean;
  large?: boolean;
}) {
  const id = useFieldId('post-field');
  return (
    <div className={`field${large ? ' field-large' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea
          id={id}
          rows={3}
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          value={value}
          required={required}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

function Checkboxes({
  legend,
  empty,
  options,
  selected,
  onChange,
}: {
  legend: string;
  empty: string;
  options: { id: string; label: string }[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const id = useFieldId('choice');
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {options.length === 0 ? (
        <p className="hint">{empty}</p>
      ) : (
        options.map((option) => (
          <div className="field checkbox" key={option.id}>
            <input
              id={`${id}-${option.id}`}
              type="checkbox"
              checked={selected.includes(option.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, option.id]
                    : selected.filter((entry) => entry !== option.id),
                )
              }
            />
            <label htmlFor={`${id}-${option.id}`}>{option.label}</label>
          </div>
        ))
      )}
    </fieldset>
  );
}
