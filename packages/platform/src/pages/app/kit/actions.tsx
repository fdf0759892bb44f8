import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ApiFailure } from './api.js';
import { ErrorMessage, StatusMessage } from './forms.js';

/** Small pieces the blog section shares: actions with progress and outcome, confirmations. */

/** What went wrong, in words (the platform's own message, or that the session has ended). */
export function describeFailure(failure: unknown): string {
  if (failure instanceof ApiFailure) {
    if (failure.status === 401) return 'Your console session has ended. Sign in again.';
    const fields = failure.violations.map((violation) => `${violation.field} ${violation.description}`);
    return fields.length > 0 ? `${failure.message} (${fields.join('; ')})` : failure.message;
  }
  return failure instanceof Error ? failure.message : 'The request failed.';
}

export interface ActionState {
  busy: string | undefined;
  status: string | undefined;
  error: string | undefined;
  /** Runs `work` showing `progress` while it runs, then its returned message (or the error). */
  run: (progress: string, work: () => Promise<string | undefined>) => Promise<boolean>;
  setStatus: (status: string | undefined) => void;
  setError: (error: string | undefined) => void;
}

export function useActions(initialStatus?: string): ActionState {
  const [busy, setBusy] = useState<string>();
  const [status, setStatus] = useState<string | undefined>(initialStatus);
  const [error, setError] = useState<string>();
  const run = useCallback(async (progress: string, work: () => Promise<string | undefined>) => {
    setBusy(progress);
    setError(undefined);
    setStatus(progress);
    try {
      setStatus(await work());
      return true;
    } catch (failure) {
      setStatus(undefined);
      setError(describeFailure(failure));
      return false;
    } finally {
      setBusy(undefined);
    }
  }, []);
  return { busy, status, error, run, setStatus, setError };
}

/** An action's error (or `failure`, a load's) and its progress or outcome. */
export function ActionMessages({ actions, failure }: { actions: ActionState; failure?: string }) {
  return (
    <>
      <ErrorMessage message={actions.error ?? failure} />
      <StatusMessage message={actions.status} />
    </>
  );
}

/**
 * A button that asks first: a modal dialog naming what will happen, with the destructive choice
 * spelled out and Cancel focused.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
  className = 'danger',
  accessibleLabel,
}: {
  label: ReactNode;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
  accessibleLabel?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-label={accessibleLabel}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && (
        <dialog ref={dialog} className="confirm" aria-label={confirmLabel} onClose={() => setOpen(false)}>
          <p>{question}</p>
          <div className="actions">
            <button
              type="button"
              className="danger"
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
            {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes focus in a confirmation */}
            <button type="button" className="secondary" autoFocus onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}

let fieldCounter = 0;
export function useFieldId(prefix: string): string {
  const ref = useRef<string>(undefined);
  ref.current ??= `${prefix}-${++fieldCounter}`;
  return ref.current;
}

/** A file input styled as a button (the input itself stays focusable and labelled). */
export function FilePicker({
  label,
  accept,
  multiple,
  disabled,
  onFiles,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const id = useFieldId('file');
  return (
    <span className="file-picker">
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label htmlFor={id} className="button-like">
        {label}
      </label>
    </span>
  );
}

export function Progress({ label, value }: { label: string; value: number }): ReactNode {
  return (
    <div className="progress">
      <progress aria-label={label} max={1} value={value} />
      <span>{Math.round(value * 100)}%</span>
    </div>
  );
}
