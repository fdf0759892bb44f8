import { DataTable, type DataTableColumn, type SelectFilterConfig, useDistinctValues } from '@atrium/react';

/** The demo seed's public catalogue (packages/platform/src/seed/demo-data.ts): anyone reads it. */
const BOOKS = 'Books';

interface Book {
  _id: string;
  title: string;
  author: string;
  year: number;
  rating: number;
  pages: number;
  tags: string[];
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
    render: (book) => book.rating.toFixed(1),
  },
  { field: 'pages', header: 'Pages', sortable: true, className: 'number' },
  { field: 'tags', header: 'Tags', render: (book) => book.tags.join(', ') },
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

export function BooksPage() {
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
    <section aria-labelledby="books-title" className="data-page">
      <h1 id="books-title">Books</h1>
      <p>
        The demo catalogue: a few hundred generated books that anyone may read. Filter by title, tag or
        author, sort by a column, and page through them.
      </p>
      <DataTable<Book>
        collectionId={BOOKS}
        caption="Books"
        columns={COLUMNS}
        pageSize={20}
        initialSort={{ field: 'title' }}
        textFilter={{
          field: 'title',
          label: 'Title',
          ops: ['contains', 'startsWith'],
          placeholder: 'e.g. garden',
        }}
        selectFilters={selectFilters}
        emptyMessage="No books match these filters."
      />
    </section>
  );
}
