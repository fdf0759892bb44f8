import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { AuthFlowState } from '../use-auth-flow.js';
import { FormError, StatusMessage, SubmitActions, TextField, useFocusFirstError } from './fields.js';
import { authErrorMessage, fieldOfError } from './messages.js';
import { useTextInput } from './use-text-input.js';

export interface CodeStepProps {
  flow: AuthFlowState;
  /** `email`: the e-mail verification code (with resend); `factor`: the code of a second factor. */
  kind: 'email' | 'factor';
  /** Where the code went, for the instructions. */
  destination?: string;
  /** Show the instructions above the field (default); false when the caller shows them already. */
  instructions?: boolean;
}

const factorInstructions = (flow: AuthFlowState): string => {
  const factor = flow.factor;
  if (factor?.factorType === 'TOTP') return 'Enter the 6-digit code from your authenticator app.';
  const where = factor?.hint ? ` to ${factor.hint}` : '';
  return `Enter the code we sent${where}.`;
};

/** What the code step asks for: where the code went and what to do with it. */
export function codeInstructions(
  kind: 'email' | 'factor',
  flow: AuthFlowState,
  destination?: string,
): string {
  return kind === 'email'
    ? `We sent a verification code to ${destination || 'your e-mail address'}. Enter it to continue.`
    : factorInstructions(flow);
}

/** The code step of sign-in and sign-up: e-mail verification, or a second factor (MFA). */
export function CodeStep({ flow, kind, destination, instructions = true }: CodeStepProps) {
  const code = useTextInput();
  const [missing, setMissing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const errorRef = useRef<HTMLParagraphElement>(null);

  // A new step: focus goes to its only input, so keyboard and screen-reader users land on it.
  useEffect(() => {
    code.inputRef.current?.focus();
  }, [code.inputRef]);

  const serverMessage = flow.errorCode
    ? authErrorMessage(flow.errorCode, kind === 'email' ? 'code' : 'factor', flow.error)
    : null;
  const codeError = missing
    ? 'Enter the code.'
    : fieldOfError(flow.errorCode) === 'code'
      ? serverMessage
      : null;
  const formError = !missing && serverMessage && !codeError ? serverMessage : null;
  useFocusFirstError(attempt, [codeError ? code.inputRef : null, formError ? errorRef : null]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.value.trim();
    setMissing(trimmed === '');
    if (trimmed === '') {
      setAttempt((n) => n + 1);
      return;
    }
    const result = kind === 'email' ? await flow.verify(trimmed) : await flow.verifyFactor(trimmed);
    if (result.errorCode) setAttempt((n) => n + 1);
  }

  // A code sent by e-mail can be sent again, whether for verification or as a second factor.
  const resendable = kind === 'email' || flow.factor?.factorType === 'EMAIL';

  return (
    <form className="atrium-form atrium-code-step" noValidate onSubmit={submit} aria-busy={flow.busy}>
      {instructions && <p className="atrium-instructions">{codeInstructions(kind, flow, destination)}</p>}
      <FormError message={formError} errorRef={errorRef} />
      <TextField
        label={kind === 'email' ? 'Verification code' : 'Security code'}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...code}
        error={codeError}
      />
      <SubmitActions label="Verify" busy={flow.busy}>
        {resendable && (
          <button type="button" disabled={flow.busy} onClick={() => void flow.resendCode()}>
            Send a new code
          </button>
        )}
        <button type="button" className="atrium-secondary" onClick={flow.reset}>
          Start over
        </button>
      </SubmitActions>
      {resendable && flow.codeResent && <StatusMessage>We sent you a new code.</StatusMessage>}
    </form>
  );
}
