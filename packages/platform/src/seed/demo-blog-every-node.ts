/**
 * The demo blog's "Everything a post can hold": one document with every node type of docs/blog-wire.md
 * §D.2 and every text decoration of §D.4 (the contract's RICH_CONTENT_NODE_TYPES and
 * RICH_CONTENT_DECORATION_TYPES), for renderers to be tried against. Every medium a page loads is
 * the platform's own, so that the post shows offline (P11): media-store files are named by id
 * (`src.id`, resolved under the platform's media base URL), the link preview's thumbnail by the
 * hosted media CDN's URL of a stored image (what the hosted editor writes, and renderers map to the
 * platform), and the GIF travels as data URLs. Only the video is a YouTube page, which renderers
 * show behind a poster until it is played; links (`link.url`) are only followed when clicked.
 */
import type { Json } from '@atrium/contract/types';
import {
  CONTAINER,
  CONTAINER_NO_WRAP,
  type EveryNodeMedia,
  elsewhereAndStructure,
  heading,
  listItem,
  media,
  paragraph,
  resetIds,
  text,
} from './demo-blog-every-node-parts.js';

export const EVERYTHING_SLUG = 'everything-a-post-can-hold';
export const EVERYTHING_TITLE = 'Everything a post can hold';

export type { EveryNodeMedia } from './demo-blog-every-node-parts.js';

export function everyNodeDocument(files: EveryNodeMedia, createdTimestamp: string): Json {
  resetIds();
  const [first, second = first, third = first] = files.images as [
    EveryNodeMedia['images'][0],
    ...EveryNodeMedia['images'],
  ];
  const nodes: Json[] = [
    {
      type: 'TOC',
      id: 'contents',
      nodes: [],
      tocData: { includedHeadings: [2, 3], listStyle: 'NUMBERED', indentation: 'NESTED' },
    },
    heading('words', 2, 'Words and how they look'),
    paragraph(
      'This post is a sampler. It holds one of everything a post can hold, so that whoever renders the blog can see it all in one place. It starts with text: ',
      text('bold', [{ type: 'BOLD', fontWeightValue: 700 }]),
      ', ',
      text('italic', [{ type: 'ITALIC', italicData: true }]),
      ', ',
      text('underlined', [{ type: 'UNDERLINE', underlineData: true }]),
      ', ',
      text('struck through', [{ type: 'STRIKETHROUGH', strikethroughData: true }]),
      ', CO',
      text('2', [{ type: 'SUBSCRIPT', subscriptData: true }]),
      ' and 10',
      text('3', [{ type: 'SUPERSCRIPT', superscriptData: true }]),
      ' litres of compost, ',
      text('a link to the seed library', [
        {
          type: 'LINK',
          linkData: {
            link: { url: 'https://example.com/seed-library', target: 'BLANK', rel: { noreferrer: true } },
          },
        },
      ]),
      ', ',
      text('a jump to the recipes', [{ type: 'ANCHOR', anchorData: { anchor: 'recipes' } }]),
      ' and a word for ',
      text('@Grace Okafor', [
        {
          type: 'MENTION',
          mentionData: { name: 'Grace Okafor', slug: 'grace-okafor', id: 'member-grace' },
        },
      ]),
      '.',
    ),
    paragraph(
      'Some words wear colours: ',
      text('tomato red on cream', [
        { type: 'COLOR', colorData: { foreground: '#c2410c', background: '#fef3c7' } },
      ]),
      ', ',
      text('larger', [{ type: 'FONT_SIZE', fontSizeData: { unit: 'PX', value: 22 } }]),
      ', ',
      text('in a serif', [{ type: 'FONT_FAMILY', fontFamilyData: { value: 'Georgia, serif' } }]),
      ', ',
      text('hidden until clicked (the tasting winner was yellow)', [
        { type: 'SPOILER', spoilerData: { id: 'spoiler-winner' } },
      ]),
      ', ',
      text('circled by hand', [
        { type: 'SKETCH', sketchData: { variant: 'CIRCLE', color: '#15803d', animate: true } },
      ]),
      ' and ',
      text('decorated by something we do not know', [{ type: 'EXTERNAL' }]),
      '. One sentence wears ',
      text('all of them at once', [
        { type: 'BOLD', fontWeightValue: 700 },
        { type: 'ITALIC', italicData: true },
        { type: 'UNDERLINE', underlineData: true },
        { type: 'COLOR', colorData: { foreground: '#1d4ed8' } },
      ]),
      '.',
    ),
    heading('lists', 2, 'Lists'),
    {
      type: 'BULLETED_LIST',
      id: 'bullets',
      nodes: [listItem('Thyme'), listItem('Chives'), listItem('A rosemary the size of a small car')],
      bulletedListData: { indentation: 0 },
    },
    {
      type: 'ORDERED_LIST',
      id: 'steps',
      nodes: [listItem('Sow'), listItem('Water'), listItem('Wait, which is the hard part')],
      orderedListData: { indentation: 0, start: 1 },
    },
    {
      type: 'CHECKBOX_LIST',
      id: 'jobs',
      nodes: [
        listItem('Turn the compost', { checked: true }),
        listItem('Fix the water butt tap', { checked: false }),
      ],
      checkboxListData: { indentation: 0 },
    },
    {
      type: 'BLOCKQUOTE',
      id: 'quote',
      nodes: [paragraph('Green and brown, wet and dry, little and often. Everything else is detail.')],
      blockquoteData: { indentation: 1 },
    },
    {
      type: 'CODE_BLOCK',
      id: 'code',
      nodes: [text('watering_days = ["Tuesday", "Friday"]\nif heatwave:\n    water_every_evening()')],
      codeBlockData: { textStyle: { textAlignment: 'LEFT' } },
    },
    {
      type: 'DIVIDER',
      id: 'divider',
      nodes: [],
      dividerData: {
        containerData: CONTAINER_NO_WRAP,
        lineStyle: 'DASHED',
        width: 'MEDIUM',
        alignment: 'CENTER',
      },
    },
    heading('pictures', 2, 'Pictures, sound and files'),
    {
      type: 'IMAGE',
      id: 'image',
      nodes: [
        {
          type: 'CAPTION',
          id: 'image-caption',
          nodes: [text('The south bed in the evening light.')],
          captionData: { textStyle: { textAlignment: 'CENTER' } },
        },
      ],
      imageData: {
        image: media(first),
        altText: 'An abstract evening sky in warm colours',
        containerData: CONTAINER,
        link: { url: 'https://example.com/photos', target: 'BLANK', rel: { nofollow: true } },
      },
    },
    {
      type: 'GALLERY',
      id: 'gallery',
      nodes: [],
      galleryData: {
        containerData: CONTAINER,
        items: [first, second, third].map((image, index) => ({
          image: { media: media(image) },
          title: ['Morning', 'Noon', 'Dusk'][index],
          altText: `Garden colours ${index + 1}`,
        })),
        options: {
          layout: { type: 'GRID', orientation: 'ROWS', numberOfColumns: 3 },
          item: { crop: 'FILL', ratio: 1 },
        },
      },
    },
    {
      type: 'VIDEO',
      id: 'video',
      nodes: [],
      videoData: {
        containerData: CONTAINER,
        video: { src: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' } },
        thumbnail: media(second),
        title: 'A short film about a big bunny',
        options: { autoPlay: false, playInLoop: false, showControls: true },
      },
    },
    {
      type: 'AUDIO',
      id: 'audio',
      nodes: [],
      audioData: {
        containerData: CONTAINER,
        audio: { src: { id: files.audio.id }, duration: files.audio.seconds },
        coverImage: media(third),
        name: 'Dawn chorus in the courtyard',
        authorName: 'The Courtyard Garden',
      },
    },
    {
      type: 'FILE',
      id: 'file',
      nodes: [],
      fileData: {
        containerData: CONTAINER,
        src: { id: files.pdf.id },
        name: files.pdf.filename,
        type: 'pdf',
        mimeType: 'application/pdf',
        size: files.pdf.sizeBytes,
        pdfSettings: { viewMode: 'MINI', disableDownload: false, disablePrint: false },
      },
    },
    {
      type: 'GIF',
      id: 'gif',
      nodes: [],
      gifData: {
        containerData: CONTAINER,
        original: { gif: files.gif.gif, still: files.gif.still },
        downsized: { gif: files.gif.gif, still: files.gif.still },
        width: files.gif.width,
        height: files.gif.height,
        gifType: 'NORMAL',
      },
    },
    ...elsewhereAndStructure(files, second, third),
  ];
  return {
    nodes,
    metadata: { version: 1, createdTimestamp, updatedTimestamp: createdTimestamp, id: 'everything-doc' },
    documentStyle: {},
  };
}

/** A one-page PDF (a planting calendar), written by hand: the FILE node's file. */
export function plantingCalendarPdf(): Uint8Array {
  const content =
    'BT /F1 18 Tf 72 720 Td (Courtyard Garden planting calendar) Tj 0 -32 Td /F1 12 Tf (March: tomatoes and chillies indoors, broad beans outside.) Tj 0 -18 Td (May: courgettes, French beans, basil.) Tj 0 -18 Td (September: winter salads under the cold frame.) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
