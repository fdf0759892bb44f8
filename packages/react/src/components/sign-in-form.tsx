import { LoginState, MFA_REQUIRED } from '@atrium/sdk';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useAuthFlow } from '../use-auth-flow.js';
import { CodeStep, codeInstructions } from './code-step.js';
import { FormError, StatusMessage, SubmitActions, TextField, useFocusFirstError } from './fields.js';
import { type AuthErrorContext, authErrorMessage, fieldOfError } from './messages.js';
import { useTextInput } from './use-text-input.js';

export interface CredentialsFormProps {
  /** Called once the member is signed in (member tokens stored). */
  onSuccess?: () => void;
  className?: string;
  /** Explains where the captcha token comes from, when the platform asks for one. */
  captchaHint?: ReactNode;
  /** Extra content under the form, e.g. links to the other auth pages. */
  children?: ReactNode;
}

type Mode = 'login' | 'register';

const TEXT: Record<Mode, { submit: string; busy: string; passwordAutocomplete: string }> = {
  login: { submit: 'Sign in', busy: 'Signing in…', passwordAutocomplete: 'current-password' },
  register: {
    submit: 'Create account',
    busy: 'Creating your account…',
    passwordAutocomplete: 'new-password',
  },
};

/**
 * E-mail and password, then whatever step the platform asks for (verification code, second
 * factor, owner approval), to signed in. Shared by SignInForm and SignUpForm.
 */
export function CredentialsForm({
  mode,
  onSuccess,
  className,
  captchaHint,
  children,
}: CredentialsFormProps & { mode: Mode }) {
  const flow = useAuthFlow();
  const email = useTextInput();
  const password = useTextInput();
  const captcha = useTextInput();
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const [attempt, setAttempt] = useState(0);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const text = TEXT[mode];

  const succeeded = flow.loginState === LoginState.SUCCESS;
  useEffect(() => {
    if (succeeded) onSuccess?.();
  }, [succeeded, onSuccess]);

  const context: AuthErrorContext = mode;
  const serverMessage = flow.errorCode ? authErrorMessage(flow.errorCode, context, flow.error) : null;
  const serverField = fieldOfError(flow.errorCode);
  const errors = {
    email: missing.email ? 'Enter your e-mail address.' : serverField === 'email' ? serverMessage : null,
    password: missing.password ? 'Enter a password.' : serverField === 'password' ? serverMessage : null,
    captcha: serverField === 'captcha' ? serverMessage : null,
  };
  const formError = serverMessage && !serverField ? serverMessage : null;
  useFocusFirstError(attempt, [
    errors.email ? email.inputRef : null,
    errors.password ? password.inputRef : null,
    errors.captcha ? captcha.inputRef : null,
    formError ? errorRef : null,
  ]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = { email: email.value.trim() === '', password: password.value === '' };
    setMissing(problems);
    if (problems.email || problems.password) {
      setAttempt((n) => n + 1);
      return;
    }
    const captchaToken = captcha.value.trim() || undefined;
    const result =
      mode === 'login'
        ? await flow.login(email.value.trim(), password.value, captchaToken)
        : await flow.register(email.value.trim(), password.value, { captchaToken });
    if (result.errorCode) setAttempt((n) => n + 1);
  }

  // Each message is shown once: the step's own message is the live status (read out when the step
  // changes), not repeated beside it.
  let step: ReactNode;
  let status: string | null = flow.busy ? text.busy : null;
  let statusClass: string | undefined;
  if (flow.loginState === LoginState.SUCCESS) {
    step = null;
    status = 'You are signed in.';
  } else if (flow.loginState === LoginState.OWNER_APPROVAL_REQUIRED) {
    step = null;
    status = `${mode === 'register' ? 'Thanks for signing up! ' : ''}Your account is waiting for approval. The site owner needs to approve it before you can sign in.`;
    statusClass = 'atrium-status atrium-notice';
  } else if (flow.loginState === LoginState.EMAIL_VERIFICATION_REQUIRED) {
    step = <CodeStep flow={flow} kind="email" destination={email.value.trim()} instructions={false} />;
    status = codeInstructions('email', flow, email.value.trim());
  } else if (flow.loginState === MFA_REQUIRED) {
    step = <CodeStep flow={flow} kind="factor" instructions={false} />;
    status = codeInstructions('factor', flow);
  } else {
    step = (
      <form className="atrium-form" noValidate onSubmit={submit} aria-busy={flow.busy}>
        <FormError message={formError} errorRef={errorRef} />
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete={mode === 'login' ? 'username' : 'email'}
          {...email}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete={text.passwordAutocomplete}
          {...password}
          error={errors.password}
        />
        {flow.captchaRequired && (
          <TextField
            label="Captcha token"
            name="captcha"
            autoComplete="off"
            {...captcha}
            error={errors.captcha}
            hint={captchaHint ?? 'This site asks for a captcha: enter the token of the captcha challenge.'}
          />
        )}
        <SubmitActions label={text.submit} busy={flow.busy} />
      </form>
    );
  }

  return (
    <div className={className ?? `atrium-${mode === 'login' ? 'sign-in' : 'sign-up'}`}>
      <StatusMessage className={statusClass}>{status}</StatusMessage>
      {step}
      {children}
    </div>
  );
}

/** Sign in with e-mail and password; continues with a verification code or a second factor when asked. */
export function SignInForm(props: CredentialsFormProps) {
  return <CredentialsForm mode="login" {...props} />;
}

/** Create an account; continues with the e-mail verification code, or says that approval is pending. */
export function SignUpForm(props: CredentialsFormProps) {
  return <CredentialsForm mode="register" {...props} />;
}
