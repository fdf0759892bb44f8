import { TextField, useAuth } from '@atrium/react';
import type { Member } from '@atrium/sdk/members';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSiteOrigin } from '../../head';
import { refusalOrNull, useAccountClient } from './account-client';
import { AccountForm, FormActions, Section } from './account-form';

/** Deletes the member's account (`deleteMyMember`) once they type their e-mail, then signs out. */
export function DeleteSection({ member }: { member: Member }) {
  const client = useAccountClient();
  const { logout } = useAuth();
  const origin = useSiteOrigin();
  const [typed, setTyped] = useState('');
  const expected = member.loginEmail ?? 'delete';
  const confirmed = typed.trim().toLowerCase() === expected.toLowerCase();
  const remove = useMutation({
    mutationFn: async () => {
      await client.members.deleteMyMember();
      // The platform has ended the member's sessions; the site forgets its tokens and says goodbye.
      await logout({ returnTo: `${origin}/?account=deleted` });
    },
  });

  return (
    <Section id="delete-title" title="Delete your account">
      <p>
        Deleting your account signs you out everywhere and cannot be undone. Your notes and other items pass
        to the site; your blog posts stay without your name.
      </p>
      <AccountForm
        label="Delete the account"
        onSubmit={() => {
          if (confirmed) remove.mutate();
        }}
      >
        <TextField
          label={`To confirm, type your e-mail (${expected})`}
          name="confirmDelete"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={refusalOrNull(remove.error)?.message ?? null}
        />
        <FormActions
          pending={remove.isPending}
          label="Delete my account"
          pendingLabel="Deleting…"
          danger
          disabled={!confirmed}
        />
      </AccountForm>
    </Section>
  );
}
