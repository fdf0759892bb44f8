import {
  applyRules,
  CATEGORY_FROM_WIRE,
  DRAFT_FROM_WIRE,
  fromWireKeys,
  LIKE_FROM_WIRE,
  METADATA_FROM_WIRE,
  POST_FROM_WIRE,
  type Rules,
  sdkFieldName,
  TAG_FROM_WIRE,
  under,
} from './transforms.js';

/**
 * What a blog event's handler receives (docs/blog-wire.md §C.5), loaded on the first event transformed
 * (./events.ts describes the envelope). Renames run everywhere, `richContent` included (unlike REST
 * answers); tag and category **deleted** events convert no entity field, as the reference does.
 */
export type EventKind = 'post' | 'draft' | 'category' | 'tag' | 'like' | 'action' | 'renamed';

const ENTITY_RULES: Readonly<Record<EventKind, Rules>> = {
  post: POST_FROM_WIRE,
  draft: DRAFT_FROM_WIRE,
  category: CATEGORY_FROM_WIRE,
  tag: TAG_FROM_WIRE,
  like: LIKE_FROM_WIRE,
  action: [],
  renamed: [],
};

/** The handler's argument of a `kind` event from its raw envelope (./events.ts); a copy. */
export function transformEvent(kind: EventKind, envelope: unknown): unknown {
  const { modifiedFields, ...rest } = envelope as { modifiedFields?: Record<string, unknown> };
  const rules: Rules = [...under('entity', ENTITY_RULES[kind]), ...METADATA_FROM_WIRE];
  const converted = fromWireKeys(applyRules(rest, rules), true) as object;
  // Dotted paths to old values: each segment renamed, the values as sent (docs/blog-wire.md §C.5).
  return modifiedFields
    ? {
        ...converted,
        modifiedFields: Object.fromEntries(
          Object.entries(modifiedFields).map(([path, value]) => [sdkFieldName(path), value]),
        ),
      }
    : converted;
}
