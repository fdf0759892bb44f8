/**
 * `@atrium/sdk/members`: `members` with the names and signatures of `@wix/members`: the current
 * member (`getCurrentMember`, `updateCurrentMemberSlug`), members by id, listed and queried
 * (`getMember`, `listMembers`, `queryMembers`), and profile updates (`updateMember`,
 * `updateMemberSlug`), and the member's own deletion (`deleteMyMember`), with dates as `Date`. What a caller sees is the platform's decision: a
 * visitor public profiles, a member itself in full, the site's API key everything. The operations
 * load on the module's first call, the query builder's code on its first `find()`
 * (../../../BUNDLE.md §1, §4).
 */
import { lazyModule } from '../../client/module-function.js';
import type { ModuleOf } from '../../client/operation.js';
import { pageQuery } from '../../query/builder.js';
import type { PageDialect } from '../../query/record.js';
import type { membersModule } from './operations/members.js';
import type { MembersQueryBuilder, QueryMembersOptions } from './types.js';

export type * from './types.js';

type Ops = (typeof membersModule)['operations'];

const operations = /* @__PURE__ */ lazyModule<Ops>(
  {
    getCurrentMember: 1,
    getMember: 1,
    listMembers: 1,
    queryMembers: 1,
    updateMember: 1,
    updateCurrentMemberSlug: 1,
    updateMemberSlug: 1,
    deleteMyMember: 1,
  },
  () => import('./operations/members.js').then((module) => module.membersModule),
);

/**
 * The members query builder (../../query/builder.ts): conditions, offset paging, no typed
 * overload; `eq` sends its value as given, and each page names the builder (`query`).
 */
const MEMBERS_QUERY: PageDialect = {
  chained: 'eq ne ge gt le lt startsWith in exists limit skip',
  metadata: 'metadata',
  keepUndefined: true,
  withQuery: true,
};

type Functions = Omit<ModuleOf<Ops>, 'queryMembers'> & {
  /** A builder (`.eq(…).limit(…).find()`), as the reference's `queryMembers(options?)`. */
  queryMembers: (options?: QueryMembersOptions) => MembersQueryBuilder;
};

export const members: Functions = /* @__PURE__ */ (() => ({
  ...operations,
  queryMembers: pageQuery<Functions['queryMembers']>(
    'queryMembers',
    MEMBERS_QUERY,
    'members',
    true,
    operations,
  ),
}))();
