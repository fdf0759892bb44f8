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
import { type BlogRoutesContext, Id, path, readerOf, SlugParams, Text } from '../shared/route-kit.js';
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
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_CATEGORIES_ROUTES;
    app.post(path(R.categories), { schema: { body: CreateCategoryRequest } }, async (request) =>
      createCategory(ctx, await reader(request), request.body),
    );
    app.get(path(R.categories), { schema: { querystring: ListCategoriesQuery } }, async (request) =>
      listCategories(ctx, await reader(request), request.query),
    );
    app.get(
      path(R.category),
      { schema: { params: CategoryParams, querystring: GetCategoryQuery } },
      async (request) =>
        getCategory(ctx, await reader(request), request.params.categoryId, request.query.fieldsets),
    );
    app.delete(
      path(R.category),
      { schema: { params: CategoryParams, querystring: NoQuery } },
      async (request) => deleteCategory(ctx, await reader(request), request.params.categoryId),
    );
    app.patch(
      path(R.updateCategory),
      { schema: { params: CategoryParams, body: UpdateCategoryRequest } },
      async (request) => updateCategory(ctx, await reader(request), request.params.categoryId, request.body),
    );
    app.get(
      path(R.categoryBySlug),
      { schema: { params: SlugParams, querystring: GetCategoryBySlugQuery } },
      async (request) => getCategoryBySlug(ctx, await reader(request), request.params.slug, request.query),
    );
    app.post(path(R.query), { schema: { body: QueryCategoriesRequest } }, async (request) =>
      queryCategories(ctx, await reader(request), request.body),
    );
  };
}

/** Tags, under SERVICE_PREFIXES.blogTags. */
export function blogTagRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_TAGS_ROUTES;
    app.post(path(R.tags), { schema: { body: CreateTagRequest } }, async (request) =>
      createTag(ctx, await reader(request), request.body),
    );
    app.get(path(R.tag), { schema: { params: TagParams, querystring: GetTagQuery } }, async (request) =>
      getTag(ctx, await reader(request), request.params.tagId, request.query.fieldsets),
    );
    app.delete(path(R.tag), { schema: { params: TagParams, querystring: NoQuery } }, async (request) =>
      deleteTag(ctx, await reader(request), request.params.tagId),
    );
    app.get(
      path(R.tagBySlug),
      { schema: { params: SlugParams, querystring: GetTagByNameQuery } },
      async (request) => getTagBy(ctx, await reader(request), 'slug', request.params.slug, request.query),
    );
    app.get(
      path(R.tagByLabel),
      { schema: { params: LabelParams, querystring: GetTagByNameQuery } },
      async (request) => getTagBy(ctx, await reader(request), 'label', request.params.label, request.query),
    );
    app.post(path(R.query), { schema: { body: QueryTagsRequest } }, async (request) =>
      queryTags(ctx, await reader(request), request.body),
    );
  };
}
