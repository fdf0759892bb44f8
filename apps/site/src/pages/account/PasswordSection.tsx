import { StatusMessage } from '@atrium/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { formError, refusalOrNull, useAccountClient } from './account-client';
import { AccountForm, FormActions, FormAlert, Section } from './account-form';
import { type FieldSpec, TextFields, useFieldValues } from './text-fields';

const PASSWORD_FIELDS: FieldSpec[] = [
  {
    label: 'Current password',
    name: 'currentPassword',
    autoComplete: 'current-password',
    violations: ['currentPassword'],
  },
  {
    label: 'New password',
    name: 'newPassword',
    autoComplete: 'new-password',
    hint: 'At least 6 characters.',
    violations: ['newPassword'],
  },
  { label: 'Repeat the new password', name: 'repeatPassword', autoComplete: 'new-password' },
].map((field) => ({ ...field, type: 'password' }));

/** The password: the current one, the new one twice (`changeMyPassword`). */
export function PasswordSection() {
  const client = useAccountClient();
  const { values, set, reset } = useFieldValues({ currentPassword: '', newPassword: '', repeatPassword: '' });
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => client.account.changeMyPassword(values.currentPassword, values.newPassword),
    onMutate: () => setDone(null),
    onSuccess: () => {
      reset();
      setDone('Password changed. Your other devices are signed out; this one stays signed in.');
    },
  });
  const refusal = refusalOrNull(change.error);

  function submit() {
    if (values.newPassword !== values.repeatPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate();
  }

  return (
    <Section id="password-title" title="Password">
      <AccountForm label="Change the password" onSubmit={submit}>
        <FormAlert message={formError(refusal, ['currentPassword', 'newPassword'])} />
        <TextFields
          fields={PASSWORD_FIELDS}
          values={values}
          set={set}
          refusal={refusal}
          errors={{ repeatPassword: mismatch ? 'The two new passwords are not the same.' : null }}
        />
        <FormActions pending={change.isPending} label="Change password" pendingLabel="Changing…" />
        <StatusMessage>{done}</StatusMessage>
      </AccountForm>
    </Section>
  );
}
