import { useAuth, useVisitorSession } from '@atrium/react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageHead, siteDescription, siteName } from '../head';
import { SECTIONS } from './Layout';

// The live sections (posts, pictures) load after the page: they bring the blog and gallery clients.
const HomeSections = lazy(() => import('../home/HomeSections'));

const formatExpiry = (expiresAtSeconds: number) =>
  new Date(expiresAtSeconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The front page: what the site is, the latest posts, a strip of the gallery, and every section. */
export function HomePage() {
  const session = useVisitorSession();
  const { loggedIn, member } = useAuth();
  return (
    <div className="home">
      <PageHead
        title={`${siteName()} site`}
        description={
          siteDescription() ??
          "A demo site on the Atrium local platform: a blog, a gallery, a public book catalogue, members' private notes and a contact form, all through the Atrium SDK."
        }
      />
      <section aria-labelledby="welcome" className="home-hero">
        <p className="home-eyebrow">{`${siteName()} site`}</p>
        <h1 id="welcome">{`Welcome to the ${siteName()} site`}</h1>
        <p className="home-lede">
          Everything on this site runs against the local platform through the Atrium SDK: read the blog,
          browse the gallery and the book catalogue, keep private notes once you sign up, or write to us.
        </p>
        <p className="home-actions">
          <Link to="/blog" className="button-link">
            Read the blog
          </Link>
          {!loggedIn && (
            <Link to="/sign-up" className="button-link button-link-secondary">
              Create an account
            </Link>
          )}
        </p>
        <div className="home-session" data-testid="session" aria-live="polite">
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

      <Suspense fallback={<p role="status">Loading the latest posts…</p>}>
        <HomeSections />
      </Suspense>

      <section aria-labelledby="home-explore" className="home-section">
        <h2 id="home-explore">Explore the site</h2>
        <ul className="home-sections">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <Link to={section.to} className="home-section-card">
                <span className="home-section-title">{section.label}</span>
                <span className="home-section-blurb">{section.blurb}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={loggedIn ? '/account' : '/sign-in'} className="home-section-card">
              <span className="home-section-title">{loggedIn ? 'Your account' : 'Sign in'}</span>
              <span className="home-section-blurb">
                {loggedIn
                  ? 'Your e-mail and member id.'
                  : 'With a password, a mailed code, or the platform’s own sign-in page.'}
              </span>
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
