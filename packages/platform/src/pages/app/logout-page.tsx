import { HOSTED_ROUTES } from '@atrium/contract/routes';
import type { HostedLogoutResponse, HostedRedirectSession } from '@atrium/contract/types';
import { useEffect, useRef, useState } from 'react';
import {
  ApiFailure,
  CallbackLinks,
  ErrorMessage,
  fillPath,
  Page,
  requestJson,
  StatusMessage,
} from './kit/index.js';
import { signInFailureMessage } from './messages.js';

/** A `logout` session: ends the member session at once, then goes back to the site or says so. */
export function LogoutPage({ session }: { session: HostedRedirectSession }) {
  const [status, setStatus] = useState('Signing you out…');
  const [error, setError] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    requestJson<HostedLogoutResponse>(fillPath(HOSTED_ROUTES.api.logout, { id: session.id }), {
      method: 'POST',
    })
      .then((result) => {
        if (result.redirectUrl) {
          setStatus('You are signed out. Taking you back to the site…');
          window.location.assign(result.redirectUrl);
        } else {
          setStatus('You are signed out');
        }
      })
      .catch((failure: unknown) => {
        setStatus('');
        setError(failure instanceof ApiFailure ? signInFailureMessage(failure) : 'Signing out failed.');
      });
  }, [session.id]);

  return (
    <Page title="Log out">
      <ErrorMessage message={error} />
      <StatusMessage message={status} />
      {status === 'You are signed out' && <CallbackLinks callbacks={session.callbacks} />}
    </Page>
  );
}
