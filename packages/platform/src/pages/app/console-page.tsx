import { STAFF_API } from '@atrium/contract/admin';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { EmailField, PasswordField } from './account-fields.js';
import { type ConsoleSession, ConsoleSessionProvider } from './console-session.js';
import { ConsoleShell } from './console-shell.js';
import {
  ActionMessages,
  ApiFailure,
  adminCall,
  Button,
  ConsoleQueryProvider,
  describeFailure,
  ErrorMessage,
  Page,
  SESSION_ENDED_EVENT,
  setConsoleSession,
  statusOf,
  useActions,
} from './kit/index.js';

/**
 * `/_hosted/console` and every path under it: the site's console, for its staff (services/staff/).
 * It reads the session (an HttpOnly cookie; the answer carries the session's CSRF token, which
 * every later call sends), else asks to sign in: with an e-mail and a password, or with the
 * one-time link `npm start` prints or an invitation brings (which lands here signed in).
 */
type State =
  | { kind: 'loading' }
  | { kind: 'signed-out'; message?: string }
  | { kind: 'failed'; message: string }
  | { kind: 'signed-in'; session: ConsoleSession };

export function ConsolePage() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const answer = await adminCall(STAFF_API.session);
      setConsoleSession(answer.csrfToken);
      setState({ kind: 'signed-in', session: { staff: answer.staff, startedBy: answer.startedBy } });
    } catch (failure) {
      if (statusOf(failure) === 401) setState({ kind: 'signed-out' });
      else setState({ kind: 'failed', message: describeFailure(failure) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Any later 401 (the session expired, was ended or the account blocked) asks to sign in again.
  useEffect(() => {
    const ended = () => {
      setConsoleSession(undefined);
      setState({ kind: 'signed-out', message: 'Your console session has ended. Sign in again.' });
    };
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, []);

  const signOut = async () => {
    try {
      await adminCall(STAFF_API.signOut);
    } catch {
      // Signed out either way: the cookie is cleared by the answer, or the session had ended.
    }
    setConsoleSession(undefined);
    setState({ kind: 'signed-out', message: 'You are signed out.' });
  };

  if (state.kind === 'signed-in') {
    return (
      <ConsoleSessionProvider value={state.session}>
        {/* One query cache per session: signing out drops it with everything it had loaded. */}
        <ConsoleQueryProvider>
          <ConsoleShell
            onSignOut={() => void signOut()}
            onStaffChanged={(staff) => setState({ kind: 'signed-in', session: { ...state.session, staff } })}
          />
        </ConsoleQueryProvider>
      </ConsoleSessionProvider>
    );
  }
  return (
    <Page title="Sign in to the console">
      {state.kind === 'loading' && <p aria-busy="true">Opening the console…</p>}
      {state.kind === 'failed' && (
        <>
          <ErrorMessage message={state.message} />
          <p className="actions">
            <button type="button" onClick={() => void load()}>
              Try again
            </button>
          </p>
        </>
      )}
      {state.kind === 'signed-out' && (
        <SignIn
          notice={state.message}
          onSignedIn={(session, csrfToken) => {
            setConsoleSession(csrfToken);
            setState({ kind: 'signed-in', session });
          }}
        />
      )}
    </Page>
  );
}

function SignIn({
  notice,
  onSignedIn,
}: {
  notice: string | undefined;
  onSignedIn: (session: ConsoleSession, csrfToken: string) => void;
}) {
  const [mode, setMode] = useState<'password' | 'reset'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const actions = useActions(notice);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    void actions.run(mode === 'password' ? 'Signing in…' : 'Sending the link…', async () => {
      try {
        if (mode === 'password') {
          const answer = await adminCall(STAFF_API.signIn, { body: { email: address, password } });
          onSignedIn({ staff: answer.staff, startedBy: 'PASSWORD' }, answer.csrfToken);
          return undefined;
        }
        await adminCall(STAFF_API.passwordReset, { body: { email: address } });
        return `If ${address} belongs to the staff, a sign-in link is on its way to it. It works once, for an hour. (In development, open the mailbox: /_hosted/mailbox.)`;
      } catch (failure) {
        // A refused sign-in is a 401 too: say why, not that a session ended.
        throw failure instanceof ApiFailure ? new Error(failure.message) : failure;
      }
    });
  };

  return (
    <>
      <ActionMessages actions={actions} />
      <form onSubmit={submit}>
        <EmailField value={email} onValue={setEmail} />
        {mode === 'password' && <PasswordField value={password} onValue={setPassword} />}
        <Button busy={actions.busy !== undefined}>
          {mode === 'password' ? 'Sign in' : 'Send me a sign-in link'}
        </Button>
      </form>
      <p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setMode(mode === 'password' ? 'reset' : 'password');
            actions.setError(undefined);
          }}
        >
          {mode === 'password' ? 'Forgot your password?' : 'Sign in with a password instead'}
        </button>
      </p>
      <p className="hint">
        First time here? Open the one-time owner sign-in link that <code>npm start</code> (or{' '}
        <code>atrium-platform start</code>) prints, or the link in your invitation. Programs use API keys
        instead.
      </p>
    </>
  );
}
