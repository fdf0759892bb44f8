import { MEMBERS_API } from '@atrium/contract/admin';
import { type FormEvent, useState } from 'react';
import { ActionMessages, adminCall, Field, useChanges } from '../../kit/index.js';

/** Deleting, confirmed by typing the address; what becomes of their content is said first. */
export function DeleteMember({
  identityId,
  email,
  onDeleted,
}: {
  identityId: string;
  email: string;
  onDeleted: () => void;
}) {
  const actions = useChanges();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const remove = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    void actions.change(
      `Deleting ${email}…`,
      () => adminCall(MEMBERS_API.delete, { params: { identityId } }),
      [MEMBERS_API.list],
      () => {
        onDeleted();
        return `${email} is deleted.`;
      },
    );
  };
  return (
    <section aria-label="Delete the member">
      <h3>Delete</h3>
      <p>
        Deleting ends their sessions and frees the address. Their blog posts and data items pass to the site
        (as the Members API's deleteMember does); form submissions and likes stay as they are.
      </p>
      <ActionMessages actions={actions} />
      <form onSubmit={remove} className="inline-form">
        <Field label={`Type ${email} to confirm`} value={typed} autoComplete="off" onValue={setTyped} />
        <button type="submit" className="danger" disabled={!matches || actions.busy !== undefined}>
          Delete {email}
        </button>
      </form>
    </section>
  );
}
