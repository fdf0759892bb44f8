/**
 * The documents to render, from the repository's TypeScript sources (bundled by esbuild in run.mjs):
 * every demo post of the seed (the showcase "Everything a post can hold", the every-node document
 * the renderer's tests use too, and the plain posts), each as the seed wrote it (`given`) and as the
 * platform stores and answers it (`stored`: the platform's own write-path function, acceptRichContent).
 */

import { documentOf } from '../../packages/platform/src/seed/demo-blog.ts';
import { EVERYTHING_SLUG, everyNodeDocument } from '../../packages/platform/src/seed/demo-blog-every-node.ts';
import {
  DEMO_DRAFT,
  DEMO_IN_REVIEW,
  DEMO_POSTS,
  DEMO_POSTS_ES,
  DEMO_SCHEDULED,
} from '../../packages/platform/src/seed/demo-blog-posts.ts';
import { acceptRichContent } from '../../packages/platform/src/services/blog/shared/rich-content.ts';

const AT = '2025-01-01T00:00:00.000Z';
// A GIF of one transparent pixel: the showcase's GIF travels as data URLs.
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const image = (id) => ({ id, width: 1200, height: 800 });

export function documents() {
  const given = [
    {
      name: `seed: ${EVERYTHING_SLUG}`,
      document: everyNodeDocument(
        {
          images: [image('seed-1.jpg'), image('seed-2.jpg'), image('seed-3.jpg')],
          pdf: { id: 'calendar.pdf', filename: 'planting-calendar.pdf', sizeBytes: 1200 },
          audio: { id: 'dawn-chorus.wav', seconds: 3 },
          shape: { id: 'leaf.png', width: 240, height: 240 },
          gif: { gif: PIXEL, still: PIXEL, width: 1, height: 1 },
        },
        AT,
      ),
    },
    ...[...DEMO_POSTS, ...DEMO_POSTS_ES, DEMO_DRAFT, DEMO_SCHEDULED, DEMO_IN_REVIEW].map((post) => ({
      name: `seed: ${post.key}${post.translationOf ? ' (es)' : ''}`,
      document: documentOf(post, AT),
    })),
  ];
  return given.map(({ name, document }) => ({
    name,
    given: document,
    stored: acceptRichContent(structuredClone(document), 'richContent'),
  }));
}
