import {
  type CollectionViewState,
  type DataSort,
  DataTable,
  type DataTableColumn,
  type SelectFilterConfig,
  type TextFilterOp,
  useDistinctValues,
} from '@atrium/react';
import { useSearchParams } from 'react-router';
import { PageSection } from '../head';
import { ratingCell, tagsCell } from './book-cells';
import './books.css';

/** The demo seed's public catalogue (packages/platform/src/seed/demo-data.ts): anyone reads it. */
const BOOKS = 'Books';

/** As the seed writes them; an owner may edit or remove any field in the console (book-cells.ts). */
interface Book {
  _id: string;
  title?: string;
  author?: string;
  year?: number;
  rating?: unknown;
  pages?: number;
  tags?: unknown;
}

const COLUMNS: DataTableColumn<Book>[] = [
  { field: 'title', header: 'Title', sortable: true },
  { field: 'author', header: 'Author', sortable: true },
  { field: 'year', header: 'Year', sortable: true, className: 'number' },
  {
    field: 'rating',
    header: 'Rating',
    sortable: true,
    className: 'number',
    render: (book) => ratingCell(book.rating),
  },
  { field: 'pages', header: 'Pages', sortable: true, className: 'number' },
  { field: 'tags', header: 'Tags', render: (book) => tagsCell(book.tags) },
];

/** The seed's tags. Distinct values of an array field are whole arrays, so they are listed here. */
const TAGS = [
  'biography',
  'classic',
  'fantasy',
  'fiction',
  'history',
  'mystery',
  'poetry',
  'romance',
  'science',
  'travel',
];

const INITIAL_SORT: DataSort = { field: 'title' };
const TEXT_OPS: readonly TextFilterOp[] = ['contains', 'startsWith'];
const SORTABLE = new Set(COLUMNS.filter((column) => column.sortable).map((column) => column.field));
const SELECT_FIELDS = ['tags', 'author'] as const;
/** The URL's name of each select filter. */
const PARAM_OF: Record<(typeof SELECT_FIELDS)[number], string> = { tags: 'tag', author: 'author' };

/**
 * The table's state from the URL (`?q=garden&match=startsWith&tag=poetry&author=…&sort=-year&page=2`),
 * so that a reload, a shared link and back/forward show the same books.
 */
export function bookViewFromParams(params: URLSearchParams): Partial<CollectionViewState> {
  const selected: Record<string, string> = {};
  for (const field of SELECT_FIELDS) {
    const value = params.get(PARAM_OF[field]);
    if (value) selected[field] = value;
  }
  const sortParam = params.get('sort') ?? '';
  const descending = sortParam.startsWith('-');
  const sortField = descending ? sortParam.slice(1) : sortParam;
  const match = params.get('match') as TextFilterOp | null;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    text: params.get('q') ?? '',
    textOp: match && TEXT_OPS.includes(match) ? match : TEXT_OPS[0]!,
    selected,
    sort: SORTABLE.has(sortField)
      ? { field: sortField, direction: descending ? 'desc' : 'asc' }
      : INITIAL_SORT,
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
  };
}

export function bookParamsFromView(state: CollectionViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.text) params.set('q', state.text);
  if (state.textOp !== TEXT_OPS[0]) params.set('match', state.textOp);
  for (const field of SELECT_FIELDS) {
    const value = state.selected[field];
    if (value) params.set(PARAM_OF[field], value);
  }
  const sort = state.sort;
  if (sort && !(sort.field === INITIAL_SORT.field && (sort.direction ?? 'asc') === 'asc')) {
    params.set('sort', `${sort.direction === 'desc' ? '-' : ''}${sort.field}`);
  }
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}

export function BooksPage() {
  const [params, setParams] = useSearchParams();
  // Authors are many and may change: the select lists what the collection holds.
  const authors = useDistinctValues<string>(BOOKS, 'author');
  const selectFilters: SelectFilterConfig[] = [
    {
      field: 'tags',
      label: 'Tag',
      op: 'hasSome',
      allLabel: 'All tags',
      options: TAGS.map((value) => ({ value })),
    },
    {
      field: 'author',
      label: 'Author',
      allLabel: 'All authors',
      options: authors.values.map((value) => ({ value })),
    },
  ];
  return (
    <PageSection
      id="books-title"
      className="data-page books-page"
      title="Books"
      description="The demo catalogue: 300 public-domain books, published before 1929, that anyone may read, filtered by title, tag or author, sorted and paged."
    >
      <p className="lede">
        The demo catalogue: 300 public-domain books, all published before 1929, that anyone may read. Filter
        by title, tag or author, sort by a column, and page through them. The address keeps your choices:
        reload or share it.
      </p>
      <DataTable<Book>
        collectionId={BOOKS}
        caption="Books"
        columns={COLUMNS}
        pageSize={20}
        initialSort={INITIAL_SORT}
        textFilter={{
          field: 'title',
          label: 'Title',
          ops: TEXT_OPS,
          placeholder: 'e.g. island',
        }}
        selectFilters={selectFilters}
        emptyMessage="No books match these filters."
        state={bookViewFromParams(params)}
        onStateChange={(next, cause) =>
          // Typing and the view's own corrections replace the entry; each choice is a step back can undo.
          setParams(bookParamsFromView(next), { replace: cause === 'text' || cause === 'correction' })
        }
      />
    </PageSection>
  );
}
