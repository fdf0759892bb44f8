import { AccountMenu, useAuth } from '@atrium/react';
import { Link, NavLink, Outlet } from 'react-router';

export function Layout() {
  const { role, loggedIn } = useAuth();
  return (
    <>
      <header className="site-header">
        <Link to="/" className="brand">
          Atrium
        </Link>
        <nav aria-label="Main">
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/books">Books</NavLink>
          <NavLink to="/notes">Notes</NavLink>
          <NavLink to="/gallery">Gallery</NavLink>
          <NavLink to="/blog">Blog</NavLink>
          <NavLink to="/contact">Contact</NavLink>
        </nav>
        <span className="role" data-testid="role">
          {role === 'member' ? 'member' : role === 'visitor' ? 'visitor' : 'signed out'}
        </span>
        {loggedIn ? (
          <AccountMenu>
            <Link to="/account">Account</Link>
          </AccountMenu>
        ) : (
          <nav aria-label="Sign in" className="auth-links">
            <Link to="/sign-in">Sign in</Link>
            <Link to="/sign-up">Sign up</Link>
          </nav>
        )}
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}
