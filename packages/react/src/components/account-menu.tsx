import { type ReactNode, useState } from 'react';
import { useAuth } from '../use-auth.js';

export interface AccountMenuProps {
  /** Where the platform sends the member after logout; the site's home by default. */
  returnTo?: string;
  className?: string;
  /** Extra entries before "Log out", e.g. a link to the account page. */
  children?: ReactNode;
}

/** The signed-in member's e-mail and a log-out button; renders nothing for visitors. */
export function AccountMenu({ returnTo, className, children }: AccountMenuProps) {
  const { loggedIn, member, logout } = useAuth();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (!loggedIn) return null;

  async function logOut() {
    setState({ busy: true, error: null });
    try {
      await logout({ returnTo });
    } catch (error) {
      setState({
        busy: false,
        error: `Could not log out: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  return (
    <nav className={className ?? 'atrium-account-menu'} aria-label="Account">
      <span className="atrium-member-email">{member?.email ?? 'Member'}</span>
      {children}
      <button type="button" onClick={logOut} disabled={state.busy}>
        {state.busy ? 'Logging out…' : 'Log out'}
      </button>
      {state.error && <span role="alert">{state.error}</span>}
    </nav>
  );
}
