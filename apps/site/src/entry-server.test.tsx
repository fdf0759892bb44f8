import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, shellOf } from './entry-server';

const template = `<!doctype html><html><head><title>Shell</title><!--atrium-head--></head><body><div id="root"><!--atrium-app--></div><!--atrium-state--></body></html>`;
const config = { platformUrl: 'http://platform.test', clientId: 'site' };

describe('render', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('leaves client-rendered routes to the shell, without calling the platform', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await render(new Request('http://site.test/books'), { template, config })).toBeNull();
    expect(await render(new Request('http://site.test/sign-in'), { template, config })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the shell when the platform does not answer in time', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const started = Date.now();
    const response = await render(new Request('http://site.test/post/slow'), {
      template,
      config,
      timeoutMs: 200,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response?.status).toBe(200);
    expect(await response?.text()).toBe(shellOf(template));
    // The loader, left behind, waits on this platform (and not on the next test's fetch).
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  });

  it('sends the shell, with the new visitor’s cookie, when the platform fails', async () => {
    let tokenRequests = 0;
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.pathname === '/oauth2/token') {
        tokenRequests += 1;
        return Response.json({
          access_token: 'a',
          refresh_token: 'r',
          expires_in: 3600,
          token_type: 'Bearer',
        });
      }
      return Response.json({ message: 'down', details: {} }, { status: 503 });
    });
    const response = await render(new Request('http://site.test/blog'), { template, config });
    expect(tokenRequests).toBe(1);
    const html = (await response?.text()) ?? '';
    expect(html).toBe(shellOf(template));
    expect(html).not.toContain('atrium-ssr-state');
    expect(response?.headers.getSetCookie()[0]).toMatch(
      /^atrium_tokens=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });
});
