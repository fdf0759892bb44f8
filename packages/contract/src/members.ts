import Type from 'typebox';
import { MEMBER_FIELDSETS, MEMBER_PRIVACY_STATUSES, MEMBERS_LIMITS } from './routes/members.js';
import { Loose, literals, Nullable, Optional } from './schema-kit.js';

/**
 * Request schemas of the members service (`@wix/members` `members`). They pin types, enumerations,
 * ranges and sizes, so that a malformed request is refused with a validation error naming the field;
 * the filter's language and the rules between fields (slug format, media ids) are the platform's.
 * Responses are the plain interfaces of members-types.ts. Objects tolerate fields this version does
 * not know (the reference sends `_id` beside `id`, and the wire grows).
 */
const Text = (maxLength: number = MEMBERS_LIMITS.maxTextLength) => Type.String({ maxLength });
const Count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const Dimension = Type.Number({ minimum: 0, maximum: 1_000_000 });

export const MemberFieldsets = Type.Array(literals(MEMBER_FIELDSETS), { maxItems: 3 });

export const MemberImage = Loose({
  id: Optional(Text()),
  url: Optional(Text(MEMBERS_LIMITS.maxUrlLength)),
  width: Optional(Dimension),
  height: Optional(Dimension),
  offsetX: Optional(Nullable(Type.Number())),
  offsetY: Optional(Nullable(Type.Number())),
});

export const MemberPaging = Loose({
  limit: Optional(Nullable(Type.Integer({ minimum: 0, maximum: MEMBERS_LIMITS.maxLimit }))),
  offset: Optional(Nullable(Count)),
});

export const MemberSorting = Loose({
  fieldName: Optional(Text()),
  order: Optional(literals(['ASC', 'DESC'] as const)),
});
const Sortings = Type.Array(MemberSorting, { maxItems: 10 });

export const ListMembersRequest = Loose({
  paging: Optional(MemberPaging),
  fieldsets: Optional(MemberFieldsets),
  sorting: Optional(Sortings),
});

export const QueryMembersRequest = Loose({
  query: Optional(
    Loose({ filter: Optional(Type.Unknown()), paging: Optional(MemberPaging), sorting: Optional(Sortings) }),
  ),
  fieldsets: Optional(MemberFieldsets),
  search: Optional(
    Loose({
      expression: Optional(Nullable(Text())),
      fields: Optional(Type.Array(Text(), { maxItems: 10 })),
    }),
  ),
});

const NullableText = (maxLength?: number) => Optional(Nullable(Text(maxLength)));

export const UpdateMemberRequest = Loose({
  member: Loose({
    id: Optional(Text()),
    contact: Optional(
      Loose({
        firstName: NullableText(),
        lastName: NullableText(),
        phones: Optional(Nullable(Type.Array(Text(50), { maxItems: 50 }))),
        birthdate: NullableText(10),
        company: NullableText(),
        jobTitle: NullableText(),
      }),
    ),
    profile: Optional(
      Loose({
        nickname: NullableText(),
        photo: Optional(Nullable(MemberImage)),
        title: NullableText(),
      }),
    ),
    privacyStatus: Optional(literals(MEMBER_PRIVACY_STATUSES)),
  }),
});

const Slug = Type.String({ minLength: 1, maxLength: MEMBERS_LIMITS.maxSlugLength });

export const UpdateMySlugRequest = Loose({ slug: Slug });

export const UpdateMemberSlugRequest = Loose({ id: Optional(Text()), slug: Slug });
