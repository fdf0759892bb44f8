// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DataList, DataTable } from '../index.js';
import { renderOnServer } from '../testing/server-render.js';

describe('data components on a server', () => {
  it('render their loading state without window and without a request', () => {
    expect(typeof window).toBe('undefined');
    const { html, requests } = renderOnServer(
      <QueryClientProvider client={new QueryClient()}>
        <DataTable
          collectionId="Books"
          caption="Books"
          columns={[{ field: 'title', header: 'Title', sortable: true }]}
          initialSort={{ field: 'title' }}
          textFilter={{ field: 'title', label: 'Title' }}
        />
        <DataList collectionId="Books" label="Books list">
          {(item) => item._id}
        </DataList>
      </QueryClientProvider>,
    );
    expect(html).toContain('<caption>Books</caption>');
    expect(html).toContain('aria-sort="ascending"');
    expect(html).toContain('Loading…');
    expect(html).toContain('Page <!-- -->1');
    expect(requests).toEqual([]);
  });
});
