import { useAuth } from '@atrium/react';
import { Link, Outlet } from 'react-router';

export function Layout() {
  const { role } = useAuth();
  return (
    <>
      <header className="site-header">
        <Link to="/" className="brand">
          Atrium
        </Link>
        <nav aria-label="Main">
          <Link to="/">Home</Link>
        </nav>
        <span className="role" data-testid="role">
          {role === 'member' ? 'member' : role === 'visitor' ? 'visitor' : 'signed out'}
        </span>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}
