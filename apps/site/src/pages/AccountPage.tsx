import { StatusMessage, TextField, useAuth, useClient } from '@atrium/react';
import { account } from '@atrium/sdk/account';
import { type Member, members } from '@atrium/sdk/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { QrCode } from '../components/QrCode';
import { readSiteConfig } from '../config';
import { PageHead, useSiteOrigin } from '../head';
import './account.css';

/**
 * /account: the signed-in member's own account. The profile through `@atrium/sdk/members`
 * (`getCurrentMember`, `updateMember`, `deleteMyMember`, the reference's calls), the password, the
 * login e-mail and the authenticator app through `@atrium/sdk/account` (Atrium's own calls). The
 * platform checks every call against the member's token: this page only shows what it answers.
 * This module loads with the page, so no other page downloads either SDK module.
 */
const modules = { members, account };
type AccountClient = typeof modules;
const bound = new WeakMap<object, AccountClient>();
function useAccountClient(): AccountClient {
  const client = useClient() as unknown as { use(modules: object): unknown };
  let accountClient = bound.get(client);
  if (!accountClient) {
    accountClient = client.use(modules) as AccountClient;
    bound.set(client, accountClient);
  }
  return accountClient;
}

const MEMBER_KEY = ['account', 'member'] as const;
const SECURITY_KEY = ['account', 'security'] as const;

interface Violation {
  field: string;
  description: string;
}
interface Refusal {
  message: string;
  status?: number;
  code?: string;
  violations: Violation[];
}

/** What a failed call says: its field violations, its application code, its message. */
function refusalOf(error: unknown): Refusal {
  const { status, details, message } = (error ?? {}) as {
    status?: number;
    message?: string;
    details?: {
      validationError?: { fieldViolations?: Violation[] };
      applicationError?: { code?: string; description?: string };
    };
  };
  return {
    status,
    code: details?.applicationError?.code,
    violations: details?.validationError?.fieldViolations ?? [],
    message: details?.applicationError?.description ?? message ?? String(error),
  };
}

/** The description of the first violation whose field ends with one of `names`. */
function fieldError(refusal: Refusal | null, ...names: string[]): string | null {
  const violation = refusal?.violations.find((candidate) =>
    names.some((name) => candidate.field === name || candidate.field.endsWith(`.${name}`)),
  );
  return violation ? violation.description : null;
}

/** A form-level message when the refusal names no field of the form. */
function formError(refusal: Refusal | null, fields: string[]): string | null {
  if (!refusal) return null;
  if (refusal.violations.some((v) => fields.some((name) => v.field === name || v.field.endsWith(`.${name}`))))
    return null;
  return refusal.message;
}

export function AccountPage() {
  const { loggedIn } = useAuth();
  return (
    <section aria-labelledby="account-title" className="account-page">
      <PageHead
        title="Your account"
        description="Your member account on the Atrium demo site: profile, e-mail, password, sign-in security."
      />
      <h1 id="account-title">Your account</h1>
      {loggedIn ? (
        <AccountSections />
      ) : (
        <p>
          This page is for members. <Link to="/sign-in">Sign in</Link> to see your account.
        </p>
      )}
    </section>
  );
}

function AccountSections() {
  const client = useAccountClient();
  const member = useQuery({
    queryKey: MEMBER_KEY,
    queryFn: async () => (await client.members.getCurrentMember({ fieldsets: ['FULL'] })).member ?? null,
  });
  if (member.isPending) return <p className="page-loading">Loading your account…</p>;
  if (member.isError || !member.data)
    return (
      <p role="alert">
        Could not load your account: {member.error ? refusalOf(member.error).message : 'no member'}
      </p>
    );
  return (
    <div className="account-sections">
      <ProfileSection member={member.data} />
      <EmailSection member={member.data} />
      <PasswordSection />
      <AuthenticatorSection />
      <DeleteSection member={member.data} />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card account-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

// ── Profile ──────────────────────────────────────────────────────────────────────────────────

function ProfileSection({ member }: { member: Member }) {
  const client = useAccountClient();
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(member.contact?.firstName ?? '');
  const [lastName, setLastName] = useState(member.contact?.lastName ?? '');
  const [nickname, setNickname] = useState(member.profile?.nickname ?? '');
  const [photoUrl, setPhotoUrl] = useState(member.profile?.photo?.url ?? '');
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      client.members.updateMember(member._id!, {
        contact: { firstName: firstName.trim() || null, lastName: lastName.trim() || null },
        profile: {
          nickname: nickname.trim() || null,
          photo: photoUrl.trim() ? photoOf(photoUrl.trim(), member) : null,
        },
      } as Parameters<typeof client.members.updateMember>[1]),
    onMutate: () => setSaved(null),
    onSuccess: (updated) => {
      queryClient.setQueryData(MEMBER_KEY, updated);
      setSaved(`Profile saved at ${new Date().toLocaleTimeString()}.`);
    },
  });
  const refusal = save.error ? refusalOf(save.error) : null;
  const photo = member.profile?.photo?.url;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <Section id="profile-title" title="Profile">
      <div className="account-profile">
        {photo ? (
          <img
            className="account-photo"
            src={photo}
            alt="You, as your profile shows you"
            width={96}
            height={96}
          />
        ) : (
          <span className="account-photo account-photo-empty" aria-hidden="true">
            {(nickname || firstName || member.loginEmail || '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <p className="atrium-hint">
          Your nickname and photo are what other members see when your profile is public.
        </p>
      </div>
      <form
        className="atrium-form"
        noValidate
        onSubmit={submit}
        aria-busy={save.isPending}
        aria-label="Profile"
      >
        {formError(refusal, ['firstName', 'lastName', 'nickname', 'photo', 'url', 'id']) && (
          <p className="atrium-form-error" role="alert">
            {formError(refusal, ['firstName', 'lastName', 'nickname', 'photo', 'url', 'id'])}
          </p>
        )}
        <div className="account-row">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            maxLength={255}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            error={fieldError(refusal, 'contact.firstName')}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            maxLength={255}
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            error={fieldError(refusal, 'contact.lastName')}
          />
        </div>
        <TextField
          label="Nickname"
          name="nickname"
          autoComplete="nickname"
          maxLength={255}
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
          error={fieldError(refusal, 'profile.nickname')}
        />
        <TextField
          label="Photo address"
          name="photo"
          type="url"
          inputMode="url"
          value={photoUrl}
          onChange={(event) => setPhotoUrl(event.target.value)}
          hint="The address of an image: a picture of the site's media store (copy its address from the gallery or the blog) or any https:// image. Leave empty for no photo."
          error={fieldError(refusal, 'profile.photo', 'profile.photo.id', 'profile.photo.url')}
        />
        <div className="atrium-actions">
          <button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save profile'}
          </button>
        </div>
        <StatusMessage>{saved}</StatusMessage>
      </form>
    </Section>
  );
}

/**
 * The photo to send: unchanged when the address is the stored one; a media-store file by its id when
 * the address is one of the platform's media URLs (`/media/<id>…`: the members service then stores
 * its real size); else the URL itself (the platform checks it is http(s)).
 */
function photoOf(url: string, member: Member): { _id?: string; url?: string } {
  const current = member.profile?.photo;
  if (current?.url === url) return current._id ? { _id: current._id } : { url };
  try {
    const parsed = new URL(url);
    const media = /^\/media\/([^/]+)/.exec(parsed.pathname);
    if (media?.[1] && parsed.origin === new URL(readSiteConfig().platformUrl).origin)
      return { _id: decodeURIComponent(media[1]) };
  } catch {
    // Not a URL: the platform says so by field.
  }
  return { url };
}

// ── Login e-mail ─────────────────────────────────────────────────────────────────────────────

function EmailSection({ member }: { member: Member }) {
  const client = useAccountClient();
  const queryClient = useQueryClient();
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => client.account.startLoginEmailChange(newEmail.trim()),
    onMutate: () => setDone(null),
    onSuccess: (answer) => {
      setPending(answer.pendingEmail);
      setCode('');
    },
  });
  const confirm = useMutation({
    mutationFn: () => client.account.confirmLoginEmailChange(code.trim()),
    onSuccess: async (answer) => {
      setPending(null);
      setNewEmail('');
      setDone(`Your login e-mail is now ${answer.loginEmail}.`);
      await queryClient.invalidateQueries({ queryKey: MEMBER_KEY });
    },
  });
  const startRefusal = start.error ? refusalOf(start.error) : null;
  const confirmRefusal = confirm.error ? refusalOf(confirm.error) : null;
  const newEmailError =
    fieldError(startRefusal, 'newEmail') ??
    (startRefusal?.status === 409 ? 'Another account already uses this e-mail address.' : null);

  return (
    <Section id="email-title" title="Login e-mail">
      <p>
        You sign in with <strong data-testid="login-email">{member.loginEmail}</strong>
        {member.loginEmailVerified ? ' (verified)' : ''}.
      </p>
      {pending ? (
        <form
          className="atrium-form"
          noValidate
          aria-label="Confirm the new e-mail"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate();
          }}
        >
          <StatusMessage>
            We sent a code to {pending}. Your login e-mail changes when you enter it here.
          </StatusMessage>
          <TextField
            label="Code from the e-mail"
            name="emailCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={confirmRefusal ? confirmRefusal.message : null}
          />
          <div className="atrium-actions">
            <button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Confirming…' : 'Confirm new e-mail'}
            </button>
            <button type="button" className="secondary" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <form
          className="atrium-form"
          noValidate
          aria-label="Change the login e-mail"
          onSubmit={(event) => {
            event.preventDefault();
            start.mutate();
          }}
        >
          {formError(startRefusal, ['newEmail']) && startRefusal?.status !== 409 && (
            <p className="atrium-form-error" role="alert">
              {startRefusal?.message}
            </p>
          )}
          <TextField
            label="New e-mail"
            name="newEmail"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            error={newEmailError}
          />
          <div className="atrium-actions">
            <button type="submit" disabled={start.isPending}>
              {start.isPending ? 'Sending…' : 'Send a code to the new e-mail'}
            </button>
          </div>
          <StatusMessage>{done}</StatusMessage>
        </form>
      )}
    </Section>
  );
}

// ── Password ─────────────────────────────────────────────────────────────────────────────────

function PasswordSection() {
  const client = useAccountClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => client.account.changeMyPassword(current, next),
    onMutate: () => setDone(null),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setRepeat('');
      setDone('Password changed. Your other devices are signed out; this one stays signed in.');
    },
  });
  const refusal = change.error ? refusalOf(change.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (next !== repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate();
  }

  return (
    <Section id="password-title" title="Password">
      <form className="atrium-form" noValidate onSubmit={submit} aria-label="Change the password">
        {formError(refusal, ['currentPassword', 'newPassword']) && (
          <p className="atrium-form-error" role="alert">
            {refusal?.message}
          </p>
        )}
        {/* A hidden username helps password managers file the new password under the account. */}
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={fieldError(refusal, 'currentPassword')}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          hint="At least 6 characters."
          error={fieldError(refusal, 'newPassword')}
        />
        <TextField
          label="Repeat the new password"
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={mismatch ? 'The two new passwords are not the same.' : null}
        />
        <div className="atrium-actions">
          <button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
        </div>
        <StatusMessage>{done}</StatusMessage>
      </form>
    </Section>
  );
}

// ── Authenticator app ────────────────────────────────────────────────────────────────────────

function AuthenticatorSection() {
  const client = useAccountClient();
  const queryClient = useQueryClient();
  const security = useQuery({ queryKey: SECURITY_KEY, queryFn: () => client.account.getMySecurity() });
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [code, setCode] = useState('');
  const [proof, setProof] = useState('');
  const [proofKind, setProofKind] = useState<'code' | 'password'>('code');
  const [done, setDone] = useState<string | null>(null);
  const secretId = useId();
  const start = useMutation({
    mutationFn: () => client.account.startTotpEnrollment(),
    onMutate: () => setDone(null),
    onSuccess: (answer) => {
      setSetup(answer);
      setCode('');
    },
  });
  const confirm = useMutation({
    mutationFn: () => client.account.confirmTotpEnrollment(code.trim()),
    onSuccess: async () => {
      setSetup(null);
      setDone('The authenticator app is on: signing in now asks for a code from it.');
      await queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    },
  });
  const disable = useMutation({
    mutationFn: () =>
      client.account.disableTotp(proofKind === 'code' ? { code: proof.trim() } : { password: proof }),
    onSuccess: async () => {
      setProof('');
      setDone('The authenticator app is off: signing in asks for your password only.');
      await queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    },
  });

  if (security.isPending)
    return (
      <Section id="totp-title" title="Authenticator app">
        <p>Loading…</p>
      </Section>
    );
  if (security.isError)
    return (
      <Section id="totp-title" title="Authenticator app">
        <p role="alert">Could not load your sign-in settings: {refusalOf(security.error).message}</p>
      </Section>
    );
  const enabled = security.data.factors.some((factor) => factor.factorType === 'TOTP' && factor.enabled);
  const confirmRefusal = confirm.error ? refusalOf(confirm.error) : null;
  const disableRefusal = disable.error ? refusalOf(disable.error) : null;

  return (
    <Section id="totp-title" title="Authenticator app">
      <p data-testid="totp-status">
        {enabled
          ? 'On: signing in asks for a code from your authenticator app after your password.'
          : 'Off: add an authenticator app (such as one on your phone) so that signing in also asks for a code from it.'}
      </p>
      {!enabled && !setup && (
        <div className="atrium-actions">
          <button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
            {start.isPending ? 'Preparing…' : 'Set up an authenticator app'}
          </button>
          {start.error && <p role="alert">{refusalOf(start.error).message}</p>}
        </div>
      )}
      {setup && (
        <form
          className="atrium-form"
          noValidate
          aria-label="Confirm the authenticator app"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate();
          }}
        >
          <p>
            Scan this code with your authenticator app (or add an account with the key below, or open the link
            on the phone that has the app), then enter the 6-digit code it shows.
          </p>
          <QrCode text={setup.otpauthUri} label="QR code of the authenticator key: scan it with the app" />
          <p>
            Key:{' '}
            <code id={secretId} className="account-secret" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <p className="account-uri">
            <a href={setup.otpauthUri}>Open in an authenticator app</a>
            <br />
            <code data-testid="totp-uri">{setup.otpauthUri}</code>
          </p>
          <TextField
            label="Code from the app"
            name="totpCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={confirmRefusal ? confirmRefusal.message : null}
          />
          <div className="atrium-actions">
            <button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Checking…' : 'Turn on'}
            </button>
            <button type="button" className="secondary" onClick={() => setSetup(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {enabled && (
        <form
          className="atrium-form"
          noValidate
          aria-label="Turn off the authenticator app"
          onSubmit={(event) => {
            event.preventDefault();
            disable.mutate();
          }}
        >
          <fieldset className="account-choice">
            <legend>Prove it is you with</legend>
            <label>
              <input
                type="radio"
                name="proofKind"
                checked={proofKind === 'code'}
                onChange={() => setProofKind('code')}
              />{' '}
              a code from the app
            </label>
            <label>
              <input
                type="radio"
                name="proofKind"
                checked={proofKind === 'password'}
                onChange={() => setProofKind('password')}
              />{' '}
              your password
            </label>
          </fieldset>
          <TextField
            label={proofKind === 'code' ? 'Code from the app' : 'Password'}
            name="totpProof"
            type={proofKind === 'code' ? 'text' : 'password'}
            inputMode={proofKind === 'code' ? 'numeric' : undefined}
            autoComplete={proofKind === 'code' ? 'one-time-code' : 'current-password'}
            value={proof}
            onChange={(event) => setProof(event.target.value)}
            error={
              disableRefusal
                ? (fieldError(disableRefusal, 'code', 'password') ?? disableRefusal.message)
                : null
            }
          />
          <div className="atrium-actions">
            <button type="submit" disabled={disable.isPending}>
              {disable.isPending ? 'Turning off…' : 'Turn off'}
            </button>
          </div>
        </form>
      )}
      <StatusMessage>{done}</StatusMessage>
    </Section>
  );
}

// ── Delete ───────────────────────────────────────────────────────────────────────────────────

function DeleteSection({ member }: { member: Member }) {
  const client = useAccountClient();
  const { logout } = useAuth();
  const origin = useSiteOrigin();
  const [typed, setTyped] = useState('');
  const expected = member.loginEmail ?? 'delete';
  const confirmed = typed.trim().toLowerCase() === expected.toLowerCase();
  const remove = useMutation({
    mutationFn: async () => {
      await client.members.deleteMyMember();
      // The platform has ended the member's sessions; the site forgets its tokens and says goodbye.
      await logout({ returnTo: `${origin}/?account=deleted` });
    },
  });

  return (
    <Section id="delete-title" title="Delete your account">
      <p>
        Deleting your account signs you out everywhere and cannot be undone. Your notes and other items pass
        to the site; your blog posts stay without your name.
      </p>
      <form
        className="atrium-form"
        noValidate
        aria-label="Delete the account"
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) remove.mutate();
        }}
      >
        <TextField
          label={`To confirm, type your e-mail (${expected})`}
          name="confirmDelete"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={remove.error ? refusalOf(remove.error).message : null}
        />
        <div className="atrium-actions">
          <button type="submit" className="danger" disabled={!confirmed || remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Section>
  );
}
