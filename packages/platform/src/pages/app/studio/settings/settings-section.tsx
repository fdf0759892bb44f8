import { SITE_SETTINGS_API, type SiteSettings, type UpdateSiteSettingsRequest } from '@atrium/contract/admin';
import type { SiteImage } from '@atrium/contract/types';
import { type FormEvent, useId, useState } from 'react';
import { uploadMedia } from '../../blog/blog-api.js';
import {
  ActionMessages,
  ApiFailure,
  adminCall,
  Button,
  ErrorMessage,
  Field,
  FilePicker,
  Progress,
  useActions,
  useAdminQuery,
  useConsoleQuery,
  useInvalidate,
} from '../../kit/index.js';
import { MEDIA_KEY, mediaApi } from '../media/media-api.js';
import { SITE_SETTINGS_CHANGED, type SiteSettingsChange } from './events.js';
import './settings.css';

/**
 * Site settings (services/settings/): the site's name, description, language and address, its logo
 * and favicon (picked from the media library or uploaded), with a preview of the site's header.
 * The server checks every field; its violations are shown on the fields they name. Saving tells
 * the console's header (SITE_SETTINGS_CHANGED) and the site shows the change within seconds.
 */

const LIBRARY_SIZE = 24;
const IMAGES = [
  ['logo', 'Logo'],
  ['favicon', 'Favicon'],
] as const;

interface Draft {
  name: string;
  description: string;
  language: string;
  url: string;
  logo: SiteImage | undefined;
  favicon: SiteImage | undefined;
}

const draftOf = (settings: SiteSettings): Draft => ({
  name: settings.name,
  description: settings.description,
  language: settings.language,
  // The default address shows as a placeholder: saving leaves it the default.
  url: settings.defaults.url ? '' : settings.url,
  logo: settings.logo,
  favicon: settings.favicon,
});

/** The fields that differ from what is saved, as the PATCH body. */
function changesOf(draft: Draft, saved: Draft): UpdateSiteSettingsRequest {
  const changes: UpdateSiteSettingsRequest = {};
  if (draft.name !== saved.name) changes.name = draft.name;
  if (draft.description !== saved.description) changes.description = draft.description;
  if (draft.language !== saved.language) changes.language = draft.language;
  if (draft.url !== saved.url) changes.url = draft.url.trim() === '' ? null : draft.url;
  if (draft.logo?.id !== saved.logo?.id) changes.logo = draft.logo?.url ?? null;
  if (draft.favicon?.id !== saved.favicon?.id) changes.favicon = draft.favicon?.url ?? null;
  return changes;
}

export function SettingsSection() {
  const { data, failure } = useAdminQuery(SITE_SETTINGS_API.get, {});
  return (
    <>
      <div className="section-head">
        <h1>Site settings</h1>
      </div>
      <ErrorMessage message={failure} />
      {data ? (
        <SettingsForm settings={data.settings} />
      ) : (
        !failure && <p aria-busy="true">Loading the site settings…</p>
      )}
    </>
  );
}

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const actions = useActions();
  const invalidate = useInvalidate();
  const saved = draftOf(settings);
  const changes = changesOf(draft, saved);
  const changed = Object.keys(changes).length > 0;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  /** A text field's value, the server's word on it and its edits. */
  const text = (key: 'name' | 'description' | 'language' | 'url') => ({
    value: draft[key],
    error: errors[key],
    onValue: (value: string) => set({ [key]: value }),
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    void actions.run('Saving the site settings…', async () => {
      try {
        const answer = await adminCall(SITE_SETTINGS_API.update, { body: changes });
        setDraft(draftOf(answer.settings));
        await invalidate(SITE_SETTINGS_API.get);
        const detail: SiteSettingsChange = { name: answer.settings.name, url: answer.settings.url };
        window.dispatchEvent(new CustomEvent(SITE_SETTINGS_CHANGED, { detail }));
        return 'Saved. The site shows the change within a few seconds.';
      } catch (failure) {
        if (failure instanceof ApiFailure && failure.violations.length > 0) {
          setErrors(Object.fromEntries(failure.violations.map((v) => [v.field, v.description])));
          throw new ApiFailure(failure.status, failure.code, 'Some fields need changes: see below each.');
        }
        throw failure;
      }
    });
  };

  return (
    <>
      <p className="hint">
        How the site presents itself: its header, page titles, feed, e-mails and the hosted pages use these.
      </p>
      <ActionMessages actions={actions} />
      <div className="settings-layout">
        <form className="panel settings-form" onSubmit={save} noValidate aria-label="Site settings">
          <Field label="Site name" maxLength={100} required {...text('name')} />
          <TextArea
            label="Description"
            hint="At most 300 characters: the pages' default description."
            {...text('description')}
          />
          <Field label="Language" hint="A BCP 47 language tag: en, fr, pt-BR." {...text('language')} />
          <Field
            label="Address"
            hint={`The site's URL. Empty: ${settings.defaults.url ? settings.url : 'the site URL the platform was started with'}.`}
            type="url"
            placeholder={settings.defaults.url ? settings.url : ''}
            {...text('url')}
          />
          {IMAGES.map(([key, label]) => (
            <ImageChoice
              key={key}
              label={label}
              image={draft[key]}
              error={errors[key]}
              onChange={(image) => set({ [key]: image })}
            />
          ))}
          <div className="settings-actions">
            <Button busy={actions.busy !== undefined} disabled={!changed}>
              Save settings
            </Button>
            <button
              type="button"
              disabled={!changed || actions.busy !== undefined}
              onClick={() => {
                setDraft(saved);
                setErrors({});
              }}
            >
              Discard changes
            </button>
          </div>
        </form>
        <HeaderPreview draft={draft} />
      </div>
    </>
  );
}

function TextArea({
  label,
  hint,
  value,
  error,
  onValue,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      <textarea
        id={id}
        rows={3}
        maxLength={300}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        onChange={(event) => onValue(event.target.value)}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** An image of the media store: the current one, upload a new one, or choose from the library. */
function ImageChoice({
  label,
  image,
  error,
  onChange,
}: {
  label: string;
  image: SiteImage | undefined;
  error: string | undefined;
  onChange: (image: SiteImage | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const page = useConsoleQuery([MEDIA_KEY, 'library', LIBRARY_SIZE], () => mediaApi.list(0, LIBRARY_SIZE), {
    enabled: open,
  });
  const library = open ? page.data?.files.filter((file) => file.kind === 'image') : undefined;
  const [progress, setProgress] = useState<number>();
  const actions = useActions();
  const headingId = useId();
  const errorId = useId();

  const upload = (files: File[]) =>
    void actions.run(`Uploading ${files[0]?.name}…`, async () => {
      const file = files[0];
      if (!file) return undefined;
      setProgress(0);
      try {
        const stored = await uploadMedia(file, setProgress);
        onChange({ id: stored.id, url: stored.url });
        return `${file.name} uploaded: save to use it.`;
      } finally {
        setProgress(undefined);
      }
    });

  return (
    <fieldset
      className="field image-choice"
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={headingId}>{label}</legend>
      <div className="image-choice-current">
        {image ? (
          <img src={image.url} alt={`The current ${label.toLowerCase()}`} className="image-choice-preview" />
        ) : (
          <span className="hint">No {label.toLowerCase()}.</span>
        )}
      </div>
      <div className="image-choice-actions">
        <FilePicker label={`Upload a ${label.toLowerCase()}`} accept="image/*" onFiles={upload} />
        <button type="button" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Close the library' : 'Choose from the library'}
        </button>
        {image && (
          <button type="button" onClick={() => onChange(undefined)}>
            Remove the {label.toLowerCase()}
          </button>
        )}
      </div>
      {progress !== undefined && <Progress label={`Uploading the ${label.toLowerCase()}`} value={progress} />}
      <ActionMessages actions={actions} failure={open ? page.failure : undefined} />
      {open && !page.data && !page.failure && <p aria-busy="true">Loading the media library…</p>}
      {library && library.length === 0 && <p className="hint">The media library has no images yet.</p>}
      {library && library.length > 0 && (
        <ul className="image-choice-library" aria-label={`Images for the ${label.toLowerCase()}`}>
          {library.map((file) => (
            <li key={file.id}>
              <button
                type="button"
                aria-pressed={image?.id === file.id}
                onClick={() => {
                  onChange({ id: file.id, url: file.url });
                  setOpen(false);
                }}
              >
                <img
                  src={`/media/${encodeURIComponent(file.id)}/v1/fit/w_96,h_96/${encodeURIComponent(file.filename)}`}
                  alt=""
                  width={48}
                  height={48}
                />
                <span>{file.filename}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A language tag the browser accepts, for the preview's `lang` (a draft may not be one yet). */
function validLanguage(tag: string): string | undefined {
  try {
    return /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) ? Intl.getCanonicalLocales(tag)[0] : undefined;
  } catch {
    return undefined;
  }
}

/** The site's header as these settings draw it (the site's own layout: logo or mark, then name). */
function HeaderPreview({ draft }: { draft: Draft }) {
  const lang = validLanguage(draft.language);
  return (
    <section className="panel settings-preview" aria-labelledby="settings-preview-heading">
      <h2 id="settings-preview-heading">Preview</h2>
      <div className="settings-preview-header" data-testid="site-header-preview">
        {draft.logo ? (
          <img src={draft.logo.url} alt="" className="settings-preview-logo" />
        ) : (
          <span className="settings-preview-mark" aria-hidden="true">
            A
          </span>
        )}
        <strong lang={lang}>{draft.name || 'Your site'}</strong>
      </div>
      <p className="hint" lang={lang}>
        {draft.description || 'No description: each page has its own.'}
      </p>
      <p className="hint">
        Tab title: {draft.favicon && <img src={draft.favicon.url} alt="" width={16} height={16} />} Blog ·{' '}
        {draft.name || 'Your site'}
      </p>
    </section>
  );
}
