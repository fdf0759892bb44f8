import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client/create-client.js';
import { fakePlatform, json, testTokens } from '../testing/fake-fetch.js';
import { API, PATHS, platformWith, redirectSessionAnswer, strategyOn } from '../testing/identity-answers.js';
import { OAuthStrategy } from './oauth-strategy.js';
import { generateCodeChallenge } from './pkce.js';

/** The authorization-code flow of the strategy (docs/wire.md §4.3, §4.1; docs/spec.md §5). */
const REDIRECT_SESSION = PATHS.redirectSession;
const redirectSession = redirectSessionAnswer;
const strategyFor = strategyOn;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('generateOAuthData and getAuthUrl (docs/wire.md §4.3)', () => {
  it('generates PKCE data whose challenge is the S256 of its verifier', async () => {
    const data = strategyFor(fakePlatform()).generateOAuthData('https://site.example/cb', '/after');
    expect(data).toEqual({
      redirectUri: 'https://site.example/cb',
      originalUri: '/after',
      codeVerifier: expect.stringMatching(/^[A-Za-z0-9\-._~]{43}$/),
      codeChallenge: await generateCodeChallenge(data.codeVerifier),
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(strategyFor(fakePlatform()).generateOAuthData('x').originalUri).toBe('');
  });

  it('posts exactly the reference auth request to the api host and reads the session', async () => {
    const platform = platformWith({ [REDIRECT_SESSION]: () => redirectSession() });
    const auth = strategyFor(platform);
    const data = auth.generateOAuthData('https://site.example/cb');
    const result = await auth.getAuthUrl(data);
    expect(result).toEqual({
      authUrl: 'http://api.test/_hosted/redirect/rs1',
      authorizationEndpoint: 'http://api.test/_hosted/redirect',
      sessionToken: 'session-of-redirect',
    });
    const [request] = platform.to(REDIRECT_SESSION);
    expect(request?.url.origin).toBe(API);
    expect(request?.headers.get('authorization')).toBe('stored-access');
    expect(request?.body).toEqual({
      auth: {
        authRequest: {
          redirectUri: 'https://site.example/cb',
          clientId: 'cid',
          codeChallenge: data.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: data.state,
        },
        prompt: 'login',
      },
    });
    expect(Object.keys((request!.body as { auth: { authRequest: object } }).auth.authRequest)).toEqual([
      'redirectUri',
      'clientId',
      'codeChallenge',
      'codeChallengeMethod',
      'responseMode',
      'responseType',
      'scope',
      'state',
    ]);
  });

  it('passes prompt, responseMode, sessionToken and maps social idps to connection ids', async () => {
    const platform = platformWith({ [REDIRECT_SESSION]: () => redirectSession() });
    const auth = strategyFor(platform);
    const data = auth.generateOAuthData('https://site.example/cb');
    await auth.getAuthUrl(data, { prompt: 'none', responseMode: 'query', sessionToken: 'st', idp: 'google' });
    await auth.getAuthUrl(data, { idp: 'facebook' });
    await auth.getAuthUrl(data, { idp: { connectionId: 'conn-1' } });
    const bodies = platform
      .to(REDIRECT_SESSION)
      .map((r) => (r.body as { auth: { authRequest: Record<string, string>; prompt: string } }).auth);
    expect(bodies[0]).toMatchObject({
      prompt: 'none',
      authRequest: { responseMode: 'query', sessionToken: 'st', idp: '0e6a50f5-b523-4e29-990d-f37fa2ffdd69' },
    });
    expect(bodies[1]?.authRequest.idp).toBe('3ecad13f-52c3-483d-911f-31dbcf2a6d23');
    expect(bodies[2]?.authRequest.idp).toBe('conn-1');
  });

  it('generates its own data when none is given, and accepts a promise of the data (as it once returned)', async () => {
    const platform = platformWith({ [REDIRECT_SESSION]: () => redirectSession() });
    const auth = strategyFor(platform);
    await auth.getAuthUrl();
    await auth.getAuthUrl(Promise.resolve(auth.generateOAuthData('https://site.example/cb')));
    const uris = platform
      .to(REDIRECT_SESSION)
      .map(
        (r) => (r.body as { auth: { authRequest: { redirectUri: string } } }).auth.authRequest.redirectUri,
      );
    expect(uris).toEqual(['unused://', 'https://site.example/cb']);
  });

  it('keeps its own consistency token, apart from the client’s', async () => {
    const platform = platformWith({
      [REDIRECT_SESSION]: (r) =>
        r.url.origin === API
          ? json(
              { redirectSession: { fullUrl: 'u', urlDetails: { endpoint: 'e' } } },
              { headers: { 'x-wix-consistent': 'strategy' } },
            )
          : redirectSession(),
    });
    const auth = OAuthStrategy({ clientId: 'cid', tokens: testTokens() });
    const client = createClient({ auth, baseUrl: API, edgeUrl: 'http://edge.test', fetch: platform.fetch });
    await auth.getAuthUrl();
    await client.fetchWithAuth('http://edge.test/_api/redirects-api/v1/redirect-session', {
      method: 'POST',
      body: '{}',
    });
    await auth.getAuthUrl();
    const [first, clientCall, second] = platform.to(REDIRECT_SESSION);
    expect(first?.headers.get('x-wix-consistent')).toBeNull();
    expect(clientCall?.headers.get('x-wix-consistent')).toBeNull();
    expect(second?.headers.get('x-wix-consistent')).toBe('strategy');
  });
});

describe('parseFromUrl', () => {
  it('reads the fragment by default, the query when asked', () => {
    const auth = strategyFor(fakePlatform());
    expect(auth.parseFromUrl('https://s.example/cb#code=c1&state=s1')).toEqual({ code: 'c1', state: 's1' });
    expect(auth.parseFromUrl('https://s.example/cb?code=c2&state=s2', 'query')).toEqual({
      code: 'c2',
      state: 's2',
    });
    expect(
      auth.parseFromUrl('https://s.example/cb#error=access_denied&error_description=No+session&state=s'),
    ).toEqual({ code: '', state: 's', error: 'access_denied', errorDescription: 'No session' });
  });

  it('reads location.href when no URL is given, and says when there is none', () => {
    const auth = strategyFor(fakePlatform());
    expect(() => auth.parseFromUrl()).toThrow('parseFromUrl needs a URL');
    vi.stubGlobal('location', { href: 'https://s.example/cb#code=c&state=s' });
    expect(auth.parseFromUrl()).toEqual({ code: 'c', state: 's' });
  });
});

describe('getMemberTokens (docs/wire.md §4.1, docs/spec.md §5)', () => {
  it('rejects a missing code or state, and a state that is not the generated one, without a request', async () => {
    const platform = fakePlatform();
    const auth = strategyFor(platform);
    const data = auth.generateOAuthData('https://site.example/cb');
    await expect(auth.getMemberTokens('', data.state, data)).rejects.toThrow('Missing code or _state');
    await expect(auth.getMemberTokens('code', '', data)).rejects.toThrow('Missing code or _state');
    await expect(auth.getMemberTokens('code', 'forged', data)).rejects.toThrow('Invalid _state');
    expect(platform.requests).toHaveLength(0);
  });

  it('exchanges the code with exactly the authorization_code body; member tokens, not stored', async () => {
    const platform = fakePlatform();
    const auth = strategyFor(platform);
    const data = auth.generateOAuthData('https://site.example/cb');
    const tokens = await auth.getMemberTokens('the-code', data.state, data);
    await auth.getMemberTokens('the-code', data.state, Promise.resolve(data));
    expect(platform.requests).toHaveLength(2);
    const [request] = platform.requests;
    expect(request?.url.href).toBe(`${API}/oauth2/token`);
    expect(request?.body).toEqual({
      clientId: 'cid',
      grantType: 'authorization_code',
      redirectUri: 'https://site.example/cb',
      code: 'the-code',
      codeVerifier: data.codeVerifier,
    });
    expect(Object.keys(request!.body as object)).toEqual([
      'clientId',
      'grantType',
      'redirectUri',
      'code',
      'codeVerifier',
    ]);
    expect(tokens.refreshToken).toEqual({ value: 'refresh-1', role: 'member' });
    expect(auth.getTokens().refreshToken).toEqual(testTokens().refreshToken);
    expect(auth.getTokens().accessToken.value).toBe(testTokens().accessToken.value);
  });
});
