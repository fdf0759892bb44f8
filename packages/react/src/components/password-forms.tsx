import { authErrorCode, LoginState } from '@atrium/sdk';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useAuthFlow } from '../use-auth-flow.js';
import { useOAuthStrategy } from '../use-oauth-strategy.js';
import { FormError, StatusMessage, SubmitActions, TextField, useFocusFirstError } from './fields.js';
import { authErrorMessage, fieldOfError } from './messages.js';
import { useTextInput } from './use-text-input.js';

export interface ForgotPasswordFormProps {
  /** The page the mailed link opens, with `recoveryToken` added: the one that renders ResetPasswordForm. */
  redirectUri: string;
  className?: string;
  children?: ReactNode;
}

/** Asks for the e-mail address and has the platform mail a password-reset link. */
export function ForgotPasswordForm({ redirectUri, className, children }: ForgotPasswordFormProps) {
  const auth = useOAuthStrategy();
  const email = useTextInput();
  const [state, setState] = useState<{
    busy: boolean;
    sentTo: string | null;
    error: string | null;
    missing: boolean;
  }>({
    busy: false,
    sentTo: null,
    error: null,
    missing: false,
  });
  const [attempt, setAttempt] = useState(0);
  const errorRef = useRef<HTMLParagraphElement>(null);
  useFocusFirstError(attempt, [state.missing ? email.inputRef : null, state.error ? errorRef : null]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.value.trim();
    if (address === '') {
      setState({ busy: false, sentTo: null, error: null, missing: true });
      setAttempt((n) => n + 1);
      return;
    }
    setState({ busy: true, sentTo: null, error: null, missing: false });
    try {
      await auth.sendPasswordResetEmail(address, redirectUri);
      setState({ busy: false, sentTo: address, error: null, missing: false });
    } catch (error) {
      const code = authErrorCode(error, 'other');
      const message = authErrorMessage(code, 'recovery', error instanceof Error ? error.message : null);
      setState({ busy: false, sentTo: null, error: message, missing: false });
      setAttempt((n) => n + 1);
    }
  }

  return (
    <div className={className ?? 'atrium-forgot-password'}>
      <StatusMessage>
        {state.busy
          ? 'Sending the reset link…'
          : state.sentTo
            ? `If an account exists for ${state.sentTo}, we sent it a link to set a new password. The link works once, for one hour.`
            : null}
      </StatusMessage>
      <form className="atrium-form" noValidate onSubmit={submit} aria-busy={state.busy}>
        <FormError message={state.error} errorRef={errorRef} />
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          {...email}
          error={state.missing ? 'Enter your e-mail address.' : null}
        />
        <SubmitActions label="Send reset link" busy={state.busy} />
      </form>
      {children}
    </div>
  );
}

/** The `recoveryToken` of the current URL (query or fragment), if any. */
function recoveryTokenFromLocation(): string | null {
  if (typeof location === 'undefined') return null;
  const fromQuery = new URLSearchParams(location.search).get('recoveryToken');
  return fromQuery ?? new URLSearchParams(location.hash.replace(/^#/, '')).get('recoveryToken');
}

export interface ResetPasswordFormProps {
  /** The token of the mailed link; read from the page URL (`?recoveryToken=`) when not given. */
  recoveryToken?: string;
  /** Called once the new password is set and the member is signed in. */
  onSuccess?: () => void;
  className?: string;
  /** Shown when the link is missing or no longer valid, e.g. a link to request a new one. */
  children?: ReactNode;
}

/** Sets a new password from a password-reset link, then signs the member in. */
export function ResetPasswordForm({ recoveryToken, onSuccess, className, children }: ResetPasswordFormProps) {
  const flow = useAuthFlow();
  // Read after mounting, so server rendering and hydration agree.
  const [token, setToken] = useState<string | null | undefined>(recoveryToken);
  useEffect(() => {
    if (recoveryToken === undefined) setToken(recoveryTokenFromLocation());
  }, [recoveryToken]);
  const password = useTextInput();
  const confirmation = useTextInput();
  const [problems, setProblems] = useState<{ password?: string; confirmation?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const succeeded = flow.loginState === LoginState.SUCCESS;
  useEffect(() => {
    if (succeeded) onSuccess?.();
  }, [succeeded, onSuccess]);

  const serverMessage = flow.errorCode ? authErrorMessage(flow.errorCode, 'reset', flow.error) : null;
  const passwordError =
    problems.password ?? (fieldOfError(flow.errorCode) === 'password' ? serverMessage : null);
  const formError = serverMessage && fieldOfError(flow.errorCode) !== 'password' ? serverMessage : null;
  useFocusFirstError(attempt, [
    passwordError ? password.inputRef : null,
    problems.confirmation ? confirmation.inputRef : null,
    formError ? errorRef : null,
  ]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      password: password.value === '' ? 'Enter a new password.' : undefined,
      confirmation:
        password.value !== '' && confirmation.value !== password.value
          ? 'The two passwords do not match.'
          : undefined,
    };
    setProblems(found);
    if (found.password || found.confirmation || !token) {
      setAttempt((n) => n + 1);
      return;
    }
    const result = await flow.resetPassword(token, password.value);
    if (result.errorCode) setAttempt((n) => n + 1);
  }

  if (token === undefined) return null;
  if (token === null || token === '') {
    return (
      <div className={className ?? 'atrium-reset-password'}>
        <p role="alert">
          This page needs the link from the password reset e-mail. Request a new link to continue.
        </p>
        {children}
      </div>
    );
  }
  return (
    <div className={className ?? 'atrium-reset-password'}>
      <StatusMessage>
        {succeeded
          ? 'Your new password is set and you are signed in.'
          : flow.busy
            ? 'Saving your new password…'
            : null}
      </StatusMessage>
      {!succeeded && (
        <form className="atrium-form" noValidate onSubmit={submit} aria-busy={flow.busy}>
          <FormError message={formError} errorRef={errorRef} />
          <TextField
            label="New password"
            type="password"
            name="new-password"
            autoComplete="new-password"
            {...password}
            error={passwordError}
          />
          <TextField
            label="Confirm new password"
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            {...confirmation}
            error={problems.confirmation ?? null}
          />
          <SubmitActions label="Set new password" busy={flow.busy} />
        </form>
      )}
      {flow.errorCode === 'invalidRecoveryToken' && children}
    </div>
  );
}
