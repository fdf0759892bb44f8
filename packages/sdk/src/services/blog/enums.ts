import { enumOf } from '../../client/enum-of.js';

type Words<S extends string> = S extends `${infer Head} ${infer Tail}` ? [Head, ...Words<Tail>] : [S];

/** `enumOf` of space-separated values: shorter up front (../../../BUNDLE.md §5). */
/* @__NO_SIDE_EFFECTS__ */
const words = <const S extends string>(values: S) => enumOf(...(values.split(' ') as Words<S>));

/**
 * The blog's own enumerations, as the reference's modules carry them (`posts.GetPostsSort.FEED`,
 * `draftPosts.Action.UPDATE_PUBLISH`, …; runtime values, docs/blog-wire.md §A.2, docs/wire.md §10). The rich
 * content enumerations are not repeated here: `@atrium/contract`'s RICH_CONTENT_ENUMS names them.
 */
export const SortOrder = /* @__PURE__ */ words('ASC DESC');
export const WebhookIdentityType = /* @__PURE__ */ words('UNKNOWN ANONYMOUS_VISITOR MEMBER WIX_USER APP');
const moderation = /* @__PURE__ */ words('UNKNOWN APPROVED REJECTED');
const statsOrder = /* @__PURE__ */ words('UNKNOWN OLDEST NEWEST');

export const postEnums = {
  GetPostsSort: /* @__PURE__ */ words(
    'FEED PUBLISHED_DATE_ASC PUBLISHED_DATE_DESC VIEW_COUNT LIKE_COUNT TITLE_ASC TITLE_DESC RATING',
  ),
  PostFieldField: /* @__PURE__ */ words(
    'UNKNOWN COUNTERS URL CONTENT_TEXT METRICS SEO CONTENT INTERNAL_ID CONTACT_ID RICH_CONTENT RICH_CONTENT_STRING RICH_CONTENT_COMPRESSED TRANSLATIONS REFERENCE_ID EXCLUDE_PAID_CONTENT SEO_DATA OWNER HAS_UNPUBLISHED_CHANGES HEADING IMAGE',
  ),
  Order: statsOrder,
  QueryPublicationsCountStatsRequestOrder: statsOrder,
  Field: /* @__PURE__ */ words('UNKNOWN TOTAL_COMMENTS LIKE_COUNT VIEW_COUNT RATING_COUNT'),
  Status: moderation,
  SortOrder,
  WebhookIdentityType,
};

export const draftPostEnums = {
  Action: /* @__PURE__ */ words(
    'UPDATE UPDATE_PUBLISH UPDATE_SCHEDULE UPDATE_REVERT_TO_DRAFT UPDATE_CANCEL_SCHEDULE UPDATE_REJECT UPDATE_PUBLICATION',
  ),
  Field: /* @__PURE__ */ words('UNKNOWN URL INTERNAL_ID CONTENT RICH_CONTENT TRANSLATIONS GENERATED_EXCERPT'),
  GetDraftPostsSort: /* @__PURE__ */ words('EDITING_DATE_DESC EDITING_DATE_ASC'),
  Status: /* @__PURE__ */ words('UNKNOWN PUBLISHED UNPUBLISHED SCHEDULED DELETED IN_MODERATION IN_REVIEW'),
  ModerationStatusStatus: moderation,
  SortOrder,
  WebhookIdentityType,
};

export const categoryEnums = {
  Field: /* @__PURE__ */ words('UNKNOWN URL INTERNAL_ID SEO TRANSLATIONS'),
  SortOrder,
  WebhookIdentityType,
};

export const tagEnums = {
  Field: /* @__PURE__ */ words('UNKNOWN URL SEO'),
  SortOrder,
  WebhookIdentityType,
};

export const likeEnums = { SortOrder, WebhookIdentityType };

const resolutionMethod = /* @__PURE__ */ words('QUERY_PARAM SUBDOMAIN SUBDIRECTORY');
export const blogCacheEnums = {
  Status: /* @__PURE__ */ words('UNDEFINED_STATUS INACTIVE ACTIVE DEFAULT'),
  Value: resolutionMethod,
  ResolutionMethod: resolutionMethod,
};
