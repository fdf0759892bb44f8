import { HOSTED_ROUTES } from '@atrium/contract/routes';
import type { HostedRedirectSession } from '@atrium/contract/types';
import { useEffect, useState } from 'react';
import { ConsolePage } from './console-page.js';
import { readHostedData } from './data.js';
import { ApiFailure, ErrorMessage, fillPath, Page, requestJson } from './kit/index.js';
import { LoginPage } from './login-page.js';
import { LogoutPage } from './logout-page.js';
import { MailboxPage } from './mailbox-page.js';
import { ResetPasswordPage } from './reset-password-page.js';
import { TargetPage } from './target-page.js';

const REDIRECT_PREFIX = HOSTED_ROUTES.redirect.replace('{id}', '');

/** One app for every hosted page; the server decides which URL exists, the path picks the page. */
export function App() {
  const path = window.location.pathname;
  if (path.startsWith(REDIRECT_PREFIX)) {
    return <RedirectSessionPage id={decodeURIComponent(path.slice(REDIRECT_PREFIX.length))} />;
  }
  if (path === HOSTED_ROUTES.console || path.startsWith(`${HOSTED_ROUTES.console}/`)) return <ConsolePage />;
  if (path === HOSTED_ROUTES.mailbox) return <MailboxPage />;
  if (path === HOSTED_ROUTES.resetPassword) return <ResetPasswordPage />;
  return (
    <Page title="Page not found">
      <p>There is no hosted page here.</p>
    </Page>
  );
}

/** The session arrives embedded in the page; if not (an old page), it is fetched. */
function RedirectSessionPage({ id }: { id: string }) {
  const [session, setSession] = useState<HostedRedirectSession | 'missing' | undefined>(() =>
    embeddedSession(),
  );
  useEffect(() => {
    if (session !== undefined) return;
    requestJson<HostedRedirectSession>(fillPath(HOSTED_ROUTES.api.redirectSession, { id }))
      .then(setSession)
      .catch((failure: unknown) => {
        if (failure instanceof ApiFailure) setSession('missing');
      });
  }, [id, session]);

  if (session === undefined) return <Page title="Loading">{null}</Page>;
  if (session === 'missing') {
    return (
      <Page title="Redirect session not found">
        <ErrorMessage message="This link is unknown or has expired (sessions last one hour). Go back to the site and try again." />
      </Page>
    );
  }
  switch (session.intent) {
    case 'auth':
    case 'login':
      return <LoginPage session={session} />;
    case 'logout':
      return <LogoutPage session={session} />;
    default:
      return <TargetPage session={session} />;
  }
}

function embeddedSession(): HostedRedirectSession | 'missing' | undefined {
  const data = readHostedData();
  if (typeof data !== 'object' || data === null) return undefined;
  if ('notFound' in data) return 'missing';
  return 'intent' in data ? (data as HostedRedirectSession) : undefined;
}
