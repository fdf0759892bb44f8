/**
 * The browser's client in context (an injected `page` script): module functions called directly in
 * a page's scripts (`posts.queryPosts()`, `members.getCurrentMember()`) run on it, as the same
 * visitor or member as the server. Its access token comes from the session route (`browser.ts`);
 * the refresh token stays in the server's HttpOnly cookie.
 */

import config from 'virtual:atrium/config';
import { createClient } from '@atrium/sdk';
import { sessionStrategy } from './browser.js';

const auth = sessionStrategy({ url: config.routes.session });

createClient({ baseUrl: config.platformUrl, auth }).enableContext('global');

// Sign-in and sign-out are page loads (the routes redirect), which start this script afresh. A page
// restored from the back/forward cache, or swapped in by Astro's client router, is not one: the
// session may have changed since, so the token is asked for again.
addEventListener('pageshow', (event) => {
  if (event.persisted) auth.reset();
});
document.addEventListener('astro:after-swap', () => auth.reset());
