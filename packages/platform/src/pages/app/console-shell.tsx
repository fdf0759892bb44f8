import { SITE_ROUTES } from '@atrium/contract/routes';
import type { PublicSite } from '@atrium/contract/types';
import { type KeyboardEvent, Suspense, useEffect, useRef, useState } from 'react';
import { ConsoleLink, useConsoleLocation } from './console-router.js';
import { type ConsoleStaff, ROLE_LABELS, roleSees, useConsoleStaff } from './console-session.js';
import { requestJson, useConsoleQuery } from './kit/index.js';
import './console.css';
import './console-lists.css';
import './console-editor.css';
import './console-narrow.css';
import { SECTIONS, type SectionEntry } from './sections.js';
import { SITE_SETTINGS_CHANGED, type SiteSettingsChange } from './studio/settings/events.js';
import { AccountSection } from './studio/staff/account-section.js';

/**
 * The console's frame: a bar with the site's name, the sections the staff member's role may use
 * (each names the server's section it works in: services/staff/permissions.ts), who is signed in,
 * and the section of the path. `/account` (the signed-in staff member's own) is for everyone.
 */
const ACCOUNT = { path: '/account', label: 'Your account', section: 'anyone' } as const;

export function ConsoleShell({
  onSignOut,
  onStaffChanged,
}: {
  onSignOut: () => void;
  onStaffChanged: (staff: ConsoleStaff) => void;
}) {
  const { path } = useConsoleLocation();
  const site = useSite();
  const staff = useConsoleStaff();
  const visible = SECTIONS.filter((entry) => roleSees(staff.role, entry.section));
  const matches = (entry: { path: string }) => path === entry.path || path.startsWith(`${entry.path}/`);
  // A section the role may not use opens the account page, which says so; `/` opens the first one.
  const current: SectionEntry | typeof ACCOUNT =
    (matches(ACCOUNT) ? ACCOUNT : visible.find(matches)) ??
    (path === '/' || !SECTIONS.some(matches) ? (visible[0] ?? ACCOUNT) : ACCOUNT);
  const refused = current === ACCOUNT && !matches(ACCOUNT) && path !== '/';

  useEffect(() => {
    document.title = `${current.label} · Console · ${site?.name ?? 'Atrium'}`;
  }, [current.label, site?.name]);

  return (
    <div className="console">
      <a className="skip-link" href="#console-main">
        Skip to content
      </a>
      <header className="console-bar">
        <div className="console-brand">
          <span className="console-site">{site?.name ?? 'Your site'}</span>
          <span className="console-product">Console</span>
        </div>
        <SectionMenu sections={visible} current={current} path={path} />
        <div className="console-bar-actions">
          {site && (
            <a href={site.url} className="console-bar-link">
              View site
            </a>
          )}
          <ConsoleLink
            to={ACCOUNT.path}
            className="console-bar-link console-who"
            aria-current={current === ACCOUNT ? 'page' : undefined}
          >
            <span className="visually-hidden">Your account: </span>
            {staff.email} <small>({ROLE_LABELS[staff.role]})</small>
          </ConsoleLink>
          <button type="button" className="console-bar-button" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main className="console-main" id="console-main" tabIndex={-1}>
        {!('Component' in current) ? (
          <AccountSection refusedPath={refused ? path : undefined} onStaffChanged={onStaffChanged} />
        ) : (
          <Suspense fallback={<p aria-busy="true">Loading {current.label.toLowerCase()}…</p>}>
            <current.Component path={path} />
          </Suspense>
        )}
      </main>
    </div>
  );
}

/**
 * The sections: a row of links on a wide screen; on a narrow one (console-narrow.css, below 48rem) a
 * "Menu" button that opens them as a list, closed again by Escape (focus back on the button) and
 * by navigating.
 */
function SectionMenu({
  sections,
  current,
  path,
}: {
  sections: readonly { path: string; label: string }[];
  current: { path: string };
  path: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path (navigation) closes the menu
  useEffect(() => setOpen(false), [path]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  };
  return (
    <nav aria-label="Console sections" className="console-nav" onKeyDown={onKeyDown}>
      <button
        type="button"
        ref={button}
        className="console-menu-button"
        aria-expanded={open}
        aria-controls="console-sections"
        onClick={() => setOpen(!open)}
      >
        Menu
      </button>
      <ul id="console-sections" data-open={open}>
        {sections.map((section) => (
          <li key={section.path}>
            <ConsoleLink
              to={section.path}
              aria-current={section === current ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {section.label}
            </ConsoleLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The site's name and address from its settings (anyone may read them, through the console's
 * cache), and as saved after a save: the save's event carries them, since the public read may be
 * cached for seconds.
 */
function useSite(): { name: string; url: string } | undefined {
  const read = useConsoleQuery([SITE_ROUTES.site], () => requestJson<PublicSite>(SITE_ROUTES.site));
  const [saved, setSaved] = useState<SiteSettingsChange>();
  useEffect(() => {
    const changed = (event: Event) => setSaved((event as CustomEvent<SiteSettingsChange>).detail);
    window.addEventListener(SITE_SETTINGS_CHANGED, changed);
    return () => window.removeEventListener(SITE_SETTINGS_CHANGED, changed);
  }, []);
  return saved ?? (read.data && { name: read.data.name, url: read.data.url });
}
