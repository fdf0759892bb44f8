import { ApiKeyStrategy, createClient } from '@atrium/sdk';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AtriumProvider, useAuth, useClient, useVisitorSession } from './index.js';
import { freshTokens, visitorClient } from './testing/fake-platform.js';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

type Client = ReturnType<typeof visitorClient>['client'];
/** Renders children under StrictMode (effects run twice) and the provider of the current test's client. */
let currentClient: Client | undefined;
function Wrapper({ children }: { children: React.ReactNode }) {
  return (
    <StrictMode>
      <AtriumProvider client={currentClient!}>{children}</AtriumProvider>
    </StrictMode>
  );
}
const wrapperFor = (client: Client) => {
  currentClient = client;
  return Wrapper;
};

function SessionStatus({ label }: { label: string }) {
  const session = useVisitorSession();
  return (
    <p>
      {label}: {session.status} {session.tokens?.accessToken.value ?? '-'} {session.error?.message ?? ''}
    </p>
  );
}

describe('useClient', () => {
  it('returns the provided client', () => {
    const { client } = visitorClient();
    const { result } = renderHook(() => useClient(), { wrapper: wrapperFor(client) });
    expect(result.current).toBe(client);
  });

  it('throws a clear error outside the provider', () => {
    expect(() => renderHook(() => useClient())).toThrow('useClient() must be used inside <AtriumProvider');
  });
});

describe('useAuth', () => {
  it('re-renders with the new role when tokens change', () => {
    const { client, auth } = visitorClient({ tokens: freshTokens('visitor') });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperFor(client) });
    expect(result.current).toMatchObject({ role: 'visitor', loggedIn: false, auth });
    act(() => auth.setTokens(freshTokens('member')));
    expect(result.current).toMatchObject({ role: 'member', loggedIn: true });
    expect(result.current.tokens.accessToken.value).toBe('member-access');
  });

  it('starts with role none when there are no tokens', () => {
    const { client } = visitorClient();
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperFor(client) });
    expect(result.current).toMatchObject({ role: 'none', loggedIn: false });
  });

  it('explains that it needs an OAuth client', () => {
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: 'k' }),
      fetch: async () => new Response('{}'),
    });
    expect(() => renderHook(() => useAuth(), { wrapper: wrapperFor(client as unknown as Client) })).toThrow(
      'need a client created with auth: OAuthStrategy',
    );
  });
});

describe('useVisitorSession', () => {
  it('gets visitor tokens once on mount, however many components ask (StrictMode included)', async () => {
    const { client, grants, auth } = visitorClient();
    render(
      <AtriumProvider client={client}>
        <StrictMode>
          <SessionStatus label="header" />
          <SessionStatus label="footer" />
        </StrictMode>
      </AtriumProvider>,
    );
    expect(screen.getByText(/header: loading/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('header: ready access-1')).toBeTruthy());
    expect(screen.getByText('footer: ready access-1')).toBeTruthy();
    expect(grants).toEqual(['anonymous']);
    expect(auth.getTokens().refreshToken).toEqual({ value: 'refresh-1', role: 'visitor' });
  });

  it('is ready at once with usable tokens, without a request', () => {
    const { client, grants } = visitorClient({ tokens: freshTokens('member') });
    const { result } = renderHook(() => useVisitorSession(), { wrapper: wrapperFor(client) });
    expect(result.current).toEqual({ status: 'ready', tokens: freshTokens('member'), error: null });
    expect(grants).toEqual([]);
  });

  it('renews stale tokens with their refresh token', async () => {
    const stale = { ...freshTokens('member'), accessToken: { value: 'old', expiresAt: 1 } };
    const { client, grants } = visitorClient({ tokens: stale });
    const { result } = renderHook(() => useVisitorSession(), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(grants).toEqual(['refresh_token']);
    expect(result.current.tokens?.refreshToken).toEqual({ value: 'member-refresh', role: 'member' });
  });

  it('reports a failed token request as an error', async () => {
    const { client } = visitorClient({ fail: true });
    const { result } = renderHook(() => useVisitorSession(), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.tokens).toBeNull();
    expect(result.current.error?.message).toContain('Failed to fetch tokens from OAuth API');
  });
});
