'use client';

import { type FormEvent, useState } from 'react';
import type { Field } from '../../lib/contact';
import { storedTokens } from '../../lib/session';
import { wixClient } from '../../lib/wix';

/**
 * The form's fields, sent from the browser as a submission (`submissions.createSubmission`) by the
 * signed-in member (their tokens from the session cookie), or by a visitor.
 */
export function ContactForm({
  formId,
  fields,
  defaults,
}: {
  formId: string;
  fields: Field[];
  defaults: Record<string, string>;
}) {
  const [sent, setSent] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget)]
        .filter(([, value]) => value !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    try {
      const submission = await wixClient(storedTokens()).submissions.createSubmission({
        formId,
        submissions: values,
      });
      setSent(submission._id ?? '');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  if (sent !== undefined) {
    return (
      <p role="status" data-testid="confirmation" data-submission-id={sent}>
        Thank you: your message has been received.
      </p>
    );
  }
  return (
    <form onSubmit={submit}>
      {fields.map((field) => (
        <div key={field.target} className="field">
          <label htmlFor={`field-${field.target}`}>
            {field.label}
            {field.required && ' *'}
          </label>
          {field.kind === 'textarea' ? (
            <textarea id={`field-${field.target}`} name={field.target} required={field.required} rows={5} />
          ) : (
            <input
              id={`field-${field.target}`}
              name={field.target}
              type={field.kind}
              required={field.required}
              defaultValue={defaults[field.target]}
            />
          )}
        </div>
      ))}
      {problem && <p role="alert">{problem}</p>}
      <button type="submit" disabled={busy}>
        Send
      </button>
    </form>
  );
}
