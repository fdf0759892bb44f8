import { BLOG_CACHE_PREFIX, BLOG_CACHE_ROUTES } from '@atrium/contract/routes';
import { lazy, Suspense, useEffect, useState } from 'react';
import { requestJson } from './api.js';
import { ConsoleLink, useConsoleLocation } from './console-router.js';
import './console.css';
import { isOwnerSection, OWNER_SECTIONS, OwnerSection } from './studio/owner-sections.js';
import { isStudioSection, STUDIO_SECTIONS, StudioSection } from './studio/sections.js';

/**
 * The console's frame: a bar with the site's name and the sections, and the section of the path.
 * Sections: `/members` (also the console's own URL) and `/blog/…`; later ones add a line to SECTIONS.
 */
/** The blog (Tiptap, the renderer) loads only when opened: the other hosted pages stay small. */
const BlogSection = lazy(() =>
  import('./blog/blog-section.js').then((module) => ({ default: module.BlogSection })),
);

const SECTIONS = [
  { path: '/members', label: 'Members' },
  { path: '/blog', label: 'Blog' },
  ...OWNER_SECTIONS,
  ...STUDIO_SECTIONS,
] as const;

export function ConsoleShell({ apiKey, onForget }: { apiKey: string; onForget: () => void }) {
  const { path } = useConsoleLocation();
  const site = useSite();
  const current =
    SECTIONS.find((section) => path === section.path || path.startsWith(`${section.path}/`)) ?? SECTIONS[0];

  useEffect(() => {
    document.title = `${current.label} · Console · Atrium`;
  }, [current.label]);

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
        <nav aria-label="Console sections" className="console-nav">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.path}>
                <ConsoleLink to={section.path} aria-current={section === current ? 'page' : undefined}>
                  {section.label}
                </ConsoleLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="console-bar-actions">
          {site && (
            <a href={site.url} className="console-bar-link">
              View site
            </a>
          )}
          <button type="button" className="console-bar-button" onClick={onForget}>
            Forget the API key
          </button>
        </div>
      </header>
      <main className="console-main" id="console-main" tabIndex={-1}>
        {isStudioSection(current.path) ? (
          <StudioSection section={current.path} apiKey={apiKey} path={path} />
        ) : current.path === '/blog' ? (
          <Suspense fallback={<p aria-busy="true">Loading the blog…</p>}>
            <BlogSection apiKey={apiKey} path={path} />
          </Suspense>
        ) : (
          <OwnerSection
            section={isOwnerSection(current.path) ? current.path : '/members'}
            apiKey={apiKey}
            path={path}
          />
        )}
      </main>
    </div>
  );
}

/** The site's name (its host) and address, from the blog cache (anyone may read it). */
function useSite(): { name: string; url: string } | undefined {
  const [site, setSite] = useState<{ name: string; url: string }>();
  useEffect(() => {
    requestJson<{ blogCache?: { pagesData?: { sitePrimaryUrl?: string } } }>(
      BLOG_CACHE_PREFIX.wire + BLOG_CACHE_ROUTES.blogCache,
    )
      .then((answer) => {
        const url = answer.blogCache?.pagesData?.sitePrimaryUrl;
        if (url) setSite({ name: new URL(url).host, url });
      })
      .catch(() => undefined);
  }, []);
  return site;
}
