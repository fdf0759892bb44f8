import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BLOCK_PREVIEWS, BlockPreview, formatBytes, formatDuration } from './block-previews.js';

// The editor's previews of the blocks it keeps without editing: each shows its own data, as text,
// and loads nothing from another host.

const html = (rc: Record<string, unknown>) => renderToStaticMarkup(<BlockPreview rc={rc} />);
/** Every address the markup would load (img src). */
const loads = (markup: string) =>
  [...markup.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)].map((match) => match[1]);

describe('block previews', () => {
  it('audio: its name, author and duration, the cover from the media store', () => {
    const markup = html({
      type: 'AUDIO',
      audioData: {
        audio: { src: { id: 'a1b2c3' }, duration: 65 },
        name: 'Dawn chorus',
        authorName: 'The Courtyard Garden',
        coverImage: { src: { id: 'cover1' } },
      },
    });
    expect(markup).toContain('Dawn chorus');
    expect(markup).toContain('The Courtyard Garden · 1:05');
    expect(loads(markup)).toEqual(['/media/cover1']);
  });

  it('file: an icon of its type, its name and size', () => {
    const markup = html({
      type: 'FILE',
      fileData: { src: { id: 'f1' }, name: 'rota.pdf', type: 'pdf', size: 1_572_864 },
    });
    expect(markup).toContain('rota.pdf');
    expect(markup).toContain('PDF · 1.5 MB');
    expect(markup).toMatch(/rc-preview-icon[^>]*>PDF</);
  });

  it('HTML: the code as text in a <pre>, never as HTML', () => {
    const markup = html({
      type: 'HTML',
      htmlData: { html: '<p>Sunrise <b>06:12</b></p><script>parent.document.title = "pwned"</script>' },
    });
    expect(markup).toContain('<pre class="rc-preview-code"><code>');
    expect(markup).toContain('&lt;script&gt;parent.document.title');
    expect(markup).not.toContain('<script');
    expect(markup).not.toContain('<b>');
  });

  it('embed: the provider, title and address; a poster only from the media store', () => {
    const external = html({
      type: 'EMBED',
      embedData: {
        oembed: {
          title: 'Planting calendar',
          providerName: 'Example',
          url: 'https://example.com/calendar',
          thumbnailUrl: 'https://example.com/poster.jpg',
        },
      },
    });
    expect(external).toContain('Example: Planting calendar');
    expect(external).toContain('https://example.com/calendar');
    expect(loads(external)).toEqual([]);
    const stored = html({
      type: 'EMBED',
      embedData: { oembed: { url: 'https://video.example/v', thumbnailUrl: '/media/poster1' } },
    });
    expect(stored).toContain('video.example');
    expect(loads(stored)).toEqual(['/media/poster1']);
  });

  it('map: the place, its address and coordinates as text, no tiles', () => {
    const markup = html({
      type: 'MAP',
      mapData: {
        mapSettings: {
          locationName: 'The Courtyard Garden',
          address: '12 Orchard Row',
          lat: 51.5205,
          lng: -0.0985,
        },
      },
    });
    for (const text of ['The Courtyard Garden', '12 Orchard Row', '51.5205, -0.0985'])
      expect(markup).toContain(text);
    expect(loads(markup)).toEqual([]);
    expect(markup).not.toContain('http');
  });

  it('poll: the question and its options', () => {
    const markup = html({
      type: 'POLL',
      pollData: {
        poll: { title: 'What should we grow?', options: [{ title: 'Beans' }, { title: 'Squash' }, {}] },
      },
    });
    expect(markup).toContain('What should we grow?');
    expect([...markup.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1])).toEqual([
      'Beans',
      'Squash',
      'Option 3',
    ]);
  });

  it('button: its label styled with its colours, and where it links', () => {
    const markup = html({
      type: 'BUTTON',
      buttonData: {
        type: 'LINK',
        text: 'Join the rota',
        link: { url: 'https://example.com/rota' },
        styles: {
          border: { radius: 12 },
          colors: { text: '#ffffff', background: '#15803d', border: 'red;x' },
        },
      },
    });
    expect(markup).toMatch(
      /class="rc-preview-btn" style="[^"]*background-color:#15803d[^"]*">Join the rota</,
    );
    expect(markup).toContain('border-radius:12px');
    // A value that is no colour is left out.
    expect(markup).not.toContain('red;x');
    expect(markup).toContain('→ https://example.com/rota');
    expect(markup).not.toContain('<a ');
  });

  it('each of the seven looks different: its own class and content; other types have none', () => {
    expect(Object.keys(BLOCK_PREVIEWS).sort()).toEqual([
      'AUDIO',
      'BUTTON',
      'EMBED',
      'FILE',
      'HTML',
      'MAP',
      'POLL',
    ]);
    expect(html({ type: 'GIF', gifData: {} })).toBe('');
    expect(html({ type: 'AUDIO', audioData: {} })).toContain('Audio');
  });

  it('formats durations and sizes', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(12 * 1024)).toBe('12 KB');
  });
});
