import { TextField } from '@atrium/react';
import type { FormEvent, ReactNode } from 'react';

/** One card of the account page, named by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card account-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A form of the account page: the browser's own checks off (the platform answers by field). */
export function AccountForm({
  label,
  busy,
  onSubmit,
  children,
}: {
  label: string;
  busy?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form className="atrium-form" noValidate aria-label={label} aria-busy={busy} onSubmit={submit}>
      {children}
    </form>
  );
}

/** The form-level message of a refusal that names no field of the form. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="atrium-form-error" role="alert">
      {message}
    </p>
  );
}

/** The submit button (its label says while the call runs), with a Cancel button when `onCancel` is given. */
export function FormActions({
  pending,
  label,
  pendingLabel,
  danger,
  disabled,
  onCancel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  danger?: boolean;
  disabled?: boolean;
  onCancel?: () => void;
}) {
  return (
    <div className="atrium-actions">
      <button type="submit" className={danger ? 'danger' : undefined} disabled={disabled || pending}>
        {pending ? pendingLabel : label}
      </button>
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** A form that asks for a one-time code (from an e-mail or an authenticator app), with Cancel. */
export function CodeForm({
  label,
  fieldLabel,
  name,
  code,
  setCode,
  error,
  pending,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  fieldLabel: string;
  name: string;
  code: string;
  setCode: (code: string) => void;
  error: string | null;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <AccountForm label={label} onSubmit={onSubmit}>
      {children}
      <TextField
        label={fieldLabel}
        name={name}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <FormActions pending={pending} label={submitLabel} pendingLabel={pendingLabel} onCancel={onCancel} />
    </AccountForm>
  );
}
