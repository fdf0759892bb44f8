import { RICH_CONTENT_NODE_TYPES } from '@atrium/contract/routes/rich-content';
import { createMedia } from '@atrium/sdk/media';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Gallery } from '../gallery/index.js';
import { everyNodeDocument } from './fixtures/every-node.js';
import {
  RichContent,
  type RichContentNodeComponent,
  type RichContentNodeLike,
  type RichContentProps,
  richGalleryItems,
} from './index.js';

afterEach(cleanup);

const media = createMedia({ platformUrl: 'http://platform.test' });
const draw = (nodes: RichContentNodeLike[], props: Partial<RichContentProps> = {}) =>
  render(<RichContent content={{ nodes }} media={media} {...props} />).container;
const text = (value: string, decorations: object[] = []): RichContentNodeLike => ({
  type: 'TEXT',
  textData: { text: value, decorations: decorations as never },
});
const p = (...nodes: RichContentNodeLike[]): RichContentNodeLike => ({
  type: 'PARAGRAPH',
  nodes,
  paragraphData: {},
});
const li = (value: string, data?: object): RichContentNodeLike => ({
  type: 'LIST_ITEM',
  nodes: [p(text(value))],
  ...(data ? { listItemData: data as never } : {}),
});
const node = (type: string, field: string, data: object, nodes: RichContentNodeLike[] = []) =>
  ({ type, id: type.toLowerCase(), [field]: data, nodes }) as RichContentNodeLike;
const IMAGE = { src: { id: 'photo.jpg' }, width: 1600, height: 1200 };

describe('the every-node fixture', () => {
  const everyNode = (): RichContentNodeLike[] => {
    const all: RichContentNodeLike[] = [];
    const visit = (nodes: readonly RichContentNodeLike[]) => {
      for (const n of nodes) {
        all.push(n);
        visit(n.nodes ?? []);
      }
    };
    visit(everyNodeDocument.nodes ?? []);
    return all;
  };

  it('holds every node type of the contract', () => {
    const seen = new Set(everyNode().map((n) => n.type ?? ''));
    expect([...seen].sort()).toEqual([...RICH_CONTENT_NODE_TYPES].sort());
  });

  it('renders whole, with one heading per HEADING and no unsafe markup', () => {
    const { container } = render(<RichContent content={everyNodeDocument} media={media} />);
    expect(container.querySelector('.atrium-rc')).not.toBeNull();
    const headings = everyNode().filter((n) => n.type === 'HEADING');
    expect(headings.length).toBeGreaterThan(1);
    expect(screen.getAllByRole('heading').map((h) => h.tagName)).toEqual(
      headings.map((h) => `H${(h.headingData as { level: number }).level}`),
    );
    expect(container.querySelector('script')).toBeNull();
  });
});

describe('text blocks', () => {
  it('PARAGRAPH: a <p> with alignment, line height, indentation and the node style; empty → <br>', () => {
    const container = draw([
      {
        type: 'PARAGRAPH',
        style: { paddingTop: '12px', backgroundColor: '#ffeeaa' },
        paragraphData: { textStyle: { textAlignment: 'RIGHT', lineHeight: '1.5' }, indentation: 2 },
        nodes: [text('hello')],
      },
      p(),
    ]);
    const [first, empty] = container.querySelectorAll('p');
    expect(first!.textContent).toBe('hello');
    expect(first!.style.textAlign).toBe('right');
    expect(first!.style.lineHeight).toBe('1.5');
    expect(first!.style.paddingTop).toBe('12px');
    expect(first!.getAttribute('style')).toContain('calc(2 * var(--atrium-rc-indent, 1.5em))');
    expect(empty!.innerHTML).toBe('<br>');
  });

  it('TEXT: text is escaped, line breaks become <br>', () => {
    const container = draw([p(text('<img src=x onerror="alert(1)">\nline two'))]);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('p')!.textContent).toBe('<img src=x onerror="alert(1)">line two');
    expect(container.querySelectorAll('p br')).toHaveLength(1);
  });

  it('HEADING: level → tag, renderedLevel overrides the tag, the level stays as class; an id for anchors', () => {
    draw([
      node('HEADING', 'headingData', { level: 1 }, [text('One')]),
      { ...node('HEADING', 'headingData', { level: 2, renderedLevel: 3 }, [text('Two')]), id: 'h2' },
      node('HEADING', 'headingData', { level: 9 }, [text('Clamped')]),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'One' })).toBeTruthy();
    const two = screen.getByRole('heading', { level: 3, name: 'Two' });
    expect(two.className).toContain('atrium-rc-h2');
    expect(two.id).toBe('rc-h2');
    expect(screen.getByRole('heading', { level: 6, name: 'Clamped' })).toBeTruthy();
  });

  it('BULLETED_LIST, ORDERED_LIST (start), LIST_ITEM and nesting: list semantics', () => {
    draw([
      node('BULLETED_LIST', 'bulletedListData', { indentation: 1 }, [li('a'), li('b')]),
      node('ORDERED_LIST', 'orderedListData', { start: 5 }, [li('five')]),
    ]);
    const [ul, ol] = screen.getAllByRole('list');
    expect(ul!.tagName).toBe('UL');
    expect(within(ul!).getAllByRole('listitem')).toHaveLength(2);
    expect(ol!.tagName).toBe('OL');
    expect(ol!.getAttribute('start')).toBe('5');
  });

  it('CHECKBOX_LIST: read-only checkboxes labelled by their item', () => {
    draw([node('CHECKBOX_LIST', 'checkboxListData', {}, [li('done', { checked: true }), li('open')])]);
    const done = screen.getByRole('checkbox', { name: 'done' }) as HTMLInputElement;
    expect(done.checked).toBe(true);
    expect(done.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'open' }) as HTMLInputElement).checked).toBe(false);
  });

  it('BLOCKQUOTE and CODE_BLOCK: <blockquote>, <pre><code> keeping line breaks', () => {
    const container = draw([
      node('BLOCKQUOTE', 'blockquoteData', { indentation: 1 }, [p(text('quoted'))]),
      node('CODE_BLOCK', 'codeBlockData', {}, [text('a <b>\n  c')]),
    ]);
    expect(container.querySelector('blockquote p')!.textContent).toBe('quoted');
    expect(container.querySelector('pre > code')!.textContent).toBe('a <b>\n  c');
  });

  it('DIVIDER: an <hr> with its style, width, alignment and colour', () => {
    const container = draw([
      node('DIVIDER', 'dividerData', {
        lineStyle: 'DOTTED',
        width: 'SMALL',
        alignment: 'RIGHT',
        styles: { color: '#123456' },
      }),
    ]);
    const hr = container.querySelector('hr')!;
    expect([hr.dataset.lineStyle, hr.dataset.width, hr.dataset.alignment]).toEqual([
      'DOTTED',
      'SMALL',
      'RIGHT',
    ]);
    expect(hr.getAttribute('style')).toContain('#123456');
  });

  it('TABLE, TABLE_ROW, TABLE_CELL: header row and column with scope, spans, widths, cell styles', () => {
    const cell = (value: string, data: object = {}) =>
      node('TABLE_CELL', 'tableCellData', data, [p(text(value))]);
    draw([
      node(
        'TABLE',
        'tableData',
        {
          rowHeader: true,
          columnHeader: true,
          altText: 'Prices',
          dimensions: { colsWidthRatio: [1, 3], rowsHeight: [30] },
        },
        [
          { type: 'TABLE_ROW', nodes: [cell('Item'), cell('Price')] },
          {
            type: 'TABLE_ROW',
            nodes: [
              cell('Tea'),
              cell('2 €', {
                colspan: 2,
                rowspan: 3,
                cellStyle: { verticalAlignment: 'BOTTOM', backgroundColor: '#eeeeee' },
                borderColors: { left: '#ff0000' },
                borderWidths: { left: 2 },
              }),
            ],
          },
        ],
      ),
    ]);
    const table = screen.getByRole('table', { name: 'Prices' });
    expect(table.querySelectorAll('col')[1]!.getAttribute('style')).toContain('75%');
    expect(screen.getByRole('columnheader', { name: 'Item' }).getAttribute('scope')).toBe('col');
    expect(screen.getByRole('rowheader', { name: 'Tea' }).getAttribute('scope')).toBe('row');
    expect(table.querySelector('thead tr')!.getAttribute('style')).toContain('30px');
    const price = screen.getByRole('cell', { name: '2 €' });
    expect([price.getAttribute('colspan'), price.getAttribute('rowspan')]).toEqual(['2', '3']);
    expect(price.style.verticalAlign).toBe('bottom');
    expect(price.style.borderLeftWidth).toBe('2px');
  });

  it('COLLAPSIBLE_LIST, ITEM, ITEM_TITLE, ITEM_BODY: <details>/<summary>, the first open, one at a time', () => {
    const item = (title: string) => ({
      type: 'COLLAPSIBLE_ITEM',
      nodes: [
        { type: 'COLLAPSIBLE_ITEM_TITLE', nodes: [p(text(title))] },
        { type: 'COLLAPSIBLE_ITEM_BODY', nodes: [p(text(`${title} body`))] },
      ],
    });
    const container = draw([
      {
        ...node(
          'COLLAPSIBLE_LIST',
          'collapsibleListData',
          { expandOnlyOne: true, initialExpandedItems: 'FIRST', direction: 'RTL' },
          [item('A'), item('B')],
        ),
        id: 'faq',
      },
      node('COLLAPSIBLE_LIST', 'collapsibleListData', { initialExpandedItems: 'ALL' }, [
        item('C'),
        item('D'),
      ]),
    ]);
    const details = [...container.querySelectorAll('details')];
    expect(details.map((d) => d.open)).toEqual([true, false, true, true]);
    expect(details.map((d) => d.getAttribute('name'))).toEqual(['rc-faq', 'rc-faq', null, null]);
    expect(details[0]!.querySelector('summary')!.textContent).toBe('A');
    expect(details[0]!.querySelector('summary p')).toBeNull();
    expect(container.querySelector('.atrium-rc-collapsible')!.getAttribute('dir')).toBe('rtl');
  });

  it('LAYOUT and LAYOUT_CELL: a 12-column grid, cells spanning colSpan', () => {
    const container = draw([
      node(
        'LAYOUT',
        'layoutData',
        { gap: 24, cellVerticalAlignment: 'MIDDLE', responsivenessBehaviour: 'WRAP' },
        [
          node('LAYOUT_CELL', 'layoutCellData', { colSpan: 4 }, [p(text('left'))]),
          node('LAYOUT_CELL', 'layoutCellData', { colSpan: 99 }, [p(text('right'))]),
        ],
      ),
    ]);
    const layout = container.querySelector<HTMLElement>('.atrium-rc-layout')!;
    expect(layout.dataset.responsive).toBe('WRAP');
    expect(layout.style.gap).toBe('24px');
    const cells = [...layout.querySelectorAll('.atrium-rc-layout-cell')].map((c) => c.getAttribute('style'));
    expect(cells).toEqual(['--atrium-rc-span: 4;', '--atrium-rc-span: 12;']);
  });

  it('CARD, SMART_BLOCK, SMART_BLOCK_CELL, EXTERNAL: containers rendering their children', () => {
    const container = draw([
      node('CARD', 'cardData', { background: { color: '#fafafa' } }, [p(text('in card'))]),
      node('SMART_BLOCK', 'smartBlockData', { type: 'PILLS' }, [
        node('SMART_BLOCK_CELL', 'smartBlockCellData', { label: 'Label' }, [p(text('cell'))]),
      ]),
      node('EXTERNAL', 'externalData', {}, [p(text('external child'))]),
    ]);
    expect(container.querySelector('.atrium-rc-card')!.textContent).toBe('in card');
    expect(container.querySelector<HTMLElement>('.atrium-rc-smart')!.dataset.type).toBe('PILLS');
    expect(container.querySelector('.atrium-rc-smart-cell')!.textContent).toBe('Labelcell');
    expect(screen.getByText('external child').tagName).toBe('P');
  });

  it('TOC: a navigation landmark linking to the included headings', () => {
    draw([
      node('TOC', 'tocData', { includedHeadings: [2], listStyle: 'PLAIN' }),
      { type: 'HEADING', id: 'x', headingData: { level: 2 }, nodes: [text('Section')] },
      { type: 'HEADING', id: 'y', headingData: { level: 4 }, nodes: [text('Excluded')] },
    ]);
    const nav = screen.getByRole('navigation', { name: 'Table of contents' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Section', '#rc-x']]);
  });

  it('CAPTION: the caption of its media, in <figcaption>', () => {
    draw([
      node('IMAGE', 'imageData', { image: IMAGE, altText: 'alt' }, [
        node('CAPTION', 'captionData', {}, [text('My caption')]),
      ]),
    ]);
    expect(screen.getByRole('figure').querySelector('figcaption')!.textContent).toBe('My caption');
  });
});

describe('media', () => {
  it('IMAGE: through the media helpers, srcset, crop, lazy, sized, alt, link', () => {
    draw([
      node('IMAGE', 'imageData', {
        image: IMAGE,
        altText: 'A cat',
        crop: { x: 0.5, y: 0, width: 0.5, height: 0.5 },
        link: { url: 'https://example.com', target: 'BLANK' },
        containerData: { width: { size: 'SMALL' }, alignment: 'LEFT' },
      }),
    ]);
    const img = screen.getByRole('img', { name: 'A cat' }) as HTMLImageElement;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('src')).toMatch(
      /^http:\/\/platform\.test\/media\/photo\.jpg\/v1\/crop\/x_800,y_0,w_800,h_600\/fill\//,
    );
    expect(img.getAttribute('srcset')).toMatch(/ 320w, .* 700w$/);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['350', '263']);
    const figure = screen.getByRole('figure');
    expect([figure.dataset.width, figure.dataset.align]).toEqual(['SMALL', 'LEFT']);
    expect(img.closest('a')!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('IMAGE: a focal point without crop is kept in view; decorative images have alt=""; external URLs as they are', () => {
    const container = draw([
      node('IMAGE', 'imageData', { image: { ...IMAGE, focalPoint: { x: 20, y: 80 } }, altText: 'fp' }),
      node('IMAGE', 'imageData', {
        image: { src: { url: 'https://cdn.test/a.png' } },
        decorative: true,
        altText: 'ignored',
      }),
    ]);
    const fp = screen.getByRole('img', { name: 'fp' });
    expect(fp.getAttribute('src')).toContain('fp_0.20_0.80');
    expect(fp.style.objectPosition).toBe('20% 80%');
    const decorative = container.querySelector('img[src="https://cdn.test/a.png"]')!;
    expect(decorative.getAttribute('alt')).toBe('');
  });

  it('GALLERY: a labelled list of items with alt text, links and videos, without the Gallery component', () => {
    draw([
      node('GALLERY', 'galleryData', {
        items: [
          { image: { media: IMAGE }, altText: 'First', title: 'One' },
          { image: { media: IMAGE, link: { url: 'https://example.com/2' } }, title: 'Two' },
          { video: { media: { src: { id: 'clip.mp4' } } }, title: 'Clip' },
        ],
        options: { layout: { type: 'GRID', numberOfColumns: 2 }, item: { ratio: 1 } },
      }),
    ]);
    const list = screen.getByRole('list', { name: 'Gallery' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(list.getAttribute('style')).toContain('--atrium-rc-columns: 2');
    expect(within(list).getByRole('img', { name: 'First' }).getAttribute('src')).toContain('/fill/w_');
    expect(within(list).getByRole('link').getAttribute('href')).toBe('https://example.com/2');
    expect(list.querySelector('video')!.getAttribute('src')).toBe('http://platform.test/media/clip.mp4');
  });

  it('VIDEO: YouTube on youtube-nocookie.com and Vimeo with dnt=1 behind a poster until played, sandboxed and titled; platform media in <video controls>', () => {
    const video = (src: object, extra: object = {}) =>
      node('VIDEO', 'videoData', { video: { src }, ...extra });
    const container = draw([
      video({ url: 'https://youtu.be/dQw4w9WgXcQ' }, { title: 'YT', thumbnail: IMAGE }),
      video({ url: 'https://vimeo.com/123456/abcdef' }, { title: 'Vim' }),
      video(
        { id: 'movie.mp4' },
        {
          title: 'Own',
          options: { autoPlay: true, playInLoop: true, showControls: false },
          thumbnail: IMAGE,
        },
      ),
      video({ url: 'javascript:alert(1)' }),
    ]);
    // Nothing of the players' hosts loads before a press: a poster from the platform, and the host.
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
    const facade = screen.getByRole('button', { name: 'Play: YT' });
    expect(facade.querySelector('img')?.getAttribute('src')).toMatch(
      /^http:\/\/platform\.test\/media\/photo\.jpg/,
    );
    expect(facade.textContent).toContain('www.youtube-nocookie.com');
    fireEvent.click(facade);
    const yt = screen.getByTitle('YT');
    expect(yt.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(yt.getAttribute('sandbox')).toContain('allow-scripts');
    fireEvent.click(screen.getByRole('button', { name: 'Play: Vim' }));
    expect(screen.getByTitle('Vim').getAttribute('src')).toBe(
      'https://player.vimeo.com/video/123456?dnt=1&h=abcdef&autoplay=1',
    );
    const own = container.querySelector('video')!;
    expect(own.getAttribute('src')).toBe('http://platform.test/media/movie.mp4');
    expect(own.getAttribute('aria-label')).toBe('Own');
    // Autoplay keeps the controls (it must be possible to pause), muted.
    expect([own.controls, own.autoplay, own.loop, own.muted]).toEqual([true, true, true, true]);
    expect(own.getAttribute('poster')).toContain('photo.jpg');
    expect(container.querySelectorAll('figure')).toHaveLength(3);
  });

  it('AUDIO: <audio controls> labelled by its name, with author and cover; html audio sandboxed', () => {
    const container = draw([
      node('AUDIO', 'audioData', {
        audio: { src: { id: 'song.mp3' } },
        name: 'Song',
        authorName: 'Band',
        coverImage: IMAGE,
      }),
      node('AUDIO', 'audioData', { html: '<iframe src="https://w.soundcloud.com"></iframe>', name: 'Cloud' }),
    ]);
    const audio = container.querySelector('audio')!;
    expect([audio.controls, audio.getAttribute('aria-label'), audio.getAttribute('src')]).toEqual([
      true,
      'Song',
      'http://platform.test/media/song.mp3',
    ]);
    expect(container.querySelector('figcaption')!.textContent).toBe('SongBand');
    const frame = screen.getByTitle('Cloud');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
  });

  it('FILE: a download link with name, type and size; none for private files', () => {
    draw([
      node('FILE', 'fileData', { src: { id: 'doc.pdf' }, name: 'Doc.pdf', type: 'pdf', sizeInKb: 2048 }),
      node('FILE', 'fileData', { src: { id: 'secret.pdf', private: true }, name: 'Secret.pdf', size: 500 }),
    ]);
    const link = screen.getByRole('link', { name: /Doc\.pdf/ });
    expect(link.getAttribute('href')).toBe('http://platform.test/media/doc.pdf');
    expect(link.getAttribute('download')).toBe('Doc.pdf');
    expect(link.textContent).toBe('Doc.pdfPDF · 2 MBDownload');
    expect(screen.getByText('Secret.pdf').closest('a')).toBeNull();
    expect(screen.getByText('500 B')).toBeTruthy();
  });

  it('GIF: lazy <img>, its still image for reduced motion', () => {
    const container = draw([
      node('GIF', 'gifData', {
        original: { gif: 'https://g.test/a.gif', still: 'https://g.test/a.jpg' },
        width: 200,
        height: 100,
      }),
    ]);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('https://g.test/a.gif');
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    const source = container.querySelector('source')!;
    expect([source.getAttribute('media'), source.getAttribute('srcset')]).toEqual([
      '(prefers-reduced-motion: reduce)',
      'https://g.test/a.jpg',
    ]);
  });

  it('SHAPE: its image with alt text', () => {
    draw([
      node('SHAPE', 'shapeData', {
        shape: { src: { id: 'star.svg' }, width: 50, height: 50 },
        altText: 'Star',
      }),
    ]);
    expect(screen.getByRole('img', { name: 'Star' }).getAttribute('src')).toContain('star.svg');
  });

  it('containerData.spoiler: media hidden behind a button with aria-expanded', () => {
    const container = draw([
      node('IMAGE', 'imageData', {
        image: IMAGE,
        altText: 'hidden',
        containerData: { spoiler: { enabled: true, description: 'Careful', buttonText: 'Show' } },
      }),
    ]);
    const button = screen.getByRole('button', { name: 'Show' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('[inert]')!.querySelector('img')).not.toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelector('[inert]')).toBeNull();
  });
});

describe('embeds and interactive nodes', () => {
  it('BUTTON: LINK buttons are links with target and rel; ACTION buttons are buttons; colours validated', () => {
    draw([
      node('BUTTON', 'buttonData', {
        type: 'LINK',
        text: 'Go',
        link: { url: 'https://example.com', target: 'BLANK', rel: { sponsored: true } },
        styles: { colors: { text: '#ffffff', background: 'red;background:url(javascript:alert(1))' } },
      }),
      node('BUTTON', 'buttonData', { type: 'ACTION', text: 'Act' }),
    ]);
    const link = screen.getByRole('link', { name: 'Go' });
    expect([link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      '_blank',
      'sponsored noopener noreferrer',
    ]);
    expect(link.getAttribute('style')).toBe('color: #ffffff;');
    expect(screen.getByRole('button', { name: 'Act' }).getAttribute('type')).toBe('button');
  });

  it('LINK_PREVIEW: a card linking to the page with title, description and host', () => {
    draw([
      node('LINK_PREVIEW', 'linkPreviewData', {
        link: { url: 'https://news.test/a' },
        title: 'Title',
        description: 'Desc',
        thumbnailUrl: 'https://news.test/t.jpg',
      }),
    ]);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://news.test/a');
    expect(link.textContent).toBe('TitleDescnews.test');
    expect(link.querySelector('img')!.getAttribute('alt')).toBe('');
  });

  it('EMBED: oEmbed HTML in a sandboxed srcdoc frame without allow-same-origin; YouTube as the nocookie player', () => {
    draw([
      node('EMBED', 'embedData', {
        oembed: { html: '<script>alert(1)</script>', title: 'Post', width: 400, height: 300 },
      }),
      node('EMBED', 'embedData', {
        oembed: { type: 'video', url: 'https://www.youtube.com/watch?v=abcdefghijk', title: 'Clip' },
      }),
    ]);
    const post = screen.getByTitle('Post');
    expect(post.getAttribute('srcdoc')).toBe('<script>alert(1)</script>');
    expect(post.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(post.getAttribute('src')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play: Clip' }));
    expect(screen.getByTitle('Clip').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1',
    );
  });

  it('a player pressed offline says its host cannot be reached, and loads nothing', () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const container = draw([
        node('VIDEO', 'videoData', { video: { src: { url: 'https://youtu.be/dQw4w9WgXcQ' } }, title: 'YT' }),
      ]);
      const facade = screen.getByRole('button', { name: 'Play: YT' });
      fireEvent.click(facade);
      expect(container.querySelectorAll('iframe')).toHaveLength(0);
      expect(facade.textContent).toContain('www.youtube-nocookie.com cannot be reached');
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });

  it('reads the hosted media CDN URL of a stored image as the platform file (link preview thumbnails)', () => {
    const container = draw([
      node('LINK_PREVIEW', 'linkPreviewData', {
        link: { url: 'https://example.com/guide' },
        title: 'Guide',
        thumbnailUrl: 'https://static.wixstatic.com/media/thumb.jpg',
      }),
      node('LINK_PREVIEW', 'linkPreviewData', {
        link: { url: 'https://example.com/other' },
        title: 'Other',
        thumbnailUrl: 'https://images.example.com/media/thumb.jpg',
      }),
    ]);
    const [own, other] = [...container.querySelectorAll('img')];
    expect(own?.getAttribute('src')).toMatch(/^http:\/\/platform\.test\/media\/thumb\.jpg/);
    expect(other?.getAttribute('src')).toBe('https://images.example.com/media/thumb.jpg');
  });

  it('HTML: html in a sandboxed srcdoc frame, https urls in a sandboxed frame, others dropped', () => {
    const container = draw([
      node('HTML', 'htmlData', { html: '<b>hi</b>', containerData: { height: { custom: 320 } } }),
      node('HTML', 'htmlData', { url: 'https://widget.test/' }),
      node('HTML', 'htmlData', { url: 'javascript:alert(1)' }),
      node('HTML', 'htmlData', { widgetId: 'w1' }),
    ]);
    const frames = [...container.querySelectorAll('iframe')];
    expect(frames).toHaveLength(2);
    expect(frames[0]!.getAttribute('srcdoc')).toBe('<b>hi</b>');
    expect(frames[0]!.style.height).toBe('320px');
    expect(frames[1]!.getAttribute('src')).toBe('https://widget.test/');
    for (const frame of frames) {
      expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
      expect(frame.getAttribute('title')).toBe('Embedded content');
    }
  });

  it('MAP: a link to the location', () => {
    draw([
      node('MAP', 'mapData', {
        mapSettings: { lat: 1.5, lng: 'NaN', address: 'Main St 1', locationName: 'Shop' },
      }),
    ]);
    const link = screen.getByRole('link', { name: 'Open map: Shop' });
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/search?query=Main%20St%201');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('POLL: title, options and read-only results', () => {
    const poll = node('POLL', 'pollData', {
      poll: {
        id: 'p1',
        title: 'Best?',
        options: [
          { id: 'a', title: 'A' },
          { id: 'b', title: 'B' },
        ],
      },
      layout: { poll: { type: 'GRID' } },
    });
    draw([poll], { pollResults: { p1: { a: 3, b: 1 } } });
    const figure = screen.getByRole('figure');
    expect(figure.querySelector('figcaption')!.textContent).toBe('Best?');
    expect(figure.dataset.layout).toBe('GRID');
    expect(
      within(figure)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A3 votes (75%)', 'B1 votes (25%)']);
    expect(within(figure).queryByRole('button')).toBeNull();
  });

  it('APP_EMBED: a card with image, name, price and a link', () => {
    draw([
      node('APP_EMBED', 'appEmbedData', {
        type: 'EVENT',
        name: 'Concert',
        url: 'https://shop.test/e',
        image: IMAGE,
        eventData: { scheduling: 'May 1, 20:00', location: 'Hall' },
        pricingData: { valueFrom: '10', valueTo: '20', currency: 'USD' },
        hideLocation: true,
      }),
    ]);
    const card = screen.getByRole('article');
    expect(card.dataset.type).toBe('EVENT');
    expect(card.textContent).toContain('Concert');
    expect(card.textContent).toContain('10 – 20 USD');
    expect(card.textContent).toContain('May 1, 20:00');
    expect(card.textContent).not.toContain('Hall');
    expect(within(card).getByRole('link', { name: 'View: Concert' }).getAttribute('href')).toBe(
      'https://shop.test/e',
    );
  });
});

describe('unknown node types and malformed documents', () => {
  it('render their children, or nothing, and never throw', () => {
    const container = draw([
      { type: 'FUTURE_NODE', nodes: [p(text('kept'))] } as RichContentNodeLike,
      { type: 'ANOTHER' } as RichContentNodeLike,
      {} as RichContentNodeLike,
      { type: 'IMAGE', imageData: 'not an object' } as unknown as RichContentNodeLike,
      { type: 'TABLE', nodes: 'nope' } as unknown as RichContentNodeLike,
      { type: 'PARAGRAPH', nodes: [null, 42, text('ok')] } as unknown as RichContentNodeLike,
    ]);
    expect(container.textContent).toBe('keptok');
  });

  it('accepts null content, a bare node array, and absurd nesting', () => {
    expect(render(<RichContent content={null} />).container.textContent).toBe('');
    let deep: RichContentNodeLike = p(text('deep'));
    for (let i = 0; i < 500; i++) deep = { type: 'BLOCKQUOTE', nodes: [deep] };
    const { container } = render(<RichContent content={[p(text('bare')), deep]} />);
    expect(container.textContent).toBe('bare');
  });
});

/** What an app passes to draw rich content galleries with the Gallery component. */
const GalleryOverride: RichContentNodeComponent = ({ data }) => (
  <Gallery items={richGalleryItems(data)} label="Post gallery" />
);

describe('the entry point', () => {
  it('imports nothing of the rest of the package at run time (the Gallery component stays out)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = import.meta.dirname;
    const sources = readdirSync(dir).filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'));
    for (const name of sources) {
      const code = readFileSync(`${dir}/${name}`, 'utf8');
      expect(code.match(/^import (?!type )[^;]*from '\.\.\//gm) ?? [], name).toEqual([]);
    }
  });

  it('richGalleryItems feeds the Gallery component through components.GALLERY', () => {
    const items = richGalleryItems({
      items: [
        { image: { media: IMAGE }, title: 'One', id: 'i1' },
        { video: { media: { src: { url: 'https://youtu.be/abcdefghijk' } } } },
      ],
    });
    expect(items[0]).toMatchObject({
      _id: 'i1',
      type: 'IMAGE',
      title: 'One',
      image: { imageInfo: 'wix:image://v1/photo.jpg/photo.jpg#originWidth=1600&originHeight=1200' },
    });
    expect(items[1]).toMatchObject({ type: 'VIDEO', video: { videoInfo: 'https://youtu.be/abcdefghijk' } });
    draw([node('GALLERY', 'galleryData', { items: [{ image: { media: IMAGE }, title: 'One' }] })], {
      components: { GALLERY: GalleryOverride },
    });
    expect(screen.getByRole('region', { name: 'Post gallery' })).toBeTruthy();
  });
});
