import type { RedirectIntent } from '@atrium/contract';
import type { StoredRedirectSession } from './store.js';

/**
 * The page a redirect session's `fullUrl` opens. The hosted flows themselves (login, logout,
 * authorization) come with member sign-in; until then the page says what the session is for and
 * offers the callbacks the site gave, so a developer can follow the flow by hand.
 */
const INTENT_TITLES: Record<RedirectIntent, string> = {
  bookingsCheckout: 'Bookings checkout',
  ecomCheckout: 'Checkout',
  eventsCheckout: 'Events checkout',
  paidPlansCheckout: 'Paid plans checkout',
  login: 'Log in',
  logout: 'Log out',
  auth: 'Sign in',
  storesProduct: 'Store product',
  bookingsBook: 'Book a service',
  ecomOrderPaymentRequest: 'Order payment',
};

/** Only the page's own inline styles may load: the page shows values the site supplied. */
export const HOSTED_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export function renderRedirectPage(session: StoredRedirectSession): string {
  const title = INTENT_TITLES[session.intent];
  const links = Object.entries(session.callbacks)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && isWebUrl(entry[1]))
    .map(
      ([name, url]) =>
        `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a> <small>${escapeHtml(name)}</small></li>`,
    );
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
    <p>Redirect session <code>${escapeHtml(session.id)}</code>, intent <code>${escapeHtml(session.intent)}</code>.</p>
    <p>The local platform does not host this flow yet.</p>
    ${links.length > 0 ? `<h2>Continue to</h2><ul>${links.join('')}</ul>` : '<p>The site gave no callback URL.</p>'}`,
  );
}

export function renderMissingRedirectPage(): string {
  return page(
    'Redirect session not found',
    '<h1>Redirect session not found</h1><p>This link is unknown or has expired (sessions last one hour).</p>',
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · Atrium</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1f2328; }
    h1 { font-size: 1.5rem; } h2 { font-size: 1.1rem; } code { font-size: 0.9em; } small { color: #59636e; }
    footer { margin-top: 3rem; color: #59636e; font-size: 0.875rem; }
  </style>
</head>
<body>
  <main>${body}</main>
  <footer>Atrium local platform</footer>
</body>
</html>
`;
}

const isWebUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
