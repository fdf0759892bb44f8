import { MEMBERS_API } from '@atrium/contract/admin';
import { HOSTED_ROUTES, MEMBERS_ROUTES, SERVICE_PREFIXES } from '@atrium/contract/routes';
import type { GetMemberResponse, Identity, MemberEmailKind, MemberSessionInfo } from '@atrium/contract/types';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { EmailField, PasswordField } from '../../account-fields.js';
import {
  type ActionState,
  adminCall,
  Button,
  type Column,
  ConfirmButton,
  ErrorMessage,
  Field,
  fillPath,
  formatDate,
  PagedTable,
  requestJson,
  rowsOf,
  StatusMessage,
  useActions,
  useAdminQuery,
  useConsoleQuery,
  useInvalidate,
} from '../../kit/index.js';

/**
 * One member's page in the Members section (P11; Ghost's member page, Supabase's auth user): the
 * profile (the members service's fields and rules), the live sessions with "End session" and "End
 * all", block or unblock, mail a password reset or a sign-in link, delete after typing the
 * address. The admin routes are MEMBERS_API (services/admin/); the profile is services/members/.
 */
const MEMBERS = SERVICE_PREFIXES.members.wire;

/** Where a mail went, and where to read it on this platform (the dev mailbox). */
function SentNotice({ to }: { to: string }) {
  return (
    <>
      Sent to {to} — see <a href={`${HOSTED_ROUTES.mailbox}?to=${encodeURIComponent(to)}`}>the mailbox</a>.
    </>
  );
}

/** An action's error and status, and a notice with a link in it (where a mail went). */
function Outcome({ actions, notice }: { actions: ActionState; notice: ReactNode }) {
  return (
    <>
      <ErrorMessage message={actions.error} />
      <StatusMessage message={actions.status} />
      {notice && (
        <div className="alert alert-info" role="status">
          {notice}
        </div>
      )}
    </>
  );
}

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

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

interface ProfileValues {
  firstName: string;
  lastName: string;
  nickname: string;
  slug: string;
  photoUrl: string;
}

const profileOf = (answer: GetMemberResponse): ProfileValues => ({
  firstName: answer.member?.contact?.firstName ?? '',
  lastName: answer.member?.contact?.lastName ?? '',
  nickname: answer.member?.profile?.nickname ?? '',
  slug: answer.member?.profile?.slug ?? '',
  photoUrl: answer.member?.profile?.photo?.url ?? '',
});

/** Names, nickname, slug and photo, through the members service (its validation, a unique slug). */
function ProfileForm({ identityId }: { identityId: string }) {
  const actions = useActions();
  const memberPath = `${MEMBERS}${fillPath(MEMBERS_ROUTES.member, { id: identityId })}`;
  // The members service's own route (not an admin endpoint), read through the console's cache.
  const loaded = useConsoleQuery([memberPath], () =>
    requestJson<GetMemberResponse>(`${memberPath}?fieldsets=FULL`),
  );
  const invalidate = useInvalidate();
  const saved = loaded.data && profileOf(loaded.data);
  /** The owner's edits, over the saved profile until saved. */
  const [edited, setEdited] = useState<ProfileValues>();
  const values = edited ?? saved;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!values || !saved) return;
    void actions.run('Saving the profile…', async () => {
      const text = (value: string) => (value.trim() === '' ? null : value.trim());
      const photo = values.photoUrl.trim();
      await requestJson(memberPath, {
        method: 'PATCH',
        body: {
          member: {
            contact: { firstName: text(values.firstName), lastName: text(values.lastName) },
            profile: {
              nickname: text(values.nickname),
              ...(photo === saved.photoUrl ? {} : { photo: photo === '' ? null : { url: photo } }),
            },
          },
        },
      });
      const slug = values.slug.trim();
      if (slug !== '' && slug !== saved.slug) {
        await requestJson(`${MEMBERS}${fillPath(MEMBERS_ROUTES.memberSlug, { id: identityId })}`, {
          body: { id: identityId, slug },
        });
      }
      await invalidate(memberPath);
      setEdited(undefined);
      return 'The profile is saved.';
    });
  };

  const field = (key: keyof ProfileValues, label: string, extra: { hint?: string; type?: string } = {}) => (
    <Field
      label={label}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      value={values?.[key] ?? ''}
      onChange={(event) => values && setEdited({ ...values, [key]: event.target.value })}
    />
  );

  return (
    <section aria-label="Profile">
      <h3>Profile</h3>
      <ErrorMessage message={actions.error ?? loaded.failure} />
      <StatusMessage message={actions.status} />
      {values ? (
        <form onSubmit={save} className="stack">
          {field('firstName', 'First name')}
          {field('lastName', 'Last name')}
          {field('nickname', 'Nickname')}
          {field('slug', 'Profile slug', { hint: 'Letters, digits, "-" and "_"; unique among members.' })}
          {field('photoUrl', 'Photo URL', {
            type: 'url',
            hint: 'An http(s) address; empty removes the photo.',
          })}
          <Button busy={actions.busy !== undefined}>Save the profile</Button>
        </form>
      ) : (
        !loaded.failure && <p aria-busy="true">Loading the profile…</p>
      )}
    </section>
  );
}

/** The member's live sessions (refresh tokens), each ended on its own or all at once. */
function SessionsList({ identityId, email }: { identityId: string; email: string }) {
  const actions = useActions();
  const sessions = useAdminQuery(MEMBERS_API.sessions, { params: { identityId } });
  const invalidate = useInvalidate();

  const end = (label: string, work: () => Promise<{ endedSessions: string[] }>) =>
    void actions.run(`Ending ${label}…`, async () => {
      const answer = await work();
      await invalidate(MEMBERS_API.sessions);
      const count = answer.endedSessions.length;
      return count === 0
        ? 'That session had ended already.'
        : `${count === 1 ? 'One session' : `${count} sessions`} ended.`;
    });

  const columns: Column<MemberSessionInfo>[] = [
    { header: 'Signed in', cell: (session) => formatDate(session.createdDate) },
    // Renewals of its access token, to the minute (oauth/token-service.ts).
    { header: 'Last used', cell: (session) => formatDate(session.lastUsedDate) },
    { header: 'Client', cell: (session) => <code>{session.clientId}</code> },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'actions',
      cell: (session) => (
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
      ),
    },
  ];

  const live = sessions.data?.sessions;
  return (
    <section aria-label="Sessions">
      <h3>Sessions</h3>
      <ErrorMessage message={actions.error} />
      <StatusMessage message={actions.status} />
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

/** Deleting, confirmed by typing the address; what becomes of their content is said first. */
function DeleteMember({
  identityId,
  email,
  onDeleted,
}: {
  identityId: string;
  email: string;
  onDeleted: () => void;
}) {
  const actions = useActions();
  const invalidate = useInvalidate();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const remove = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    void actions.run(`Deleting ${email}…`, async () => {
      await adminCall(MEMBERS_API.delete, { params: { identityId } });
      await invalidate(MEMBERS_API.list);
      onDeleted();
      return `${email} is deleted.`;
    });
  };
  return (
    <section aria-label="Delete the member">
      <h3>Delete</h3>
      <p>
        Deleting ends their sessions and frees the address. Their blog posts and data items pass to the site
        (as the Members API's deleteMember does); form submissions and likes stay as they are.
      </p>
      <ErrorMessage message={actions.error} />
      <StatusMessage message={actions.status} />
      <form onSubmit={remove} className="inline-form">
        <Field
          label={`Type ${email} to confirm`}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="danger" disabled={!matches || actions.busy !== undefined}>
          Delete {email}
        </button>
      </form>
    </section>
  );
}

/**
 * "Add member": a modal dialog (Escape and Cancel close it, focus returns to the button) to create
 * a member who can sign in at once, or invite them by e-mail to choose their password.
 */
export function AddMemberDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'invite' | 'create'>('invite');
  const [values, setValues] = useState({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    nickname: '',
  });
  const actions = useActions();
  const invalidate = useInvalidate();
  const [notice, setNotice] = useState<ReactNode>();

  useEffect(() => {
    if (open) dialog.current?.showModal();
    else if (dialog.current?.open) dialog.current.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    void actions.run(mode === 'invite' ? 'Inviting…' : 'Creating the member…', async () => {
      const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
      const answer = await adminCall(MEMBERS_API.create, {
        body: {
          email: values.email.trim(),
          firstName: optional(values.firstName),
          lastName: optional(values.lastName),
          nickname: optional(values.nickname),
          ...(mode === 'invite' ? { invite: true } : values.password ? { password: values.password } : {}),
        },
      });
      await invalidate(MEMBERS_API.list);
      setValues({ email: '', password: '', firstName: '', lastName: '', nickname: '' });
      if (answer.invitation) {
        setNotice(
          <>
            Invited. <SentNotice to={answer.invitation.sentTo} />
          </>,
        );
        return undefined;
      }
      return `${answer.identity.email.address} is a member and can sign in${values.password ? '' : ' once they set a password (send them a reset)'}.`;
    });
  };

  const set = (key: keyof typeof values) => (value: string) => setValues({ ...values, [key]: value });

  return (
    <>
      <button type="button" ref={opener} onClick={() => setOpen(true)}>
        Add member
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="confirm"
          aria-labelledby={titleId}
          onClose={close}
          // Within the screen at a phone's height too: the form scrolls inside the dialog.
          style={{ maxHeight: 'calc(100dvh - 2rem)', overflowY: 'auto' }}
        >
          <h2 id={titleId}>Add a member</h2>
          <Outcome actions={actions} notice={notice} />
          <form onSubmit={submit} className="stack">
            <fieldset>
              <legend>How</legend>
              {ADD_MODES.map((choice) => (
                <div className="field checkbox" key={choice.mode}>
                  <input
                    id={`${titleId}-${choice.mode}`}
                    type="radio"
                    name="add-mode"
                    checked={mode === choice.mode}
                    onChange={() => setMode(choice.mode)}
                  />
                  <label htmlFor={`${titleId}-${choice.mode}`}>{choice.label}</label>
                </div>
              ))}
            </fieldset>
            <EmailField autoComplete="off" value={values.email} onValue={set('email')} />
            {mode === 'create' && (
              <PasswordField
                label="Password (optional)"
                isNew
                required={false}
                hint="At least 6 characters. Without one, send them a password reset."
                value={values.password}
                onValue={set('password')}
              />
            )}
            {NAME_FIELDS.map(([key, label]) => (
              <Field
                key={key}
                label={`${label} (optional)`}
                value={values[key]}
                onChange={(event) => set(key)(event.target.value)}
              />
            ))}
            <div className="actions">
              <Button busy={actions.busy !== undefined}>
                {mode === 'invite' ? 'Send the invitation' : 'Create member'}
              </Button>
              <button type="button" className="secondary" onClick={close}>
                Close
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  );
}

const ADD_MODES = [
  { mode: 'invite', label: 'Invite by e-mail (they choose a password)' },
  { mode: 'create', label: 'Create the account now (active at once)' },
] as const;

const NAME_FIELDS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['nickname', 'Nickname'],
] as const;
