import { useAuth, useVisitorSession } from '@atrium/react';

const formatExpiry = (expiresAtSeconds: number) =>
  new Date(expiresAtSeconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function HomePage() {
  const session = useVisitorSession();
  const { loggedIn, member } = useAuth();
  return (
    <section aria-labelledby="welcome">
      <h1 id="welcome">Welcome to the Atrium demo site</h1>
      <p>This site talks to the platform through the Atrium SDK.</p>
      <div className="card" data-testid="session" aria-live="polite">
        {session.status === 'loading' && <p>Starting your visitor session…</p>}
        {session.status === 'error' && (
          <p role="alert">Could not start a visitor session: {session.error?.message ?? 'unknown error'}</p>
        )}
        {session.status === 'ready' && loggedIn && <p>Signed in as {member?.email ?? 'a member'}</p>}
        {session.status === 'ready' && !loggedIn && session.tokens && (
          <p>
            <strong>{session.tokens.refreshToken.role} session</strong>, expires{' '}
            <time
              data-testid="session-expiry"
              dateTime={new Date(session.tokens.accessToken.expiresAt * 1000).toISOString()}
            >
              {formatExpiry(session.tokens.accessToken.expiresAt)}
            </time>
          </p>
        )}
      </div>
    </section>
  );
}
