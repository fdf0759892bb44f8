import { createClient, OAuthStrategy } from '@atrium/sdk';

const client = createClient({ auth: OAuthStrategy({ clientId: 'bench-client' }) });
client.auth.generateVisitorTokens().then((tokens) => console.log(tokens.accessToken.expiresAt));
