import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { ActivityEntry, Page, RequestLogEntry } from '../../../../services/logs/service.js';
import { Button, ErrorMessage, fillPath, formatDate, requestJson, TableScroll } from '../../kit/index.js';

/**
 * Requests (owners and admins): the platform's recent requests from its request log
 * (services/logs/), filtered by status, path and caller, newest first, each opening its detail
 * (a refused call names the rule that refused it). Activity (owners): who changed what.
 */
export const LOGS_API = {
  requests: `${ADMIN_PREFIX}/v1/request-log`,
  request: `${ADMIN_PREFIX}/v1/request-log/{requestId}`,
  activity: `${ADMIN_PREFIX}/v1/activity`,
} as const;

const PAGE_SIZE = 50;

const STATUS_CHOICES = [
  ['', 'Any status'],
  ['2xx', '2xx success'],
  ['3xx', '3xx redirect'],
  ['4xx', '4xx refused or wrong'],
  ['5xx', '5xx failure'],
  ['401', '401 unauthenticated'],
  ['403', '403 forbidden'],
  ['404', '404 not found'],
] as const;

const CALLER_LABELS: Record<string, string> = {
  anonymous: 'Anonymous',
  unidentified: 'Unidentified credential',
  visitor: 'Visitor',
  member: 'Member',
  staff: 'Staff',
  'api-key': 'API key',
};

const SECTION_LABELS: Record<string, string> = {
  owner: 'Owner',
  settings: 'Settings',
  webhooks: 'Webhooks',
  members: 'Members',
  blog: 'Blog',
  cms: 'Data',
  galleries: 'Galleries',
  forms: 'Forms',
  media: 'Media',
  other: 'Other',
};

function callerText(caller: RequestLogEntry['caller']): string {
  if (caller.kind === 'staff') return `${caller.email} (${caller.role})`;
  if (caller.kind === 'api-key') {
    const name = [caller.label, caller.hint].filter(Boolean).join(' · ');
    return name ? `API key ${name}` : 'API key';
  }
  return CALLER_LABELS[caller.kind] ?? caller.kind;
}

const query = (values: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Newest-first pages by cursor: the cursors of the pages before this one, kept to go back. */
function useCursorPages<T>(load: (cursor: string | undefined) => Promise<Page<T>>) {
  const [page, setPage] = useState<Page<T>>();
  const [error, setError] = useState<string>();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  useEffect(() => {
    let current = true;
    setError(undefined);
    load(cursor).then(
      (answer) => current && setPage(answer),
      (failure: unknown) =>
        current && setError(failure instanceof Error ? failure.message : 'The log could not be loaded.'),
    );
    return () => {
      current = false;
    };
  }, [load, cursor]);
  return {
    page,
    error,
    pageNumber: cursors.length,
    older: () => page?.nextCursor && setCursors([...cursors, page.nextCursor]),
    newer: () => setCursors(cursors.length > 1 ? cursors.slice(0, -1) : cursors),
    restart: () => setCursors([undefined]),
  };
}

function CursorPager({
  label,
  pages,
}: {
  label: string;
  pages: { page: Page<unknown> | undefined; pageNumber: number; older: () => void; newer: () => void };
}) {
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={pages.pageNumber === 1} onClick={pages.newer}>
        Newer
      </button>
      <span>Page {pages.pageNumber}</span>
      <button type="button" disabled={!pages.page?.nextCursor} onClick={pages.older}>
        Older
      </button>
    </nav>
  );
}

interface RequestFilter {
  status: string;
  path: string;
  caller: string;
}

export function RequestsSection() {
  const [draft, setDraft] = useState<RequestFilter>({ status: '', path: '', caller: '' });
  const [filter, setFilter] = useState<RequestFilter>(draft);
  const [openId, setOpenId] = useState<string>();
  const load = useCallback(
    (cursor: string | undefined) =>
      requestJson<Page<RequestLogEntry>>(
        `${LOGS_API.requests}${query({ ...filter, path: filter.path.trim(), cursor, limit: String(PAGE_SIZE) })}`,
      ),
    [filter],
  );
  const pages = useCursorPages(load);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
    setOpenId(undefined);
    pages.restart();
  };
  const entries = pages.page?.entries;
  return (
    <>
      <h1>Requests</h1>
      <p>
        The platform's recent requests, newest first: who called, what was answered, how long it took. A
        refused call names the rule that refused it.
      </p>
      <form className="inline-form" aria-label="Filter requests" onSubmit={apply}>
        <div className="field">
          <label htmlFor="requests-status">Status</label>
          <select
            id="requests-status"
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            {STATUS_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="requests-path">Path contains</label>
          <input
            id="requests-path"
            type="search"
            maxLength={200}
            value={draft.path}
            onChange={(event) => setDraft({ ...draft, path: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="requests-caller">Caller</label>
          <select
            id="requests-caller"
            value={draft.caller}
            onChange={(event) => setDraft({ ...draft, caller: event.target.value })}
          >
            <option value="">Any caller</option>
            {Object.entries(CALLER_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Button>Show</Button>
      </form>
      <ErrorMessage message={pages.error} />
      {openId !== undefined && <RequestDetail requestId={openId} onClose={() => setOpenId(undefined)} />}
      {entries === undefined ? (
        !pages.error && <p aria-busy="true">Loading the requests…</p>
      ) : entries.length === 0 ? (
        <p>No requests match.</p>
      ) : (
        <TableScroll label="Requests table">
          <table>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">Status</th>
                <th scope="col">Caller</th>
                <th scope="col">Duration</th>
                <th scope="col">Request id</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDate(entry.at)}</td>
                  <td>{entry.method}</td>
                  <td className="code">{entry.path}</td>
                  <td>{entry.status}</td>
                  <td>{callerText(entry.caller)}</td>
                  <td>{entry.durationMs} ms</td>
                  <td>
                    <button
                      type="button"
                      className="link-button code"
                      aria-label={`Open request ${entry.requestId} (${entry.method} ${entry.status})`}
                      onClick={() => setOpenId(entry.requestId)}
                    >
                      {entry.requestId}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <CursorPager label="Requests" pages={pages} />
    </>
  );
}

function RequestDetail({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const [entry, setEntry] = useState<RequestLogEntry>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    setEntry(undefined);
    requestJson<{ entry: RequestLogEntry }>(fillPath(LOGS_API.request, { requestId })).then(
      (answer) => current && setEntry(answer.entry),
      (failure: unknown) =>
        current && setError(failure instanceof Error ? failure.message : 'The request could not be loaded.'),
    );
    return () => {
      current = false;
    };
  }, [requestId]);
  return (
    <section className="alert alert-info" aria-labelledby="request-detail-heading">
      <h2 id="request-detail-heading">Request {requestId}</h2>
      <ErrorMessage message={error} />
      {entry === undefined ? (
        !error && <p aria-busy="true">Loading the request…</p>
      ) : (
        <dl className="facts">
          <dt>Time</dt>
          <dd>{formatDate(entry.at)}</dd>
          <dt>Call</dt>
          <dd className="code">
            {entry.method} {entry.path}
          </dd>
          <dt>Route</dt>
          <dd className="code">{entry.route ?? 'No route matched'}</dd>
          <dt>Status</dt>
          <dd>{entry.status}</dd>
          <dt>Caller</dt>
          <dd>{callerText(entry.caller)}</dd>
          <dt>Duration</dt>
          <dd>{entry.durationMs} ms</dd>
          {entry.refusal !== null && (
            <>
              <dt>Refused by</dt>
              <dd>{entry.refusal}</dd>
            </>
          )}
        </dl>
      )}
      <p className="actions">
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </p>
    </section>
  );
}

interface ActivityFilter {
  actor: string;
  section: string;
}

export function ActivitySection() {
  const [draft, setDraft] = useState<ActivityFilter>({ actor: '', section: '' });
  const [filter, setFilter] = useState<ActivityFilter>(draft);
  const load = useCallback(
    (cursor: string | undefined) =>
      requestJson<Page<ActivityEntry>>(
        `${LOGS_API.activity}${query({ ...filter, actor: filter.actor.trim(), cursor, limit: String(PAGE_SIZE) })}`,
      ),
    [filter],
  );
  const pages = useCursorPages(load);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
    pages.restart();
  };
  const entries = pages.page?.entries;
  return (
    <>
      <h1>Activity</h1>
      <p>Who changed what: every change made in the console or with an API key, newest first.</p>
      <form className="inline-form" aria-label="Filter activity" onSubmit={apply}>
        <div className="field">
          <label htmlFor="activity-actor">Who (e-mail or key)</label>
          <input
            id="activity-actor"
            type="search"
            maxLength={200}
            value={draft.actor}
            onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="activity-section">Section</label>
          <select
            id="activity-section"
            value={draft.section}
            onChange={(event) => setDraft({ ...draft, section: event.target.value })}
          >
            <option value="">Every section</option>
            {Object.entries(SECTION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Button>Show</Button>
      </form>
      <ErrorMessage message={pages.error} />
      {entries === undefined ? (
        !pages.error && <p aria-busy="true">Loading the activity…</p>
      ) : entries.length === 0 ? (
        <p>No changes match.</p>
      ) : (
        <TableScroll label="Activity table">
          <table>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Who</th>
                <th scope="col">Section</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDate(entry.at)}</td>
                  <td>{callerText(entry.actor)}</td>
                  <td>{SECTION_LABELS[entry.section] ?? entry.section}</td>
                  <td>
                    {entry.action}
                    <br />
                    <small className="code">
                      {entry.method} {entry.route}
                    </small>
                  </td>
                  <td className="code">
                    {Object.entries(entry.target)
                      .map(([name, value]) => `${name}: ${String(value)}`)
                      .join(', ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <CursorPager label="Activity" pages={pages} />
    </>
  );
}
