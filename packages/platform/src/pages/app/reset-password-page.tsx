import { RECOVERY_ROUTES, SERVICE_PREFIXES } from '@atrium/contract/routes';
import type { StateMachineResponse } from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import { useNewPassword } from './account-fields.js';
import { Button, ErrorMessage, Page, requestJson, StatusMessage } from './kit/index.js';
import { useSignInAttempt } from './messages.js';

/** `/_hosted/reset-password?recoveryToken=…`: the default target of password-reset links. */
export function ResetPasswordPage() {
  const recoveryToken = new URLSearchParams(window.location.search).get('recoveryToken') ?? '';
  const password = useNewPassword();
  const { busy, error, attempt } = useSignInAttempt();
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password.confirmed()) return;
    void attempt(async () => {
      await requestJson<StateMachineResponse>(SERVICE_PREFIXES.recovery.wire + RECOVERY_ROUTES.recover, {
        body: { recoveryToken, password: password.password },
      });
      setDone(true);
    });
  };

  if (!recoveryToken) {
    return (
      <Page title="Reset your password">
        <ErrorMessage message="This link has no recovery token. Open the link from the e-mail again." />
      </Page>
    );
  }
  return (
    <Page title="Reset your password">
      <ErrorMessage message={error ?? password.mismatch} />
      <StatusMessage
        message={done ? 'Your password has been changed. You can now log in with it.' : undefined}
      />
      {!done && (
        <form onSubmit={submit} aria-busy={busy}>
          {password.fields({ first: 'New password', again: 'Repeat the new password' })}
          <Button busy={busy}>Change password</Button>
        </form>
      )}
    </Page>
  );
}
