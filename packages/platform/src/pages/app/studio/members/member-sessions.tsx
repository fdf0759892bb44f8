import { MEMBERS_API } from '@atrium/contract/admin';
import type { MemberSessionInfo } from '@atrium/contract/types';
import {
  ActionMessages,
  actionsColumn,
  adminCall,
  type Column,
  formatDate,
  PagedTable,
  rowsOf,
  useAdminQuery,
  useChanges,
} from '../../kit/index.js';

/** The member's live sessions (refresh tokens), each ended on its own or all at once. */
export function SessionsList({ identityId, email }: { identityId: string; email: string }) {
  const actions = useChanges();
  const sessions = useAdminQuery(MEMBERS_API.sessions, { params: { identityId } });

  const end = (label: string, work: () => Promise<{ endedSessions: string[] }>) =>
    void actions.change(`Ending ${label}…`, work, [MEMBERS_API.sessions], ({ endedSessions: { length } }) =>
      length === 0
        ? 'That session had ended already.'
        : `${length === 1 ? 'One session' : `${length} sessions`} ended.`,
    );

  const columns: Column<MemberSessionInfo>[] = [
    { header: 'Signed in', cell: (session) => formatDate(session.createdDate) },
    // Renewals of its access token, to the minute (oauth/token-service.ts).
    { header: 'Last used', cell: (session) => formatDate(session.lastUsedDate) },
    { header: 'Client', cell: (session) => <code>{session.clientId}</code> },
    actionsColumn((session) => (
      <button
        type="button"
        className="secondary"
        disabled={actions.busy !== undefined}
        onClick={() =>
          end('the session', () =>
            adminCall(MEMBERS_API.endSession, { params: { identityId, sessionId: session.id } }),
          )
        }
      >
        End session <span className="visually-hidden">from {formatDate(session.createdDate)}</span>
      </button>
    )),
  ];

  const live = sessions.data?.sessions;
  return (
    <section aria-label="Sessions">
      <h3>Sessions</h3>
      <ActionMessages actions={actions} />
      <PagedTable
        label="Sessions"
        columns={columns}
        {...rowsOf(sessions, (answer) => answer.sessions)}
        empty={`No live session: ${email} is signed out everywhere.`}
      />
      {live && live.length > 0 && (
        <button
          type="button"
          className="danger"
          disabled={actions.busy !== undefined}
          onClick={() =>
            end('every session', () => adminCall(MEMBERS_API.endSessions, { params: { identityId } }))
          }
        >
          End all sessions
        </button>
      )}
    </section>
  );
}
