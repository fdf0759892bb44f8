import { DEV_ROUTES } from '@atrium/contract/routes';
import type { MailboxResponse, MailMessage } from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiFailure, requestJson } from './api.js';
import { Button, ErrorMessage, Field, Page, StatusMessage } from './ui.js';

/** `/_hosted/mailbox?to=ADDRESS`: the messages the platform sent to an address, newest first. */
export function MailboxPage() {
  const initial = new URLSearchParams(window.location.search).get('to') ?? '';
  const [address, setAddress] = useState(initial);
  const [shown, setShown] = useState(initial);
  const [messages, setMessages] = useState<MailMessage[]>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();

  const load = useCallback(async (to: string) => {
    setError(undefined);
    setStatus('Loading…');
    try {
      const result = await requestJson<MailboxResponse>(
        `${DEV_ROUTES.mailbox}?${new URLSearchParams({ to })}`,
      );
      setMessages(result.messages);
      setStatus(`${result.messages.length} message${result.messages.length === 1 ? '' : 's'} for ${to}.`);
    } catch (failure) {
      setStatus(undefined);
      setError(failure instanceof ApiFailure ? failure.message : 'The mailbox cannot be read.');
    }
  }, []);

  useEffect(() => {
    if (initial) void load(initial);
  }, [initial, load]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const to = address.trim();
    const url = new URL(window.location.href);
    url.searchParams.set('to', to);
    window.history.replaceState(null, '', url);
    setShown(to);
    void load(to);
  }

  return (
    <Page title="Mailbox">
      <form onSubmit={submit} className="inline-form">
        <Field
          label="E-mail address"
          type="email"
          required
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <Button>Show messages</Button>
        {shown && (
          <button type="button" className="secondary" onClick={() => void load(shown)}>
            Refresh
          </button>
        )}
      </form>
      <ErrorMessage message={error} />
      <StatusMessage message={status} />
      {messages && messages.length > 0 && (
        <ol className="messages">
          {messages.map((message) => (
            <li key={message.id}>
              <article aria-labelledby={`subject-${message.id}`}>
                <h2 id={`subject-${message.id}`}>{message.subject}</h2>
                <p className="meta">
                  To {message.to},{' '}
                  <time dateTime={message.createdDate}>{formatDate(message.createdDate)}</time>
                </p>
                {message.code && (
                  <p>
                    Code: <strong className="code">{message.code}</strong>
                  </p>
                )}
                {message.links.length > 0 && (
                  <ul className="links">
                    {message.links.map((link) => (
                      <li key={link}>
                        <a href={link}>{link}</a>
                      </li>
                    ))}
                  </ul>
                )}
                <pre className="mail-text">{message.text}</pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </Page>
  );
}

const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};
