import { StatusMessage, TextField } from '@atrium/react';
import type { Member } from '@atrium/sdk/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldError, formError, MEMBER_KEY, refusalOrNull, useAccountClient } from './account-client';
import { AccountForm, CodeForm, FormActions, FormAlert, Section } from './account-form';

/** The login e-mail: a code goes to the new address; the e-mail changes when the member enters it. */
export function EmailSection({ member }: { member: Member }) {
  const client = useAccountClient();
  const queryClient = useQueryClient();
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => client.account.startLoginEmailChange(newEmail.trim()),
    onMutate: () => setDone(null),
    onSuccess: (answer) => {
      setPending(answer.pendingEmail);
      setCode('');
    },
  });
  const confirm = useMutation({
    mutationFn: () => client.account.confirmLoginEmailChange(code.trim()),
    onSuccess: async (answer) => {
      setPending(null);
      setNewEmail('');
      setDone(`Your login e-mail is now ${answer.loginEmail}.`);
      await queryClient.invalidateQueries({ queryKey: MEMBER_KEY });
    },
  });
  const startRefusal = refusalOrNull(start.error);
  const taken = startRefusal?.status === 409;
  const newEmailError =
    fieldError(startRefusal, 'newEmail') ??
    (taken ? 'Another account already uses this e-mail address.' : null);

  return (
    <Section id="email-title" title="Login e-mail">
      <p>
        You sign in with <strong data-testid="login-email">{member.loginEmail}</strong>
        {member.loginEmailVerified ? ' (verified)' : ''}.
      </p>
      {pending ? (
        <CodeForm
          label="Confirm the new e-mail"
          fieldLabel="Code from the e-mail"
          name="emailCode"
          code={code}
          setCode={setCode}
          error={refusalOrNull(confirm.error)?.message ?? null}
          pending={confirm.isPending}
          submitLabel="Confirm new e-mail"
          pendingLabel="Confirming…"
          onSubmit={() => confirm.mutate()}
          onCancel={() => setPending(null)}
        >
          <StatusMessage>
            We sent a code to {pending}. Your login e-mail changes when you enter it here.
          </StatusMessage>
        </CodeForm>
      ) : (
        <AccountForm label="Change the login e-mail" onSubmit={() => start.mutate()}>
          <FormAlert message={taken ? null : formError(startRefusal, ['newEmail'])} />
          <TextField
            label="New e-mail"
            name="newEmail"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            error={newEmailError}
          />
          <FormActions
            pending={start.isPending}
            label="Send a code to the new e-mail"
            pendingLabel="Sending…"
          />
          <StatusMessage>{done}</StatusMessage>
        </AccountForm>
      )}
    </Section>
  );
}
