import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DIARY,
  dataPlatformForFile,
  GADGET_ITEMS,
  GADGETS,
  type Gadget,
  memberClient,
  renderWithData,
  visitorClient,
} from '../../test/support/test-platform.js';
import {
  type CollectionViewChange,
  type CollectionViewState,
  DataList,
  DataTable,
  type DataTableColumn,
  useInsertItem,
  useRemoveItem,
} from '../index.js';

/** DataTable and DataList in happy-dom against the real local platform. */

const data = dataPlatformForFile();
afterEach(cleanup);

const COLUMNS: DataTableColumn<Gadget>[] = [
  { field: 'name', header: 'Name', sortable: true },
  { field: 'price', header: 'Price', sortable: true },
  { field: 'kind', header: 'Kind' },
  { field: 'tags', header: 'Tags' },
];

function renderGadgets() {
  const { client } = visitorClient(data.platform);
  return renderWithData(
    client,
    <DataTable<Gadget>
      collectionId={GADGETS}
      caption="Gadgets"
      columns={COLUMNS}
      pageSize={10}
      initialSort={{ field: 'name' }}
      textFilter={{ field: 'name', label: 'Name', ops: ['contains', 'startsWith'], debounceMs: 50 }}
      selectFilters={[
        { field: 'kind', label: 'Kind', options: [{ value: 'tool' }, { value: 'toy' }, { value: 'book' }] },
        {
          field: 'tags',
          label: 'Tag',
          op: 'hasSome',
          allLabel: 'Any tag',
          options: [
            { value: 'red', label: 'Red' },
            { value: 'blue', label: 'Blue' },
          ],
        },
      ]}
    />,
  );
}

/** A DataTable whose state the test holds (as a page would in its URL). */
function Controlled({
  onChange,
  expose,
}: {
  onChange: (next: CollectionViewState, cause: CollectionViewChange) => void;
  expose: (set: (state: Partial<CollectionViewState>) => void) => void;
}) {
  const [state, setState] = useState<Partial<CollectionViewState>>({
    page: 1,
    sort: { field: 'name', direction: 'desc' },
  });
  expose(setState);
  return (
    <DataTable<Gadget>
      collectionId={GADGETS}
      caption="Gadgets"
      columns={COLUMNS}
      pageSize={10}
      textFilter={{ field: 'name', label: 'Name', debounceMs: 50 }}
      state={state}
      onStateChange={(next, cause) => {
        onChange(next, cause);
        setState(next);
      }}
    />
  );
}

const table = () => screen.getByRole('table', { name: 'Gadgets' });
/** The text of one column, row by row. */
const column = (index: number) =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent ?? '');
const status = () => screen.getByRole('status').textContent;
const pageLabel = () =>
  screen.getByRole('navigation', { name: 'Pages' }).querySelector('.atrium-page')?.textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const header = (name: string) => screen.getByRole('columnheader', { name });

const sortedNames = [...GADGET_ITEMS].map((g) => g.name).sort();

describe('DataTable', () => {
  it('shows the first page, the count and "Page 1 of 5", then pages forward and back', async () => {
    renderGadgets();
    expect(status()).toBe('Loading…');
    await waitFor(() => expect(status()).toBe('45 results'));
    expect(column(0)).toEqual(sortedNames.slice(0, 10));
    expect(pageLabel()).toBe('Page 1 of 5');
    expect(button('Previous').disabled).toBe(true);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Price').getAttribute('aria-sort')).toBeNull();
    // Values are shown as text: arrays joined.
    const first = GADGET_ITEMS.find((g) => g.name === sortedNames[0])!;
    expect(column(3)[0]).toBe(first.tags.join(', '));
    // Each cell names its column (data-label), for layouts that show rows as cards.
    const cells = [...document.querySelectorAll('tbody tr:first-child td')];
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Price', 'Kind', 'Tags']);

    fireEvent.click(button('Next'));
    expect(pageLabel()).toBe('Page 2 of 5');
    await waitFor(() => expect(column(0)).toEqual(sortedNames.slice(10, 20)));
    for (let page = 3; page <= 5; page++) {
      fireEvent.click(button('Next'));
      await waitFor(() => expect(pageLabel()).toBe(`Page ${page} of 5`));
    }
    await waitFor(() => expect(column(0)).toEqual(sortedNames.slice(40)));
    expect(button('Next').disabled).toBe(true);
    fireEvent.click(button('Previous'));
    await waitFor(() => expect(column(0)).toEqual(sortedNames.slice(30, 40)));
    expect(pageLabel()).toBe('Page 4 of 5');
  });

  it('sorts by a header: ascending, then descending, back on the first page; aria-sort follows', async () => {
    renderGadgets();
    await waitFor(() => expect(status()).toBe('45 results'));
    fireEvent.click(button('Next'));
    await waitFor(() => expect(pageLabel()).toBe('Page 2 of 5'));

    const byPrice = [...GADGET_ITEMS].sort((a, b) => a.price - b.price || a._id.localeCompare(b._id));
    fireEvent.click(button('Price'));
    await waitFor(() => expect(column(1)).toEqual(byPrice.slice(0, 10).map((g) => String(g.price))));
    expect(pageLabel()).toBe('Page 1 of 5');
    expect(header('Price').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').getAttribute('aria-sort')).toBeNull();

    fireEvent.click(button('Price'));
    const descending = [...GADGET_ITEMS].sort((a, b) => b.price - a.price || b._id.localeCompare(a._id));
    await waitFor(() => expect(column(1)).toEqual(descending.slice(0, 10).map((g) => String(g.price))));
    expect(header('Price').getAttribute('aria-sort')).toBe('descending');
    // Kind has no sort button.
    expect(within(header('Kind')).queryByRole('button')).toBeNull();
  });

  it('filters by text (contains, starts with) and by selects, back on the first page; says when nothing matches', async () => {
    renderGadgets();
    await waitFor(() => expect(status()).toBe('45 results'));
    fireEvent.click(button('Next'));
    await waitFor(() => expect(pageLabel()).toBe('Page 2 of 5'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name' }), { target: { value: ' 2' } });
    const withTwo = sortedNames.filter((name) => name.includes('2'));
    await waitFor(() => expect(status()).toBe(`${withTwo.length} results`));
    expect(pageLabel()).toBe('Page 1 of 2');
    expect(column(0)).toEqual(withTwo.slice(0, 10));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name' }), { target: { value: 'GADGET 2' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Match' }), { target: { value: 'startsWith' } });
    const startingWithTwo = sortedNames.filter((name) => name.startsWith('Gadget 2'));
    await waitFor(() => expect(column(0)).toEqual(startingWithTwo));

    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'toy' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tag' }), { target: { value: 'red' } });
    const expected = GADGET_ITEMS.filter(
      (g) => g.name.startsWith('Gadget 2') && g.kind === 'toy' && g.tags.includes('red'),
    ).map((g) => g.name);
    expect(expected.length).toBeGreaterThan(0);
    await waitFor(() => expect(column(0)).toEqual(expected));
    expect(status()).toBe(`${expected.length} ${expected.length === 1 ? 'result' : 'results'}`);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name' }), {
      target: { value: 'no such gadget' },
    });
    await waitFor(() => expect(screen.getByText('No items match.')).toBeTruthy());
    expect(status()).toBe('0 results');
    expect(pageLabel()).toBe('Page 1 of 1');
    expect(button('Next').disabled).toBe(true);
  });

  it('controlled: shows the state it is given, reports each change with its cause, typed text once settled', async () => {
    const changes: [CollectionViewState, CollectionViewChange][] = [];
    let setOutside: (state: Partial<CollectionViewState>) => void = () => {};
    const { client } = visitorClient(data.platform);
    renderWithData(
      client,
      <Controlled
        onChange={(next, cause) => changes.push([next, cause])}
        expose={(set) => (setOutside = set)}
      />,
    );
    const descending = [...sortedNames].reverse();
    await waitFor(() => expect(column(0)).toEqual(descending.slice(10, 20)));
    expect(pageLabel()).toBe('Page 2 of 5');
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(changes).toEqual([]);

    fireEvent.click(button('Next'));
    await waitFor(() => expect(pageLabel()).toBe('Page 3 of 5'));
    expect(changes.at(-1)?.[1]).toBe('page');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name' }), { target: { value: 'Gadget 1' } });
    await waitFor(() => expect(changes.at(-1)?.[1]).toBe('text'));
    expect(changes.at(-1)?.[0]).toMatchObject({ text: 'Gadget 1', page: 0 });
    const withOne = descending.filter((name) => name.includes('Gadget 1'));
    await waitFor(() => expect(column(0)).toEqual(withOne.slice(0, 10)));

    // The state changes from outside (back/forward): the controls and the query follow.
    const count = changes.length;
    act(() => setOutside({ text: '', page: 1, sort: { field: 'name', direction: 'asc' } }));
    await waitFor(() => expect(column(0)).toEqual(sortedNames.slice(10, 20)));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect((screen.getByRole('searchbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
    expect(changes.length).toBe(count);
  });

  it('shows a refused read as an alert with the platform message', async () => {
    const { client } = visitorClient(data.platform);
    renderWithData(
      client,
      <DataTable collectionId={DIARY} caption="Diary" columns={[{ field: 'title', header: 'Title' }]} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Could not load the items: WDE0027: .*permissions to read/);
    expect(screen.queryByText('No items match.')).toBeNull();
  });
});

let entries = 0;

/** A member's diary: a DataList whose entries have a Delete button, and an Add button. */
function Diary() {
  const insert = useInsertItem(DIARY);
  const remove = useRemoveItem(DIARY);
  return (
    <>
      <button type="button" onClick={() => insert.mutate({ title: `Entry ${++entries}` })}>
        Add
      </button>
      <DataList<{ _id: string; title: string }>
        collectionId={DIARY}
        label="Diary entries"
        pageSize={2}
        initialSort={{ field: '_createdDate' }}
        emptyMessage="Nothing written yet."
      >
        {(entry) => (
          <article>
            <h3>{entry.title}</h3>
            <button
              type="button"
              aria-label={`Delete ${entry.title}`}
              onClick={() => remove.mutate(entry._id)}
            >
              Delete
            </button>
          </article>
        )}
      </DataList>
    </>
  );
}

describe('DataList', () => {
  it('renders items with the render prop, pages them, and refetches after inserts and removes', async () => {
    const { client } = await memberClient(data.platform);
    renderWithData(client, <Diary />);
    await screen.findByText('Nothing written yet.');
    expect(pageLabel()).toBe('Page 1 of 1');

    for (let count = 1; count <= 3; count++) {
      fireEvent.click(button('Add'));
      await waitFor(() => expect(status()).toBe(`${count} ${count === 1 ? 'result' : 'results'}`));
    }
    const list = screen.getByRole('list', { name: 'Diary entries' });
    expect(within(list).getAllByRole('heading')).toHaveLength(2);
    expect(pageLabel()).toBe('Page 1 of 2');
    fireEvent.click(button('Next'));
    await waitFor(() => expect(within(list).getAllByRole('heading')).toHaveLength(1));
    const last = within(list).getByRole('heading').textContent!;

    // Removing the only entry of the last page moves back to the page before.
    fireEvent.click(button(`Delete ${last}`));
    await waitFor(() => expect(status()).toBe('2 results'));
    await waitFor(() => expect(pageLabel()).toBe('Page 1 of 1'));
    expect(within(screen.getByRole('list', { name: 'Diary entries' })).getAllByRole('heading')).toHaveLength(
      2,
    );
    expect(screen.queryByText(last)).toBeNull();
  });
});
