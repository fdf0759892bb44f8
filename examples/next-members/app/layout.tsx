import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { currentMember, nameOf } from '../lib/member';
import { SignInButton, SignOutButton } from './account';
import './globals.css';

export const metadata: Metadata = {
  title: 'Members',
  description: 'A members area: sign in, say hello.',
  icons: '/logo.svg',
};

// Every page reads the session cookie when it is asked for.
export const dynamic = 'force-dynamic';

export default async function RootLayout({ children }: { children: ReactNode }) {
  const member = await currentMember();
  return (
    <html lang="en">
      <head>{process.env.ATRIUM_PLATFORM_URL && <script src="/atrium-connect.js" />}</head>
      <body>
        <header>
          <Link href="/" className="brand">
            <img src="/logo.svg" alt="" width={32} height={32} /> Members
          </Link>
          <nav>
            <Link href="/contact">Contact</Link>
            {member ? (
              <>
                <span data-testid="signed-in">{nameOf(member)}</span>
                <SignOutButton />
              </>
            ) : (
              <SignInButton />
            )}
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
