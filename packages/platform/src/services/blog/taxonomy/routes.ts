import {
  BLOG_CATEGORIES_ROUTES,
  BLOG_TAGS_ROUTES,
  CreateCategoryRequest,
  CreateTagRequest,
  GetCategoryBySlugQuery,
  GetCategoryQuery,
  GetTagByNameQuery,
  GetTagQuery,
  ListCategoriesQuery,
  QueryCategoriesRequest,
  QueryTagsRequest,
  UpdateCategoryRequest,
} from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { NoQuery } from '../../../http/schemas.js';
import { type BlogRoutesContext, blogRoutes, Id, SlugParams, Text } from '../shared/route-kit.js';
import {
  createCategory,
  deleteCategory,
  getCategory,
  getCategoryBySlug,
  listCategories,
  queryCategories,
  updateCategory,
} from './categories.js';
import { createTag, deleteTag, getTag, getTagBy, queryTags } from './tags.js';

const CategoryParams = Type.Object({ categoryId: Id });
const TagParams = Type.Object({ tagId: Id });
const LabelParams = Type.Object({ label: Text });

/** Categories, under SERVICE_PREFIXES.blogCategories. */
export function blogCategoryRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  const R = BLOG_CATEGORIES_ROUTES;
  return blogRoutes(ctx, (on) => {
    on.post(R.categories, { body: CreateCategoryRequest }, (reader, { body }) =>
      createCategory(ctx, reader, body),
    );
    on.get(R.categories, { querystring: ListCategoriesQuery }, (reader, { query }) =>
      listCategories(ctx, reader, query),
    );
    on.get(
      R.category,
      { params: CategoryParams, querystring: GetCategoryQuery },
      (reader, { params, query }) => getCategory(ctx, reader, params.categoryId, query.fieldsets),
    );
    on.delete(R.category, { params: CategoryParams, querystring: NoQuery }, (reader, { params }) =>
      deleteCategory(ctx, reader, params.categoryId),
    );
    on.patch(
      R.updateCategory,
      { params: CategoryParams, body: UpdateCategoryRequest },
      (reader, { params, body }) => updateCategory(ctx, reader, params.categoryId, body),
    );
    on.get(
      R.categoryBySlug,
      { params: SlugParams, querystring: GetCategoryBySlugQuery },
      (reader, { params, query }) => getCategoryBySlug(ctx, reader, params.slug, query),
    );
    on.post(R.query, { body: QueryCategoriesRequest }, (reader, { body }) =>
      queryCategories(ctx, reader, body),
    );
  });
}

/** Tags, under SERVICE_PREFIXES.blogTags. */
export function blogTagRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  const R = BLOG_TAGS_ROUTES;
  return blogRoutes(ctx, (on) => {
    on.post(R.tags, { body: CreateTagRequest }, (reader, { body }) => createTag(ctx, reader, body));
    on.get(R.tag, { params: TagParams, querystring: GetTagQuery }, (reader, { params, query }) =>
      getTag(ctx, reader, params.tagId, query.fieldsets),
    );
    on.delete(R.tag, { params: TagParams, querystring: NoQuery }, (reader, { params }) =>
      deleteTag(ctx, reader, params.tagId),
    );
    on.get(R.tagBySlug, { params: SlugParams, querystring: GetTagByNameQuery }, (reader, { params, query }) =>
      getTagBy(ctx, reader, 'slug', params.slug, query),
    );
    on.get(
      R.tagByLabel,
      { params: LabelParams, querystring: GetTagByNameQuery },
      (reader, { params, query }) => getTagBy(ctx, reader, 'label', params.label, query),
    );
    on.post(R.query, { body: QueryTagsRequest }, (reader, { body }) => queryTags(ctx, reader, body));
  });
}
