import { STAFF_API } from '@atrium/contract/admin';
import { type FormEvent, useState } from 'react';
import { PasswordField, useNewPassword } from '../../account-fields.js';
import {
  type ConsoleStaff,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  useConsoleSession,
} from '../../console-session.js';
import { adminCall, Button, ErrorMessage, StatusMessage, useActions } from '../../kit/index.js';

/**
 * Your account: who is signed in, with which role, and the password. A session begun from a
 * one-time link (an invitation, a reset, the owner's start link) chooses one without the old one.
 */
export function AccountSection({
  refusedPath,
  onStaffChanged,
}: {
  /** A console path the role may not open, when that is how we got here. */
  refusedPath: string | undefined;
  onStaffChanged: (staff: ConsoleStaff) => void;
}) {
  const { staff, startedBy } = useConsoleSession();
  const actions = useActions();
  const [current, setCurrent] = useState('');
  const next = useNewPassword('The two new passwords differ.');
  const needsCurrent = startedBy === 'PASSWORD' && staff.hasPassword;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!next.confirmed()) return;
    void actions.run('Saving the password…', async () => {
      const answer = await adminCall(STAFF_API.password, {
        body: needsCurrent
          ? { currentPassword: current, newPassword: next.password }
          : { newPassword: next.password },
      });
      setCurrent('');
      next.clear();
      onStaffChanged(answer.staff);
      return 'The password is saved: sign in with it from now on.';
    });
  };

  return (
    <>
      <h1>Your account</h1>
      {refusedPath && (
        <p className="alert alert-info" role="status">
          The {ROLE_LABELS[staff.role]} role does not open <code>{refusedPath}</code>. The server refuses its
          calls too.
        </p>
      )}
      <dl className="facts">
        <dt>E-mail</dt>
        <dd>{staff.email}</dd>
        <dt>Role</dt>
        <dd>
          {ROLE_LABELS[staff.role]}: {ROLE_DESCRIPTIONS[staff.role]}
        </dd>
      </dl>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">{staff.hasPassword ? 'Change the password' : 'Choose a password'}</h2>
        {!staff.hasPassword && (
          <p>You signed in with a one-time link. Choose a password to sign in with your e-mail next time.</p>
        )}
        <ErrorMessage message={next.mismatch ?? actions.error} />
        <StatusMessage message={actions.status} />
        <form onSubmit={submit}>
          {/* For password managers: the account the password belongs to. */}
          <input type="email" autoComplete="username" value={staff.email} readOnly hidden />
          {needsCurrent && <PasswordField label="Current password" value={current} onValue={setCurrent} />}
          {next.fields(
            { first: 'New password', again: 'New password again' },
            { hint: 'At least 10 characters.', minLength: 10, maxLength: 100 },
          )}
          <Button busy={actions.busy !== undefined}>Save the password</Button>
        </form>
      </section>
    </>
  );
}
