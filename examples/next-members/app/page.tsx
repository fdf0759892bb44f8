import Link from 'next/link';
import { currentMember, nameOf } from '../lib/member';

export default async function Home() {
  const member = await currentMember();
  if (!member) {
    return (
      <section data-testid="visitor">
        <h1>Welcome, visitor</h1>
        <p>Sign in to be greeted by name; the contact form is open to everyone.</p>
      </section>
    );
  }
  const since = member._createdDate ? new Date(member._createdDate).toLocaleDateString('en-GB') : undefined;
  return (
    <section data-testid="member">
      <h1>Welcome back, {nameOf(member)}</h1>
      <dl>
        <dt>E-mail</dt>
        <dd>{member.loginEmail}</dd>
        {since && (
          <>
            <dt>Member since</dt>
            <dd>{since}</dd>
          </>
        )}
      </dl>
      <p>
        Something to tell us? <Link href="/contact">Write to us</Link>.
      </p>
    </section>
  );
}
