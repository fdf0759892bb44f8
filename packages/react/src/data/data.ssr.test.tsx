// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AtriumProvider, DataList, DataTable } from '../index.js';
import { recordingClient } from '../testing/fake-platform.js';

describe('data components on a server', () => {
  it('render their loading state without window and without a request', () => {
    expect(typeof window).toBe('undefined');
    const { client, requests } = recordingClient();
    const html = renderToString(
      <AtriumProvider client={client}>
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
        </QueryClientProvider>
      </AtriumProvider>,
    );
    expect(html).toContain('<caption>Books</caption>');
    expect(html).toContain('aria-sort="ascending"');
    expect(html).toContain('Loading…');
    expect(html).toContain('Page <!-- -->1');
    expect(requests).toEqual([]);
  });
});
