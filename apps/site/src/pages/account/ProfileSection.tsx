import { StatusMessage } from '@atrium/react';
import type { Member } from '@atrium/sdk/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readSiteConfig } from '../../config';
import { formError, MEMBER_KEY, refusalOrNull, useAccountClient } from './account-client';
import { AccountForm, FormActions, FormAlert, Section } from './account-form';
import { type FieldSpec, TextFields, useFieldValues } from './text-fields';

const NAME_FIELDS: FieldSpec[] = [
  { label: 'First name', name: 'firstName', autoComplete: 'given-name', violations: ['contact.firstName'] },
  { label: 'Last name', name: 'lastName', autoComplete: 'family-name', violations: ['contact.lastName'] },
].map((field) => ({ ...field, maxLength: 255 }));
const PROFILE_FIELDS: FieldSpec[] = [
  {
    label: 'Nickname',
    name: 'nickname',
    autoComplete: 'nickname',
    maxLength: 255,
    violations: ['profile.nickname'],
  },
  {
    label: 'Photo address',
    name: 'photo',
    type: 'url',
    inputMode: 'url',
    hint: "The address of an image: a picture of the site's media store (copy its address from the gallery or the blog) or any https:// image. Leave empty for no photo.",
    violations: ['profile.photo', 'profile.photo.id', 'profile.photo.url'],
  },
];
/** The fields whose violations the profile form shows by field (any other is the form's message). */
const FORM_FIELDS = ['firstName', 'lastName', 'nickname', 'photo', 'url', 'id'];

/** The member's name, nickname and photo (`updateMember`). */
export function ProfileSection({ member }: { member: Member }) {
  const client = useAccountClient();
  const queryClient = useQueryClient();
  const { values, set } = useFieldValues({
    firstName: member.contact?.firstName ?? '',
    lastName: member.contact?.lastName ?? '',
    nickname: member.profile?.nickname ?? '',
    photo: member.profile?.photo?.url ?? '',
  });
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      client.members.updateMember(member._id!, {
        contact: { firstName: values.firstName.trim() || null, lastName: values.lastName.trim() || null },
        profile: {
          nickname: values.nickname.trim() || null,
          photo: values.photo.trim() ? photoOf(values.photo.trim(), member) : null,
        },
      } as Parameters<typeof client.members.updateMember>[1]),
    onMutate: () => setSaved(null),
    onSuccess: (updated) => {
      queryClient.setQueryData(MEMBER_KEY, updated);
      setSaved(`Profile saved at ${new Date().toLocaleTimeString()}.`);
    },
  });
  const refusal = refusalOrNull(save.error);
  const photo = member.profile?.photo?.url;

  return (
    <Section id="profile-title" title="Profile">
      <div className="account-profile">
        {photo ? (
          <img
            className="account-photo"
            src={photo}
            alt="You, as your profile shows you"
            width={96}
            height={96}
          />
        ) : (
          <span className="account-photo account-photo-empty" aria-hidden="true">
            {(values.nickname || values.firstName || member.loginEmail || '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <p className="atrium-hint">
          Your nickname and photo are what other members see when your profile is public.
        </p>
      </div>
      <AccountForm label="Profile" busy={save.isPending} onSubmit={() => save.mutate()}>
        <FormAlert message={formError(refusal, FORM_FIELDS)} />
        <div className="account-row">
          <TextFields fields={NAME_FIELDS} values={values} set={set} refusal={refusal} />
        </div>
        <TextFields fields={PROFILE_FIELDS} values={values} set={set} refusal={refusal} />
        <FormActions pending={save.isPending} label="Save profile" pendingLabel="Saving…" />
        <StatusMessage>{saved}</StatusMessage>
      </AccountForm>
    </Section>
  );
}

/**
 * The photo to send: unchanged when the address is the stored one; a media-store file by its id when
 * the address is one of the platform's media URLs (`/media/<id>…`: the members service then stores
 * its real size); else the URL itself (the platform checks it is http(s)).
 */
function photoOf(url: string, member: Member): { _id?: string; url?: string } {
  const current = member.profile?.photo;
  if (current?.url === url) return current._id ? { _id: current._id } : { url };
  try {
    const parsed = new URL(url);
    const media = /^\/media\/([^/]+)/.exec(parsed.pathname);
    if (media?.[1] && parsed.origin === new URL(readSiteConfig().platformUrl).origin)
      return { _id: decodeURIComponent(media[1]) };
  } catch {
    // Not a URL: the platform says so by field.
  }
  return { url };
}
