import { DEV_ROUTES } from '@atrium/contract/routes';
import type { MailboxResponse, MailMessage } from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  ApiFailure,
  Button,
  ErrorMessage,
  Field,
  formatDate,
  Page,
  requestJson,
  StatusMessage,
} from './kit/index.js';

/**
 * `/_hosted/mailbox`: the mail the platform sent, newest first: every address's recent mail at once,
 * narrowed by a filter on the address or the subject (`?q=`), or one address's (`?to=ADDRESS`, what
 * links to the mailbox use).
 */
export function MailboxPage() {
  const params = new URLSearchParams(window.location.search);
  const [initial] = useState(() => ({ to: params.get('to') ?? '', q: params.get('q') ?? '' }));
  const [filter, setFilter] = useState(initial.to || initial.q);
  const [messages, setMessages] = useState<MailMessage[]>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  /** What the list shows: one address, or a filter (empty: everything recent). */
  const [shown, setShown] = useState<{ to?: string; q?: string }>(
    initial.to ? { to: initial.to } : { q: initial.q },
  );

  const load = useCallback(async (query: { to?: string; q?: string }) => {
    setError(undefined);
    setStatus('Loading…');
    const search = new URLSearchParams();
    if (query.to) search.set('to', query.to);
    else if (query.q) search.set('q', query.q);
    try {
      const result = await requestJson<MailboxResponse>(`${DEV_ROUTES.mailbox}?${search}`);
      setMessages(result.messages);
      const count = `${result.messages.length} message${result.messages.length === 1 ? '' : 's'}`;
      setStatus(
        query.to
          ? `${count} for ${query.to}.`
          : query.q
            ? `${count} matching “${query.q}”.`
            : `${count}, newest first.`,
      );
    } catch (failure) {
      setStatus(undefined);
      setError(failure instanceof ApiFailure ? failure.message : 'The mailbox cannot be read.');
    }
  }, []);

  useEffect(() => {
    void load(shown);
  }, [shown, load]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = filter.trim();
    const url = new URL(window.location.href);
    url.searchParams.delete('to');
    if (q) url.searchParams.set('q', q);
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', url);
    setShown({ q });
  }

  return (
    <Page title="Mailbox">
      <form onSubmit={submit} className="inline-form" aria-label="Filter the mail">
        <Field label="Address or subject contains" type="search" value={filter} onValue={setFilter} />
        <Button>Filter</Button>
        <button type="button" className="secondary" onClick={() => void load(shown)}>
          Refresh
        </button>
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
