import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';

const client = createClient({ auth: OAuthStrategy({ clientId: 'bench-client' }), modules: { redirects } });
client.auth.generateVisitorTokens().then((tokens) => console.log(tokens.accessToken.expiresAt));
client.redirects.createRedirectSession({ login: {} }).then((session) => console.log(session));
