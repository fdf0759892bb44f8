import { ForgotPasswordForm, ResetPasswordForm, SignInForm, SignUpForm, useAuth } from '@atrium/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSection, useSiteOrigin } from '../head';

const siteOrigin = () => window.location.origin;

/** Navigates home once signed in; stable, so the forms' effects run once. */
function useGoHome() {
  const navigate = useNavigate();
  return useCallback(() => navigate('/', { replace: true }), [navigate]);
}

export function SignInPage() {
  const goHome = useGoHome();
  const { loginWithRedirect } = useAuth();
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function signInOnHostedPage() {
    setLeaving(true);
    setRedirectError(null);
    try {
      await loginWithRedirect({
        redirectUri: `${siteOrigin()}/auth/callback`,
        responseMode: 'fragment',
        originalUri: '/',
      });
    } catch (error) {
      setLeaving(false);
      setRedirectError(
        `Could not open the sign-in page: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  return (
    <PageSection
      id="sign-in-title"
      className="auth-page"
      title="Sign in"
      description="Sign in to the Atrium demo site with your e-mail and password."
    >
      <SignInForm onSuccess={goHome}>
        <p>
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <p>
          New here? <Link to="/sign-up">Create an account</Link>
        </p>
      </SignInForm>
      <div className="alternative">
        <p>Or use the platform's own sign-in page:</p>
        <button type="button" onClick={signInOnHostedPage} disabled={leaving}>
          Sign in on the hosted page
        </button>
        {redirectError && <p role="alert">{redirectError}</p>}
      </div>
    </PageSection>
  );
}

export function SignUpPage() {
  const goHome = useGoHome();
  return (
    <PageSection
      id="sign-up-title"
      className="auth-page"
      title="Create an account"
      description="Join the Atrium demo site: an e-mail, a password and a code we mail you."
    >
      <SignUpForm
        onSuccess={goHome}
        captchaHint="The platform asks for a captcha: enter the captcha token (the local platform documents a test token)."
      >
        <p>
          Already a member? <Link to="/sign-in">Sign in</Link>
        </p>
      </SignUpForm>
    </PageSection>
  );
}

export function ForgotPasswordPage() {
  // The reset link comes back to this site; its origin is known after mount (never read in render).
  const origin = useSiteOrigin();
  return (
    <PageSection
      id="forgot-title"
      className="auth-page"
      title="Reset your password"
      description="Get a link to set a new password for your account."
    >
      <p>Enter the e-mail address of your account and we will send you a link to set a new password.</p>
      <ForgotPasswordForm redirectUri={`${origin}/reset-password`}>
        <p>
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </ForgotPasswordForm>
    </PageSection>
  );
}

export function ResetPasswordPage() {
  const goHome = useGoHome();
  // The mailed link's token is in the query (the server renders the form with it); a token in the
  // fragment is read by the form once mounted.
  const [params] = useSearchParams();
  return (
    <PageSection
      id="reset-title"
      className="auth-page"
      title="Set a new password"
      description="Choose a new password for your account."
    >
      <p>Choose a new password for your account: this page opens from the link in the reset e-mail.</p>
      <ResetPasswordForm onSuccess={goHome} recoveryToken={params.get('recoveryToken') || undefined}>
        <p>
          <Link to="/forgot-password">Request a new reset link</Link>
        </p>
      </ResetPasswordForm>
    </PageSection>
  );
}

/** Where the hosted login page sends the member back: finish the authorization-code flow. */
export function AuthCallbackPage() {
  const { completeRedirect } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The callback's code is single-use: never exchange it twice (StrictMode runs effects twice).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeRedirect(window.location.href).then(
      ({ originalUri }) => navigate(originalUri || '/', { replace: true }),
      (cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause)),
    );
  }, [completeRedirect, navigate]);

  return (
    <PageSection
      id="callback-title"
      className="auth-page"
      title="Signing you in"
      description="Finishing the sign-in on the platform's page."
    >
      {error ? (
        <>
          <p role="alert">{error}</p>
          <p>
            <Link to="/sign-in">Back to sign in</Link>
          </p>
        </>
      ) : (
        <p role="status">Finishing sign-in…</p>
      )}
    </PageSection>
  );
}
