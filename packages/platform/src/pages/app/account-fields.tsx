import { type InputHTMLAttributes, useState } from 'react';
import { Field } from './kit/index.js';

/**
 * The fields of an account, the same on every page that asks for them (the console's sign-in and
 * account, the hosted login, sign-up and password reset, adding a member): an e-mail, a password,
 * a new password typed twice. Password managers read them by their autocomplete names.
 */
type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValue: (value: string) => void;
  label?: string;
  hint?: string;
  error?: string;
};

export function EmailField({ label = 'E-mail', ...input }: InputProps) {
  return <Field label={label} type="email" autoComplete="username" required maxLength={254} {...input} />;
}

/** A password: the current one (signing in), or a new one (`isNew`). */
export function PasswordField({
  label = 'Password',
  isNew = false,
  ...input
}: InputProps & { isNew?: boolean }) {
  return (
    <Field
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      maxLength={200}
      {...input}
    />
  );
}

/**
 * A new password typed twice: the two fields, and `confirmed()` (false, with the mismatch shown on
 * the second field, when they differ) for the form's submit.
 */
export function useNewPassword(mismatchMessage = 'The two passwords are not the same.') {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState<string>();
  const confirmed = (): boolean => {
    const same = password === again;
    setMismatch(same ? undefined : mismatchMessage);
    return same;
  };
  const clear = () => {
    setPassword('');
    setAgain('');
  };
  const fields = (
    labels: { first: string; again: string },
    rules: { hint?: string; minLength?: number; maxLength?: number } = {},
  ) => (
    <>
      <PasswordField label={labels.first} isNew {...rules} value={password} onValue={setPassword} />
      <PasswordField
        label={labels.again}
        isNew
        maxLength={rules.maxLength ?? 200}
        value={again}
        error={mismatch}
        onValue={setAgain}
      />
    </>
  );
  return { password, mismatch, confirmed, clear, fields };
}
