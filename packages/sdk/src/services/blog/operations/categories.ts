import { BLOG_CATEGORIES_PREFIX, BLOG_CATEGORIES_ROUTES } from '@atrium/contract/routes/blog';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
import { CATEGORY_FROM_WIRE, fromWire } from '../transforms.js';
import type {
  Category,
  CategoryInput,
  CategoryOptions,
  GetCategoryBySlugOptions,
  GetCategoryBySlugResponse,
  GetCategoryResponse,
  ListCategoriesOptions,
  ListCategoriesResponse,
  PlatformQuery,
  QueryCategoriesResponse,
} from '../types.js';
import { CATEGORY_TO_WIRE, toWire } from './request-transforms.js';
import { at, blogGateway, queryRequest } from './wire-helpers.js';

/** What each `categories` call sends and returns (docs/wire.md §10.2), loaded on the module's first call. */
const gateway = (method: string) => blogGateway('v3.CategoryService', method, 'v3.category');
const category = at('category', CATEGORY_FROM_WIRE);
const categories = at('categories', CATEGORY_FROM_WIRE);
const unwrapped = (body: unknown): Category => fromWire<{ category: Category }>(body, category).category;

export const categoriesModule = serviceModule(
  { packageName: '@atrium/sdk/blog', prefix: BLOG_CATEGORIES_PREFIX },
  gateway,
  {
    createCategory: route('POST', BLOG_CATEGORIES_ROUTES.categories, {
      request: (newCategory: CategoryInput & { label: string }, options: CategoryOptions = {}) => ({
        category: toWire(newCategory, CATEGORY_TO_WIRE),
        fieldsets: options.fieldsets,
      }),
      response: unwrapped,
    }),
    updateCategory: route('PATCH', BLOG_CATEGORIES_ROUTES.updateCategory, {
      request: (_id: string, update: CategoryInput, options: CategoryOptions = {}) => ({
        category: toWire({ ...update, id: _id }, CATEGORY_TO_WIRE),
        fieldsets: options.fieldsets,
      }),
      response: unwrapped,
    }),
    getCategory: route('GET', BLOG_CATEGORIES_ROUTES.category, {
      request: (categoryId: string, options: CategoryOptions = {}) => ({
        categoryId,
        fieldsets: options.fieldsets,
      }),
      response: (body: unknown): GetCategoryResponse => fromWire(body, category),
    }),
    getCategoryBySlug: route('GET', BLOG_CATEGORIES_ROUTES.categoryBySlug, {
      request: (slug: string, options: GetCategoryBySlugOptions = {}) => ({
        slug,
        ...pick(options, 'fieldsets', 'language'),
      }),
      response: (body: unknown): GetCategoryBySlugResponse => fromWire(body, category),
    }),
    listCategories: route('GET', BLOG_CATEGORIES_ROUTES.categories, {
      request: (options: ListCategoriesOptions = {}) => pick(options, 'paging', 'fieldsets', 'language'),
      response: (body: unknown): ListCategoriesResponse => fromWire(body, categories),
    }),
    queryCategories: route('POST', BLOG_CATEGORIES_ROUTES.query, {
      request: queryRequest<PlatformQuery, CategoryOptions>(),
      response: (body: unknown): QueryCategoriesResponse => fromWire(body, categories),
    }),
    deleteCategory: route('DELETE', BLOG_CATEGORIES_ROUTES.category, {
      request: (categoryId: string) => ({ categoryId }),
      response: (): void => undefined,
    }),
  },
);
