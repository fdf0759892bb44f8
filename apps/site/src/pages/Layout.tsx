import { AccountMenu, useAuth } from '@atrium/react';
import { Link, NavLink, Outlet } from 'react-router';
import { FEED_PATHS } from '../../feed.mjs';
import { siteLogoUrl, siteName } from '../head';

/** The parts of the site, in the header and the footer (and on the home page). */
export const SECTIONS = [
  { to: '/blog', label: 'Blog', blurb: 'Stories, notes and guides: rich posts, likes, tags and an archive.' },
  { to: '/gallery', label: 'Gallery', blurb: 'Pictures and videos in four layouts, with a lightbox.' },
  { to: '/books', label: 'Books', blurb: 'A public data collection: filter, sort and page through it.' },
  { to: '/notes', label: 'Notes', blurb: 'Private notes for members: only you can read yours.' },
  { to: '/contact', label: 'Contact', blurb: 'A form with validation and a file upload.' },
] as const;

function BrandMark() {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M9 24 16 8l7 16M11.8 18h8.4"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Layout() {
  const { role, loggedIn } = useAuth();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Link to="/" className="brand">
            {siteLogoUrl() ? (
              <img className="brand-logo" src={siteLogoUrl()} alt="" height={28} />
            ) : (
              <BrandMark />
            )}
            <span>{siteName()}</span>
          </Link>
          <nav aria-label="Main" className="main-nav">
            <NavLink to="/" end>
              Home
            </NavLink>
            {SECTIONS.map((section) => (
              <NavLink key={section.to} to={section.to}>
                {section.label}
              </NavLink>
            ))}
          </nav>
          <div className="header-account">
            <span className="role" data-testid="role">
              {role === 'member' ? 'member' : role === 'visitor' ? 'visitor' : 'signed out'}
            </span>
            {loggedIn ? (
              <AccountMenu>
                <Link to="/account">Account</Link>
              </AccountMenu>
            ) : (
              <nav aria-label="Sign in" className="auth-links">
                <Link to="/sign-in">Sign in</Link>
                <Link to="/sign-up" className="button-link">
                  Sign up
                </Link>
              </nav>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="site-footer-inner">
          <p>
            <strong>{siteName()}</strong>: a site on the local platform, through the Atrium SDK.
          </p>
          <nav aria-label="Site">
            <Link to="/">Home</Link>
            {SECTIONS.map((section) => (
              <Link key={section.to} to={section.to}>
                {section.label}
              </Link>
            ))}
            <Link to="/blog/archive">Blog archive</Link>
            {/* A document of its own (served by serve.mjs), not a route: a plain link. */}
            <a href={FEED_PATHS.rss} type="application/rss+xml">
              RSS feed
            </a>
          </nav>
        </div>
      </footer>
    </>
  );
}
