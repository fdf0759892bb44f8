import { STAFF_API, type StaffMember, type StaffUpdateBody } from '@atrium/contract/admin';
import { type FormEvent, useState } from 'react';
import { EmailField } from '../../account-fields.js';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, useConsoleStaff } from '../../console-session.js';
import {
  ActionMessages,
  actionsColumn,
  adminCall,
  Button,
  type Column,
  ConfirmButton,
  formatDate,
  PagedTable,
  rowsOf,
  useAdminQuery,
  useChanges,
} from '../../kit/index.js';
import { RoleSelect } from './role-select.js';

/**
 * Staff (owners): who runs the site and with which role. Invite by e-mail (a one-time link, shown
 * here too for a local platform without mail), change a role, block (signed out at once) and
 * unblock. The server keeps the last active owner.
 */
const STATUS_LABELS: Record<StaffMember['status'], string> = {
  INVITED: 'Invited',
  ACTIVE: 'Active',
  BLOCKED: 'Blocked',
};

export function StaffSection() {
  const me = useConsoleStaff();
  const actions = useChanges();
  const list = useAdminQuery(STAFF_API.list, {});
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffMember['role']>('WRITER');
  const [invited, setInvited] = useState<{ email: string; url: string }>();

  const invite = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    void actions.change(
      `Inviting ${address}…`,
      async () => {
        const answer = await adminCall(STAFF_API.invite, { body: { email: address, role } });
        setInvited({ email: answer.staff.email, url: answer.inviteUrl });
        setEmail('');
        return answer.staff;
      },
      [STAFF_API.list],
      (staff) => `${staff.email} is invited as ${ROLE_LABELS[staff.role]}: the link is in their mail.`,
    );
  };

  const change = (member: StaffMember, body: StaffUpdateBody, done: string) =>
    void actions.change(
      `Saving ${member.email}…`,
      () => adminCall(STAFF_API.update, { params: { staffId: member.id }, body }),
      [STAFF_API.list],
      done,
    );

  const busy = actions.busy !== undefined;
  const columns: Column<StaffMember>[] = [
    {
      header: 'E-mail',
      rowHeader: true,
      cell: (member) => (
        <>
          {member.email}
          {member.id === me.id && <small> (you)</small>}
        </>
      ),
    },
    {
      header: 'Role',
      cell: (member) => (
        <>
          <label className="visually-hidden" htmlFor={`role-${member.id}`}>
            Role of {member.email}
          </label>
          <RoleSelect
            id={`role-${member.id}`}
            value={member.role}
            disabled={busy}
            onRole={(next) => change(member, { role: next }, `${member.email} is now ${ROLE_LABELS[next]}.`)}
          />
        </>
      ),
    },
    { header: 'Status', cell: (member) => STATUS_LABELS[member.status] },
    {
      header: 'Last sign-in',
      cell: (member) => (member.lastSignInDate ? formatDate(member.lastSignInDate) : 'Never'),
    },
    actionsColumn((member) =>
      member.status === 'BLOCKED' ? (
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
      ),
    ),
  ];

  return (
    <>
      <h1>Staff</h1>
      <p>
        The people who run the site, each with a role the server checks on every call. Programs use API keys
        (Developer).
      </p>
      <ActionMessages actions={actions} />
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
      <PagedTable
        label="Staff"
        columns={columns}
        {...rowsOf(list, (answer) => answer.staff)}
        empty="No staff yet."
      />
      <section aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <form className="inline-form" onSubmit={invite}>
          <EmailField autoComplete="off" value={email} onValue={setEmail} />
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
