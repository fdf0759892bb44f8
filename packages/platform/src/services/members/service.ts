import { MEMBERS_LIMITS } from '@atrium/contract';
import type {
  GetMemberResponse,
  ListMembersRequest,
  Member,
  MemberFieldset,
  MembersPage,
  QueryMembersRequest,
  UpdateMemberRequest,
} from '@atrium/contract/types';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { LocalMediaStore } from '../../media/store.js';
import { isMediaId } from '../../media/store.js';
import type { Caller, MemberCaller } from '../../oauth/caller.js';
import {
  compileFilter,
  compileSort,
  type FieldFilter,
  filterFields,
  offsetPage,
  parseFilter,
  parseSort,
  QueryError,
  type SortTerm,
} from '../../query/index.js';
import type { Db } from '../../storage/database.js';
import { deleteMemberWithContent, type ManagementContext } from '../admin/member-management.js';
import {
  forbidden,
  invalidField,
  invalidQuery,
  memberNotFound,
  noCurrentMember,
  slugTaken,
  unauthenticated,
} from './errors.js';
import { DEFAULT_SEARCH_FIELDS, MEMBER_FIELDS, PRIVACY_SQL, PUBLIC_FIELDS } from './fields.js';
import { renderer, type StoredPhoto } from './render.js';
import { findMember, type StoredMember, selectMembers, setMemberSlug, updateMemberProfile } from './store.js';

/**
 * The members service: the site's members (the identity service's identities) as profiles.
 *
 * Who sees what, decided here for every call:
 * - the site's API key (elevated) sees every member, in any fieldset, and may filter and sort by
 *   any field; it may update any member;
 * - a signed-in member sees itself in any fieldset (FULL included) and may update itself; it sees
 *   other members only when they are approved and PUBLIC, and then only their PUBLIC fields;
 * - a visitor (or nobody) sees approved PUBLIC members' PUBLIC fields only.
 * A member that is not visible is answered as one that does not exist (404), so private profiles
 * are not revealed. Callers other than the API key filter, sort and search by public fields only.
 * A member's privacy is PRIVATE until it chooses PUBLIC.
 */
export interface MembersContext {
  readonly db: Db;
  readonly media: LocalMediaStore;
}

/** Who asks, and the origin media URLs are answered for. */
export interface Reader {
  readonly caller: Caller;
  readonly origin: string;
}

const ORDER: readonly MemberFieldset[] = ['PUBLIC', 'EXTENDED', 'FULL'];
/** The widest fieldset asked for; PUBLIC by default (the reference's default). */
const widest = (fieldsets: readonly MemberFieldset[] | undefined): MemberFieldset =>
  (fieldsets ?? []).reduce<MemberFieldset>((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), 'PUBLIC');

const selfId = (caller: Caller): string | undefined =>
  caller.kind === 'member' ? caller.subjectId : undefined;

/** The fieldset a caller gets for one member. */
function fieldsetFor(caller: Caller, member: StoredMember, asked: MemberFieldset): MemberFieldset {
  if (caller.kind === 'elevated' || member.id === selfId(caller)) return asked;
  return 'PUBLIC';
}

const visible = (caller: Caller, member: StoredMember): boolean =>
  caller.kind === 'elevated' ||
  member.id === selfId(caller) ||
  (member.status === 'ACTIVE' && member.profile.privacyStatus === 'PUBLIC');

/** The members a caller may see, as SQL. */
function visibleSql(caller: Caller): RawBuilder<SqlBool> {
  if (caller.kind === 'elevated') return sql<SqlBool>`TRUE`;
  const publicMembers = sql<SqlBool>`(identities.status = 'ACTIVE' AND ${PRIVACY_SQL} = 'PUBLIC')`;
  const self = selfId(caller);
  return self === undefined ? publicMembers : sql<SqlBool>`(${publicMembers} OR identities.id = ${self})`;
}

const render = (ctx: MembersContext, reader: Reader) => {
  const wire = renderer(ctx.media, reader.origin);
  return (member: StoredMember, asked: MemberFieldset): Member =>
    wire(member, fieldsetFor(reader.caller, member, asked));
};

// ── Reads ─────────────────────────────────────────────────────────────────────────────────────

/** The signed-in member itself (the route admits members only). */
export async function getCurrentMember(
  ctx: MembersContext,
  reader: Reader & { caller: { kind: 'member'; subjectId: string } },
  fieldsets: readonly MemberFieldset[] | undefined,
): Promise<GetMemberResponse> {
  const member = await findMember(ctx.db, reader.caller.subjectId);
  if (member === undefined) throw noCurrentMember();
  return { member: render(ctx, reader)(member, widest(fieldsets)) };
}

export async function getMember(
  ctx: MembersContext,
  reader: Reader,
  id: string,
  fieldsets: readonly MemberFieldset[] | undefined,
): Promise<GetMemberResponse> {
  const member = await findMember(ctx.db, id);
  if (member === undefined || !visible(reader.caller, member)) throw memberNotFound(id);
  return { member: render(ctx, reader)(member, widest(fieldsets)) };
}

export function listMembers(
  ctx: MembersContext,
  reader: Reader,
  request: ListMembersRequest,
): Promise<MembersPage> {
  return queryMembers(
    ctx,
    reader,
    { query: { paging: request.paging, sorting: request.sorting }, fieldsets: request.fieldsets },
    'sorting',
    'paging',
  );
}

/** The filter language of query/ over MEMBER_FIELDS (`_id` as `id`), with offset paging. */
export async function queryMembers(
  ctx: MembersContext,
  reader: Reader,
  request: QueryMembersRequest,
  sortingAt = 'query.sorting',
  pagingAt = 'query.paging',
): Promise<MembersPage> {
  let filter: FieldFilter;
  let sort: SortTerm[];
  let page: { limit: number; offset: number };
  let search: RawBuilder<SqlBool> | undefined;
  try {
    filter = parseFilter(request.query?.filter, MEMBER_FIELDS);
    sort = parseSort(request.query?.sorting, MEMBER_FIELDS, sortingAt);
    page = offsetPage(request.query?.paging, MEMBERS_LIMITS, pagingAt);
    search = searchCondition(request.search);
  } catch (error) {
    if (error instanceof QueryError) throw invalidQuery(error);
    throw error;
  }
  if (reader.caller.kind !== 'elevated') {
    const named = [
      ...[...filterFields(filter)].map((field) => ['query.filter', field] as const),
      ...sort.map((term) => ['query.sorting', term.field] as const),
      ...(request.search?.expression
        ? searchFields(request.search).map((field) => ['search.fields', field] as const)
        : []),
    ];
    const hidden = named.find(([, field]) => !PUBLIC_FIELDS.has(field));
    if (hidden !== undefined)
      throw forbidden(
        `${hidden[0]} names "${hidden[1]}", which only the site's API key may query; others may use ${[...PUBLIC_FIELDS].join(', ')}`,
      );
  }
  const conditions = [visibleSql(reader.caller), compileFilter(filter, MEMBER_FIELDS)];
  if (search !== undefined) conditions.push(search);
  const { members, total } = await selectMembers(ctx.db, {
    where: sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`,
    orderBy: compileSort(sort, MEMBER_FIELDS),
    limit: page.limit,
    offset: page.offset,
  });
  const asked = widest(request.fieldsets);
  const wire = render(ctx, reader);
  return {
    members: members.map((member) => wire(member, asked)),
    metadata: { count: members.length, offset: page.offset, total, tooManyToCount: false },
  };
}

const searchFields = (search: NonNullable<QueryMembersRequest['search']>): readonly string[] =>
  search.fields && search.fields.length > 0 ? search.fields : DEFAULT_SEARCH_FIELDS;

/** `search.expression`: members whose fields contain it, ignoring the case of ASCII letters. */
function searchCondition(search: QueryMembersRequest['search']): RawBuilder<SqlBool> | undefined {
  const expression = search?.expression?.trim();
  if (!search || !expression) return undefined;
  const fields = searchFields(search).map((name, index) => {
    const field = MEMBER_FIELDS[name];
    if (field === undefined || field.kind !== 'text')
      throw new QueryError(`search.fields.${index}`, `"${name}" is not a text field that can be searched`);
    return sql<SqlBool>`COALESCE(strpos(lower(${field.sql}), lower(${expression})) > 0, FALSE)`;
  });
  return sql<SqlBool>`(${sql.join(fields, sql` OR `)})`;
}

// ── Writes ────────────────────────────────────────────────────────────────────────────────────

/** Only the member itself or the site's API key changes a member. */
function requireSelfOrElevated(caller: Caller, id: string, what: string): void {
  if (caller.kind === 'elevated' || selfId(caller) === id) return;
  if (caller.kind === 'anonymous')
    throw unauthenticated(`${what} needs a signed-in member or the site's API key`);
  throw forbidden(
    `${what} is open to the member itself and the site's API key; the request was made as ${caller.kind}`,
  );
}

const PROFILE_TEXT: Readonly<Record<string, string>> = {
  'contact.firstName': 'firstName',
  'contact.lastName': 'lastName',
  'contact.birthdate': 'birthdate',
  'contact.company': 'company',
  'contact.jobTitle': 'position',
  'profile.nickname': 'nickname',
  'profile.title': 'title',
};

/**
 * Updates names, nickname, photo, title, phones and privacy: a field given replaces the stored one,
 * `null` clears it, a field left out is kept. Answers the member in FULL.
 */
export async function updateMember(
  ctx: MembersContext,
  reader: Reader,
  id: string,
  update: UpdateMemberRequest['member'],
): Promise<GetMemberResponse> {
  requireSelfOrElevated(reader.caller, id, 'updateMember');
  if (update.id !== undefined && update.id !== id)
    throw invalidField('member.id', `must be the member's id in the path (${id})`);
  const member = await findMember(ctx.db, id);
  if (member === undefined) throw memberNotFound(id);
  const profile = { ...member.profile };
  const given: Record<string, unknown> = {
    'contact.firstName': update.contact?.firstName,
    'contact.lastName': update.contact?.lastName,
    'contact.birthdate': update.contact?.birthdate,
    'contact.company': update.contact?.company,
    'contact.jobTitle': update.contact?.jobTitle,
    'profile.nickname': update.profile?.nickname,
    'profile.title': update.profile?.title,
  };
  for (const [path, value] of Object.entries(given)) {
    const key = PROFILE_TEXT[path]!;
    if (value === null) delete profile[key];
    else if (typeof value === 'string') profile[key] = value;
  }
  const birthdate = update.contact?.birthdate;
  if (typeof birthdate === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(birthdate))
    throw invalidField('member.contact.birthdate', 'must be a date as YYYY-MM-DD', 'FORMAT');
  if (update.contact?.phones === null) delete profile.phones;
  else if (update.contact?.phones !== undefined) profile.phones = update.contact.phones;
  if (update.privacyStatus === 'PUBLIC' || update.privacyStatus === 'PRIVATE')
    profile.privacyStatus = update.privacyStatus;
  else if (update.privacyStatus !== undefined)
    throw invalidField('member.privacyStatus', 'must be PUBLIC or PRIVATE', 'ENUM');
  const photo =
    update.profile?.photo === undefined ? member.photo : await storedPhoto(ctx, update.profile.photo);
  const updated = await updateMemberProfile(ctx.db, id, { profile, photo });
  if (updated === undefined) throw memberNotFound(id);
  return { member: renderer(ctx.media, reader.origin)(updated, 'FULL') };
}

/** A photo as stored: a media-store image by id (its real size), or an http(s) URL; null removes it. */
async function storedPhoto(
  ctx: MembersContext,
  photo: NonNullable<UpdateMemberRequest['member']['profile']>['photo'],
): Promise<Record<string, unknown> | null> {
  if (photo === null || photo === undefined) return null;
  if (photo.id !== undefined && photo.id !== '') {
    const file = isMediaId(photo.id) ? await ctx.media.get(photo.id) : undefined;
    if (file === undefined || file.kind !== 'image')
      throw invalidField(
        'member.profile.photo.id',
        `"${photo.id}" is not an image of the media store`,
        'NOT_FOUND',
      );
    const stored: StoredPhoto = {
      source: 'media',
      id: file.id,
      filename: file.filename,
      width: file.width ?? 0,
      height: file.height ?? 0,
    };
    return { ...stored };
  }
  if (photo.url !== undefined && /^https?:\/\/[^\s]+$/i.test(photo.url)) {
    const stored: StoredPhoto = {
      source: 'external',
      url: photo.url,
      ...(photo.width === undefined ? {} : { width: photo.width }),
      ...(photo.height === undefined ? {} : { height: photo.height }),
    };
    return { ...stored };
  }
  throw invalidField('member.profile.photo', 'needs the id of a media-store image or an http(s) url');
}

/** Letters, digits, `-` and `_`; at most MEMBERS_LIMITS.maxSlugLength characters. */
const SLUG = /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u;

export async function updateMemberSlug(
  ctx: MembersContext,
  reader: Reader,
  id: string,
  slug: string,
): Promise<GetMemberResponse> {
  requireSelfOrElevated(reader.caller, id, 'updateMemberSlug');
  if (!SLUG.test(slug))
    throw invalidField(
      'slug',
      'must start with a letter or digit and hold only letters, digits, "-" and "_"',
      'FORMAT',
    );
  const result = await setMemberSlug(ctx.db, id, slug);
  if (result === undefined) throw selfId(reader.caller) === id ? noCurrentMember() : memberNotFound(id);
  if (result === 'taken') throw slugTaken(slug);
  return { member: renderer(ctx.media, reader.origin)(result, 'FULL') };
}

/**
 * DELETE …/members/my (the reference's `deleteMyMember`): the calling member deletes their own
 * account. The docs (dev.wix.com/docs/rest/crm/members-contacts/members/members/delete-my-member)
 * say the member is logged out and their content goes to `contentAssigneeId`; here it goes where
 * the owner's deleteMember sends it (services/admin/member-management.ts, one place for the content
 * rules), so another member named as the assignee is refused rather than ignored.
 */
export async function deleteMyMember(
  ctx: ManagementContext,
  member: Pick<MemberCaller, 'subjectId'>,
  contentAssigneeId: string | undefined,
): Promise<Record<string, never>> {
  if (contentAssigneeId)
    throw invalidField(
      'contentAssigneeId',
      "is not supported by this platform: a deleted member's content passes to the site, as the owner's deleteMember does",
    );
  await deleteMemberWithContent(ctx, member.subjectId);
  return {};
}
