import Type from 'typebox';
import { BLOG_LIMITS } from './blog-vocabulary.js';
import { Optional } from './schema-kit.js';

/**
 * Schema fields the blog's entities (./blog.ts) and its request inputs (./blog-requests.ts) declare
 * alike (not exported from the package).
 */
const Id = Type.String({ minLength: 1, maxLength: BLOG_LIMITS.maxIdLength });
const Ids = (maxItems: number) => Type.Array(Id, { maxItems });

/** The other entities a post or draft names by id: tags, related posts, pricing plans. */
export const postLinkedIdFields = {
  tagIds: Optional(Ids(BLOG_LIMITS.maxTagIds)),
  relatedPostIds: Optional(Ids(BLOG_LIMITS.maxRelatedPostIds)),
  pricingPlanIds: Optional(Ids(BLOG_LIMITS.maxPricingPlanIds)),
};
