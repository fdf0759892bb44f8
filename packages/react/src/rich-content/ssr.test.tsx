// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { everyNodeDocument } from './fixtures/every-node.js';
import { RichContent } from './index.js';

describe('server rendering', () => {
  it('renders every node without a window; the markup is the one the browser test hydrates', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const html = renderToString(<RichContent content={everyNodeDocument} />);
    expect(html).toContain('<h2 id="rc-words"');
    // hydrate.test.tsx renders the same document in the browser environment and compares with this file.
    await expect(html).toMatchFileSnapshot('./fixtures/every-node.ssr.txt');
  });
});
