import { acceptOf } from '@atrium/contract/forms-validation';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import type { LocalFile } from './check-values.js';
import type { FieldView } from './field-views.js';
import type { FileUpload } from './use-submission-form.js';
import type { DraftValue } from './values.js';

/**
 * One field of a submission form, by its control: a labelled input (text, e-mail, phone, URL,
 * date, time, number, password), a text area, a select, a radio or checkbox group, a checkbox, or
 * a file picker with one progress bar per file. Errors are linked (`aria-invalid`,
 * `aria-describedby`) and say where they come from (`data-source`: the client's checks or the
 * platform). Class names are stable (`atrium-…`); there is no built-in style.
 */

export interface SubmissionFieldProps {
  view: FieldView;
  value: DraftValue | undefined;
  errors: readonly string[];
  errorSource?: 'client' | 'server';
  uploads?: readonly FileUpload[];
  disabled?: boolean;
  onChange(target: string, value: DraftValue): void;
}

const INPUT_TYPES: Partial<Record<NonNullable<FieldView['control']>, string>> = {
  text: 'text',
  email: 'email',
  tel: 'tel',
  url: 'url',
  date: 'date',
  time: 'time',
  'datetime-local': 'datetime-local',
  password: 'password',
  number: 'number',
};

const AUTOCOMPLETE: Partial<Record<NonNullable<FieldView['control']>, string>> = {
  email: 'email',
  tel: 'tel',
  url: 'url',
};

export function SubmissionField({
  view,
  value,
  errors,
  errorSource,
  uploads,
  disabled,
  onChange,
}: SubmissionFieldProps) {
  const id = useId();
  const hintId = view.description ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const a11y = {
    'aria-invalid': errors.length > 0 ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': view.rule.required ? true : undefined,
  } as const;
  const common = { name: view.target, disabled: disabled || view.readOnly, ...a11y };
  const text = typeof value === 'string' ? value : '';
  const setText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange(view.target, event.target.value);

  const hint = view.description ? (
    <p id={hintId} className="atrium-hint">
      {view.description}
    </p>
  ) : null;
  const error = errorId ? (
    <div id={errorId} className="atrium-error" data-source={errorSource}>
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  ) : null;
  const required = view.rule.required ? (
    <span className="atrium-required" aria-hidden="true">
      *
    </span>
  ) : null;
  // The marker is for the eye; assistive technology hears `aria-required`.
  const label = (
    <label htmlFor={id} className={view.showLabel ? undefined : 'atrium-visually-hidden'}>
      {view.label}
      {required}
    </label>
  );

  const grouped = (options: ReactNode) => (
    <fieldset className={`atrium-field atrium-field-${view.control}`} aria-describedby={describedBy}>
      <legend className={view.showLabel ? undefined : 'atrium-visually-hidden'}>
        {view.label}
        {required}
      </legend>
      {options}
      {hint}
      {error}
    </fieldset>
  );

  switch (view.control) {
    case 'radio':
    case 'checkboxes': {
      const chosen = view.control === 'checkboxes' && Array.isArray(value) ? (value as number[]) : [];
      return grouped(
        view.options.map((option, index) => {
          const key = `${view.target}-${index}`;
          const checked = view.control === 'radio' ? text === String(index) : chosen.includes(index);
          const toggle = () =>
            view.control === 'radio'
              ? onChange(view.target, String(index))
              : onChange(
                  view.target,
                  checked
                    ? chosen.filter((other) => other !== index)
                    : [...chosen, index].sort((a, b) => a - b),
                );
          return (
            <label key={key} className="atrium-option">
              <input
                type={view.control === 'radio' ? 'radio' : 'checkbox'}
                {...common}
                value={String(index)}
                checked={checked}
                onChange={toggle}
              />
              {option.label}
            </label>
          );
        }),
      );
    }
    case 'checkbox':
      return (
        <div className="atrium-field atrium-field-checkbox">
          <input
            id={id}
            type="checkbox"
            {...common}
            checked={value === true}
            onChange={(event) => onChange(view.target, event.target.checked)}
          />
          {label}
          {hint}
          {error}
        </div>
      );
    case 'file':
      return (
        <div className="atrium-field atrium-field-file">
          {label}
          <input
            id={id}
            type="file"
            {...common}
            accept={acceptOf(view.rule.file?.formats)}
            multiple={(view.rule.file?.fileLimit ?? 1) > 1}
            onChange={(event) => {
              const picked = Array.from(event.target.files ?? []);
              const current = Array.isArray(value) ? (value as LocalFile[]) : [];
              onChange(view.target, [...current, ...picked]);
              // Picking the same file again (after removing it) fires a change.
              event.target.value = '';
            }}
          />
          <FileList
            files={Array.isArray(value) ? (value as LocalFile[]) : []}
            uploads={uploads ?? []}
            disabled={disabled}
            onRemove={(index) =>
              onChange(
                view.target,
                (value as LocalFile[]).filter((_, other) => other !== index),
              )
            }
          />
          {hint}
          {error}
        </div>
      );
    default:
      return (
        <div className={`atrium-field atrium-field-${view.control}`}>
          {label}
          {view.control === 'textarea' ? (
            <textarea id={id} {...common} value={text} placeholder={view.placeholder} onChange={setText} />
          ) : view.control === 'select' ? (
            <select id={id} {...common} value={text} onChange={setText}>
              <option value="">{view.placeholder ?? 'Choose…'}</option>
              {view.options.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed by the definition, and their values need not be unique
                <option key={`${view.target}-${index}`} value={String(index)}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={id}
              type={INPUT_TYPES[view.control ?? 'text'] ?? 'text'}
              {...common}
              value={text}
              placeholder={
                view.placeholder ?? (view.control === 'tags' ? 'Separate values with commas' : undefined)
              }
              autoComplete={AUTOCOMPLETE[view.control ?? 'text']}
              step={view.control === 'number' ? (view.rule.number?.multipleOf ?? 'any') : undefined}
              onChange={setText}
            />
          )}
          {hint}
          {error}
        </div>
      );
  }
}

/** The picked files, each with its upload progress once sending started, and a way to remove it. */
function FileList({
  files,
  uploads,
  disabled,
  onRemove,
}: {
  files: readonly LocalFile[];
  uploads: readonly FileUpload[];
  disabled?: boolean;
  onRemove(index: number): void;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="atrium-file-list">
      {files.map((file, index) => {
        const upload = uploads[index];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be picked twice
          <li key={`${file.name}-${index}`} className="atrium-file">
            <span className="atrium-file-name">{file.name}</span>
            {upload && <UploadProgress upload={upload} />}
            <button
              type="button"
              disabled={disabled}
              aria-label={`Remove ${file.name}`}
              onClick={() => onRemove(index)}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** One file's upload: a progress bar of the bytes sent, and the percentage (or "Uploaded"). */
export function UploadProgress({ upload }: { upload: FileUpload }) {
  const percent = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  return (
    <>
      <progress
        className="atrium-upload-progress"
        max={upload.total || 1}
        value={upload.loaded}
        aria-label={`Upload of ${upload.name}`}
      />
      <span className="atrium-upload-text">
        {upload.status === 'uploaded'
          ? 'Uploaded'
          : upload.status === 'failed'
            ? 'Not uploaded'
            : `${percent}%`}
      </span>
    </>
  );
}
