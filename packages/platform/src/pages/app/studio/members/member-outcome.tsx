import { HOSTED_ROUTES } from '@atrium/contract/routes';
import type { ReactNode } from 'react';
import { ActionMessages, type ActionState } from '../../kit/index.js';

/** Where a mail went, and where to read it on this platform (the dev mailbox). */
export function SentNotice({ to }: { to: string }) {
  return (
    <>
      Sent to {to} — see <a href={`${HOSTED_ROUTES.mailbox}?to=${encodeURIComponent(to)}`}>the mailbox</a>.
    </>
  );
}

/** An action's error and status, and a notice with a link in it (where a mail went). */
export function Outcome({ actions, notice }: { actions: ActionState; notice: ReactNode }) {
  return (
    <>
      <ActionMessages actions={actions} />
      {notice && (
        <div className="alert alert-info" role="status">
          {notice}
        </div>
      )}
    </>
  );
}

/** `text` with a capital first letter. */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
