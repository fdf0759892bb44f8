import { MEDIA_ROUTES } from '@atrium/contract/routes/media';
import { startTestPlatform, type TestPlatform, testImageBytes } from '@atrium/platform/testing';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@atrium/sdk';
import { createMedia } from '@atrium/sdk/media';
import { proGallery } from '@atrium/sdk/pro-gallery';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AtriumProvider } from '../provider.js';
import { galleryMediaUrls } from './default-media.js';
import { Gallery } from './gallery.js';
import { useGallery, useGalleryList } from './use-gallery.js';

/** The gallery hooks against the real local platform, over HTTP, with real media files. */

const BIG = 230;
let platform: TestPlatform;
let photo: string;
let bigId: string;
let smallId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  const response = await fetch(`${platform.url}${MEDIA_ROUTES.upload}?filename=photo.png`, {
    method: 'POST',
    headers: { authorization: platform.apiKey, 'content-type': 'image/png' },
    body: await testImageBytes('png', 640, 480),
  });
  photo = ((await response.json()) as { uri: string }).uri;
  const admin = createClient({
    auth: ApiKeyStrategy({ apiKey: platform.apiKey }),
    modules: { proGallery },
    baseUrl: platform.url,
  }).proGallery;
  const items = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      title: `Item ${index + 1}`,
      image: { imageInfo: photo, focalPoint: { x: 0.2, y: 0.7 } },
    }));
  bigId = (await admin.createGallery({ gallery: { name: 'Big', sortOrder: 1, items: items(BIG) } }))._id!;
  smallId = (await admin.createGallery({ gallery: { name: 'Small', sortOrder: 2, items: items(3) } }))._id!;
  await admin.createGallery({ gallery: { name: 'Draft', sortOrder: 3, state: 'SAVED', items: items(1) } });
});
afterAll(() => platform?.close());
afterEach(cleanup);

/** A site's visitor client (no modules: the hooks bind `proGallery` themselves); `requests` lists its calls. */
function visitor() {
  const requests: URL[] = [];
  const client = createClient({
    auth: OAuthStrategy({ clientId: platform.clientId }),
    baseUrl: platform.url,
    fetch: (input, init) => {
      requests.push(new URL(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
  });
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AtriumProvider client={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AtriumProvider>
  );
  const itemCalls = () =>
    requests
      .filter((url) => url.pathname.startsWith('/progallery/'))
      .map(
        (url) =>
          `${url.pathname.endsWith('/items') ? 'items' : 'gallery'}@${url.searchParams.get('itemOffset')}`,
      );
  return { client, wrapper, requests, itemCalls };
}

describe('useGallery', () => {
  it('reads the gallery with its first page, then pages the items on demand', async () => {
    const { wrapper, itemCalls } = visitor();
    const { result } = renderHook(() => useGallery(bigId, { itemLimit: 100 }), { wrapper });
    expect(result.current).toMatchObject({ isLoading: true, items: [], hasMore: false });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.gallery).toMatchObject({ _id: bigId, name: 'Big', totalItems: BIG });
    expect(result.current).toMatchObject({ totalItems: BIG, hasMore: true, error: null });
    expect(result.current.items).toHaveLength(100);
    expect(result.current.items[0]).toMatchObject({
      title: 'Item 1',
      type: 'IMAGE',
      image: { imageInfo: photo, focalPoint: { x: 0.2, y: 0.7 } },
    });

    act(() => result.current.loadMore());
    // A second call while the page loads asks for nothing more.
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(200));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(BIG));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.items.map((item) => item.title)).toEqual(
      Array.from({ length: BIG }, (_, index) => `Item ${index + 1}`),
    );
    expect(itemCalls()).toEqual(['gallery@0', 'items@100', 'items@200']);
    act(() => result.current.loadMore());
    expect(itemCalls()).toHaveLength(3);
  });

  it('reports an unknown gallery as the platform error at once, without retrying; waits without an id', async () => {
    const { wrapper, itemCalls } = visitor();
    const { result } = renderHook(() => useGallery('00000000-0000-4000-8000-000000000000'), { wrapper });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.error).toMatchObject({ status: 404, code: 'GALLERY_NOT_FOUND' });
    expect(result.current.items).toEqual([]);
    const idle = renderHook(() => useGallery(undefined), { wrapper });
    expect(idle.result.current.isLoading).toBe(false);
    expect(itemCalls()).toEqual(['gallery@0']);
  });
});

describe('useGalleryList', () => {
  it("lists the galleries a visitor may read: the published ones, not the owner's drafts", async () => {
    const { wrapper } = visitor();
    const { result } = renderHook(() => useGalleryList(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.galleries.map((gallery) => [gallery.name, gallery.totalItems])).toEqual([
      ['Big', BIG],
      ['Small', 3],
    ]);
    expect(result.current.totalGalleries).toBe(2);
  });
});

function PlatformGallery({ galleryId }: { galleryId: string }) {
  const state = useGallery(galleryId, { itemLimit: 100 });
  return (
    <Gallery
      items={state.items}
      totalItems={state.totalItems}
      hasMore={state.hasMore}
      onLoadMore={state.loadMore}
      loadingMore={state.isLoadingMore}
      {...galleryMediaUrls(createMedia({ platformUrl: platform.url }))}
    />
  );
}

describe('Gallery with useGallery', () => {
  it("shows the platform's images, which the media store serves at the sizes asked for", async () => {
    const { wrapper } = visitor();
    const { container } = render(<PlatformGallery galleryId={smallId} />, { wrapper });
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(3));
    const img = container.querySelector('img')!;
    const src = img.getAttribute('src')!;
    expect(src).toMatch(new RegExp(`^${platform.url}/media/[^/]+/v1/fill/w_\\d+,h_\\d+,fp_0.20_0.70,`));
    const response = await fetch(src);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
    for (const candidate of img.getAttribute('srcset')!.split(', ')) {
      const [url, width] = candidate.split(' ');
      expect((await fetch(url!)).status).toBe(200);
      expect(width).toMatch(/^\d+w$/);
    }
  });

  it('the lightbox moves past the loaded items: the next page loads and it moves on', async () => {
    const { wrapper, itemCalls } = visitor();
    render(<PlatformGallery galleryId={bigId} />, { wrapper });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Showing 100 of ${BIG}`));
    fireEvent.click(screen.getByRole('button', { name: 'Item 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Item 1' });
    fireEvent.keyDown(dialog, { key: 'End' });
    expect(within(screen.getByRole('dialog')).getByText(`100 of ${BIG}`)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByText(`101 of ${BIG}`)).toBeTruthy());
    expect(screen.getByRole('dialog', { name: 'Item 101' })).toBeTruthy();
    expect(itemCalls()).toEqual(['gallery@0', 'items@100']);
  });
});
