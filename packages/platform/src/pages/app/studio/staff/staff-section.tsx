import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  type ConsoleStaff,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  STAFF_API,
  useConsoleStaff,
} from '../../console-session.js';
import {
  Button,
  ConfirmButton,
  ErrorMessage,
  fillPath,
  formatDate,
  requestJson,
  StatusMessage,
  TableScroll,
  useActions,
} from '../../kit/index.js';
import { RoleSelect } from './role-select.js';

/**
 * Staff (owners): who runs the site and with which role. Invite by e-mail (a one-time link, shown
 * here too for a local platform without mail), change a role, block (signed out at once) and
 * unblock. The server keeps the last active owner.
 */
const STATUS_LABELS: Record<ConsoleStaff['status'], string> = {
  INVITED: 'Invited',
  ACTIVE: 'Active',
  BLOCKED: 'Blocked',
};

export function StaffSection() {
  const me = useConsoleStaff();
  const actions = useActions();
  const [staff, setStaff] = useState<ConsoleStaff[]>();
  const [loadError, setLoadError] = useState<string>();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ConsoleStaff['role']>('WRITER');
  const [invited, setInvited] = useState<{ email: string; url: string }>();

  const load = useCallback(async () => {
    try {
      setStaff((await requestJson<{ staff: ConsoleStaff[] }>(STAFF_API.staff)).staff);
    } catch (failure) {
      setLoadError(failure instanceof Error ? failure.message : 'The staff could not be loaded.');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const invite = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    void actions.run(`Inviting ${address}…`, async () => {
      const answer = await requestJson<{ staff: ConsoleStaff; inviteUrl: string }>(STAFF_API.staff, {
        method: 'POST',
        body: { email: address, role },
      });
      setInvited({ email: answer.staff.email, url: answer.inviteUrl });
      setEmail('');
      await load();
      return `${answer.staff.email} is invited as ${ROLE_LABELS[answer.staff.role]}: the link is in their mail.`;
    });
  };

  const change = (
    member: ConsoleStaff,
    body: { role?: ConsoleStaff['role']; blocked?: boolean },
    done: string,
  ) =>
    void actions.run(`Saving ${member.email}…`, async () => {
      await requestJson(fillPath(STAFF_API.member, { staffId: member.id }), { method: 'PATCH', body });
      await load();
      return done;
    });

  const busy = actions.busy !== undefined;
  return (
    <>
      <h1>Staff</h1>
      <p>
        The people who run the site, each with a role the server checks on every call. Programs use API keys
        (Developer).
      </p>
      <ErrorMessage message={actions.error ?? loadError} />
      <StatusMessage message={actions.status} />
      {invited && (
        <section className="alert alert-info" aria-labelledby="invite-link-heading">
          <h2 id="invite-link-heading">Invitation link of {invited.email}</h2>
          <p>It signs them in once, within a week. It was mailed; you can also hand it over yourself.</p>
          <label htmlFor="invite-link">The link</label>
          <input
            id="invite-link"
            readOnly
            className="code"
            value={invited.url}
            onFocus={(event) => event.target.select()}
          />
          <p className="actions">
            <button type="button" className="secondary" onClick={() => setInvited(undefined)}>
              Done
            </button>
          </p>
        </section>
      )}
      {staff === undefined ? (
        !loadError && <p aria-busy="true">Loading the staff…</p>
      ) : (
        <TableScroll label="Staff table">
          <table>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    {member.email}
                    {member.id === me.id && <small> (you)</small>}
                  </th>
                  <td>
                    <label className="visually-hidden" htmlFor={`role-${member.id}`}>
                      Role of {member.email}
                    </label>
                    <RoleSelect
                      id={`role-${member.id}`}
                      value={member.role}
                      disabled={busy}
                      onRole={(next) =>
                        change(member, { role: next }, `${member.email} is now ${ROLE_LABELS[next]}.`)
                      }
                    />
                  </td>
                  <td>{STATUS_LABELS[member.status]}</td>
                  <td>{member.lastSignInDate ? formatDate(member.lastSignInDate) : 'Never'}</td>
                  <td className="actions">
                    {member.status === 'BLOCKED' ? (
                      <button
                        type="button"
                        className="secondary"
                        disabled={busy}
                        onClick={() => change(member, { blocked: false }, `${member.email} is unblocked.`)}
                      >
                        Unblock <span className="visually-hidden">{member.email}</span>
                      </button>
                    ) : (
                      <ConfirmButton
                        label="Block"
                        accessibleLabel={`Block ${member.email}`}
                        question={`Block ${member.email}? They are signed out at once and cannot sign in until unblocked.`}
                        confirmLabel={`Block ${member.email}`}
                        disabled={busy}
                        onConfirm={() => change(member, { blocked: true }, `${member.email} is blocked.`)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <section aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <form className="inline-form" onSubmit={invite}>
          <div className="field">
            <label htmlFor="invite-email">E-mail</label>
            <input
              id="invite-email"
              type="email"
              required
              maxLength={254}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="invite-role">Role</label>
            <RoleSelect id="invite-role" value={role} aria-describedby="invite-role-hint" onRole={setRole} />
            <p className="hint" id="invite-role-hint">
              {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}.
            </p>
          </div>
          <Button busy={busy}>Invite</Button>
        </form>
      </section>
    </>
  );
}
