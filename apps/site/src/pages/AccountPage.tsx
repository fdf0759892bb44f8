import { useAuth } from '@atrium/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageSection } from '../head';
import { AuthenticatorSection } from './account/AuthenticatorSection';
import { MEMBER_KEY, refusalOf, useAccountClient } from './account/account-client';
import { DeleteSection } from './account/DeleteSection';
import { EmailSection } from './account/EmailSection';
import { PasswordSection } from './account/PasswordSection';
import { ProfileSection } from './account/ProfileSection';
import './account.css';

/**
 * /account: the signed-in member's own account, one section a concern (profile, login e-mail,
 * password, authenticator app, deletion) under `./account/`. The platform checks every call against
 * the member's token: this page only shows what it answers. This module and `./account/` load with
 * the page, so no other page downloads the members or account SDK modules.
 */
export function AccountPage() {
  const { loggedIn } = useAuth();
  return (
    <PageSection
      id="account-title"
      className="account-page"
      title="Your account"
      description="Your member account on the Atrium demo site: profile, e-mail, password, sign-in security."
    >
      {loggedIn ? (
        <AccountSections />
      ) : (
        <p>
          This page is for members. <Link to="/sign-in">Sign in</Link> to see your account.
        </p>
      )}
    </PageSection>
  );
}

function AccountSections() {
  const client = useAccountClient();
  const member = useQuery({
    queryKey: MEMBER_KEY,
    queryFn: async () => (await client.members.getCurrentMember({ fieldsets: ['FULL'] })).member ?? null,
  });
  if (member.isPending) return <p className="page-loading">Loading your account…</p>;
  if (member.isError || !member.data)
    return (
      <p role="alert">
        Could not load your account: {member.error ? refusalOf(member.error).message : 'no member'}
      </p>
    );
  return (
    <div className="account-sections">
      <ProfileSection member={member.data} />
      <EmailSection member={member.data} />
      <PasswordSection />
      <AuthenticatorSection />
      <DeleteSection member={member.data} />
    </div>
  );
}
