import { BLOG_TAGS_PREFIX, BLOG_TAGS_ROUTES } from '@atrium/contract/routes/blog';
import { defineOperation, moduleDefinition } from '../../../client/define-operation.js';
import { fromWire, TAG_FROM_WIRE } from '../transforms.js';
import type {
  CreateTagOptions,
  GetTagByLabelOptions,
  GetTagBySlugOptions,
  PlatformQuery,
  QueryTagsResponse,
  Tag,
  TagOptions,
  TagResponse,
} from '../types.js';
import { at, blogGateway, queryToWire } from './wire-helpers.js';

/** What each `tags` call sends and returns (docs/wire.md §10.3), loaded on the module's first call. */
const gateway = (method: string) => blogGateway('TagService', method, 'v3.tag');
const tag = at('tag', TAG_FROM_WIRE);
const whole = (body: unknown): TagResponse => fromWire(body, tag);

export const tagsModule = moduleDefinition(
  { packageName: '@atrium/sdk/blog', prefix: BLOG_TAGS_PREFIX },
  {
    createTag: defineOperation({
      method: 'POST',
      path: BLOG_TAGS_ROUTES.tags,
      gateway: gateway('CreateTag'),
      request: (label: string, options: CreateTagOptions = {}) => ({
        label,
        language: options.language,
        slug: options.slug,
        fieldsets: options.fieldsets,
      }),
      response: whole,
    }),
    getTag: defineOperation({
      method: 'GET',
      path: BLOG_TAGS_ROUTES.tag,
      gateway: gateway('GetTag'),
      request: (tagId: string, options: TagOptions = {}) => ({ tagId, fieldsets: options.fieldsets }),
      response: (body: unknown): Tag => whole(body).tag as Tag,
    }),
    getTagBySlug: defineOperation({
      method: 'GET',
      path: BLOG_TAGS_ROUTES.tagBySlug,
      gateway: gateway('GetTagBySlug'),
      request: (slug: string, options: GetTagBySlugOptions = {}) => ({
        slug,
        fieldsets: options.fieldsets,
        language: options.language,
      }),
      response: whole,
    }),
    getTagByLabel: defineOperation({
      method: 'GET',
      path: BLOG_TAGS_ROUTES.tagByLabel,
      gateway: gateway('GetTagByLabel'),
      request: (label: string, options: GetTagByLabelOptions = {}) => ({
        label,
        language: options.language,
        fieldsets: options.fieldsets,
      }),
      response: whole,
    }),
    queryTags: defineOperation({
      method: 'POST',
      path: BLOG_TAGS_ROUTES.query,
      gateway: gateway('QueryTags'),
      request: (query: PlatformQuery, options: TagOptions = {}) => ({
        ...options,
        query: queryToWire(query),
      }),
      response: (body: unknown): QueryTagsResponse => fromWire(body, at('tags', TAG_FROM_WIRE)),
    }),
    deleteTag: defineOperation({
      method: 'DELETE',
      path: BLOG_TAGS_ROUTES.tag,
      gateway: gateway('DeleteTag'),
      request: (tagId: string) => ({ tagId }),
      response: (): void => undefined,
    }),
  },
);
