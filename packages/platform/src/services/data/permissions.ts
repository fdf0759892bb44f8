import type { CollectionRole } from '@atrium/contract/types';
import type { Caller } from '../../oauth/caller.js';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';
import type { Action, StoredCollection } from './collections/store.js';
import { permissionDenied } from './errors.js';
import { hasControlCharacter } from './items/item-data.js';
import { hasMemberRole } from './member-roles/service.js';
import { isStorableText } from './values.js';

/**
 * Collection permissions, checked on the server for every call from the caller's token (docs/spec.md §3,
 * §6). A level names the least a caller must be:
 *
 * | level              | anonymous, visitor | member               | CMS editor | elevated (API key) |
 * |--------------------|--------------------|----------------------|------------|--------------------|
 * | ANYONE             | yes                | yes                  | yes        | yes                |
 * | SITE_MEMBER        | no                 | yes                  | yes        | yes                |
 * | SITE_MEMBER_AUTHOR | no                 | own items (`_owner`) | yes        | yes                |
 * | CMS_EDITOR         | no                 | no                   | yes        | yes                |
 * | PRIVILEGED, ADMIN  | no                 | no                   | no         | yes                |
 *
 * A CMS editor is a member the site owner granted that role (member-roles.ts); like the hosted
 * platform's editors, editors manage every member's items where authors manage their own. Under
 * SITE_MEMBER_AUTHOR a member's insert makes them the item's `_owner`, their reads and queries see
 * only their own items, and reading, changing or removing another's item is refused.
 */
export type Grant = { readonly scope: 'all' } | { readonly scope: 'own'; readonly ownerId: string };

const ALL: Grant = { scope: 'all' };

/** The request's caller, with its member roles looked up once, when a level needs them. */
export class DataCaller {
  #editor: Promise<boolean> | undefined;

  constructor(
    readonly caller: Caller,
    private readonly db: Db | Tx,
  ) {}

  get kind(): Caller['kind'] {
    return this.caller.kind;
  }

  /** The member's identity id (or the visitor's id): recorded as `_owner` of what they insert. */
  get subjectId(): string | undefined {
    return this.caller.kind === 'member' || this.caller.kind === 'visitor'
      ? this.caller.subjectId
      : undefined;
  }

  isCmsEditor(): Promise<boolean> {
    if (this.caller.kind !== 'member') return Promise.resolve(false);
    this.#editor ??= hasMemberRole(this.db, this.caller.subjectId, 'CMS_EDITOR');
    return this.#editor;
  }
}

/** What the caller may do with the collection's items for `action`, or 403 WDE0027. */
export async function authorize(
  caller: DataCaller,
  collection: StoredCollection,
  action: Action,
): Promise<Grant> {
  const level = collection.permissions[action];
  const grant = await grantFor(caller, level);
  if (grant !== undefined) return grant;
  throw permissionDenied(
    `The current user does not have permissions to ${action} on the ${collection.id} collection: it requires ${level}, and the request was made as ${describeCaller(caller)}.`,
    { dataCollectionId: collection.id, action, requiredRole: level },
  );
}

async function grantFor(caller: DataCaller, level: CollectionRole): Promise<Grant | undefined> {
  const { kind } = caller;
  if (kind === 'elevated' || level === 'ANYONE') return ALL;
  if (kind !== 'member') return undefined;
  switch (level) {
    case 'SITE_MEMBER':
      return ALL;
    case 'SITE_MEMBER_AUTHOR':
      return (await caller.isCmsEditor()) ? ALL : { scope: 'own', ownerId: caller.subjectId! };
    case 'CMS_EDITOR':
      return (await caller.isCmsEditor()) ? ALL : undefined;
    default:
      return undefined;
  }
}

/** An author may only touch their own items: 403 for another's. */
export function requireItemAccess(
  grant: Grant,
  collection: StoredCollection,
  action: Action,
  item: { readonly id: string; readonly owner: string | null },
): void {
  if (grant.scope === 'all' || item.owner === grant.ownerId) return;
  throw permissionDenied(
    `The current user does not have permissions to ${action} item [${item.id}] in the ${collection.id} collection: under SITE_MEMBER_AUTHOR, members may only ${action} items they own.`,
    { dataCollectionId: collection.id, dataItemId: item.id, action, requiredRole: 'SITE_MEMBER_AUTHOR' },
  );
}

/** Whether `requireItemAccess` would pass (bulk calls report failures per item). */
export const mayAccessItem = (grant: Grant, item: { readonly owner: string | null }): boolean =>
  grant.scope === 'all' || item.owner === grant.ownerId;

/**
 * The `_owner` of a new item: the member or visitor who inserts it; elevated callers (imports,
 * seeds, the site's backend) may name one, else the item has none.
 */
export function ownerOfNewItem(caller: DataCaller, requested: unknown): string | null {
  if (caller.kind === 'elevated') return ownerName(requested) ?? null;
  return caller.subjectId ?? null;
}

/** An `_owner` an elevated caller names: a usable id (else the item has none, or keeps its own). */
export function ownerName(value: unknown): string | undefined {
  return typeof value === 'string' &&
    value.length > 0 &&
    value.length <= 255 &&
    !hasControlCharacter(value) &&
    isStorableText(value)
    ? value
    : undefined;
}

function describeCaller(caller: DataCaller): string {
  switch (caller.kind) {
    case 'anonymous':
      return 'an anonymous caller (no token)';
    case 'visitor':
      return 'a visitor';
    case 'member':
      return 'a site member';
    default:
      return 'an elevated caller';
  }
}
