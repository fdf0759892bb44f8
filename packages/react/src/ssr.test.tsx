// @vitest-environment node
import { createClient, OAuthStrategy } from '@atrium/sdk';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  AccountMenu,
  AtriumProvider,
  ResetPasswordForm,
  SignInForm,
  SignUpForm,
  useAuth,
  useVisitorSession,
} from './index.js';
import { renderOnServer } from './testing/server-render.js';

function Status() {
  const { role } = useAuth();
  const { status } = useVisitorSession();
  return (
    <p>
      {role}/{status}
    </p>
  );
}

describe('server rendering', () => {
  it('renders on a server without window, and makes no request there', () => {
    expect(typeof window).toBe('undefined');
    const { html, requests } = renderOnServer(<Status />);
    expect(html).toBe('<p>none<!-- -->/<!-- -->loading</p>');
    expect(requests).toEqual([]);
  });

  it('renders the auth forms on a server', () => {
    const fetch = async () => new Response('{}');
    const client = createClient({ auth: OAuthStrategy({ clientId: 'cid' }), fetch });
    const html = renderToString(
      <AtriumProvider client={client}>
        <SignInForm />
        <SignUpForm />
        <ResetPasswordForm />
        <AccountMenu />
      </AtriumProvider>,
    );
    expect(html).toContain('Sign in');
    expect(html).toContain('Create account');
  });
});
