import type { HostedRedirectSession, StateMachineResponse } from '@atrium/contract/types';
import { type FormEvent, type ReactNode, useState } from 'react';
import { EmailField, PasswordField } from './account-fields.js';
import { ApiFailure, Button, ErrorMessage, Field, Page, StatusMessage } from './kit/index.js';
import { useSignInAttempt } from './messages.js';
import {
  authorizeSession,
  logIn,
  postWebMessage,
  registerMember,
  resendEmailCode,
  sendResetMail,
  verifyEmailCode,
  verifyFactor,
} from './sign-in-api.js';

type Step =
  | { kind: 'credentials' }
  | { kind: 'forgot' }
  | { kind: 'sign-up' }
  | { kind: 'email-code'; stateToken: string }
  | { kind: 'factor-code'; stateToken: string; factorType: string }
  | { kind: 'approval-pending' }
  | { kind: 'finished' };

const CAPTCHA_CODES = new Set(['-19971', '-19970']);
/** A button that reads as a link (it changes the step in place: no page to link to). */
const LINK_BUTTON = {
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: 'var(--accent, #0b57d0)',
  textDecoration: 'underline',
  cursor: 'pointer',
} as const;

/**
 * The hosted login page of `auth` (prompt=login) and `login` sessions: e-mail and password, then
 * whatever the identity service asks for (an e-mail code, a second factor), then the session token
 * goes to the redirect session, which answers where to go: back to the site, or a web message.
 *
 * "Forgot your password?" asks for the e-mail here and sends the reset mail (recovery send-email
 * with no redirect: the link opens the hosted reset page, HOSTED_ROUTES.resetPassword). "Sign up"
 * registers here too: a redirect session's callbacks name no sign-up page of the site (`loginUrl` is
 * its login page), so the new member signs up in the same flow, which then continues as a login
 * (an e-mail code, the owner's approval) and goes back to the site signed in.
 */
export function LoginPage({ session }: { session: HostedRedirectSession }) {
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [status, setStatus] = useState<string>();
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  /** Each call: a refusal in words (a captcha asked for shows its field); no status left standing. */
  const { busy, error, setError, attempt } = useSignInAttempt((failure) => {
    setStatus(undefined);
    if (failure instanceof ApiFailure && CAPTCHA_CODES.has(failure.code ?? '')) setNeedsCaptcha(true);
  });

  async function continueWith(response: StateMachineResponse) {
    switch (response.state) {
      case 'SUCCESS':
        if (!response.sessionToken) throw new ApiFailure(500, undefined, 'The login gave no session.');
        return finish(response.sessionToken);
      case 'REQUIRE_EMAIL_VERIFICATION':
        setStatus('We sent a code to your e-mail address. Enter it to continue.');
        return setStep({ kind: 'email-code', stateToken: response.stateToken ?? '' });
      case 'REQUIRE_MFA': {
        const factorType = response.mfaChallengeData?.factorType ?? 'TOTP';
        setStatus(
          factorType === 'EMAIL'
            ? 'We sent a sign-in code to your e-mail address. Enter it to continue.'
            : 'Enter the code from your authenticator app.',
        );
        return setStep({ kind: 'factor-code', stateToken: response.stateToken ?? '', factorType });
      }
      case 'REQUIRE_OWNER_APPROVAL':
        setStatus(undefined);
        return setStep({ kind: 'approval-pending' });
      default:
        throw new ApiFailure(400, undefined, `This sign-in cannot continue here (state ${response.state}).`);
    }
  }

  async function finish(sessionToken: string) {
    setStatus('Signing you in…');
    const next = await authorizeSession(session.id, sessionToken);
    setStep({ kind: 'finished' });
    if (next.redirectUrl) {
      setStatus('You are signed in. Taking you back to the site…');
      window.location.assign(next.redirectUrl);
    } else if (next.webMessage) {
      const sent = postWebMessage(next.webMessage);
      setStatus(sent ? 'You are signed in. You can close this window.' : 'You are signed in.');
    } else {
      setStatus('You are signed in.');
    }
  }

  const title =
    step.kind === 'approval-pending'
      ? 'Waiting for approval'
      : step.kind === 'forgot'
        ? 'Reset your password'
        : step.kind === 'sign-up'
          ? 'Sign up'
          : 'Log in';
  const goTo = (next: Step) => {
    setError(undefined);
    setStatus(undefined);
    setStep(next);
  };
  return (
    <Page title={title}>
      <ErrorMessage message={error} />
      <StatusMessage message={status} />
      {step.kind === 'credentials' && (
        <CredentialsForm
          busy={busy}
          needsCaptcha={needsCaptcha}
          onSubmit={(email, password, captcha) =>
            attempt(async () => continueWith(await logIn(email, password, captcha)))
          }
        />
      )}
      {step.kind === 'credentials' && (
        <p className="sign-in-links">
          <button type="button" style={LINK_BUTTON} onClick={() => goTo({ kind: 'forgot' })}>
            Forgot your password?
          </button>{' '}
          <span>
            New here?{' '}
            <button type="button" style={LINK_BUTTON} onClick={() => goTo({ kind: 'sign-up' })}>
              Sign up
            </button>
          </span>
        </p>
      )}
      {step.kind === 'forgot' && (
        <ForgotForm
          busy={busy}
          onSubmit={(email) =>
            attempt(async () => {
              await sendResetMail(email);
              setStatus(`We sent a link to ${email}: open it to choose a new password, then log in here.`);
            })
          }
          onBack={() => goTo({ kind: 'credentials' })}
        />
      )}
      {step.kind === 'sign-up' && (
        <CredentialsForm
          busy={busy}
          needsCaptcha={needsCaptcha}
          newPassword
          onSubmit={(email, password, captcha) =>
            attempt(async () => continueWith(await registerMember(email, password, captcha)))
          }
          onBack={() => goTo({ kind: 'credentials' })}
        />
      )}
      {step.kind === 'email-code' && (
        <CodeForm
          label="Verification code"
          busy={busy}
          onSubmit={(code) => attempt(async () => continueWith(await verifyEmailCode(step.stateToken, code)))}
          onResend={() =>
            attempt(async () => {
              await resendEmailCode(step.stateToken);
              setStatus('We sent a new code.');
            })
          }
        />
      )}
      {step.kind === 'factor-code' && (
        <CodeForm
          label={step.factorType === 'EMAIL' ? 'Code from the e-mail' : 'Authenticator code'}
          busy={busy}
          onSubmit={(code) =>
            attempt(async () => continueWith(await verifyFactor(step.factorType, step.stateToken, code)))
          }
        />
      )}
      {step.kind === 'approval-pending' && (
        <p>Your membership is waiting for the site owner's approval. You can log in once it is approved.</p>
      )}
    </Page>
  );
}

/** A step's form: submitted, it hands its values on; busy while the step's call runs. */
function StepForm({
  busy,
  onSubmit,
  children,
}: {
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} aria-busy={busy}>
      {children}
    </form>
  );
}

/** The step's submit button, and beside it another way when there is one (back, a new code). */
function StepButtons({
  busy,
  label,
  other,
}: {
  busy: boolean;
  label: string;
  other?: { label: string; onClick: () => void };
}) {
  return (
    <div className="actions">
      <Button busy={busy}>{label}</Button>
      {other && (
        <button type="button" className="secondary" disabled={busy} onClick={other.onClick}>
          {other.label}
        </button>
      )}
    </div>
  );
}

function ForgotForm(props: { busy: boolean; onSubmit: (email: string) => void; onBack: () => void }) {
  const [email, setEmail] = useState('');
  return (
    <StepForm busy={props.busy} onSubmit={() => props.onSubmit(email.trim())}>
      <p>Enter the e-mail of your account: we send you a link to choose a new password.</p>
      <EmailField autoFocus value={email} onValue={setEmail} />
      <StepButtons busy={props.busy} label="Send the link" other={{ label: BACK, onClick: props.onBack }} />
    </StepForm>
  );
}

const BACK = 'Back to log in';

function CredentialsForm(props: {
  busy: boolean;
  needsCaptcha: boolean;
  /** Sign-up: the password is a new one, and the form has a way back to log in. */
  newPassword?: boolean;
  onBack?: () => void;
  onSubmit: (email: string, password: string, captcha?: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const submit = () =>
    props.onSubmit(email.trim(), password, props.needsCaptcha ? captcha.trim() : undefined);
  return (
    <StepForm busy={props.busy} onSubmit={submit}>
      <EmailField value={email} onValue={setEmail} />
      <PasswordField
        isNew={props.newPassword}
        hint={props.newPassword ? 'At least 6 characters.' : undefined}
        value={password}
        onValue={setPassword}
      />
      {props.needsCaptcha && (
        <Field
          label="Captcha token"
          hint="The local platform's test token is atrium-test-captcha-pass."
          required
          value={captcha}
          onValue={setCaptcha}
        />
      )}
      <StepButtons
        busy={props.busy}
        label={props.onBack ? 'Sign up' : 'Log in'}
        other={props.onBack && { label: BACK, onClick: props.onBack }}
      />
    </StepForm>
  );
}

function CodeForm(props: {
  label: string;
  busy: boolean;
  onSubmit: (code: string) => void;
  onResend?: () => void;
}) {
  const [code, setCode] = useState('');
  return (
    <StepForm busy={props.busy} onSubmit={() => props.onSubmit(code.trim())}>
      <Field
        label={props.label}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        autoFocus
        value={code}
        onValue={setCode}
      />
      <StepButtons
        busy={props.busy}
        label="Continue"
        other={props.onResend && { label: 'Send a new code', onClick: props.onResend }}
      />
    </StepForm>
  );
}
