import { randomUUID } from 'node:crypto';
import { BLOG_ENTITY_FQDNS } from '@atrium/contract';
import type { Json } from '@atrium/contract/types';
import sharp from 'sharp';
import type { MediaFile, MediaStore } from '../media/types.js';
import { insertPost } from '../services/blog/posts/store.js';
import {
  applyInput,
  draftColumns,
  emptyDraft,
  INPUT_FIELDS,
  publishedColumns,
} from '../services/blog/shared/post-data.js';
import { slugify } from '../services/blog/shared/rich-content.js';
import { insertCategory, insertTag } from '../services/blog/taxonomy/store.js';
import { grantWriter } from '../services/blog/writers/store.js';
import { findIdentityByEmail, insertIdentityIfEmailFree } from '../services/identity/store.js';
import type { BlogPostsTable } from '../storage/schema.js';
import type { Tx } from '../storage/transaction.js';
import { dawnChorusWav, leafShapePng } from './demo-assets.js';
import {
  EVERYTHING_TITLE,
  type EveryNodeMedia,
  everyNodeDocument,
  plantingCalendarPdf,
} from './demo-blog-every-node.js';
import {
  type Block,
  type CategoryKey,
  DEMO_CATEGORIES,
  DEMO_DRAFT,
  DEMO_IN_REVIEW,
  DEMO_POSTS,
  DEMO_POSTS_ES,
  DEMO_SCHEDULED,
  DEMO_TAGS,
  type DemoPost,
  type TagKey,
  WRITER_POST_KEYS,
} from './demo-blog-posts.js';
import type { Seeder } from './seeder.js';

/**
 * The demo blog: the Courtyard Garden's diary (demo-blog-posts.ts). Published posts spread over the
 * past year in four categories with ten tags, each with a hero image drawn here; a post holding every
 * node type and decoration (demo-blog-every-node.ts); a few posts in Spanish, translations of English
 * ones; likes and views; a draft, a post scheduled a week ahead and one a blog writer (a member made
 * here) sent for review. Rows are written through the blog's own data functions (post-data.ts), so
 * slugs, reading times, text and published snapshots are what the service would have made; no
 * events are recorded (nobody made these changes).
 */
export { EVERYTHING_SLUG, EVERYTHING_TITLE } from './demo-blog-every-node.js';

export const DEMO_BLOG = {
  /** English posts, the every-node post and the Spanish ones. */
  publishedCount: DEMO_POSTS.length + 1 + DEMO_POSTS_ES.length,
  categoryCount: Object.keys(DEMO_CATEGORIES).length,
  tagCount: Object.keys(DEMO_TAGS).length,
  secondLanguage: 'es',
  writerEmail: 'rosa.lindqvist@example.com',
  draftTitle: DEMO_DRAFT.title,
  scheduledTitle: DEMO_SCHEDULED.title,
  inReviewTitle: DEMO_IN_REVIEW.title,
  pinnedTitle: DEMO_POSTS.find((post) => post.pinned)!.title,
} as const;

const DAY = 24 * 60 * 60 * 1000;
const HERO = { width: 640, height: 360 } as const;
/** The showcase post's audio, in seconds. */
const AUDIO_SECONDS = 3;

// ── Pictures ─────────────────────────────────────────────────────────────────────────────────────

/** A small deterministic generator: the same pictures on every run. */
function random(seed: number): () => number {
  let state = seed * 2654435761 + 1;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Soft abstract garden art: a sky gradient, a sun, rolling hills and, by index, rows, leaves or blooms. */
function heroArt(index: number): string {
  const next = random(index + 7);
  const { width, height } = HERO;
  const hue = Math.round((index * 47 + 20) % 360);
  const sky = `hsl(${hue},65%,78%)`;
  const dusk = `hsl(${(hue + 35) % 360},70%,62%)`;
  const ground = (shift: number, light: number) => `hsl(${90 + ((index * 23) % 70) + shift},38%,${light}%)`;
  const sunX = Math.round(width * (0.2 + next() * 0.6));
  const sunY = Math.round(height * (0.18 + next() * 0.2));
  const hill = (base: number, amplitude: number, fill: string) => {
    const a = height * (base - amplitude * next());
    const b = height * (base + amplitude * next());
    return `<path d="M0 ${a.toFixed(0)} C ${width * 0.3} ${b.toFixed(0)}, ${width * 0.6} ${(a - 30).toFixed(0)}, ${width} ${b.toFixed(0)} V ${height} H 0 Z" fill="${fill}"/>`;
  };
  const motif = index % 3;
  const details: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = Math.round(width * (0.06 + i * 0.11 + next() * 0.03));
    const y = Math.round(height * (0.78 + next() * 0.12));
    if (motif === 0) {
      details.push(
        `<rect x="${x - 3}" y="${y - 40}" width="6" height="40" rx="3" fill="${ground(40, 28)}"/>`,
        `<circle cx="${x}" cy="${y - 44}" r="${9 + Math.round(next() * 6)}" fill="hsl(${(hue + 300 + i * 20) % 360},75%,66%)"/>`,
      );
    } else if (motif === 1) {
      details.push(
        `<ellipse cx="${x}" cy="${y - 16}" rx="10" ry="24" transform="rotate(${Math.round(next() * 60 - 30)} ${x} ${y - 16})" fill="${ground(20 + i * 4, 32)}"/>`,
      );
    } else {
      details.push(
        `<circle cx="${x}" cy="${y - 10}" r="${5 + Math.round(next() * 8)}" fill="hsl(${(hue + 200) % 360},70%,${70 + Math.round(next() * 15)}%)" fill-opacity="0.85"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${dusk}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${sunY}" r="70" fill="#fffbeb" fill-opacity="0.35"/><circle cx="${sunX}" cy="${sunY}" r="34" fill="#fef3c7"/>
  ${hill(0.58, 0.08, ground(0, 62))}
  ${hill(0.7, 0.06, ground(15, 48))}
  ${hill(0.84, 0.04, ground(30, 36))}
  ${details.join('')}
</svg>`;
}

const renderHero = async (index: number): Promise<Uint8Array> =>
  new Uint8Array(
    await sharp(Buffer.from(heroArt(index)))
      .jpeg({ quality: 78, mozjpeg: false })
      .toBuffer(),
  );

/** An animated GIF (a sun rising over a bed) and its first frame, as data URLs. */
async function sunriseGif(): Promise<EveryNodeMedia['gif']> {
  const frame = (step: number) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#e0f2fe"/><circle cx="32" cy="${36 - step * 5}" r="9" fill="#f59e0b"/><rect y="36" width="64" height="12" fill="#65a30d"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
  const frames = await Promise.all([0, 1, 2, 3, 4].map(frame));
  const gif = await sharp(frames, { join: { animated: true } })
    .gif({ delay: 250, loop: 0 })
    .toBuffer();
  return {
    gif: `data:image/gif;base64,${gif.toString('base64')}`,
    still: `data:image/png;base64,${frames[0]!.toString('base64')}`,
    width: 64,
    height: 48,
  };
}

interface Rendered {
  readonly heroes: Uint8Array[];
  readonly gif: EveryNodeMedia['gif'];
}

/** Drawn once per process: every demo platform a test run starts gets the same pictures. */
let rendering: Promise<Rendered> | undefined;
const HERO_COUNT = DEMO_POSTS.length + 1;
const rendered = () => {
  rendering ??= Promise.all([
    Promise.all(Array.from({ length: HERO_COUNT }, (_, index) => renderHero(index))),
    sunriseGif(),
  ]).then(([heroes, gif]) => ({ heroes, gif }));
  return rendering;
};

// ── Posts ────────────────────────────────────────────────────────────────────────────────────────

const INLINE = /(\*\*[^*]+\*\*|_[^_]+_)/;

/** A paragraph's text nodes: `**bold**` and `_italic_` become decorations. */
function inline(value: string, id: () => string): Json[] {
  return value
    .split(INLINE)
    .filter((part) => part !== '')
    .map((part) => {
      const bold = part.startsWith('**') && part.endsWith('**');
      const italic = !bold && part.startsWith('_') && part.endsWith('_') && part.length > 2;
      const textValue = bold ? part.slice(2, -2) : italic ? part.slice(1, -1) : part;
      const decorations = bold
        ? [{ type: 'BOLD', fontWeightValue: 700 }]
        : italic
          ? [{ type: 'ITALIC', italicData: true }]
          : [];
      return { type: 'TEXT', id: id(), nodes: [], textData: { text: textValue, decorations } };
    });
}

/** A post's rich content from its blocks. */
export function documentOf(post: DemoPost, createdTimestamp: string): Json {
  let counter = 0;
  const id = () => `${post.key}-${++counter}`;
  const paragraph = (value: string): Json => ({
    type: 'PARAGRAPH',
    id: id(),
    nodes: inline(value, id),
    paragraphData: {},
  });
  const node = (block: Block): Json => {
    if (typeof block === 'string') return paragraph(block);
    if ('heading' in block) {
      return {
        type: 'HEADING',
        id: id(),
        nodes: inline(block.heading, id),
        headingData: { level: 2 },
      };
    }
    if ('quote' in block) {
      return { type: 'BLOCKQUOTE', id: id(), nodes: [paragraph(block.quote)], blockquoteData: {} };
    }
    const type = block.ordered ? 'ORDERED_LIST' : 'BULLETED_LIST';
    return {
      type,
      id: id(),
      nodes: block.list.map((item) => ({
        type: 'LIST_ITEM',
        id: id(),
        nodes: [paragraph(item)],
        listItemData: {},
      })),
      [block.ordered ? 'orderedListData' : 'bulletedListData']: { indentation: 0 },
    };
  };
  return {
    nodes: post.body.map(node),
    metadata: { version: 1, createdTimestamp, updatedTimestamp: createdTimestamp, id: `${post.key}-doc` },
    documentStyle: {},
  };
}

/** Likes and views of the published posts: varied, so that LIKE_COUNT and VIEW_COUNT sorts differ from dates. */
const likesOf = (index: number) =>
  (index * 7 + 3) % 11 === 0 ? 0 : ((index * 13 + 5) % 17) + (index % 4 === 1 ? 9 : 0);
const viewsOf = (index: number) => 20 + ((index * 37 + 11) % 97) * 3 + likesOf(index) * 4;

interface Ids {
  readonly categories: Record<CategoryKey, string>;
  readonly tags: Record<TagKey, string>;
}

type PostValues = Parameters<typeof insertPost>[1];
type Stage = 'published' | 'draft' | 'scheduled' | 'in-review';

interface PostPlan {
  readonly post: DemoPost;
  readonly stage: Stage;
  readonly id: string;
  readonly language: string;
  readonly translationId: string;
  readonly hero?: MediaFile | undefined;
  readonly richContent?: Json;
  readonly memberId?: string | undefined;
  readonly likes: number;
  readonly views: number;
  readonly displayed?: boolean;
}

/** The input fields applyInput applies here; categories and tags are set from the ids made by the seed. */
const CHECKED_FIELDS: ReadonlySet<string> = new Set(
  INPUT_FIELDS.filter((field) => field !== 'categoryIds' && field !== 'tagIds'),
);

async function insertPlannedPost(
  trx: Tx,
  media: MediaStore,
  ids: Ids,
  plan: PostPlan,
  now: Date,
  slugs: Set<string>,
): Promise<void> {
  const { post } = plan;
  const at = new Date(now.getTime() - post.daysAgo * DAY);
  const input: Json = {
    title: post.title,
    excerpt: post.excerpt,
    featured: post.featured === true,
    hashtags: [...(post.hashtags ?? [])],
    language: plan.language,
    richContent: plan.richContent ?? documentOf(post, at.toISOString()),
    ...(plan.memberId ? { memberId: plan.memberId } : {}),
    ...(plan.hero
      ? {
          heroImage: { id: plan.hero.id, altText: `${post.title}: an illustration` },
          media: {
            displayed: plan.displayed ?? true,
            custom: false,
            wixMedia: { image: { id: plan.hero.id } },
          },
        }
      : {}),
  };
  const data = {
    ...(await applyInput(trx, media, emptyDraft(), input, 'draftPost', CHECKED_FIELDS)),
    // Made just now: applyInput's lookups (a query each) would only find them again.
    categoryIds: [ids.categories[post.category]],
    tagIds: post.tags.map((tag) => ids.tags[tag]),
    translationId: plan.translationId,
  };
  const slug = slugify(post.title);
  const key = `${plan.language}/${slug}`;
  if (slugs.has(key)) throw new Error(`demo blog: two posts have the slug ${key}`);
  slugs.add(key);
  const published = plan.stage === 'published';
  const edited =
    published && post.daysAgo > 60 && post.daysAgo % 3 === 0 ? new Date(at.getTime() + 2 * DAY) : at;
  const values: PostValues = {
    id: plan.id,
    status: {
      published: 'PUBLISHED',
      draft: 'UNPUBLISHED',
      scheduled: 'SCHEDULED',
      'in-review': 'IN_REVIEW',
    }[plan.stage] as BlogPostsTable['status'],
    ...draftColumns(data),
    slug,
    created_at: published
      ? new Date(at.getTime() - DAY)
      : new Date(now.getTime() - (Math.max(post.daysAgo, 0) + 2) * DAY),
    edited_at: published ? edited : new Date(now.getTime() - Math.max(post.daysAgo, 0) * DAY - DAY / 2),
    pinned: post.pinned === true,
    ...(published
      ? {
          ...publishedColumns(data),
          first_published_at: at,
          last_published_at: edited,
          like_count: plan.likes,
          view_count: plan.views,
        }
      : {}),
    ...(plan.stage === 'scheduled' ? { scheduled_at: at } : {}),
    ...(plan.memberId
      ? {
          moderation: {
            submittedBy: plan.memberId,
            submittedDate: new Date(at.getTime() - DAY).toISOString(),
            ...(published ? { status: 'APPROVED', moderationDate: at.toISOString() } : { status: 'UNKNOWN' }),
          },
        }
      : {}),
  };
  await insertPost(trx, values);
}

async function demoWriter(trx: Tx): Promise<string> {
  const created = await insertIdentityIfEmailFree(trx, {
    email: DEMO_BLOG.writerEmail,
    passwordHash: null,
    status: 'ACTIVE',
    emailVerified: true,
    profile: { firstName: 'Rosa', lastName: 'Lindqvist', nickname: 'Rosa from the fourth floor' },
  });
  const writer = created ?? (await findIdentityByEmail(trx, DEMO_BLOG.writerEmail))!;
  await grantWriter(trx, writer.id);
  return writer.id;
}

async function taxonomy(trx: Tx, now: Date): Promise<Ids> {
  const created = new Date(now.getTime() - 365 * DAY);
  const categories = {} as Record<CategoryKey, string>;
  for (const [position, [key, { label, description }]] of Object.entries(DEMO_CATEGORIES).entries()) {
    const row = await insertCategory(trx, {
      id: randomUUID(),
      label,
      slug: slugify(label),
      language: 'en',
      title: label,
      description,
      display_position: position,
      cover_image: null,
      seo_data: null,
      translation_id: null,
      created_at: created,
      updated_at: created,
    });
    categories[key as CategoryKey] = row.id;
  }
  const tags = {} as Record<TagKey, string>;
  for (const [key, label] of Object.entries(DEMO_TAGS)) {
    const row = await insertTag(trx, {
      id: randomUUID(),
      label,
      slug: slugify(label),
      language: 'en',
      translation_id: null,
      created_at: created,
      updated_at: created,
    });
    tags[key as TagKey] = row.id;
  }
  return { categories, tags };
}

/** Each like a visitor's: one row per like, as the likes API would have made. */
async function insertLikes(trx: Tx, plans: readonly PostPlan[], now: Date): Promise<void> {
  const rows = plans.flatMap((plan) =>
    Array.from({ length: plan.likes }, (_, index) => ({
      id: randomUUID(),
      fqdn: BLOG_ENTITY_FQDNS.post,
      entity_id: plan.id,
      liker_kind: 'visitor' as const,
      liker_id: randomUUID(),
      created_at: new Date(now.getTime() - (plan.post.daysAgo - 1) * DAY + index * 60_000),
    })),
  );
  if (rows.length > 0) await trx.insertInto('blog_likes').values(rows).execute();
}

export const demoBlog: Seeder = {
  name: 'demo/blog',
  async run(trx, { media }) {
    const now = new Date();
    const { heroes, gif } = await rendered();
    // Probing runs in parallel (sharp's threads); the inserts queue on the transaction.
    const [files, pdf, audio, shape] = await Promise.all([
      Promise.all(
        heroes.map((bytes, index) =>
          media.put({
            bytes,
            contentType: 'image/jpeg',
            filename: `blog-hero-${String(index + 1).padStart(2, '0')}.jpg`,
            owner: 'seed',
          }),
        ),
      ),
      media.put({
        bytes: plantingCalendarPdf(),
        contentType: 'application/pdf',
        filename: 'planting-calendar.pdf',
        owner: 'seed',
      }),
      media.put({
        bytes: dawnChorusWav(AUDIO_SECONDS),
        contentType: 'audio/wav',
        filename: 'dawn-chorus.wav',
        owner: 'seed',
      }),
      leafShapePng().then((bytes) =>
        media.put({ bytes, contentType: 'image/png', filename: 'leaf.png', owner: 'seed' }),
      ),
    ]);
    const ids = await taxonomy(trx, now);
    const writer = await demoWriter(trx);
    const image = (file: MediaFile) => ({ id: file.id, width: file.width!, height: file.height! });

    const english = new Map(DEMO_POSTS.map((post) => [post.key, randomUUID()]));
    const plans: PostPlan[] = DEMO_POSTS.map((post, index) => ({
      post,
      stage: 'published',
      id: english.get(post.key)!,
      language: 'en',
      translationId: english.get(post.key)!,
      hero: files[index],
      memberId: WRITER_POST_KEYS.includes(post.key) ? writer : undefined,
      likes: likesOf(index),
      views: viewsOf(index),
      displayed: index % 11 !== 4,
    }));
    const everything: DemoPost = {
      key: 'everything',
      title: EVERYTHING_TITLE,
      excerpt: 'A sampler: one of every block and every text style a post can hold, in one place.',
      category: 'growing',
      tags: ['seeds', 'harvest', 'herbs'],
      daysAgo: 8,
      body: [],
    };
    const everythingId = randomUUID();
    plans.push({
      post: everything,
      stage: 'published',
      id: everythingId,
      language: 'en',
      translationId: everythingId,
      hero: files[DEMO_POSTS.length],
      richContent: everyNodeDocument(
        {
          images: files.slice(DEMO_POSTS.length - 2).map(image),
          pdf,
          gif,
          audio: { id: audio.id, seconds: AUDIO_SECONDS },
          shape: image(shape),
        },
        new Date(now.getTime() - everything.daysAgo * DAY).toISOString(),
      ),
      likes: 6,
      views: 140,
    });
    for (const post of DEMO_POSTS_ES) {
      const original = DEMO_POSTS.findIndex((other) => other.key === post.translationOf);
      plans.push({
        post,
        stage: 'published',
        id: randomUUID(),
        language: DEMO_BLOG.secondLanguage,
        translationId: english.get(post.translationOf)!,
        hero: files[original],
        likes: likesOf(original + 5) % 6,
        views: viewsOf(original) % 80,
      });
    }
    const unpublished: PostPlan[] = [
      {
        post: DEMO_DRAFT,
        stage: 'draft',
        id: randomUUID(),
        language: 'en',
        translationId: '',
        likes: 0,
        views: 0,
      },
      {
        post: DEMO_SCHEDULED,
        stage: 'scheduled',
        id: randomUUID(),
        language: 'en',
        translationId: '',
        hero: files[3],
        likes: 0,
        views: 0,
      },
      {
        post: DEMO_IN_REVIEW,
        stage: 'in-review',
        id: randomUUID(),
        language: 'en',
        translationId: '',
        memberId: writer,
        likes: 0,
        views: 0,
      },
    ];
    // Images resolve against the files stored above (their size and name) without a query each.
    const stored = new Map([...files, pdf, audio, shape].map((file) => [file.id, file]));
    const known = { get: async (id: string) => stored.get(id) } as Pick<MediaStore, 'get'> as MediaStore;
    const slugs = new Set<string>();
    for (const plan of [...plans, ...unpublished]) {
      await insertPlannedPost(
        trx,
        known,
        ids,
        { ...plan, translationId: plan.translationId || plan.id },
        now,
        slugs,
      );
    }
    await insertLikes(trx, plans, now);
  },
};
