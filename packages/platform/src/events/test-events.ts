import { randomUUID } from 'node:crypto';
import {
  BLOG_ENTITY_FQDNS,
  BLOG_EVENT_TYPES,
  MEMBER_ENTITY_FQDN,
  MEMBER_EVENT_TYPES,
} from '@atrium/contract';
import type { StoredEvent } from './jwt.js';
import type { DomainEventBody } from './record.js';

/**
 * Test events (the console's "Send a test event"): for each event type the platform records, a
 * sample domain event of that type, its entity in the contract's wire form (contract `Post`,
 * `DraftPost`, `Category`, `Tag`, `Like`), with fresh ids so that a receiver that drops repeated
 * events takes each test. Titles and labels say it is a test.
 */
export const TEST_EVENT_TYPES = [
  ...Object.values(BLOG_EVENT_TYPES),
  ...Object.values(MEMBER_EVENT_TYPES),
] as const;
export type TestEventType = (typeof TEST_EVENT_TYPES)[number];

const TEST_TEXT = 'Test event from the Atrium console';

type Change = 'created' | 'updated' | 'deleted';

interface Sample {
  readonly entityFqdn: string;
  readonly slug: string;
  readonly entity: (id: string, at: string) => Record<string, unknown>;
  /** The body: a change of the entity, or an action on it. */
  readonly body: Change | 'liked' | 'unliked';
}

const post = (id: string, at: string) => ({
  id,
  title: TEST_TEXT,
  excerpt: 'A sample post sent to check a webhook endpoint.',
  slug: 'test-event',
  featured: false,
  commentingEnabled: true,
  minutesToRead: 1,
  categoryIds: [],
  tagIds: [],
  hashtags: [],
  firstPublishedDate: at,
  lastPublishedDate: at,
  contentText: 'A sample post sent to check a webhook endpoint.',
});
const draft = (id: string, at: string) => ({
  id,
  title: TEST_TEXT,
  excerpt: 'A sample draft sent to check a webhook endpoint.',
  status: 'UNPUBLISHED',
  categoryIds: [],
  tagIds: [],
  hashtags: [],
  createdDate: at,
  editedDate: at,
});
const category = (id: string, at: string) => ({
  id,
  label: 'Test category',
  title: TEST_TEXT,
  description: 'A sample category sent to check a webhook endpoint.',
  slug: 'test-category',
  postCount: 0,
  displayPosition: 0,
  updatedDate: at,
});
const tag = (id: string, at: string) => ({
  id,
  label: 'test event',
  slug: 'test-event',
  postCount: 0,
  publishedPostCount: 0,
  createdDate: at,
  updatedDate: at,
});
const like = (id: string, at: string) => ({
  id,
  entityId: randomUUID(),
  fqdn: BLOG_ENTITY_FQDNS.post,
  createdDate: at,
});
const member = (id: string) => ({ id });

const SAMPLES: Readonly<Record<TestEventType, Sample>> = {
  [BLOG_EVENT_TYPES.postCreated]: {
    entityFqdn: BLOG_ENTITY_FQDNS.post,
    slug: 'created',
    entity: post,
    body: 'created',
  },
  [BLOG_EVENT_TYPES.postUpdated]: {
    entityFqdn: BLOG_ENTITY_FQDNS.post,
    slug: 'updated',
    entity: post,
    body: 'updated',
  },
  [BLOG_EVENT_TYPES.postDeleted]: {
    entityFqdn: BLOG_ENTITY_FQDNS.post,
    slug: 'deleted',
    entity: post,
    body: 'deleted',
  },
  [BLOG_EVENT_TYPES.postLiked]: {
    entityFqdn: BLOG_ENTITY_FQDNS.post,
    slug: 'liked',
    entity: post,
    body: 'liked',
  },
  [BLOG_EVENT_TYPES.postUnliked]: {
    entityFqdn: BLOG_ENTITY_FQDNS.post,
    slug: 'unliked',
    entity: post,
    body: 'unliked',
  },
  [BLOG_EVENT_TYPES.draftCreated]: {
    entityFqdn: BLOG_ENTITY_FQDNS.draft,
    slug: 'created',
    entity: draft,
    body: 'created',
  },
  [BLOG_EVENT_TYPES.draftUpdated]: {
    entityFqdn: BLOG_ENTITY_FQDNS.draft,
    slug: 'updated',
    entity: draft,
    body: 'updated',
  },
  [BLOG_EVENT_TYPES.draftDeleted]: {
    entityFqdn: BLOG_ENTITY_FQDNS.draft,
    slug: 'deleted',
    entity: draft,
    body: 'deleted',
  },
  [BLOG_EVENT_TYPES.categoryCreated]: {
    entityFqdn: BLOG_ENTITY_FQDNS.category,
    slug: 'created',
    entity: category,
    body: 'created',
  },
  [BLOG_EVENT_TYPES.categoryUpdated]: {
    entityFqdn: BLOG_ENTITY_FQDNS.category,
    slug: 'updated',
    entity: category,
    body: 'updated',
  },
  [BLOG_EVENT_TYPES.categoryDeleted]: {
    entityFqdn: BLOG_ENTITY_FQDNS.category,
    slug: 'deleted',
    entity: category,
    body: 'deleted',
  },
  [BLOG_EVENT_TYPES.tagCreated]: {
    entityFqdn: BLOG_ENTITY_FQDNS.tag,
    slug: 'created',
    entity: tag,
    body: 'created',
  },
  [BLOG_EVENT_TYPES.tagUpdated]: {
    entityFqdn: BLOG_ENTITY_FQDNS.tag,
    slug: 'updated',
    entity: tag,
    body: 'updated',
  },
  [BLOG_EVENT_TYPES.tagDeleted]: {
    entityFqdn: BLOG_ENTITY_FQDNS.tag,
    slug: 'deleted',
    entity: tag,
    body: 'deleted',
  },
  [BLOG_EVENT_TYPES.likeCreated]: {
    entityFqdn: BLOG_ENTITY_FQDNS.like,
    slug: 'created',
    entity: like,
    body: 'created',
  },
  [BLOG_EVENT_TYPES.likeDeleted]: {
    entityFqdn: BLOG_ENTITY_FQDNS.like,
    slug: 'deleted',
    entity: like,
    body: 'deleted',
  },
  [MEMBER_EVENT_TYPES.memberDeleted]: {
    entityFqdn: MEMBER_ENTITY_FQDN,
    slug: 'deleted',
    entity: member,
    body: 'deleted',
  },
};

const bodyOf = (sample: Sample, entity: Record<string, unknown>): DomainEventBody => {
  switch (sample.body) {
    case 'created':
      return { createdEvent: { entity } };
    case 'updated':
      return { updatedEvent: { currentEntity: entity } };
    case 'deleted':
      return { deletedEvent: { deletedEntity: entity } };
    case 'liked':
    case 'unliked':
      return { actionEvent: { body: { postId: entity.id, anonymousVisitorId: randomUUID() } } };
  }
};

/** A sample event of `eventType`, as the outbox would hold it, caused by the site (APP). */
export function testEvent(eventType: TestEventType, now: Date): StoredEvent {
  const sample = SAMPLES[eventType];
  const entityId = randomUUID();
  const entity = sample.entity(entityId, now.toISOString());
  return {
    id: randomUUID(),
    eventType,
    entityFqdn: sample.entityFqdn,
    entityId,
    slug: sample.slug,
    entityEventSequence: '1',
    body: bodyOf(sample, entity) as unknown as Record<string, unknown>,
    identity: { identityType: 'APP' },
    eventTime: now,
  };
}
