import { BLOG_TAGS_PREFIX, BLOG_TAGS_ROUTES } from '@atrium/contract/routes/blog';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
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
import { at, blogGateway, queryRequest } from './wire-helpers.js';

/** What each `tags` call sends and returns (docs/wire.md §10.3), loaded on the module's first call. */
const gateway = (method: string) => blogGateway('TagService', method, 'v3.tag');
const tag = at('tag', TAG_FROM_WIRE);
const whole = (body: unknown): TagResponse => fromWire(body, tag);

export const tagsModule = serviceModule(
  { packageName: '@atrium/sdk/blog', prefix: BLOG_TAGS_PREFIX },
  gateway,
  {
    createTag: route('POST', BLOG_TAGS_ROUTES.tags, {
      request: (label: string, options: CreateTagOptions = {}) => ({
        label,
        ...pick(options, 'language', 'slug', 'fieldsets'),
      }),
      response: whole,
    }),
    getTag: route('GET', BLOG_TAGS_ROUTES.tag, {
      request: (tagId: string, options: TagOptions = {}) => ({ tagId, fieldsets: options.fieldsets }),
      response: (body: unknown): Tag => whole(body).tag as Tag,
    }),
    getTagBySlug: route('GET', BLOG_TAGS_ROUTES.tagBySlug, {
      request: (slug: string, options: GetTagBySlugOptions = {}) => ({
        slug,
        ...pick(options, 'fieldsets', 'language'),
      }),
      response: whole,
    }),
    getTagByLabel: route('GET', BLOG_TAGS_ROUTES.tagByLabel, {
      request: (label: string, options: GetTagByLabelOptions = {}) => ({
        label,
        ...pick(options, 'language', 'fieldsets'),
      }),
      response: whole,
    }),
    queryTags: route('POST', BLOG_TAGS_ROUTES.query, {
      request: queryRequest<PlatformQuery, TagOptions>(),
      response: (body: unknown): QueryTagsResponse => fromWire(body, at('tags', TAG_FROM_WIRE)),
    }),
    deleteTag: route('DELETE', BLOG_TAGS_ROUTES.tag, {
      request: (tagId: string) => ({ tagId }),
      response: (): void => undefined,
    }),
  },
);
