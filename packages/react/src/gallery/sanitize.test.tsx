import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { decodeEntities, isSafeUrl, linkRel, renderSafeNodes, sanitizeHtml, textOf } from './sanitize.js';

/** What the sanitised tree renders to (React escapes the text). */
const clean = (html: string) =>
  renderToStaticMarkup(<div>{renderSafeNodes(sanitizeHtml(html))}</div>).slice(
    '<div>'.length,
    -'</div>'.length,
  );

describe('sanitizeHtml', () => {
  it('keeps formatting elements and text', () => {
    expect(
      clean(
        '<h2>Title</h2><p>Some <strong>bold</strong>, <em>em</em> and <u>u</u><br>text</p><ul><li>a</li></ul>',
      ),
    ).toBe(
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>em</em> and <u>u</u><br/>text</p><ul><li>a</li></ul>',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT src=//evil.example></SCRIPT>ok', 'ok'],
    ['<script>document.write("</p><img src=x onerror=alert(1)>")</script>ok', 'ok'],
    ['<style>body{display:none}</style>ok', 'ok'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<svg><script>alert(1)</script><a href="javascript:alert(1)">x</a></svg>ok', 'ok'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok', 'ok'],
    // Raw text ends at its end tag, as in browsers; the image after it is dropped, the rest is text.
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">ok', '&quot;&gt;ok'],
    ['<img src=x onerror=alert(1)>ok', 'ok'],
    ['<p onclick="alert(1)" style="background:url(javascript:alert(1))" class="x">ok</p>', '<p>ok</p>'],
    ['<p title="a" onmouseover=alert(1)>ok</p>', '<p title="a">ok</p>'],
    ['<form action="/x"><input name=a><button>go</button></form>', 'go'],
    ['<object data="x.swf"></object><embed src="x.swf">ok', 'ok'],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['<![CDATA[<script>alert(1)</script>]]>ok', 'alert(1)]]&gt;ok'],
    ['<p>a < b & c > d</p>', '<p>a &lt; b &amp; c &gt; d</p>'],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ])('%s → %s', (input, output) => {
    expect(clean(input)).toBe(output);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
  ])('drops the link target %s', (href) => {
    expect(clean(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
  });

  it('keeps safe links, forcing noopener noreferrer on new windows and dropping unknown targets', () => {
    expect(
      clean('<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="nofollow evil">x</a>'),
    ).toBe(
      '<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
    expect(clean('<a href="/page#top" target="frame">x</a>')).toBe('<a href="/page#top">x</a>');
    expect(clean('<a href="mailto:a@example.com">m</a>')).toBe('<a href="mailto:a@example.com">m</a>');
  });

  it('unwraps unknown elements, closes what is left open and ignores stray end tags', () => {
    expect(clean('<custom-el><p>a<b>b</custom-el></p></div>c')).toBe('<p>a<b>b</b></p>c');
    expect(clean('<p>unterminated <b')).toBe('<p>unterminated </p>');
  });

  it('bounds the nesting depth', () => {
    const deep = `${'<div>'.repeat(500)}x${'</div>'.repeat(500)}`;
    const markup = clean(deep);
    expect(markup.match(/<div>/g)!.length).toBeLessThanOrEqual(40);
    expect(markup).toContain('x');
  });

  it('handles large input in linear time (no slicing per tag)', () => {
    const html = '<p><b>x</b></p>'.repeat(10_000);
    expect(sanitizeHtml(html)).toHaveLength(10_000);
  });

  it('extracts plain text', () => {
    expect(textOf(sanitizeHtml('<h3>Title</h3><p>Body &amp; more</p>'))).toBe('Title Body & more');
  });
});

describe('helpers', () => {
  it('decodes character references', () => {
    expect(decodeEntities('&amp;&lt;&gt;&quot;&#39;&#x41;&nbsp;&unknown;&#0;')).toBe(
      '&<>"\'A\u00a0&unknown;\ufffd',
    );
  });

  it('accepts only http(s), mailto:, tel: and relative URLs', () => {
    expect(
      ['https://a.example', 'http://a.example', 'mailto:x@y', 'tel:+1', '/p', '#a', 'page?x=1'].every(
        isSafeUrl,
      ),
    ).toBe(true);
    expect(['javascript:x', 'data:x', 'file:///etc/passwd', 'blob:x'].some(isSafeUrl)).toBe(false);
  });

  it('keeps the known rel values', () => {
    expect(linkRel(['nofollow', 'SPONSORED', 'bogus'], undefined)).toBe('nofollow sponsored');
    expect(linkRel('noreferrer', '_blank')).toBe('noreferrer noopener');
    expect(linkRel(null, undefined)).toBeUndefined();
  });
});
