/**
 * The site's client, made the reference client's way, on the server and in the browser alike:
 * `createClient` with the OAuth strategy of the site's client id (the local platform's demo
 * client, `atrium-demo`) and the services the pages use: members (`@wix/members`) and forms
 * (`@wix/forms`). Without tokens it is a visitor (the strategy fetches anonymous tokens on its
 * first call); with a member's tokens (the session cookie) it is that member.
 */
import { forms, submissions } from '@wix/forms';
import { members } from '@wix/members';
import { createClient, OAuthStrategy, type Tokens } from '@wix/sdk';

export const CLIENT_ID = 'atrium-demo';

export function wixClient(tokens?: Tokens) {
  return createClient({
    modules: { members, forms, submissions },
    auth: OAuthStrategy({ clientId: CLIENT_ID, tokens }),
  });
}

export type WixClient = ReturnType<typeof wixClient>;
