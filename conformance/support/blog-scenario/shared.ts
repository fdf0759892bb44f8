import type { Id, QueryPage } from '../blog-clients';
import { pageOf } from '../query-page';

export const FQDN = 'wix.blog.v3.post';
export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A page result and, when it has one, the next page. */
export async function pages(result: QueryPage) {
  return { first: pageOf(result), second: result.hasNext() ? pageOf(await result.next()) : undefined };
}

/** The ids later steps use: the site's entities (ids as each client returned them). */
export interface World {
  news: Id;
  travel: Id;
  recipes: Id;
  js: Id;
  trips: Id;
  cooking: Id;
}

export const mediaIdOf = (uri: string) => uri.slice('wix:image://v1/'.length).split('/')[0]!;

/** A rich content document (docs/blog-wire.md §D): heading, decorated text, an image, a list, a divider. */
export function richContent(title: string, words: number, imageId?: string) {
  const text = Array.from({ length: words }, (_, index) => `word${index % 7}`).join(' ');
  return {
    nodes: [
      {
        type: 'HEADING',
        id: 'h1',
        nodes: [{ type: 'TEXT', id: 't1', nodes: [], textData: { text: title, decorations: [] } }],
        headingData: { level: 2, textStyle: { textAlignment: 'AUTO' } },
      },
      {
        type: 'PARAGRAPH',
        id: 'p1',
        nodes: [
          {
            type: 'TEXT',
            id: 't2',
            nodes: [],
            textData: { text: `${text} `, decorations: [{ type: 'BOLD', fontWeightValue: 700 }] },
          },
          {
            type: 'TEXT',
            id: 't3',
            nodes: [],
            textData: {
              text: 'a link',
              decorations: [
                { type: 'LINK', linkData: { link: { url: 'https://example.com/', target: 'BLANK' } } },
                { type: 'ITALIC', italicData: true },
              ],
            },
          },
        ],
        paragraphData: { textStyle: { textAlignment: 'LEFT' } },
      },
      ...(imageId
        ? [
            {
              type: 'IMAGE',
              id: 'i1',
              nodes: [],
              imageData: {
                image: { src: { id: imageId }, width: 640, height: 360 },
                altText: 'the hero',
                containerData: { width: { size: 'CONTENT' }, alignment: 'CENTER' },
              },
            },
          ]
        : []),
      {
        type: 'BULLETED_LIST',
        id: 'l1',
        bulletedListData: { indentation: 0 },
        nodes: [
          {
            type: 'LIST_ITEM',
            id: 'li1',
            nodes: [
              {
                type: 'PARAGRAPH',
                id: 'p2',
                paragraphData: {},
                nodes: [{ type: 'TEXT', id: 't4', nodes: [], textData: { text: 'first', decorations: [] } }],
              },
            ],
          },
        ],
      },
      { type: 'DIVIDER', id: 'd1', nodes: [], dividerData: { lineStyle: 'SINGLE', width: 'LARGE' } },
    ],
    metadata: { version: 1, id: `doc-${title.length}` },
    documentStyle: {},
  };
}
