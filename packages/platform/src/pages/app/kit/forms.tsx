import type { RedirectCallbacks } from '@atrium/contract/types';
import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
} from 'react';

/** The frame of every hosted page: a heading, the content, and where it comes from. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Atrium`;
  }, [title]);
  return (
    <>
      <main className="page">
        <h1>{title}</h1>
        {children}
      </main>
      <footer className="footer">Atrium local platform</footer>
    </>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string;
  /** The typed text on every change: `onValue={setName}` for `onChange={(event) => setName(event.target.value)}`. */
  onValue?: (value: string) => void;
}

/** A labelled input; its hint and error are tied to it for screen readers. */
export function Field({ label, hint, error, onValue, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
        onChange={onValue ? (event) => onValue(event.target.value) : input.onChange}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * An error announced at once and focused, so that keyboard and screen-reader users land on it;
 * it takes focus again whenever the message changes.
 */
export function ErrorMessage({ message }: { message: string | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert" tabIndex={-1} ref={ref}>
      {message}
    </div>
  );
}

/** Progress and outcomes, announced politely; the region stays in the page so updates are read. */
export function StatusMessage({ message }: { message: string | undefined }) {
  return (
    <div className={message ? 'alert alert-info' : 'visually-hidden'} aria-live="polite" role="status">
      {message}
    </div>
  );
}

/** A select's options, each a value and its words: `<select …><Options choices={[['a', 'A'], …]} /></select>`. */
export function Options({ choices }: { choices: readonly (readonly [value: string, words: string])[] }) {
  return (
    <>
      {choices.map(([value, words]) => (
        <option key={value} value={value}>
          {words}
        </option>
      ))}
    </>
  );
}

export function Button({
  busy,
  children,
  ...button
}: { busy?: boolean; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="submit" disabled={busy || button.disabled} aria-busy={busy || undefined} {...button}>
      {children}
    </button>
  );
}

/** Links to the site's callback URLs (the server passes http(s) URLs only). */
export function CallbackLinks({ callbacks }: { callbacks: RedirectCallbacks }) {
  const entries = Object.entries(callbacks).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (entries.length === 0) return <p>The site gave no link to continue to.</p>;
  return (
    <ul className="links">
      {entries.map(([name, url]) => (
        <li key={name}>
          <a href={url}>{CALLBACK_NAMES[name] ?? name}</a> <small>{url}</small>
        </li>
      ))}
    </ul>
  );
}

const CALLBACK_NAMES: Record<string, string> = {
  thankYouPageUrl: 'Thank-you page',
  postFlowUrl: 'Back to the site',
  loginUrl: 'Log in',
  bookingsServiceListUrl: 'Services',
  cartPageUrl: 'Cart',
  planListUrl: 'Plans',
};
