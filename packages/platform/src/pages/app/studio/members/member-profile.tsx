import { MEMBERS_ROUTES, SERVICE_PREFIXES } from '@atrium/contract/routes';
import type { GetMemberResponse } from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import {
  ActionMessages,
  Button,
  Field,
  fillPath,
  requestJson,
  useActions,
  useConsoleQuery,
  useInvalidate,
} from '../../kit/index.js';

const MEMBERS = SERVICE_PREFIXES.members.wire;

interface ProfileValues {
  firstName: string;
  lastName: string;
  nickname: string;
  slug: string;
  photoUrl: string;
}

const profileOf = (answer: GetMemberResponse): ProfileValues => ({
  firstName: answer.member?.contact?.firstName ?? '',
  lastName: answer.member?.contact?.lastName ?? '',
  nickname: answer.member?.profile?.nickname ?? '',
  slug: answer.member?.profile?.slug ?? '',
  photoUrl: answer.member?.profile?.photo?.url ?? '',
});

/** Names, nickname, slug and photo, through the members service (its validation, a unique slug). */
export function ProfileForm({ identityId }: { identityId: string }) {
  const actions = useActions();
  const memberPath = `${MEMBERS}${fillPath(MEMBERS_ROUTES.member, { id: identityId })}`;
  // The members service's own route (not an admin endpoint), read through the console's cache.
  const loaded = useConsoleQuery([memberPath], () =>
    requestJson<GetMemberResponse>(`${memberPath}?fieldsets=FULL`),
  );
  const invalidate = useInvalidate();
  const saved = loaded.data && profileOf(loaded.data);
  /** The owner's edits, over the saved profile until saved. */
  const [edited, setEdited] = useState<ProfileValues>();
  const values = edited ?? saved;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!values || !saved) return;
    void actions.run('Saving the profile…', async () => {
      const text = (value: string) => (value.trim() === '' ? null : value.trim());
      const photo = values.photoUrl.trim();
      await requestJson(memberPath, {
        method: 'PATCH',
        body: {
          member: {
            contact: { firstName: text(values.firstName), lastName: text(values.lastName) },
            profile: {
              nickname: text(values.nickname),
              ...(photo === saved.photoUrl ? {} : { photo: photo === '' ? null : { url: photo } }),
            },
          },
        },
      });
      const slug = values.slug.trim();
      if (slug !== '' && slug !== saved.slug) {
        await requestJson(`${MEMBERS}${fillPath(MEMBERS_ROUTES.memberSlug, { id: identityId })}`, {
          body: { id: identityId, slug },
        });
      }
      await invalidate(memberPath);
      setEdited(undefined);
      return 'The profile is saved.';
    });
  };

  const field = (key: keyof ProfileValues, label: string, extra: { hint?: string; type?: string } = {}) => (
    <Field
      label={label}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      value={values?.[key] ?? ''}
      onChange={(event) => values && setEdited({ ...values, [key]: event.target.value })}
    />
  );

  return (
    <section aria-label="Profile">
      <h3>Profile</h3>
      <ActionMessages actions={actions} failure={loaded.failure} />
      {values ? (
        <form onSubmit={save} className="stack">
          {field('firstName', 'First name')}
          {field('lastName', 'Last name')}
          {field('nickname', 'Nickname')}
          {field('slug', 'Profile slug', { hint: 'Letters, digits, "-" and "_"; unique among members.' })}
          {field('photoUrl', 'Photo URL', {
            type: 'url',
            hint: 'An http(s) address; empty removes the photo.',
          })}
          <Button busy={actions.busy !== undefined}>Save the profile</Button>
        </form>
      ) : (
        !loaded.failure && <p aria-busy="true">Loading the profile…</p>
      )}
    </section>
  );
}
