import Type, { type TProperties, type TSchema } from 'typebox';
import {
  BlogImage,
  BlogMedia,
  BlogQuery,
  BlogSeoData,
  CategoryFieldset,
  DraftPostFieldset,
  DraftPostListSort,
  DraftPostStatus,
  DraftPostUpdateAction,
  LikeInput,
  PostCountStatsOrder,
  PostFieldset,
  PostListSort,
  TagFieldset,
} from './blog.js';
import { postLinkedIdFields } from './blog-fields.js';
import { BLOG_LIMITS } from './blog-vocabulary.js';
import { RichContent } from './rich-content.js';
import { Clearable, DateTime, Loose, Optional, Text } from './schema-kit.js';

/**
 * Request schemas of the blog services: bodies, and query strings as the platform's validator sees
 * them (dotted keys; integers and booleans converted from text; one occurrence of a list parameter
 * is a list of one). Path parameters repeated in the query or body (docs/wire.md §1.3) pass as extra
 * fields. In inputs `null` clears an optional field. The rich content document's structure, filters
 * and the rules between fields (an action's status transition, a schedule in the future) are the
 * platform's.
 */
const Required = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const Id = Required(BLOG_LIMITS.maxIdLength);
const Ids = (maxItems: number) => Type.Array(Id, { maxItems });
const Language = Required(BLOG_LIMITS.maxLanguageLength);
const Slug = Text(BLOG_LIMITS.maxSlugLength);
const OptionalBoolean = Clearable(Type.Boolean());
const fieldsets = <T extends TSchema>(fieldset: T) =>
  Optional(Type.Array(fieldset, { maxItems: BLOG_LIMITS.maxFieldsets }));
/**
 * An entity's input (an update: every field optional, `id` too) and its create input, where the
 * `required` fields replace their optional twins.
 */
const entityInputs = <F extends TProperties, R extends TProperties>(fields: F, required: R) => {
  const createFields: Omit<F, keyof R> & R = { ...fields, ...required };
  return {
    input: Loose({ id: Optional(Id), ...fields }),
    createInput: Loose({ id: Optional(Id), ...createFields }),
  };
};

// Query strings

const pagingQuery = {
  'paging.limit': Optional(Type.Integer({ minimum: 1, maximum: BLOG_LIMITS.maxPageSize })),
  'paging.offset': Optional(Type.Integer({ minimum: 0, maximum: BLOG_LIMITS.maxOffset })),
  'paging.cursor': Optional(Text(BLOG_LIMITS.maxCursorLength)),
};
const postFieldsets = fieldsets(PostFieldset);
const draftFieldsets = fieldsets(DraftPostFieldset);
const categoryFieldsets = fieldsets(CategoryFieldset);
const tagFieldsets = fieldsets(TagFieldset);
const draftSort = Optional(DraftPostListSort);

export const BlogPagingQuery = Loose(pagingQuery);
export const GetPostQuery = Loose({ fieldsets: postFieldsets });
export const GetPostBySlugQuery = Loose({ fieldsets: postFieldsets, language: Optional(Language) });
export const ListPostsQuery = Loose({
  ...pagingQuery,
  featured: Optional(Type.Boolean()),
  hashtags: Optional(Type.Array(Text(BLOG_LIMITS.maxHashtagLength), { maxItems: BLOG_LIMITS.maxHashtags })),
  categoryIds: Optional(Ids(BLOG_LIMITS.maxCategoriesPerLanguage)),
  tagIds: Optional(Ids(BLOG_LIMITS.maxPageSize)),
  sort: Optional(PostListSort),
  language: Optional(Language),
  memberId: Optional(Id),
  fieldsets: postFieldsets,
});
export const TotalPostsQuery = Loose({ language: Optional(Language) });
export const PostCountStatsQuery = Loose({
  rangeStart: Optional(DateTime),
  order: Optional(PostCountStatsOrder),
  months: Optional(Type.Integer({ minimum: 1, maximum: BLOG_LIMITS.maxStatsMonths })),
  language: Optional(Language),
  timeZone: Optional(Required(BLOG_LIMITS.maxTimeZoneLength)),
});
export const GetCategoryQuery = Loose({ fieldsets: categoryFieldsets });
export const GetCategoryBySlugQuery = Loose({ fieldsets: categoryFieldsets, language: Optional(Language) });
export const ListCategoriesQuery = Loose({
  ...pagingQuery,
  fieldsets: categoryFieldsets,
  language: Optional(Language),
});
export const GetTagQuery = Loose({ fieldsets: tagFieldsets });
export const GetTagByNameQuery = Loose({ fieldsets: tagFieldsets, language: Optional(Language) });
export const GetDraftPostQuery = Loose({ fieldsets: draftFieldsets });
export const ListDraftPostsQuery = Loose({
  ...pagingQuery,
  status: Optional(DraftPostStatus),
  language: Optional(Language),
  sort: draftSort,
  fieldsets: draftFieldsets,
});
export const ListDeletedDraftPostsQuery = Loose({
  ...pagingQuery,
  language: Optional(Language),
  sort: draftSort,
  fieldsets: draftFieldsets,
  draftPostIds: Optional(Ids(BLOG_LIMITS.maxPageSize)),
});
export const DeleteDraftPostQuery = Loose({ permanent: Optional(Type.Boolean()) });
export const BulkDeleteDraftPostsQuery = Loose({
  postIds: Type.Array(Id, { minItems: 1, maxItems: BLOG_LIMITS.maxBulkDeleteIds }),
  permanent: Optional(Type.Boolean()),
});

// Bodies

/** The fields of a draft a request sets; read-only ones pass as extra fields and are ignored. */
const draftInputFields = {
  title: Clearable(Text(BLOG_LIMITS.maxTitleLength)),
  excerpt: Clearable(Text(BLOG_LIMITS.maxExcerptLength)),
  featured: OptionalBoolean,
  categoryIds: Optional(Ids(BLOG_LIMITS.maxCategoryIds)),
  memberId: Clearable(Id),
  hashtags: Optional(Type.Array(Text(BLOG_LIMITS.maxHashtagLength), { maxItems: BLOG_LIMITS.maxHashtags })),
  commentingEnabled: OptionalBoolean,
  minutesToRead: Clearable(Type.Integer({ minimum: 0, maximum: 100_000 })),
  heroImage: Clearable(BlogImage),
  ...postLinkedIdFields,
  language: Clearable(Language),
  richContent: Clearable(RichContent),
  seoData: Clearable(BlogSeoData),
  seoSlug: Clearable(Text(BLOG_LIMITS.maxSeoSlugLength)),
  media: Clearable(BlogMedia),
};
export const { input: DraftPostInput, createInput: DraftPostCreateInput } = entityInputs(draftInputFields, {
  title: Required(BLOG_LIMITS.maxTitleLength),
});
export const DraftPostUpdateInput = Loose({ ...draftInputFields, id: Id });

const draftAction = Optional(DraftPostUpdateAction);
const bulkDrafts = <T extends TSchema>(item: T) =>
  Type.Array(item, { minItems: 1, maxItems: BLOG_LIMITS.maxBulkDraftPosts });

export const QueryPostsRequest = Loose({
  query: Optional(BlogQuery),
  fieldsets: postFieldsets,
  skipCount: Optional(Type.Boolean()),
});
export const CreateDraftPostRequest = Loose({
  draftPost: DraftPostCreateInput,
  publish: OptionalBoolean,
  fieldsets: draftFieldsets,
});
export const BulkCreateDraftPostsRequest = Loose({
  draftPosts: bulkDrafts(DraftPostCreateInput),
  publish: OptionalBoolean,
  returnFullEntity: OptionalBoolean,
  fieldsets: draftFieldsets,
});
export const UpdateDraftPostRequest = Loose({
  draftPost: DraftPostInput,
  action: draftAction,
  scheduledPublishDate: Clearable(DateTime),
  fieldsets: draftFieldsets,
});
export const MaskedDraftPost = Loose({
  draftPost: DraftPostUpdateInput,
  fieldMask: Clearable(Text(BLOG_LIMITS.maxFieldMaskLength)),
});
export const BulkUpdateDraftPostsRequest = Loose({
  draftPosts: bulkDrafts(MaskedDraftPost),
  action: draftAction,
  scheduledPublishDate: Clearable(DateTime),
  returnFullEntity: OptionalBoolean,
  fieldsets: draftFieldsets,
});
export const DraftPostIdRequest = Loose({ draftPostId: Optional(Id) });
export const QueryDraftPostsRequest = Loose({ query: Optional(BlogQuery), fieldsets: draftFieldsets });
export const DraftLanguageRequest = Loose({
  postId: Optional(Id),
  language: Language,
  fieldsets: draftFieldsets,
});

const categoryInputFields = {
  label: Clearable(Text(BLOG_LIMITS.maxCategoryLabelLength)),
  description: Clearable(Text(BLOG_LIMITS.maxCategoryDescriptionLength)),
  title: Clearable(Text(BLOG_LIMITS.maxCategoryTitleLength)),
  displayPosition: Clearable(Type.Integer({ minimum: -1, maximum: 1_000_000 })),
  translationId: Clearable(Id),
  language: Clearable(Language),
  slug: Clearable(Slug),
  seoData: Clearable(BlogSeoData),
  coverImage: Clearable(BlogImage),
};
export const { input: CategoryInput, createInput: CategoryCreateInput } = entityInputs(categoryInputFields, {
  label: Required(BLOG_LIMITS.maxCategoryLabelLength),
});
export const CreateCategoryRequest = Loose({ category: CategoryCreateInput, fieldsets: categoryFieldsets });
export const UpdateCategoryRequest = Loose({ category: CategoryInput, fieldsets: categoryFieldsets });
export const QueryCategoriesRequest = Loose({ query: Optional(BlogQuery), fieldsets: categoryFieldsets });

export const CreateTagRequest = Loose({
  label: Required(BLOG_LIMITS.maxTagLabelLength),
  language: Clearable(Language),
  slug: Clearable(Slug),
  fieldsets: tagFieldsets,
});
export const QueryTagsRequest = Loose({ query: Optional(BlogQuery), fieldsets: tagFieldsets });

export const CreateLikeRequest = Loose({ like: LikeInput });
export const QueryLikesRequest = Loose({ query: Optional(BlogQuery) });
