import type { Member, MemberFieldset, MemberImage } from '@atrium/contract/types';
import type { MediaStore } from '../../media/types.js';
import type { StoredMember } from './store.js';

/**
 * A stored member as it travels, trimmed to a fieldset (the reference's typings describe them):
 * PUBLIC is the id, contact id, dates and profile, with the statuses `UNKNOWN`; EXTENDED adds the
 * login e-mail and the statuses; FULL adds the contact details and whether the e-mail is verified.
 */
export type StoredPhoto =
  | { source: 'media'; id: string; filename: string; width: number; height: number }
  | { source: 'external'; url: string; width?: number; height?: number };

const STATUS: Record<string, Member['status']> = {
  ACTIVE: 'APPROVED',
  PENDING: 'PENDING',
  BLOCKED: 'BLOCKED',
  OFFLINE: 'OFFLINE',
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export const privacyOf = (member: StoredMember): 'PUBLIC' | 'PRIVATE' =>
  member.profile.privacyStatus === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE';

export function renderer(media: Pick<MediaStore, 'fileUrl'>, origin: string) {
  const photo = (member: StoredMember): MemberImage | undefined => {
    const stored = member.photo as StoredPhoto | null;
    if (stored?.source === 'media')
      return {
        id: stored.id,
        url: media.fileUrl(origin, { id: stored.id, filename: stored.filename }),
        width: stored.width,
        height: stored.height,
      };
    if (stored?.source === 'external') {
      const { source: _, ...image } = stored;
      return image;
    }
    // A picture set through the identity profile (registration) is a plain URL.
    const picture = text(member.profile.picture);
    return picture === undefined ? undefined : { url: picture };
  };

  return (member: StoredMember, fieldset: MemberFieldset): Member => {
    const { profile } = member;
    const image = photo(member);
    const wire: Member = {
      id: member.id,
      contactId: member.id,
      profile: {
        ...(text(profile.nickname) === undefined ? {} : { nickname: text(profile.nickname) }),
        ...(member.slug === null ? {} : { slug: member.slug }),
        ...(image === undefined ? {} : { photo: image }),
        ...(text(profile.title) === undefined ? {} : { title: text(profile.title) }),
      },
      status: 'UNKNOWN',
      privacyStatus: 'UNKNOWN',
      activityStatus: 'UNKNOWN',
      createdDate: member.createdAt.toISOString(),
      updatedDate: member.updatedAt.toISOString(),
    };
    if (fieldset === 'PUBLIC') return wire;
    wire.loginEmail = member.email;
    wire.status = STATUS[member.status] ?? 'UNKNOWN';
    wire.privacyStatus = privacyOf(member);
    wire.activityStatus = 'ACTIVE';
    if (fieldset === 'EXTENDED') return wire;
    wire.loginEmailVerified = member.emailVerified;
    const addresses = Array.isArray(profile.addresses)
      ? (profile.addresses as { address?: Record<string, unknown> }[])
      : [];
    wire.contact = {
      ...(text(profile.firstName) === undefined ? {} : { firstName: text(profile.firstName) }),
      ...(text(profile.lastName) === undefined ? {} : { lastName: text(profile.lastName) }),
      phones: texts(profile.phones),
      emails: texts(profile.emails),
      addresses: addresses.map(({ address = {} }) =>
        Object.fromEntries(
          ['addressLine', 'addressLine2', 'city', 'subdivision', 'country', 'postalCode']
            .filter((key) => typeof address[key] === 'string')
            .map((key) => [key, address[key]]),
        ),
      ),
      ...(text(profile.birthdate) === undefined ? {} : { birthdate: text(profile.birthdate) }),
      ...(text(profile.company) === undefined ? {} : { company: text(profile.company) }),
      ...(text(profile.position) === undefined ? {} : { jobTitle: text(profile.position) }),
    };
    return wire;
  };
}
