import { cookies } from 'next/headers';
import { cache } from 'react';
import { SESSION_COOKIE, tokensOf } from './session';
import { wixClient } from './wix';

export type Member = NonNullable<
  Awaited<ReturnType<ReturnType<typeof wixClient>['members']['getCurrentMember']>>['member']
>;

/** On the server: the member's tokens of this request's session cookie, if any. */
const sessionTokens = cache(async () => tokensOf((await cookies()).get(SESSION_COOKIE)?.value));

/** On the server: a client for this request's session (the member's, else a visitor's). */
export const requestClient = cache(async () => wixClient(await sessionTokens()));

/**
 * On the server: the signed-in member in full (`getCurrentMember` with the FULL fieldset), once
 * per request; undefined for a visitor, or when the session has ended (the platform refuses its
 * tokens).
 */
export const currentMember = cache(async (): Promise<Member | undefined> => {
  if (!(await sessionTokens())) return undefined;
  try {
    const { member } = await (await requestClient()).members.getCurrentMember({ fieldsets: ['FULL'] });
    return member ?? undefined;
  } catch {
    return undefined;
  }
});

/** What the site calls a member: the nickname, else the contact's name, else the login e-mail. */
export function nameOf(member: Member): string {
  const contact = [member.contact?.firstName, member.contact?.lastName].filter(Boolean).join(' ');
  return member.profile?.nickname || contact || member.loginEmail || 'member';
}
