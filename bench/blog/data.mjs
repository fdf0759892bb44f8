/**
 * The generated posts of bench/blog/run.mjs: deterministic, each as the draft a client would send
 * and the blog_posts row the platform would hold once it is published.
 */
import { random } from '../random.mjs';

// ── Data: generated deterministically ───────────────────────────────────────────────────────────

const uuid = (next) => {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(next() * 4)];
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};
const pick = (next, list) => list[Math.floor(next() * list.length)];
/** Index 0 … weights.length-1 with the given cumulative weights. */
const weighted = (next, cumulative) => {
  const target = next() * cumulative.at(-1);
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
};
/** Zipf-like popularity: the k-th most popular gets weight 1 / (k + offset). */
const popularity = (n, offset) => {
  const cumulative = [];
  let sum = 0;
  for (let k = 0; k < n; k += 1) {
    sum += 1 / (k + offset);
    cumulative.push(sum);
  }
  return cumulative;
};

export const CATEGORY_LABELS = [
  'Travel',
  'Food',
  'Gardening',
  'Technology',
  'Design',
  'Photography',
  'Books',
  'Music',
  'Health',
  'Science',
  'History',
  'Family',
  'Money',
  'Sport',
  'Crafts',
  'Cinema',
  'Nature',
  'Cities',
  'Work',
  'Opinion',
];
export const TAG_FIRST = [
  'urban',
  'slow',
  'weekend',
  'winter',
  'summer',
  'budget',
  'family',
  'local',
  'classic',
  'modern',
  'quick',
  'seasonal',
  'vintage',
  'outdoor',
  'indoor',
  'small',
  'open',
  'daily',
  'night',
  'green',
];
export const TAG_SECOND = [
  'guides',
  'recipes',
  'stories',
  'tips',
  'reviews',
  'notes',
  'projects',
  'walks',
  'ideas',
  'lists',
];
const WORDS = (
  'the a garden river harbour library mountain lantern orchard archive compass island morning evening ' +
  'quiet golden hidden distant winter summer market street kitchen window table bread coffee letter ' +
  'walk light rain stone field road train city village friend neighbour season story book page map ' +
  'small long slow early late open old new warm cold green bright soft strong simple careful ' +
  'we found made learned tried kept watched wrote cooked planted followed shared carried noticed'
).split(' ');
const TITLE_ADJECTIVES = [
  'Quiet',
  'Golden',
  'Hidden',
  'Distant',
  'Early',
  'Slow',
  'Small',
  'Bright',
  'Old',
  'New',
];
const TITLE_NOUNS = [
  'gardens',
  'rivers',
  'kitchens',
  'markets',
  'streets',
  'letters',
  'maps',
  'trains',
  'islands',
  'mornings',
];
const TITLE_TAILS = [
  'we keep coming back to',
  'in the rain',
  'after the storm',
  'for beginners',
  'on a budget',
  'worth the detour',
  'nobody talks about',
  'from the archive',
  'in ten steps',
  'at first light',
  'of the north',
  'by the sea',
];
const HASHTAGS = Array.from({ length: 40 }, (_, k) => `${TAG_FIRST[k % 20]}${TAG_SECOND[k % 10]}`);
const LANGUAGES = [
  ['en', 0.85],
  ['fr', 0.95],
  ['de', 1],
];
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const MAX_SLUG_LENGTH = 100; // BLOG_LIMITS.maxSlugLength

/** rich-content.ts slugify, as the platform makes a post's slug from its title. */
function slugify(text) {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH - 8)
    .replace(/-+$/g, '');
  return slug === '' ? 'post' : slug;
}
/** rich-content.ts plainText: TEXT nodes in order, one line per block. */
function plainText(document) {
  const lines = [];
  let line = '';
  const walk = (nodes) => {
    for (const node of nodes ?? []) {
      if (node.type === 'TEXT') {
        line += node.textData?.text ?? '';
        continue;
      }
      walk(node.nodes);
      if (line.trim() !== '') {
        lines.push(line.trim());
        line = '';
      }
    }
  };
  walk(document.nodes);
  if (line.trim() !== '') lines.push(line.trim());
  return lines.join('\n');
}
/** The platform's excerpt of a post without one (services/blog/rich-content.ts generatedExcerpt). */
function generatedExcerpt(text) {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 200) return flat;
  const cut = flat.slice(0, 200);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const minutesToRead = (text) =>
  Math.max(1, Math.ceil(text.split(/\s+/).filter((word) => word !== '').length / 200));

function sentence(next) {
  const words = Array.from({ length: 8 + Math.floor(next() * 9) }, () => pick(next, WORDS));
  return `${words[0][0].toUpperCase()}${words[0].slice(1)} ${words.slice(1).join(' ')}.`;
}
const textNode = (text) => ({ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } });
function richContent(next) {
  const nodes = [];
  const paragraphs = 3 + Math.floor(next() * 5);
  for (let k = 0; k < paragraphs; k += 1) {
    if (k === 2 && next() < 0.5) {
      nodes.push({
        type: 'HEADING',
        id: `h${k}`,
        nodes: [textNode(sentence(next).slice(0, -1))],
        headingData: { level: 2 },
      });
    }
    const text = Array.from({ length: 3 + Math.floor(next() * 3) }, () => sentence(next)).join(' ');
    nodes.push({ type: 'PARAGRAPH', id: `p${k}`, nodes: [textNode(text)], paragraphData: {} });
  }
  return { nodes, metadata: { version: 1 } };
}

/**
 * Posts in generation order, each as the draft input a client would send (`input`, wire names) and
 * the blog_posts row the platform would hold once it is published (`row`, every column).
 */
export function createGenerator(categoryIds, tagIds, now, posts) {
  const next = random(2024);
  const categoryWeights = popularity(categoryIds.length, 2);
  const tagWeights = popularity(tagIds.length, 3);
  const authors = Array.from({ length: 12 }, () => uuid(next));
  const slugs = new Map(LANGUAGES.map(([language]) => [language, new Set()]));
  const pinned = new Set([Math.floor(posts / 7), Math.floor(posts / 3), Math.floor((posts * 5) / 6)]);
  const distinct = (n, weights, ids) => {
    const chosen = new Set();
    while (chosen.size < n) chosen.add(ids[weighted(next, weights)]);
    return [...chosen];
  };
  return (index) => {
    const id = uuid(next);
    const roll = next();
    const language = LANGUAGES.find(([, upTo]) => roll < upTo)[0];
    const title = `${pick(next, TITLE_ADJECTIVES)} ${pick(next, TITLE_NOUNS)} ${pick(next, TITLE_TAILS)}`;
    const document = richContent(next);
    const input = {
      id,
      title,
      ...(next() < 0.4 ? { excerpt: sentence(next) } : {}),
      featured: next() < 0.015,
      categoryIds: distinct(next() < 0.8 ? 1 : 2, categoryWeights, categoryIds),
      memberId: pick(next, authors),
      hashtags: next() < 0.3 ? [pick(next, HASHTAGS)] : [],
      commentingEnabled: next() >= 0.05,
      ...(next() < 0.7
        ? {
            heroImage: {
              url: `https://static.example.com/bench/hero-${index}.jpg`,
              width: 1600,
              height: 900,
              altText: title,
            },
          }
        : {}),
      tagIds: distinct(1 + Math.floor(next() * 5), tagWeights, tagIds),
      language,
      richContent: document,
    };
    // The draft as the platform stores it (post-data.ts: emptyDraft, applyInput, translationId).
    const { id: _id, ...fields } = input;
    const data = {
      relatedPostIds: [],
      pricingPlanIds: [],
      ...fields,
      translationId: id,
      contentText: plainText(document),
    };
    // slugFor: the title's slug, `-2`, `-3` … when taken in the language.
    const taken = slugs.get(language);
    const base = slugify(title);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    const first = now - next() * 5 * YEAR_MS;
    const last = next() < 0.15 ? Math.min(now, first + next() * 200 * DAY_MS) : first;
    const iso = (ms) => new Date(ms).toISOString();
    const row = {
      id,
      status: 'PUBLISHED',
      draft: data,
      title,
      language,
      member_id: data.memberId,
      slug,
      category_ids: data.categoryIds,
      tag_ids: data.tagIds,
      hashtags: data.hashtags,
      created_at: iso(first - next() * 3 * DAY_MS),
      edited_at: iso(last),
      scheduled_at: null,
      moderation: null,
      has_unpublished_changes: false,
      deleted_at: null,
      published: data,
      pub_title: title,
      pub_excerpt: data.excerpt ?? generatedExcerpt(data.contentText),
      pub_language: language,
      pub_member_id: data.memberId,
      pub_featured: data.featured,
      pinned: pinned.has(index),
      pub_commenting_enabled: data.commentingEnabled,
      pub_category_ids: data.categoryIds,
      pub_tag_ids: data.tagIds,
      pub_hashtags: data.hashtags,
      pub_pricing_plan_ids: [],
      pub_minutes_to_read: minutesToRead(data.contentText),
      pub_translation_id: id,
      pub_media_displayed: true,
      first_published_at: iso(first),
      last_published_at: iso(last),
      like_count: Math.floor(next() ** 3 * 200),
      view_count: Math.floor(next() ** 2 * 5000),
      comment_count: Math.floor(next() ** 4 * 40),
    };
    return { input, row };
  };
}
/** Columns the API sets from its clock when it creates the post: not compared. */
const CLOCK_COLUMNS = ['created_at', 'edited_at', 'first_published_at', 'last_published_at'];
export const SET_AFTER = [...CLOCK_COLUMNS, 'pinned', 'like_count', 'view_count', 'comment_count'];
