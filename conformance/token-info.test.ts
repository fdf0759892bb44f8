import { AppStrategy as AtriumAppStrategy, createClient as createAtriumClient } from '@atrium/sdk';
import { AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { jwtClaims, recordedPlatform, wireOf } from './support/wire';

// Token info (the hosted platform's OAuth 2 "Token Info"): the reference's AppStrategy
// `getTokenInfo` posts `{ token }` to the hosted api host (rewritten to the local platform) and
// reads the answer its types describe: active, subjectType, subjectId, exp, iat, clientId, siteId,
// instanceId. The Atrium SDK's AppStrategy must send the same request and get the same answer.
const session = recordedPlatform();

/** The fields and types the reference's `getTokenInfo` declares (its published types). */
const tokenInfoShape = {
  active: expect.any(Boolean),
  subjectType: expect.stringMatching(/^(APP|USER|MEMBER|VISITOR|UNKNOWN)$/),
  subjectId: expect.any(String),
  exp: expect.any(Number),
  iat: expect.any(Number),
  clientId: expect.any(String),
  siteId: expect.any(String),
  instanceId: expect.any(String),
};

describe('reference client: AppStrategy getTokenInfo against the local platform', () => {
  it("answers a visitor's access token in the documented shape, and as the Atrium SDK gets it", async () => {
    const visitor = createClient({ auth: OAuthStrategy({ clientId: session.platform.clientId }) });
    const token = (await visitor.auth.generateVisitorTokens()).accessToken.value;
    session.log.length = 0;

    const reference = await createClient({
      auth: AppStrategy({ appId: 'app-1', accessToken: token }),
    }).auth.getTokenInfo();
    const referenceWire = session.log.map(wireOf);
    session.log.length = 0;
    const atrium = await createAtriumClient({
      auth: AtriumAppStrategy({ appId: 'app-1', accessToken: token }),
      baseUrl: 'https://www.wixapis.com',
    }).auth.getTokenInfo();

    expect(reference).toEqual(tokenInfoShape);
    expect(reference).toEqual({
      active: true,
      subjectType: 'VISITOR',
      subjectId: jwtClaims(token).sub,
      exp: jwtClaims(token).exp,
      iat: jwtClaims(token).iat,
      clientId: session.platform.clientId,
      siteId: session.platform.siteId,
      instanceId: session.platform.siteId,
    });
    expect(atrium).toEqual(reference);
    expect(referenceWire).toEqual([
      { method: 'POST', path: '/oauth2/token-info', query: '', body: { token } },
    ]);
    expect(session.log.map(wireOf)).toEqual(referenceWire);
  });

  it('rejects a token the platform did not issue, as the Atrium SDK does', async () => {
    const reference = createClient({ auth: AppStrategy({ appId: 'app-1', accessToken: 'a.b.c' }) });
    await expect(reference.auth.getTokenInfo()).rejects.toThrow(/401/);
    const atrium = createAtriumClient({
      auth: AtriumAppStrategy({ appId: 'app-1', accessToken: 'a.b.c' }),
      baseUrl: 'https://www.wixapis.com',
    });
    await expect(atrium.auth.getTokenInfo()).rejects.toMatchObject({ status: 401 });
  });
});
