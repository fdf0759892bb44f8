// Every service module Atrium has; add each new module here and its reference twin beside it.
import { createClient, OAuthStrategy } from '@atrium/sdk';
import { redirects } from '@atrium/sdk/redirects';

const client = createClient({ auth: OAuthStrategy({ clientId: 'bench-client' }), modules: { redirects } });
client.auth.generateVisitorTokens().then((tokens) => console.log(tokens.accessToken.expiresAt));
client.redirects.createRedirectSession({ login: {} }).then((session) => console.log(session));
