import {
  type ActivityEntry,
  type Endpoint,
  LOGS_API,
  type LogCaller,
  type LogPage,
  type RequestLogEntry,
} from '@atrium/contract/admin';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  type AdminQuery,
  Button,
  type Column,
  ErrorMessage,
  formatDate,
  Options,
  PagedTable,
  useAdminQuery,
  useCursorPaging,
  useInvalidate,
} from '../../kit/index.js';

/**
 * Requests (owners and admins): the platform's recent requests from its request log
 * (services/logs/), filtered by status, path and caller, newest first, each opening its detail
 * (a refused call names the rule that refused it). Activity (owners): who changed what. Both are
 * one log view: a filter form, the table, pages by cursor.
 */

const PAGE_SIZE = 50;

type Choices = readonly (readonly [value: string, label: string])[];

const STATUS_CHOICES: Choices = [
  ['', 'Any status'],
  ['2xx', '2xx success'],
  ['3xx', '3xx redirect'],
  ['4xx', '4xx refused or wrong'],
  ['5xx', '5xx failure'],
  ['401', '401 unauthenticated'],
  ['403', '403 forbidden'],
  ['404', '404 not found'],
];

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

/** A select's choices: "any" first, then the labelled values. */
const choicesOf = (any: string, labels: Record<string, string>): Choices => [
  ['', any],
  ...Object.entries(labels),
];

function callerText(caller: LogCaller): string {
  if (caller.kind === 'staff') return `${caller.email} (${caller.role})`;
  if (caller.kind === 'api-key') {
    const name = [caller.label, caller.hint].filter(Boolean).join(' · ');
    return name ? `API key ${name}` : 'API key';
  }
  return CALLER_LABELS[caller.kind] ?? caller.kind;
}

/** One field of a log's filter: a select when it has choices, else a search box. */
interface FilterField<Name extends string> {
  name: Name;
  label: string;
  choices?: Choices;
}

type Filter<Name extends string> = Record<Name, string>;

/** A log as the console shows it: its heading (naming its table too), what it is, its filter. */
interface LogKind<Name extends string> {
  title: string;
  intro: string;
  /** The pager's word for its rows ("Changes 1–50"), also in "No changes match." */
  noun: string;
  fields: readonly FilterField<Name>[];
}

const REQUESTS: LogKind<'status' | 'path' | 'caller'> = {
  title: 'Requests',
  intro:
    "The platform's recent requests, newest first: who called, what was answered, how long it took. A refused call names the rule that refused it.",
  noun: 'Requests',
  fields: [
    { name: 'status', label: 'Status', choices: STATUS_CHOICES },
    { name: 'path', label: 'Path contains' },
    { name: 'caller', label: 'Caller', choices: choicesOf('Any caller', CALLER_LABELS) },
  ],
};

const ACTIVITY: LogKind<'actor' | 'section'> = {
  title: 'Activity',
  intro: 'Who changed what: every change made in the console or with an API key, newest first.',
  noun: 'Changes',
  fields: [
    { name: 'actor', label: 'Who (e-mail or key)' },
    { name: 'section', label: 'Section', choices: choicesOf('Every section', SECTION_LABELS) },
  ],
};

/**
 * A log's filter as last shown and its page: the query to load. Showing again restarts at the
 * newest page and, with the same filter, loads it anew (a log grows while it is read).
 */
function useLog<Name extends string>(endpoint: Endpoint<unknown, undefined, unknown>, kind: LogKind<Name>) {
  const [shown, setShown] = useState(() => ({
    filter: Object.fromEntries(kind.fields.map((field) => [field.name, ''])) as Filter<Name>,
    round: 0,
  }));
  const paging = useCursorPaging(PAGE_SIZE, [shown]);
  const invalidate = useInvalidate();
  const show = (filter: Filter<Name>) => {
    if (JSON.stringify(filter) === JSON.stringify(shown.filter)) void invalidate(endpoint);
    setShown({ filter, round: shown.round + 1 });
  };
  const trimmed = Object.fromEntries(
    Object.entries<string>(shown.filter).map(([name, value]) => [name, value.trim()]),
  ) as Filter<Name>;
  return { kind, show, paging, query: { ...trimmed, cursor: paging.cursor, limit: PAGE_SIZE } };
}

type Log<Name extends string> = ReturnType<typeof useLog<Name>>;

function LogFilterForm<Name extends string>({
  label,
  idPrefix,
  fields,
  onShow,
}: {
  label: string;
  idPrefix: string;
  fields: readonly FilterField<Name>[];
  onShow: (filter: Filter<Name>) => void;
}) {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onShow(Object.fromEntries(fields.map((field) => [field.name, draft[field.name] ?? ''])) as Filter<Name>);
  };
  return (
    <form className="inline-form" aria-label={label} onSubmit={apply}>
      {fields.map(({ name, label: fieldLabel, choices }) => {
        const id = `${idPrefix}-${name}`;
        const bind = {
          id,
          value: draft[name] ?? '',
          onChange: (event: { target: { value: string } }) =>
            setDraft({ ...draft, [name]: event.target.value }),
        };
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>{fieldLabel}</label>
            {choices ? (
              <select {...bind}>
                <Options choices={choices} />
              </select>
            ) : (
              <input type="search" maxLength={200} {...bind} />
            )}
          </div>
        );
      })}
      <Button>Show</Button>
    </form>
  );
}

/** A log section: its heading, the filter form, what went wrong, `children`, the paged table. */
function LogView<Row extends { id: string }, Name extends string>({
  log,
  answer,
  columns,
  onShow,
  children,
}: {
  log: Log<Name>;
  answer: AdminQuery<LogPage<Row>>;
  columns: readonly Column<Row>[];
  onShow?: () => void;
  children?: ReactNode;
}) {
  const { title, intro, noun, fields } = log.kind;
  const name = title.toLowerCase();
  // Another filter's or page's answer, shown while this one loads, does not say where this one goes.
  const page = answer.isPlaceholderData ? undefined : answer.data;
  return (
    <>
      <h1>{title}</h1>
      <p>{intro}</p>
      <LogFilterForm
        label={`Filter ${name}`}
        idPrefix={name}
        fields={fields}
        onShow={(filter) => {
          log.show(filter);
          onShow?.();
        }}
      />
      <ErrorMessage message={answer.failure} />
      {children}
      {(answer.data || !answer.failure) && (
        <PagedTable
          label={title}
          columns={columns}
          rows={answer.data?.entries}
          rowKey={(row) => row.id}
          empty={`No ${noun.toLowerCase()} match.`}
          loading={`Loading the ${name}…`}
          paging={log.paging.pagingOf(page && { count: page.entries.length, next: page.nextCursor }, noun)}
        />
      )}
    </>
  );
}

const TIME: Column<{ at: string }> = { header: 'Time', cell: (entry) => formatDate(entry.at) };

export function RequestsSection() {
  const [openId, setOpenId] = useState<string>();
  const log = useLog(LOGS_API.requests, REQUESTS);
  const answer = useAdminQuery(LOGS_API.requests, { query: log.query });
  const columns: Column<RequestLogEntry>[] = [
    TIME,
    { header: 'Method', cell: (entry) => entry.method },
    { header: 'Path', className: 'code', cell: (entry) => entry.path },
    { header: 'Status', cell: (entry) => entry.status },
    { header: 'Caller', cell: (entry) => callerText(entry.caller) },
    { header: 'Duration', cell: (entry) => `${entry.durationMs} ms` },
    {
      header: 'Request id',
      cell: (entry) => (
        <button
          type="button"
          className="link-button code"
          aria-label={`Open request ${entry.requestId} (${entry.method} ${entry.status})`}
          onClick={() => setOpenId(entry.requestId)}
        >
          {entry.requestId}
        </button>
      ),
    },
  ];
  return (
    <LogView log={log} answer={answer} columns={columns} onShow={() => setOpenId(undefined)}>
      {openId !== undefined && <RequestDetail requestId={openId} onClose={() => setOpenId(undefined)} />}
    </LogView>
  );
}

function RequestDetail({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const answer = useAdminQuery(LOGS_API.request, { params: { requestId } });
  // Another request's answer is not this one's: wait for this one's.
  const entry = answer.isPlaceholderData ? undefined : answer.data?.entry;
  return (
    <section className="alert alert-info" aria-labelledby="request-detail-heading">
      <h2 id="request-detail-heading">Request {requestId}</h2>
      <ErrorMessage message={answer.failure} />
      {entry === undefined ? (
        !answer.failure && <p aria-busy="true">Loading the request…</p>
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

const ACTIVITY_COLUMNS: readonly Column<ActivityEntry>[] = [
  TIME,
  { header: 'Who', cell: (entry) => callerText(entry.actor) },
  { header: 'Section', cell: (entry) => SECTION_LABELS[entry.section] ?? entry.section },
  {
    header: 'Action',
    cell: (entry) => (
      <>
        {entry.action}
        <br />
        <small className="code">
          {entry.method} {entry.route}
        </small>
      </>
    ),
  },
  {
    header: 'Target',
    className: 'code',
    cell: (entry) =>
      Object.entries(entry.target)
        .map(([name, value]) => `${name}: ${String(value)}`)
        .join(', ') || '—',
  },
];

export function ActivitySection() {
  const log = useLog(LOGS_API.activity, ACTIVITY);
  const answer = useAdminQuery(LOGS_API.activity, { query: log.query });
  return <LogView log={log} answer={answer} columns={ACTIVITY_COLUMNS} />;
}
