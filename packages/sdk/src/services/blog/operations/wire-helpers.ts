import type { GatewayDescriptor } from '@atrium/contract/routes/core';
import { type Rules, under } from '../transforms.js';
import { toWireKeys, wireFieldName } from './request-transforms.js';

/**
 * Small pieces the blog operations files share (loaded with them, ../../../BUNDLE.md §1): gateway
 * descriptors, the typed query's wire form and the answers' shapes.
 */

const PLATFORMIZED = 'com.wixpress.npm.communities.platformized.blog';

/** `x-wix-bi-gateway` of a blog call: `<service>.<Method>` and its entity (docs/blog-wire.md §0). */
export const blogGateway = (service: string, method: string, entity: string): GatewayDescriptor => ({
  methodFqn: `${PLATFORMIZED}.${service}.${method}`,
  entity: `wix.blog.${entity}`,
});

interface WireSort {
  fieldName?: unknown;
  [key: string]: unknown;
}

/** A typed query as it travels: keys renamed (filter fields included), sort field names renamed. */
export function queryToWire(query: unknown): unknown {
  const renamed = toWireKeys(query) as { sort?: unknown } | undefined;
  if (!renamed || !Array.isArray(renamed.sort)) return renamed;
  return {
    ...renamed,
    sort: renamed.sort.map((entry: WireSort) =>
      typeof entry?.fieldName === 'string' ? { ...entry, fieldName: wireFieldName(entry.fieldName) } : entry,
    ),
  };
}

/**
 * The request of a `query…` call (the builder's and the typed overload's): the options as given,
 * then the typed query in its wire form.
 */
export const queryRequest =
  <Query, Options extends object>() =>
  (query: Query, options?: Options) => ({ ...options, query: queryToWire(query) });

/** Rules for an entity under `key` (`post`, `posts`, …), and under each bulk result's `item`. */
export const at = (key: string, rules: Rules): Rules => under(key, rules);
