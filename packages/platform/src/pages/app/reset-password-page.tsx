import { RECOVERY_ROUTES, SERVICE_PREFIXES } from '@atrium/contract/routes';
import type { StateMachineResponse } from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import { ApiFailure, Button, ErrorMessage, Field, Page, requestJson, StatusMessage } from './kit/index.js';
import { signInFailureMessage } from './messages.js';

/** `/_hosted/reset-password?recoveryToken=…`: the default target of password-reset links. */
export function ResetPasswordPage() {
  const recoveryToken = new URLSearchParams(window.location.search).get('recoveryToken') ?? '';
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState<string>();
  const [mismatch, setMismatch] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (password !== repeated) {
      setMismatch('The two passwords are not the same.');
      return;
    }
    setMismatch(undefined);
    setBusy(true);
    try {
      await requestJson<StateMachineResponse>(SERVICE_PREFIXES.recovery.wire + RECOVERY_ROUTES.recover, {
        body: { recoveryToken, password },
      });
      setDone(true);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? signInFailureMessage(failure) : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  }

  if (!recoveryToken) {
    return (
      <Page title="Reset your password">
        <ErrorMessage message="This link has no recovery token. Open the link from the e-mail again." />
      </Page>
    );
  }
  return (
    <Page title="Reset your password">
      <ErrorMessage message={error ?? mismatch} />
      <StatusMessage
        message={done ? 'Your password has been changed. You can now log in with it.' : undefined}
      />
      {!done && (
        <form onSubmit={submit} aria-busy={busy}>
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            required
            value={repeated}
            error={mismatch}
            onChange={(event) => setRepeated(event.target.value)}
          />
          <Button busy={busy}>Change password</Button>
        </form>
      )}
    </Page>
  );
}
