/**
 * `@atrium/sdk/members`: `members` with the names and signatures of `@wix/members`: the current
 * member (`getCurrentMember`, `updateCurrentMemberSlug`), members by id, listed and queried
 * (`getMember`, `listMembers`, `queryMembers`), and profile updates (`updateMember`,
 * `updateMemberSlug`), and the member's own deletion (`deleteMyMember`), with dates as `Date`. What a caller sees is the platform's decision: a
 * visitor public profiles, a member itself in full, the site's API key everything. The operations
 * load on the module's first call, the query builder's code on its first `find()`
 * (../../../BUNDLE.md §1, §4).
 */
import type { ContextClient } from '../../client/context.js';
import { lazyLoad } from '../../client/lazy.js';
import { clientFunction, lazyModule, type OperationRef, operationOf } from '../../client/module-function.js';
import type { ModuleOf } from '../../client/operation.js';
import type { membersModule } from './operations.js';
import type { MembersQueryRecord } from './query.js';
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
  () => import('./operations.js').then((module) => module.membersModule),
);

const loadQueryCode = /* @__PURE__ */ lazyLoad(() => import('./query.js'));
const CHAINED = ['eq', 'ne', 'ge', 'gt', 'le', 'lt', 'startsWith', 'in', 'exists', 'limit', 'skip'];

/** An immutable recording builder: each chained call returns a new one with one more step. */
function recorder(
  record: MembersQueryRecord,
  client: () => ContextClient,
  operation: OperationRef,
): MembersQueryBuilder {
  const builder: Record<string, unknown> = {};
  for (const name of CHAINED) {
    builder[name] = (...args: unknown[]) =>
      recorder({ ...record, steps: [...record.steps, [name, args]] }, client, operation);
  }
  builder.find = async () =>
    (await loadQueryCode()).findMembers(
      client(),
      operation,
      record,
      builder as unknown as MembersQueryBuilder,
    );
  return builder as unknown as MembersQueryBuilder;
}

type Functions = Omit<ModuleOf<Ops>, 'queryMembers'> & {
  /** A builder (`.eq(…).limit(…).find()`), as the reference's `queryMembers(options?)`. */
  queryMembers: (options?: QueryMembersOptions) => MembersQueryBuilder;
};

export const members: Functions = /* @__PURE__ */ (() => ({
  ...operations,
  queryMembers: clientFunction(
    (client) => (options?: QueryMembersOptions) =>
      recorder({ options, steps: [] }, client, operationOf(operations.queryMembers)!),
  ),
}))();
