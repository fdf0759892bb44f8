import { RICH_CONTENT_DECORATION_TYPES } from '@atrium/contract/routes/rich-content';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { everyNodeDocument, withUnderscoreIds } from './fixtures/every-node.js';
import {
  RichContent,
  type RichContentComponents,
  type RichContentDecorationComponents,
  type RichContentNodeLike,
} from './index.js';

afterEach(cleanup);

const text = (value: string, ...decorations: unknown[]): RichContentNodeLike => ({
  type: 'TEXT',
  textData: { text: value, decorations: decorations as never },
});
const p = (...nodes: RichContentNodeLike[]): RichContentNodeLike => ({ type: 'PARAGRAPH', nodes });
/** The markup of one decorated text, inside its paragraph. */
const decorate = (...decorations: unknown[]) => {
  const { container } = render(<RichContent content={[p(text('x', ...decorations))]} />);
  return container.querySelector('p')!.innerHTML;
};

describe('decorations', () => {
  it('the fixture holds every decoration type of the contract', () => {
    const json = JSON.stringify(everyNodeDocument);
    for (const type of RICH_CONTENT_DECORATION_TYPES) expect(json).toContain(`"type":"${type}"`);
  });

  it('BOLD: <strong>, its weight honoured', () => {
    expect(decorate({ type: 'BOLD', fontWeightValue: 700 })).toBe('<strong>x</strong>');
    expect(decorate({ type: 'BOLD' })).toBe('<strong>x</strong>');
    expect(decorate({ type: 'BOLD', fontWeightValue: 900 })).toBe(
      '<strong style="font-weight: 900;">x</strong>',
    );
    expect(decorate({ type: 'BOLD', fontWeightValue: 400 })).toBe('<span style="font-weight: 400;">x</span>');
  });

  it.each([
    ['ITALIC', 'italicData', 'em'],
    ['UNDERLINE', 'underlineData', 'u'],
    ['STRIKETHROUGH', 'strikethroughData', 's'],
    ['SUPERSCRIPT', 'superscriptData', 'sup'],
    ['SUBSCRIPT', 'subscriptData', 'sub'],
  ])('%s: <%s> unless its data is false', (type, field, tag) => {
    expect(decorate({ type, [field]: true })).toBe(`<${tag}>x</${tag}>`);
    expect(decorate({ type })).toBe(`<${tag}>x</${tag}>`);
    expect(decorate({ type, [field]: false })).toBe('x');
  });

  it('LINK: href, target, rel (noopener noreferrer added for new windows); anchors to node ids', () => {
    expect(
      decorate({
        type: 'LINK',
        linkData: { link: { url: 'https://a.test/', target: 'BLANK', rel: { nofollow: true, ugc: true } } },
      }),
    ).toBe(
      '<a class="atrium-rc-link" href="https://a.test/" target="_blank" rel="nofollow ugc noopener noreferrer">x</a>',
    );
    expect(decorate({ type: 'LINK', linkData: { link: { url: '/local', target: 'SELF' } } })).toBe(
      '<a class="atrium-rc-link" href="/local">x</a>',
    );
    expect(decorate({ type: 'LINK', linkData: { link: { anchor: 'n1', target: 'BLANK' } } })).toBe(
      '<a class="atrium-rc-link" href="#rc-n1">x</a>',
    );
  });

  it('ANCHOR: a link to a node of the document, which gets the matching DOM id', () => {
    const { container } = render(
      <RichContent
        content={[
          p(text('go', { type: 'ANCHOR', anchorData: { anchor: 'target' } })),
          { type: 'PARAGRAPH', id: 'target', nodes: [text('here')] },
          { type: 'PARAGRAPH', id: 'other', nodes: [text('no id')] },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'go' }).getAttribute('href')).toBe('#rc-target');
    expect(container.querySelector('#rc-target')!.textContent).toBe('here');
    expect(container.querySelectorAll('[id]')).toHaveLength(1);
  });

  it('MENTION: a span naming the member', () => {
    expect(
      decorate({ type: 'MENTION', mentionData: { name: 'Ada', slug: 'ada', id: 'm1', type: 'GROUP' } }),
    ).toBe(
      '<span class="atrium-rc-mention" data-mention-id="m1" data-mention-slug="ada" data-mention-type="GROUP">x</span>',
    );
  });

  it('COLOR: foreground and background, only valid colours', () => {
    expect(
      decorate({ type: 'COLOR', colorData: { foreground: '#ff0000', background: 'rgba(0, 0, 0, 0.5)' } }),
    ).toBe('<span style="color: #ff0000; background-color: rgba(0, 0, 0, 0.5);">x</span>');
    expect(
      decorate({ type: 'COLOR', colorData: { foreground: 'red;position:fixed', background: 'url(x)' } }),
    ).toBe('x');
  });

  it('FONT_SIZE: px or em, bounded; FONT_FAMILY: names only', () => {
    expect(decorate({ type: 'FONT_SIZE', fontSizeData: { unit: 'PX', value: 20 } })).toBe(
      '<span style="font-size: 20px;">x</span>',
    );
    expect(decorate({ type: 'FONT_SIZE', fontSizeData: { unit: 'EM', value: 1.5 } })).toBe(
      '<span style="font-size: 1.5em;">x</span>',
    );
    expect(decorate({ type: 'FONT_SIZE', fontSizeData: { value: 99999 } })).toBe(
      '<span style="font-size: 400px;">x</span>',
    );
    expect(decorate({ type: 'FONT_SIZE', fontSizeData: { value: '12px;color:red' } })).toBe('x');
    expect(decorate({ type: 'FONT_FAMILY', fontFamilyData: { value: 'Georgia, serif' } })).toBe(
      '<span style="font-family: Georgia, serif;">x</span>',
    );
    expect(decorate({ type: 'FONT_FAMILY', fontFamilyData: { value: 'a;background:url(//evil)' } })).toBe(
      'x',
    );
  });

  it('SPOILER: hidden and inert behind a button with aria-expanded; texts sharing an id reveal together', () => {
    const { container } = render(
      <RichContent
        content={[
          p(
            text('one', { type: 'SPOILER', spoilerData: { id: 's' } }),
            text(' two', { type: 'SPOILER', spoilerData: { id: 's' } }),
          ),
          p(text('three', { type: 'SPOILER' })),
        ]}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Reveal spoiler' });
    expect(buttons).toHaveLength(3);
    const content = document.getElementById(buttons[0]!.getAttribute('aria-controls')!)!;
    expect(content.textContent).toBe('one');
    expect(content.hasAttribute('inert')).toBe(true);
    expect(content.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(buttons[0]!);
    expect(buttons.map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'true', 'false']);
    expect(content.hasAttribute('inert')).toBe(false);
    expect(buttons[0]!.textContent).toBe('Hide spoiler');
    expect(container.querySelectorAll('[data-revealed="true"]')).toHaveLength(2);
  });

  it('SKETCH: a span with its variant and colour', () => {
    expect(decorate({ type: 'SKETCH', sketchData: { variant: 'BOX', color: '#00ff00' } })).toBe(
      '<span class="atrium-rc-sketch" data-variant="BOX" style="--atrium-rc-sketch-color: #00ff00;">x</span>',
    );
  });

  it('EXTERNAL and unknown decorations: the text as it is', () => {
    expect(decorate({ type: 'EXTERNAL' }, { type: 'FUTURE' }, null, 'junk')).toBe('x');
  });

  it('nests several decorations, the link outermost', () => {
    expect(
      decorate(
        { type: 'LINK', linkData: { link: { url: 'https://a.test/' } } },
        { type: 'BOLD' },
        { type: 'ITALIC' },
      ),
    ).toBe('<a class="atrium-rc-link" href="https://a.test/"><em><strong>x</strong></em></a>');
  });
});

describe('security', () => {
  const hostile: RichContentNodeLike[] = [
    p(
      text('js', { type: 'LINK', linkData: { link: { url: 'javascript:alert(1)' } } }),
      text('js2', { type: 'LINK', linkData: { link: { url: ' JaVa\tScRiPt:alert(1)' } } }),
      text('data', { type: 'LINK', linkData: { link: { url: 'data:text/html,<script>alert(1)</script>' } } }),
      text('vb', { type: 'LINK', linkData: { link: { url: 'vbscript:msgbox(1)' } } }),
      text('<img src=x onerror=alert(1)><script>alert(2)</script>'),
    ),
    { type: 'IMAGE', imageData: { image: { src: { url: 'javascript:alert(1)' } }, altText: 'bad' } },
    { type: 'IMAGE', imageData: { image: { src: { id: '"><script>alert(1)</script>' } } } },
    { type: 'BUTTON', buttonData: { type: 'LINK', text: 'btn', link: { url: 'javascript:alert(1)' } } },
    { type: 'LINK_PREVIEW', linkPreviewData: { link: { url: 'javascript:alert(1)' }, title: 'preview' } },
    { type: 'FILE', fileData: { src: { url: 'javascript:alert(1)' }, name: 'file' } },
    { type: 'APP_EMBED', appEmbedData: { url: 'javascript:alert(1)', name: 'app' } },
    {
      type: 'HTML',
      htmlData: { html: '<script>top.location="https://evil.test"</script><img src=x onerror=alert(1)>' },
    },
    { type: 'HTML', htmlData: { url: 'javascript:alert(1)' } },
    {
      type: 'EMBED',
      embedData: { oembed: { html: '<script>alert(1)</script>' }, src: 'javascript:alert(1)' },
    },
    { type: 'VIDEO', videoData: { video: { src: { url: 'data:video/mp4;base64,AAAA' } } } },
    { type: 'GIF', gifData: { original: { gif: 'javascript:alert(1)' } } },
    {
      type: 'PARAGRAPH',
      style: { backgroundColor: 'red;background-image:url(https://evil.test/x)' },
      nodes: [text('styled')],
    },
  ];

  it('drops javascript:, data: and other schemes from every href and src; document HTML stays in sandboxed srcdoc', () => {
    const { container } = render(<RichContent content={hostile} />);
    for (const element of container.querySelectorAll('[href], [src], [srcset], [poster]')) {
      for (const name of ['href', 'src', 'srcset', 'poster']) {
        expect(element.getAttribute(name) ?? '').not.toMatch(/^\s*(javascript|data|vbscript):/i);
      }
    }
    expect(container.querySelectorAll('script, object, embed')).toHaveLength(0);
    expect(container.querySelectorAll('[onerror], [onclick], [onload]')).toHaveLength(0);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    const frames = [...container.querySelectorAll('iframe')];
    expect(frames).toHaveLength(2);
    for (const frame of frames) {
      expect(frame.hasAttribute('srcdoc')).toBe(true);
      expect(frame.hasAttribute('src')).toBe(false);
      expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
      expect(frame.getAttribute('title')).toBeTruthy();
    }
    expect(container.querySelector('p')!.getAttribute('style')).toBeNull();
  });

  it('server markup, parsed, has no script elements, event handler attributes or unsafe URLs either', () => {
    const html = renderToStaticMarkup(<RichContent content={hostile} />);
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    expect(parsed.querySelectorAll('script, img, object, embed')).toHaveLength(0);
    for (const element of parsed.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/);
    }
    expect(html).not.toMatch(/(href|src)="\s*javascript/i);
  });
});

const components: RichContentComponents = {
  GALLERY: ({ data, nodeId }) => (
    <div data-testid="app-gallery">{`${nodeId}:${(data.items as unknown[]).length}`}</div>
  ),
  PARAGRAPH: ({ children, ancestors }) => (
    <div className="mine" data-depth={ancestors.length}>
      {children}
    </div>
  ),
  CUSTOM: ({ node }) => <aside>{String(node.type)}</aside>,
};

const decorations: RichContentDecorationComponents = {
  BOLD: ({ children }) => <b className="b">{children}</b>,
  MENTION: ({ data, children }) => <a href={`/members/${(data as { slug: string }).slug}`}>{children}</a>,
};

describe('overrides', () => {
  it('components replace a node type (here GALLERY and an unknown type) and get its data, id and children', () => {
    const { container } = render(
      <RichContent
        components={components}
        content={[
          { type: 'GALLERY', id: 'g', galleryData: { items: [{}, {}] } },
          p(text('para')),
          { type: 'CUSTOM' } as RichContentNodeLike,
        ]}
      />,
    );
    expect(screen.getByTestId('app-gallery').textContent).toBe('g:2');
    expect(container.querySelector('.mine')!.textContent).toBe('para');
    expect(container.querySelector('aside')!.textContent).toBe('CUSTOM');
  });

  it('decorations replace a decoration type', () => {
    render(
      <RichContent
        decorations={decorations}
        content={[
          p(text('bold', { type: 'BOLD' }), text('@ada', { type: 'MENTION', mentionData: { slug: 'ada' } })),
        ]}
      />,
    );
    expect(screen.getByText('bold').className).toBe('b');
    expect(screen.getByRole('link', { name: '@ada' }).getAttribute('href')).toBe('/members/ada');
  });

  it('labels translate the default renderers', () => {
    render(<RichContent labels={{ spoiler: 'Afficher' }} content={[p(text('x', { type: 'SPOILER' }))]} />);
    expect(screen.getByRole('button', { name: 'Afficher' })).toBeTruthy();
  });
});

describe('documents from webhook events', () => {
  it('renders `_id` documents as `id` ones (anchors, headings, collapsible groups)', () => {
    // The every-node document, and a collapsible list that opens one item at a time (a group).
    const faq = everyNodeDocument.nodes?.find((n) => n.type === 'COLLAPSIBLE_LIST');
    const grouped = { ...faq, id: 'group', collapsibleListData: { expandOnlyOne: true } };
    const document = { ...everyNodeDocument, nodes: [...(everyNodeDocument.nodes ?? []), grouped] };
    const a = renderToStaticMarkup(<RichContent content={document} />);
    const b = renderToStaticMarkup(<RichContent content={withUnderscoreIds(document)} />);
    expect(JSON.stringify(withUnderscoreIds(document))).not.toContain('"id"');
    expect(b).toBe(a);
    expect(b).toContain('href="#rc-recipes"');
    expect(b).toContain('id="rc-recipes"');
    expect(b).toContain('name="rc-group"');
  });
});
