import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml, plainDocument, scriptJson } from './html.js';
import { defaultPagesDir } from './pages-dir.js';

/** The id of the JSON element holding a page's initial data; the app reads it (app/data.ts). */
export const HOSTED_DATA_ELEMENT_ID = 'atrium-hosted-data';

export interface HostedPageContent {
  readonly title: string;
  /** Server-rendered markup: shown until the app starts, and alone when the app is not built. */
  readonly summaryHtml: string;
  /** Data the app starts with, embedded as JSON (never executed). */
  readonly data?: unknown;
  /** Origins that may frame the page; none by default (no clickjacking of the login form). */
  readonly frameAncestors?: readonly string[];
  /** Status when the app is not built: 200 if the summary is useful on its own, else 503. */
  readonly statusWhenNotBuilt?: number;
  /** The site the page is for (services/settings/): its name ends the title, its favicon the tab's. */
  readonly site?: HostedSite | undefined;
}

/** How a hosted page names the site. */
export interface HostedSite {
  readonly name: string;
  /** An absolute URL on the platform (its media store), or undefined: no icon. */
  readonly faviconUrl?: string | undefined;
}

/** The title's end when no site is given. */
export const DEFAULT_TITLE_SUFFIX = 'Atrium';

export interface RenderedPage {
  readonly status: number;
  readonly html: string;
  readonly csp: string;
}

/** The hosted pages app (React, built by Vite into dist/pages), or its absence. */
export interface HostedPages {
  readonly dir: string;
  readonly built: boolean;
  render(content: HostedPageContent): RenderedPage;
}

export const NOT_BUILT_NOTICE =
  'The hosted pages are not built: run <code>npm run build -w @atrium/platform</code> and restart the platform.';

/** Reads the built app's index.html once; without it every page is served in its plain form. */
export async function loadHostedPages(dir: string = defaultPagesDir()): Promise<HostedPages> {
  const shell = await readFile(join(dir, 'index.html'), 'utf8').catch(() => undefined);
  return {
    dir,
    built: shell !== undefined,
    render: (content) => (shell === undefined ? renderPlain(content) : renderApp(shell, content)),
  };
}

function renderApp(shell: string, content: HostedPageContent): RenderedPage {
  const data =
    content.data === undefined
      ? ''
      : `<script type="application/json" id="${HOSTED_DATA_ELEMENT_ID}">${scriptJson(content.data)}</script>`;
  // Replacer functions: a replacement string would give `$&`-style patterns in the data a meaning.
  const html = shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(titleOf(content))}</title>`)
    .replace(/<link rel="icon"[^>]*>/, () => iconLink(content.site))
    .replace('</head>', () => `${data}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${content.summaryHtml}</div>`);
  return {
    status: 200,
    html,
    csp:
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
      `base-uri 'none'; form-action 'self'; frame-ancestors ${frameAncestors(content)}`,
  };
}

const titleOf = (content: HostedPageContent): string =>
  `${content.title} · ${content.site?.name ?? DEFAULT_TITLE_SUFFIX}`;

/** The site's favicon (a same-origin media URL: the pages' CSP allows 'self' images), else none. */
const iconLink = (site: HostedSite | undefined): string =>
  site?.faviconUrl
    ? `<link rel="icon" href="${escapeHtml(site.faviconUrl)}">`
    : '<link rel="icon" href="data:,">';

function renderPlain(content: HostedPageContent): RenderedPage {
  return {
    status: content.statusWhenNotBuilt ?? 503,
    html: plainDocument(
      content.title,
      `${content.summaryHtml}<p class="notice" role="note">${NOT_BUILT_NOTICE}</p>`,
      content.site?.name,
    ),
    csp: `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors(content)}`,
  };
}

const frameAncestors = (content: HostedPageContent): string =>
  content.frameAncestors?.length ? content.frameAncestors.join(' ') : "'none'";
