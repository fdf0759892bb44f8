import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = { title: 'Library', description: 'A catalogue from the CMS.' };

// Every page reads the CMS on the server when it is asked for.
export const dynamic = 'force-dynamic';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>{process.env.ATRIUM_PLATFORM_URL && <script src="/atrium-connect.js" />}</head>
      <body>
        <header>
          <Link href="/">Library</Link> <Link href="/about">About</Link>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
