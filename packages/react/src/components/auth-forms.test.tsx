import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtriumProvider } from '../provider.js';
import { appError, identityPlatform, memberJwt } from '../testing/fake-identity.js';
import { AccountMenu, ForgotPasswordForm, ResetPasswordForm, SignInForm, SignUpForm } from './index.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const LOGIN = '/_api/iam/authentication/v2/login';
const REGISTER = '/_api/iam/authentication/v2/register';
const VERIFY = '/_api/iam/verification/v1/auth/verify';
const RESEND = '/_api/iam/verification/v1/auth/resend';
const RECOVER = '/_api/iam/recovery/v1/recover';

function renderWith(platform: ReturnType<typeof identityPlatform>, ui: ReactNode) {
  return render(<AtriumProvider client={platform.client}>{ui}</AtriumProvider>);
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** Fills in the e-mail and the password and presses the form's button. */
function submitCredentials(email: string, password: string, button = 'Sign in') {
  type('E-mail', email);
  type('Password', password);
  click(button);
}
/** A further step: its field appears with `message` and takes focus; `value` goes in, `button` is pressed. */
async function answerStep(label: string, message: string, value: string, button: string) {
  const field = await screen.findByLabelText(label);
  expect(screen.getByText(message)).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(field));
  type(label, value);
  click(button);
}

describe('SignInForm', () => {
  it('signs in: direct login, member tokens stored, onSuccess called, status announced', async () => {
    const platform = identityPlatform({ [LOGIN]: { body: { state: 'SUCCESS', sessionToken: 'sess' } } });
    const onSuccess = vi.fn();
    renderWith(platform, <SignInForm onSuccess={onSuccess} />);
    submitCredentials('member@example.com', 'secret-pw');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(platform.to(LOGIN)[0]?.body).toEqual({
      loginId: { email: 'member@example.com' },
      password: 'secret-pw',
    });
    expect(platform.directLogin).toHaveBeenCalledWith('sess');
    expect(platform.auth.loggedIn()).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('You are signed in.');
  });

  it('empty fields: says what is missing and focuses the first one, without a request', async () => {
    const platform = identityPlatform();
    renderWith(platform, <SignInForm />);
    click('Sign in');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));
    expect(screen.getByText('Enter your e-mail address.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBeTruthy();
    expect(platform.requests).toEqual([]);
  });

  it('wrong password: a human message on the password field, which gets focus', async () => {
    const platform = identityPlatform({ [LOGIN]: appError('-19976') });
    renderWith(platform, <SignInForm />);
    submitCredentials('member@example.com', 'wrong');
    const message = await screen.findByText(
      'The password is not correct. Try again, or reset your password.',
    );
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(password));
  });

  it('too many attempts: a form-level alert that receives focus', async () => {
    const platform = identityPlatform({ [LOGIN]: appError('TOO_MANY_ATTEMPTS', 429) });
    renderWith(platform, <SignInForm />);
    submitCredentials('member@example.com', 'pw');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Please wait a few minutes before you try again.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('captcha required: shows the captcha field, focuses it, and sends its token', async () => {
    let calls = 0;
    const platform = identityPlatform({
      [LOGIN]: () => {
        calls += 1;
        return calls === 1 ? appError('-19971') : { body: { state: 'SUCCESS', sessionToken: 's' } };
      },
    });
    renderWith(platform, <SignInForm captchaHint="Use the test token." />);
    submitCredentials('member@example.com', 'pw');
    await answerStep(
      'Captcha token',
      'Please complete the captcha to continue.',
      'atrium-test-captcha-pass',
      'Sign in',
    );
    await waitFor(() => expect(platform.auth.loggedIn()).toBe(true));
    expect(platform.to(LOGIN)[1]?.body).toMatchObject({
      captchaTokens: [{ Recaptcha: 'atrium-test-captcha-pass' }],
    });
  });

  it('REQUIRE_MFA: a security-code step posting to the factor verify path, then signed in', async () => {
    const platform = identityPlatform({
      [LOGIN]: {
        body: {
          state: 'REQUIRE_MFA',
          stateToken: 'mfa',
          mfaChallengeData: { factorType: 'TOTP', availableFactors: [] },
        },
      },
      '/_api/iam/authentication/v2/TOTP/verify': { body: { state: 'SUCCESS', sessionToken: 's' } },
    });
    const onSuccess = vi.fn();
    renderWith(platform, <SignInForm onSuccess={onSuccess} />);
    submitCredentials('member@example.com', 'pw');
    await answerStep(
      'Security code',
      'Enter the 6-digit code from your authenticator app.',
      '123456',
      'Verify',
    );
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(platform.to('/_api/iam/authentication/v2/TOTP/verify')[0]?.body).toEqual({
      stateToken: 'mfa',
      factorType: 'TOTP',
      totpData: { code: '123456' },
    });
  });
});

describe('SignUpForm', () => {
  it('verification step: wrong code, resend, right code → signed in', async () => {
    let attempts = 0;
    const platform = identityPlatform({
      [REGISTER]: { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'stk' } },
      [VERIFY]: () => {
        attempts += 1;
        return attempts === 1
          ? appError('INVALID_VERIFICATION_CODE')
          : { body: { state: 'SUCCESS', sessionToken: 's' } };
      },
      [RESEND]: { body: {} },
    });
    const onSuccess = vi.fn();
    renderWith(platform, <SignUpForm onSuccess={onSuccess} />);
    submitCredentials('new@example.com', 'a-good-password', 'Create account');
    await screen.findByLabelText('Verification code');
    // The instructions are said once, in the live region.
    expect(
      screen.getAllByText('We sent a verification code to new@example.com. Enter it to continue.'),
    ).toHaveLength(1);
    expect(screen.getAllByRole('status')[0]?.textContent).toBe(
      'We sent a verification code to new@example.com. Enter it to continue.',
    );
    type('Verification code', '000000');
    click('Verify');
    expect(await screen.findByText('That code is not correct. Check the code and try again.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Verification code')));
    click('Send a new code');
    expect(await screen.findByText('We sent you a new code.')).toBeTruthy();
    expect(platform.to(RESEND)[0]?.body).toEqual({ stateToken: 'stk' });
    type('Verification code', '123456');
    click('Verify');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(platform.to(VERIFY).at(-1)?.body).toEqual({ code: '123456', stateToken: 'stk' });
  });

  it('owner approval: says the account is pending', async () => {
    const platform = identityPlatform({ [REGISTER]: { body: { state: 'REQUIRE_OWNER_APPROVAL' } } });
    renderWith(platform, <SignUpForm />);
    submitCredentials('new@example.com', 'pw', 'Create account');
    // Said once, in the live region.
    expect(await screen.findByText(/The site owner needs to approve it/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Thanks for signing up! Your account is waiting for approval. The site owner needs to approve it before you can sign in.',
    );
    expect(screen.getAllByText(/waiting for approval/)).toHaveLength(1);
    expect(platform.auth.loggedIn()).toBe(false);
  });

  it.each([
    [
      appError('-19995', 409),
      'E-mail',
      'An account with this e-mail address already exists. Sign in instead.',
    ],
    [
      {
        status: 400,
        body: {
          message: 'invalid',
          details: {
            validationError: {
              fieldViolations: [{ field: 'loginId.email', description: 'bad', data: { type: 'EMAIL' } }],
            },
          },
        },
      },
      'E-mail',
      'Enter a valid e-mail address, like name@example.com.',
    ],
    [appError('-19970'), null, 'The captcha check failed. Please try the captcha again.'],
  ])('error messages on the right field', async (answer, field, text) => {
    const platform = identityPlatform({ [REGISTER]: answer });
    renderWith(platform, <SignUpForm />);
    submitCredentials('x@example.com', 'pw', 'Create account');
    const message = await screen.findByText(text);
    if (field) expect(screen.getByLabelText(field).getAttribute('aria-describedby')).toContain(message.id);
    else expect(screen.getByLabelText('Captcha token').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ForgotPasswordForm and ResetPasswordForm', () => {
  it('sends the reset link with the redirect URL and confirms without saying whether the account exists', async () => {
    const platform = identityPlatform({ '/_api/iam/recovery/v1/send-email': { body: {} } });
    renderWith(platform, <ForgotPasswordForm redirectUri="https://site.example/reset-password" />);
    type('E-mail', 'member@example.com');
    click('Send reset link');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/If an account exists for member@example.com/),
    );
    expect(platform.to('/_api/iam/recovery/v1/send-email')[0]?.body).toEqual({
      email: 'member@example.com',
      redirect: { url: 'https://site.example/reset-password', clientId: 'cid' },
    });
  });

  it('reads recoveryToken from the URL, checks the confirmation, recovers and signs in', async () => {
    vi.stubGlobal('location', { ...window.location, search: '?recoveryToken=rt-1', hash: '' });
    const platform = identityPlatform({ [RECOVER]: { body: { state: 'SUCCESS', sessionToken: 'sess' } } });
    const onSuccess = vi.fn();
    renderWith(platform, <ResetPasswordForm onSuccess={onSuccess} />);
    await screen.findByLabelText('New password');
    type('New password', 'new-password-1');
    type('Confirm new password', 'different');
    click('Set new password');
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Confirm new password')));
    type('Confirm new password', 'new-password-1');
    click('Set new password');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(platform.to(RECOVER)[0]?.body).toEqual({ recoveryToken: 'rt-1', password: 'new-password-1' });
    expect(platform.auth.loggedIn()).toBe(true);
  });

  it('a used link says so and offers what the page passes as children', async () => {
    const platform = identityPlatform({ [RECOVER]: appError('INVALID_RECOVERY_TOKEN') });
    renderWith(
      platform,
      <ResetPasswordForm recoveryToken="used">
        <a href="/forgot-password">Request a new link</a>
      </ResetPasswordForm>,
    );
    type('New password', 'pw');
    type('Confirm new password', 'pw');
    click('Set new password');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /This password reset link is not valid any more/,
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });

  it('without a token, explains that the mailed link is needed', async () => {
    vi.stubGlobal('location', { ...window.location, search: '', hash: '' });
    renderWith(identityPlatform(), <ResetPasswordForm />);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /needs the link from the password reset e-mail/,
    );
  });
});

describe('AccountMenu', () => {
  it('shows the member e-mail; Log out empties the tokens and goes to the logout page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'https://site.example', assign });
    const platform = identityPlatform();
    platform.auth.setTokens({
      accessToken: { value: memberJwt('zoe@example.com'), expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      refreshToken: { value: 'r', role: 'member' },
    });
    renderWith(platform, <AccountMenu />);
    expect(screen.getByRole('navigation', { name: 'Account' }).textContent).toContain('zoe@example.com');
    await act(async () => {
      click('Log out');
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://platform.test/_hosted/redirect/logout'));
    expect(platform.to('/_api/redirects-api/v1/redirect-session')[0]?.body).toEqual({
      logout: { clientId: 'cid' },
      callbacks: { postFlowUrl: 'https://site.example/' },
    });
    expect(platform.auth.getTokens().refreshToken.role).toBe('none');
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });

  it('renders nothing for a visitor', () => {
    const { container } = renderWith(identityPlatform(), <AccountMenu />);
    expect(container.innerHTML).toBe('');
  });
});
