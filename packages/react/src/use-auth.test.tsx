import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth, useAuthFlow } from './index.js';
import { AtriumProvider } from './provider.js';
import { identityPlatform, memberJwt } from './testing/fake-identity.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const wrapper =
  (platform: ReturnType<typeof identityPlatform>) =>
  ({ children }: { children: ReactNode }) => (
    <AtriumProvider client={platform.client}>{children}</AtriumProvider>
  );

describe('useAuth: the login state machine', () => {
  it('exposes loginState, error, errorCode and member, shared by every caller of the client', async () => {
    const platform = identityPlatform(
      {
        '/_api/iam/authentication/v2/login': { body: { state: 'SUCCESS', sessionToken: 's' } },
      },
      { memberEmail: 'zoe@example.com' },
    );
    const first = renderHook(() => useAuth(), { wrapper: wrapper(platform) });
    const second = renderHook(() => useAuth(), { wrapper: wrapper(platform) });
    expect(first.result.current).toMatchObject({
      loginState: 'INITIAL',
      error: null,
      errorCode: null,
      member: null,
      loggedIn: false,
    });
    await first.result.current.login('zoe@example.com', 'pw');
    await waitFor(() => expect(second.result.current.loginState).toBe('SUCCESS'));
    expect(second.result.current.member).toEqual({ id: 'member-1', email: 'zoe@example.com' });
    expect(second.result.current.loggedIn).toBe(true);
  });

  it('useAuthFlow is a flow of its own', async () => {
    const platform = identityPlatform({
      '/_api/iam/authentication/v2/login': {
        status: 400,
        body: { message: 'x', details: { applicationError: { code: '-19976', description: 'd', data: {} } } },
      },
    });
    const own = renderHook(() => useAuthFlow(), { wrapper: wrapper(platform) });
    const shared = renderHook(() => useAuth(), { wrapper: wrapper(platform) });
    await own.result.current.login('a@b.c', 'pw');
    await waitFor(() => expect(own.result.current.errorCode).toBe('invalidPassword'));
    expect(shared.result.current.errorCode).toBeNull();
  });

  it('loginWithRedirect keeps the OAuth data in sessionStorage and goes to the hosted page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      origin: 'https://site.example',
      href: 'https://site.example/sign-in',
      assign,
    });
    const platform = identityPlatform();
    const { result } = renderHook(() => useAuth(), { wrapper: wrapper(platform) });
    await result.current.loginWithRedirect({ responseMode: 'query' });
    expect(assign).toHaveBeenCalledWith('http://platform.test/_hosted/redirect/auth');
    const saved = JSON.parse(sessionStorage.getItem('atrium.oauthData') ?? 'null');
    expect(saved).toMatchObject({
      responseMode: 'query',
      oauthData: { redirectUri: 'https://site.example/auth/callback' },
    });
    const body = platform.to('/_api/redirects-api/v1/redirect-session')[0]?.body as {
      auth: { authRequest: { redirectUri: string; state: string; responseMode: string } };
    };
    expect(body.auth.authRequest).toMatchObject({
      redirectUri: 'https://site.example/auth/callback',
      responseMode: 'query',
      state: saved.oauthData.state,
    });
    const done = await result.current.completeRedirect(
      `https://site.example/auth/callback?code=c&state=${saved.oauthData.state}`,
    );
    expect(done).toEqual({ originalUri: '' });
    await waitFor(() => expect(result.current.loggedIn).toBe(true));
    expect(result.current.member?.email).toBe('member@example.com');
    expect(sessionStorage.getItem('atrium.oauthData')).toBeNull();
  });

  it('logout({ redirect: false }) empties the tokens without navigating', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { origin: 'https://site.example', assign });
    const platform = identityPlatform();
    platform.auth.setTokens({
      accessToken: { value: memberJwt('a@b.c'), expiresAt: Math.floor(Date.now() / 1000) + 60 },
      refreshToken: { value: 'r', role: 'member' },
    });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapper(platform) });
    expect(result.current.member?.email).toBe('a@b.c');
    expect(await result.current.logout({ redirect: false })).toEqual({
      logoutUrl: 'http://platform.test/_hosted/redirect/logout',
    });
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current.role).toBe('none'));
    expect(result.current.member).toBeNull();
  });
});
