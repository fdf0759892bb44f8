import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyNodeDocument, withUnderscoreIds } from './fixtures/every-node.js';
import { RichContent } from './index.js';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('hydration', () => {
  it.each([
    ['a REST document (id)', everyNodeDocument],
    ['an event document (_id)', withUnderscoreIds(everyNodeDocument)],
  ])('hydrates the server markup of %s without a warning or a change', async (_, content) => {
    const html = renderToString(<RichContent content={content} />);
    // The same markup as renderToString in the Node environment (ssr.test.tsx writes the file).
    await expect(html).toMatchFileSnapshot('./fixtures/every-node.ssr.txt');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const before = container.innerHTML;
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <RichContent content={content} />, {
        onRecoverableError: (error) => recoverable.push(error),
      }),
    );
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(before);
    // Interactive once hydrated: the spoiler opens.
    const button = container.querySelector<HTMLButtonElement>('.atrium-rc-spoiler-toggle')!;
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    act(() => root.unmount());
  });
});
