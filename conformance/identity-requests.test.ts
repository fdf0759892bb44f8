import { OAuthStrategy as AtriumOAuthStrategy, createClient as createAtriumClient } from '@atrium/sdk';
import * as atriumIdentity from '@atrium/sdk/identity';
import { redirects as atriumRedirects } from '@atrium/sdk/redirects';
import * as referenceIdentity from '@wix/identity';
import { redirects as referenceRedirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answeringRecorder, withoutRandomness } from './support/recorder';
import { wireOf } from './support/wire';

// The same identity and redirects calls through the reference client and through the Atrium SDK,
// answered offline by one recorder: both must send the same requests (host, method, path, query,
// body), call for call.
afterEach(() => {
  vi.unstubAllGlobals();
});

const EMAIL = 'ann@example.com';
const PROFILE = {
  firstName: 'Ann',
  lastName: 'Lee',
  customFields: [{ name: 'shoeSize', value: { numValue: 38 } }],
};

// biome-ignore lint/suspicious/noExplicitAny: the scenario drives two clients with the same (reference) API
type AnyClient = any;

async function scenario(client: AnyClient) {
  const { authentication, recovery, verification, redirects, auth } = client;
  // Module calls (docs/wire.md §5.2, §6).
  await authentication.registerV2({ email: EMAIL }, { password: 'pw-123456', profile: PROFILE });
  await authentication.loginV2({ email: EMAIL }, { password: 'pw-123456' });
  await authentication.validateEmail(EMAIL);
  await authentication.changePassword('pw-654321');
  await authentication.signOn({ email: EMAIL }, { profile: PROFILE, verifyEmail: false });
  await authentication.logout({ postLogoutRedirectUri: 'https://site.example/bye', clientId: 'cid' });
  await verification.start({ identityId: 'i-1', target: 'EMAIL' });
  await verification.verifyDuringAuthentication('123456', { stateToken: 'st-1' });
  await recovery.sendRecoveryEmail(EMAIL, {
    redirect: { url: 'https://site.example/reset', clientId: 'cid' },
  });
  await recovery.sendActivationEmail('i-1', {
    emailOptions: { redirect: { url: 'https://site.example/a', clientId: 'cid' } },
  });
  await recovery.recover('rt-1', { password: 'pw-999999' });
  await redirects.createRedirectSession({
    ecomCheckout: { checkoutId: 'co1' },
    callbacks: { postFlowUrl: 'https://site.example/after' },
    preferences: { useGenericWixPages: true },
    origin: 'https://site.example',
  });
  // Strategy flows (docs/wire.md §4, §5.1).
  await auth.register({ email: EMAIL, password: 'pw-123456', captchaTokens: { recaptchaToken: 'cap' } });
  await auth.processVerification({ verificationCode: '123456' });
  await auth.login({ email: EMAIL, password: 'pw-123456' });
  const oauthData = await auth.generateOAuthData('https://site.example/callback');
  await auth.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'query', sessionToken: 'sess-1' });
  await auth.getMemberTokens('code-1', oauthData.state, oauthData);
  await auth.sendPasswordResetEmail(EMAIL, 'https://site.example/reset');
  await auth.getMemberTokensForExternalLogin('i-1', 'api-key-1');
  await auth.logout('https://site.example/after-logout');
}

function record(makeClient: () => AnyClient) {
  const recorder = answeringRecorder();
  vi.stubGlobal('fetch', recorder.fetch);
  return { client: makeClient(), log: recorder.log };
}

describe('identity and redirects: the Atrium SDK sends what the reference client sends', () => {
  it('for every module call and strategy flow', async () => {
    const modules = (identity: typeof referenceIdentity | typeof atriumIdentity, redirects: unknown) => ({
      authentication: identity.authentication,
      recovery: identity.recovery,
      verification: identity.verification,
      redirects,
    });
    const reference = record(() =>
      createClient({
        auth: OAuthStrategy({ clientId: 'cid' }),
        modules: modules(referenceIdentity, referenceRedirects) as never,
      }),
    );
    await scenario(reference.client);
    const atrium = record(() =>
      createAtriumClient({
        auth: AtriumOAuthStrategy({ clientId: 'cid' }),
        modules: modules(atriumIdentity, atriumRedirects) as never,
      }),
    );
    await scenario(atrium.client);

    const sent = (log: typeof reference.log) =>
      log.map((r) => ({ host: r.host, ...wireOf(withoutRandomness(r)) }));
    expect(sent(atrium.log)).toEqual(sent(reference.log));
    // Sanity: the scenario really exercised every call (plus token requests).
    expect(new Set(atrium.log.map((r) => r.path)).size).toBe(13);
    expect(atrium.log).toHaveLength(21);
  });
});
