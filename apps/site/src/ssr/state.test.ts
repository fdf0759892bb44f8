import { describe, expect, it } from 'vitest';
import { parseState, STATE_ELEMENT_ID, serializeState, stateScript } from './state';

describe('the hydration state', () => {
  it('round-trips JSON values and Dates, including an invalid one', () => {
    const value = {
      title: 'A post',
      published: new Date('2026-11-25T10:00:00.000Z'),
      list: [new Date(0), 1, 'two', null, { nested: new Date('2000-01-01T00:00:00Z') }],
      invalid: new Date(Number.NaN),
    };
    const back = parseState(serializeState(value)) as typeof value;
    expect(back.published).toBeInstanceOf(Date);
    expect(back.published.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect((back.list[0] as Date).getTime()).toBe(0);
    expect((back.list[4] as { nested: Date }).nested.toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(Number.isNaN(back.invalid.getTime())).toBe(true);
    expect(back.title).toBe('A post');
  });

  it('keeps objects that merely look like a tagged Date as they are', () => {
    // A key with U+0000 cannot come from the platform; other keys are left alone.
    const value = { date: { date: '2026-01-01' }, $date: '2026-01-01' };
    expect(parseState(serializeState(value))).toEqual(value);
  });

  it('cannot close its <script> element or open a comment, whatever the data holds', () => {
    const hostile = {
      html: '</script><script>alert(1)</script><!-- <script>',
      amp: 'a & b > c',
      separators: 'line\u2028paragraph\u2029end',
    };
    const text = serializeState(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).toContain('\\u2028');
    expect(parseState(text)).toEqual(hostile);
    const script = stateScript(hostile);
    expect(script.startsWith(`<script type="application/json" id="${STATE_ELEMENT_ID}">`)).toBe(true);
    // The only closing tag is the element's own.
    expect(script.match(/<\/script/g)).toHaveLength(1);
    expect(script.endsWith('</script>')).toBe(true);
  });
});
