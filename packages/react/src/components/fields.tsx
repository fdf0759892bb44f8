import { type InputHTMLAttributes, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

/**
 * The building blocks of the auth forms: a labelled field whose error is announced and linked
 * (`aria-invalid`, `aria-describedby`), a live status line, and focus moved to the first error.
 * Class names are stable (`atrium-…`) for styling; there is no built-in style.
 */

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function TextField({ label, error, hint, inputRef, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="atrium-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className="atrium-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="atrium-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A polite live region: step changes and results are read out without moving focus. */
export function StatusMessage({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <p className={className ?? 'atrium-status'} role="status" aria-live="polite">
      {children}
    </p>
  );
}

/** The form's submit button (disabled while busy), with any further `children` buttons beside it. */
export function SubmitActions({
  label,
  busy,
  children,
}: {
  label: ReactNode;
  busy: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="atrium-actions">
      <button type="submit" disabled={busy}>
        {label}
      </button>
      {children}
    </div>
  );
}

/** A form-level error that belongs to no field; focusable so focus can move to it. */
export function FormError({
  message,
  errorRef,
}: {
  message: string | null;
  errorRef: RefObject<HTMLParagraphElement | null>;
}) {
  return message ? (
    <p ref={errorRef} className="atrium-form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}

/**
 * Moves focus to the first error after each failed submit: the field it belongs to, or else the
 * form-level message. `attempt` changes on every submit, so the same error twice still moves focus.
 */
export function useFocusFirstError(
  attempt: number,
  targets: (RefObject<HTMLElement | null> | false | null | undefined)[],
): void {
  const latest = useRef(targets);
  latest.current = targets;
  useEffect(() => {
    if (attempt === 0) return;
    for (const target of latest.current) {
      if (target && target.current !== null) {
        target.current.focus();
        return;
      }
    }
  }, [attempt]);
}
