import { MEMBERS_API } from '@atrium/contract/admin';
import type { Identity, MemberEmailKind } from '@atrium/contract/types';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { adminCall, ConfirmButton, formatDate, useActions, useInvalidate } from '../../kit/index.js';
import { DeleteMember } from './member-delete.js';
import { capitalised, Outcome, SentNotice } from './member-outcome.js';
import { ProfileForm } from './member-profile.js';
import { SessionsList } from './member-sessions.js';

/**
 * One member's page in the Members section (P11; Ghost's member page, Supabase's auth user): the
 * profile (member-profile.tsx: the members service's fields and rules), the live sessions with "End session" and "End
 * all", block or unblock, mail a password reset or a sign-in link, delete after typing the
 * address. The admin routes are MEMBERS_API (services/admin/); the profile is services/members/.
 */
export function MemberPanel({
  identity,
  onIdentity,
  onClose,
}: {
  identity: Identity;
  /** The member as a block or an unblock left them (the list's page may no longer hold them). */
  onIdentity: (identity: Identity) => void;
  onClose: () => void;
}) {
  const email = identity.email.address;
  const id = identity.id;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const actions = useActions();
  const [notice, setNotice] = useState<ReactNode>();
  const blocked = identity.status.name === 'BLOCKED';
  const invalidate = useInvalidate();
  const params = { identityId: id };
  /** The list shows the new status; a block has ended every session. */
  const changed = async (answer: { identity: Identity }) => {
    onIdentity(answer.identity);
    await invalidate(MEMBERS_API.list, MEMBERS_API.sessions);
  };

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const run = (progress: string, work: () => Promise<ReactNode>) => {
    setNotice(undefined);
    void actions.run(progress, async () => {
      const done = await work();
      if (typeof done === 'string') return done;
      setNotice(done);
      return undefined;
    });
  };

  const sendMail = (kind: MemberEmailKind, what: string) =>
    run(`Sending ${what} to ${email}…`, async () => {
      const answer = await adminCall(MEMBERS_API.sendEmail, { params, body: { kind } });
      return (
        <>
          {answer.note && <span>{capitalised(answer.note)}. </span>}
          <SentNotice to={answer.sentTo} />
        </>
      );
    });

  return (
    <section className="member-panel" aria-labelledby={headingId} data-member-panel={email}>
      <div className="toolbar">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Member {email}
        </h2>
        <button type="button" className="secondary" onClick={onClose}>
          Back to the list
        </button>
      </div>
      <p className="meta">
        {identity.status.name === 'ACTIVE' ? 'Active' : capitalised(identity.status.name.toLowerCase())} ·
        joined {formatDate(identity.createdDate)} · e-mail{' '}
        {identity.email.isVerified ? 'verified' : 'not verified'}
      </p>
      <Outcome actions={actions} notice={notice} />
      <div className="toolbar wrap">
        <button
          type="button"
          className="secondary"
          disabled={actions.busy !== undefined || blocked}
          onClick={() => sendMail('PASSWORD_RESET', 'a password reset')}
        >
          Send password reset
        </button>
        <button
          type="button"
          className="secondary"
          disabled={actions.busy !== undefined || blocked}
          onClick={() => sendMail('SIGN_IN_LINK', 'a sign-in link')}
        >
          Send sign-in link
        </button>
        {blocked ? (
          <button
            type="button"
            disabled={actions.busy !== undefined}
            onClick={() =>
              run(`Unblocking ${email}…`, async () => {
                await changed(await adminCall(MEMBERS_API.unblock, { params }));
                return `${email} is unblocked.`;
              })
            }
          >
            Unblock
          </button>
        ) : (
          <ConfirmButton
            label="Block"
            accessibleLabel={`Block ${email}`}
            question={`Block ${email}? Their sessions end at once and they cannot sign in until unblocked.`}
            confirmLabel={`Block ${email}`}
            disabled={actions.busy !== undefined}
            onConfirm={() =>
              run(`Blocking ${email}…`, async () => {
                await changed(await adminCall(MEMBERS_API.block, { params }));
                return `${email} is blocked; their sessions have ended.`;
              })
            }
          />
        )}
      </div>
      <p className="hint">
        A sign-in link: this platform has no passwordless sign-in, so the member gets a password reset link,
        which signs them in once they choose a password.
      </p>
      <ProfileForm identityId={id} />
      <SessionsList identityId={id} email={email} />
      <DeleteMember email={email} onDeleted={onClose} identityId={id} />
    </section>
  );
}
