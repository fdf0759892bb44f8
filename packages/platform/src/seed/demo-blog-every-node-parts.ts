import type { Json } from '@atrium/contract/types';

/**
 * The parts of the demo post "Everything a post can hold" (demo-blog-every-node.ts): the node
 * makers, and its second half (embeds and structure).
 */

export interface EveryNodeMedia {
  /** Images of the media store (the first for the IMAGE node, all for the gallery). */
  readonly images: readonly { id: string; width: number; height: number }[];
  /** A PDF of the media store (the FILE node). */
  readonly pdf: { id: string; filename: string; sizeBytes: number };
  /** A WAV file of the media store (the AUDIO node), and its length in seconds. */
  readonly audio: { id: string; seconds: number };
  /** A transparent PNG of the media store (the SHAPE node). */
  readonly shape: { id: string; width: number; height: number };
  /** An animated GIF and its first frame, as data URLs. */
  readonly gif: { gif: string; still: string; width: number; height: number };
}

/** The containerData the hosted editor writes (docs/blog-wire.md §D.2; DIVIDER does not wrap text). */
export const CONTAINER = { width: { size: 'CONTENT' }, alignment: 'CENTER', textWrap: true };
export const CONTAINER_NO_WRAP = { ...CONTAINER, textWrap: false };

let counter = 0;
/** Starts the generated ids (`t-1`, `p-2` …) again: each document numbers its own. */
export const resetIds = () => {
  counter = 0;
};
const nextId = (prefix: string) => `${prefix}-${++counter}`;

export const text = (value: string, decorations: Json[] = []): Json => ({
  type: 'TEXT',
  id: nextId('t'),
  nodes: [],
  textData: { text: value, decorations },
});
export const paragraph = (...children: (string | Json)[]): Json => ({
  type: 'PARAGRAPH',
  id: nextId('p'),
  nodes: children.map((child) => (typeof child === 'string' ? text(child) : child)),
  paragraphData: { textStyle: { textAlignment: 'AUTO' } },
});
export const heading = (id: string, level: number, value: string): Json => ({
  type: 'HEADING',
  id,
  nodes: [text(value)],
  headingData: { level, textStyle: { textAlignment: 'AUTO' } },
});
export const listItem = (value: string, data?: Json): Json => ({
  type: 'LIST_ITEM',
  id: nextId('li'),
  nodes: [paragraph(value)],
  listItemData: data ?? {},
});
export const media = (image: { id: string; width: number; height: number }) => ({
  src: { id: image.id },
  width: image.width,
  height: image.height,
});

type Image = EveryNodeMedia['images'][0];

/** From "From elsewhere" to the end: embeds, a poll, app embeds, a button, structure and recipes. */
export function elsewhereAndStructure(files: EveryNodeMedia, second: Image, third: Image): Json[] {
  return [
    heading('elsewhere', 2, 'From elsewhere'),
    {
      type: 'HTML',
      id: 'html',
      nodes: [],
      htmlData: {
        containerData: CONTAINER,
        html: '<p style="font-family:sans-serif">Sunrise <b>06:12</b>, sunset <b>20:47</b></p>',
        source: 'HTML',
        autoHeight: true,
      },
    },
    {
      type: 'LINK_PREVIEW',
      id: 'link-preview',
      nodes: [],
      linkPreviewData: {
        containerData: CONTAINER,
        link: { url: 'https://example.com/compost-guide', target: 'BLANK' },
        title: 'A beginner’s guide to hot composting',
        description: 'Three bays, a thermometer and the ratio of green to brown.',
        thumbnailUrl: `https://static.wixstatic.com/media/${third.id}`,
        styles: { thumbnailPosition: 'START' },
      },
    },
    {
      type: 'EMBED',
      id: 'embed',
      nodes: [],
      embedData: {
        containerData: CONTAINER,
        oembed: {
          type: 'rich',
          title: 'Planting calendar',
          url: 'https://example.com/planting-calendar',
          html: '<blockquote>Planting calendar</blockquote>',
          providerName: 'Example',
          providerUrl: 'https://example.com',
        },
        src: 'https://example.com/planting-calendar',
      },
    },
    {
      type: 'MAP',
      id: 'map',
      nodes: [],
      mapData: {
        containerData: CONTAINER,
        mapSettings: {
          address: 'The Courtyard, 12 Orchard Row',
          lat: 51.5205,
          lng: -0.0985,
          locationName: 'The Courtyard Garden',
          mapType: 'ROADMAP',
          initialZoom: 16,
          marker: true,
        },
      },
    },
    {
      type: 'POLL',
      id: 'poll',
      nodes: [],
      pollData: {
        containerData: CONTAINER,
        poll: {
          id: 'poll-next-crop',
          title: 'What should the shared bed grow next year?',
          options: [
            { id: 'poll-beans', title: 'Climbing beans' },
            { id: 'poll-squash', title: 'Squash' },
            { id: 'poll-flowers', title: 'Cut flowers' },
          ],
          settings: {
            permissions: { view: 'EVERYONE', vote: 'ALL', allowMultipleVotes: false },
            showVoters: false,
            showVotesCount: true,
          },
        },
        layout: { poll: { type: 'LIST', direction: 'LTR', enableImage: false } },
        design: { poll: { background: { type: 'COLOR', color: '#ecfccb' }, borderRadius: 8 } },
      },
    },
    {
      type: 'APP_EMBED',
      id: 'app-embed',
      nodes: [],
      appEmbedData: {
        containerData: CONTAINER,
        type: 'EVENT',
        itemId: 'event-open-day',
        name: 'Open day at the Courtyard Garden',
        url: 'https://example.com/events/open-day',
        image: media(second),
        eventData: { scheduling: 'Saturday, 10:00–16:00', location: 'The Courtyard, 12 Orchard Row' },
      },
    },
    {
      type: 'BUTTON',
      id: 'button',
      nodes: [],
      buttonData: {
        containerData: CONTAINER,
        type: 'LINK',
        text: 'Join the watering rota',
        link: { url: 'https://example.com/rota', target: 'SELF' },
        styles: {
          border: { width: 1, radius: 12 },
          colors: { text: '#ffffff', border: '#166534', background: '#15803d' },
        },
      },
    },
    heading('structure', 2, 'Structure'),
    {
      type: 'COLLAPSIBLE_LIST',
      id: 'faq',
      nodes: [
        {
          type: 'COLLAPSIBLE_ITEM',
          id: 'faq-1',
          nodes: [
            {
              type: 'COLLAPSIBLE_ITEM_TITLE',
              id: 'faq-1-title',
              nodes: [paragraph('Can I pick from the herb bed?')],
            },
            {
              type: 'COLLAPSIBLE_ITEM_BODY',
              id: 'faq-1-body',
              nodes: [paragraph('Yes: it belongs to everyone. Never take more than a third of a plant.')],
            },
          ],
        },
      ],
      collapsibleListData: {
        containerData: CONTAINER,
        expandOnlyOne: false,
        initialExpandedItems: 'FIRST',
        direction: 'LTR',
      },
    },
    {
      type: 'TABLE',
      id: 'table',
      nodes: [
        ['Crop', 'Sow', 'Harvest'],
        ['Broad beans', 'November', 'June'],
        ['Tomatoes', 'March', 'August'],
      ].map((row, rowIndex) => ({
        type: 'TABLE_ROW',
        id: `row-${rowIndex}`,
        nodes: row.map((cell, cellIndex) => ({
          type: 'TABLE_CELL',
          id: `cell-${rowIndex}-${cellIndex}`,
          nodes: [paragraph(cell)],
          tableCellData: {
            cellStyle: {
              verticalAlignment: 'TOP',
              ...(rowIndex === 0 ? { backgroundColor: '#f0fdf4' } : {}),
            },
          },
        })),
      })),
      tableData: {
        containerData: CONTAINER,
        dimensions: { colsWidthRatio: [2, 1, 1], rowsHeight: [40, 40, 40] },
        header: true,
      },
    },
    {
      type: 'LAYOUT',
      id: 'layout',
      nodes: [
        {
          type: 'LAYOUT_CELL',
          id: 'layout-left',
          nodes: [paragraph('On the left: the sunny end, thyme, sage and rosemary in gritty soil.')],
          layoutCellData: { colSpan: 6 },
        },
        {
          type: 'LAYOUT_CELL',
          id: 'layout-right',
          nodes: [paragraph('On the right: the shady end, parsley, chives and coriander.')],
          layoutCellData: { colSpan: 6 },
        },
      ],
      layoutData: {
        containerData: CONTAINER,
        backgroundColor: '#f7fee7',
        gap: 16,
        responsivenessBehaviour: 'STACK',
      },
    },
    {
      type: 'CARD',
      id: 'card',
      nodes: [paragraph('A card holds blocks on a background of its own.')],
      cardData: { background: { type: 'COLOR', color: '#fef9c3' } },
    },
    {
      type: 'SHAPE',
      id: 'shape',
      nodes: [],
      shapeData: {
        containerData: CONTAINER,
        shape: media(files.shape),
        styles: { color: '#65a30d' },
        altText: 'A leaf',
      },
    },
    {
      type: 'SMART_BLOCK',
      id: 'smart-block',
      nodes: [
        ['12', 'raised beds'],
        ['43', 'neighbours'],
        ['11', 'kinds of tomato'],
      ].map(([figure, label], index) => ({
        type: 'SMART_BLOCK_CELL',
        id: `smart-cell-${index}`,
        nodes: [paragraph(`${figure} ${label}`)],
        smartBlockCellData: { label: figure, accentColor: '#15803d' },
      })),
      smartBlockData: { type: 'STATS', columnSize: 'MEDIUM' },
    },
    {
      type: 'EXTERNAL',
      id: 'external',
      nodes: [],
      externalData: { kind: 'weather-widget', city: 'London' },
    },
    heading('recipes', 2, 'Recipes'),
    paragraph(
      'The anchor link above jumps here. The recipes themselves live in the From the kitchen category.',
    ),
  ];
}
