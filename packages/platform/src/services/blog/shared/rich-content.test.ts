import { describe, expect, it } from 'vitest';
import { acceptRichContent, CONTAINER_DATA_TYPES, withRendererDefaults } from './rich-content.js';

const DEFAULT_CONTAINER = { width: { size: 'CONTENT' }, alignment: 'CENTER', textWrap: true };
const node = (type: string, data: Record<string, unknown> = {}, nodes: unknown[] = []) => ({
  type,
  id: `${type.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}`,
  nodes,
  ...data,
});

describe('withRendererDefaults', () => {
  it('gives containerData to a VIDEO and a GIF written without it (what crashed the reference viewer)', () => {
    const document = {
      nodes: [
        node('VIDEO', { videoData: { video: { src: { url: 'https://example.com/v.mp4' } } } }),
        node('GIF', { gifData: { original: { gif: 'https://example.com/a.gif' } } }),
      ],
    };
    const [video, gif] = withRendererDefaults(document).nodes as Record<string, Record<string, unknown>>[];
    expect(video?.videoData).toEqual({
      video: { src: { url: 'https://example.com/v.mp4' } },
      containerData: DEFAULT_CONTAINER,
    });
    expect(gif?.gifData?.containerData).toEqual(DEFAULT_CONTAINER);
    // The input is not changed.
    expect(document.nodes[0]).not.toHaveProperty('videoData.containerData');
  });

  it('fills every type that carries containerData, nested too, and a DIVIDER does not wrap text', () => {
    const types = [...CONTAINER_DATA_TYPES];
    const data = (type: string) =>
      `${type.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Data`;
    const document = {
      nodes: [
        node(
          'COLLAPSIBLE_ITEM',
          {},
          types.map((type) => node(type, { [data(type)]: {} })),
        ),
      ],
    };
    const filled = withRendererDefaults(document).nodes as {
      nodes: Record<string, Record<string, unknown>>[];
    }[];
    const children = filled[0]?.nodes ?? [];
    expect(children).toHaveLength(18);
    for (const child of children) {
      const type = String(child.type);
      expect(child[data(type)]?.containerData, type).toEqual({
        ...DEFAULT_CONTAINER,
        textWrap: type !== 'DIVIDER',
      });
    }
  });

  it('keeps what was given: a custom width whole, an alignment, textWrap false; only missing keys are added', () => {
    const document = {
      nodes: [
        node('IMAGE', {
          imageData: { containerData: { width: { custom: '320' }, alignment: 'LEFT', textWrap: false } },
        }),
        node('HTML', { htmlData: { html: '<p>x</p>', containerData: { height: { custom: '200' } } } }),
      ],
    };
    const [image, html] = withRendererDefaults(document).nodes as Record<string, Record<string, unknown>>[];
    expect(image?.imageData?.containerData).toEqual({
      width: { custom: '320' },
      alignment: 'LEFT',
      textWrap: false,
    });
    expect(html?.htmlData?.containerData).toEqual({ ...DEFAULT_CONTAINER, height: { custom: '200' } });
  });

  it('gives a POLL the documented defaults its viewer reads, keeping given values', () => {
    const document = {
      nodes: [node('POLL', { pollData: { poll: { title: 'Tea?', settings: { showVoters: false } } } })],
    };
    const [poll] = withRendererDefaults(document).nodes as Record<string, Record<string, unknown>>[];
    expect(poll?.pollData).toMatchObject({
      poll: {
        title: 'Tea?',
        settings: { permissions: { allowMultipleVotes: false }, showVoters: false, showVotesCount: true },
      },
      design: { poll: { borderRadius: 0 }, options: { borderRadius: 0 } },
      containerData: DEFAULT_CONTAINER,
    });
  });

  it('answers a complete document as is (reads apply it to stored documents without copying)', () => {
    const complete = withRendererDefaults({
      nodes: [node('PARAGRAPH', { paragraphData: {} }), node('VIDEO', { videoData: {} })],
    });
    expect(withRendererDefaults(complete)).toBe(complete);
    const plain = {
      nodes: [node('PARAGRAPH', { paragraphData: {} }, [node('TEXT', { textData: { text: 'a' } })])],
    };
    expect(withRendererDefaults(plain)).toBe(plain);
  });

  it('acceptRichContent checks before it fills: an invalid document is still refused', () => {
    expect(() => acceptRichContent({ nodes: [{ type: 'NOPE' }] }, 'draftPost.richContent')).toThrow(
      /unknown node type/,
    );
    const accepted = acceptRichContent({ nodes: [node('BUTTON', { buttonData: { text: 'Go' } })] }, 'x');
    expect(
      (accepted.nodes as Record<string, Record<string, unknown>>[])[0]?.buttonData?.containerData,
    ).toEqual(DEFAULT_CONTAINER);
  });
});
