import type { HostedRedirectSession } from '@atrium/contract/types';
import type { HostedPageContent } from '../../pages/hosted-pages.js';
import { escapeHtml } from '../../pages/html.js';

/**
 * The server-rendered part of a redirect session's page: what the session is for and the callback
 * links. The hosted app replaces it once it starts; without the built app it is the whole page.
 */
export function redirectPageContent(
  session: HostedRedirectSession,
  frameAncestors: readonly string[],
  notice?: string,
): HostedPageContent {
  const title = session.target.label;
  const details = Object.entries(session.target.details).map(
    ([name, value]) => `<dt>${escapeHtml(name)}</dt><dd><code>${escapeHtml(value)}</code></dd>`,
  );
  const links = Object.entries(session.callbacks).map(
    ([name, url]) =>
      `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a> <small>${escapeHtml(name)}</small></li>`,
  );
  return {
    title,
    summaryHtml: `<h1>${escapeHtml(title)}</h1>
    ${notice === undefined ? '' : `<p role="status">${escapeHtml(notice)}</p>`}
    <p>Redirect session <code>${escapeHtml(session.id)}</code>, intent <code>${escapeHtml(session.intent)}</code>.</p>
    ${details.length > 0 ? `<dl>${details.join('')}</dl>` : ''}
    ${links.length > 0 ? `<h2>Continue to</h2><ul>${links.join('')}</ul>` : '<p>The site gave no callback URL.</p>'}`,
    data: session,
    frameAncestors,
    statusWhenNotBuilt: 200,
  };
}

export const MISSING_REDIRECT_PAGE: HostedPageContent = {
  title: 'Redirect session not found',
  summaryHtml:
    '<h1>Redirect session not found</h1><p>This link is unknown or has expired (sessions last one hour).</p>',
  data: { notFound: true },
  statusWhenNotBuilt: 404,
};
