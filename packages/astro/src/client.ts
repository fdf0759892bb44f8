/**
 * The browser's client in context (an injected `page` script): module functions called directly in
 * a page's scripts (`posts.queryPosts()`) run on it. It acts as a visitor of its own, its tokens in
 * `localStorage` (the server's tokens are in an HttpOnly cookie no script reads, by design).
 */

import config from 'virtual:atrium/config';
import { createClient, localStorageStorage, OAuthStrategy } from '@atrium/sdk';

createClient({
  baseUrl: config.platformUrl,
  auth: OAuthStrategy({ clientId: config.clientId, tokenStorage: localStorageStorage() }),
}).enableContext('global');
