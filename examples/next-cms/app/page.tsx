import Link from 'next/link';
import { latestStories, listBooks } from '../lib/cms';
import { imageUrl } from '../lib/wix';

export default async function Home() {
  const [books, stories] = await Promise.all([listBooks(12), latestStories(3)]);
  return (
    <>
      <h1>The catalogue</h1>
      <ul className="grid" data-testid="items">
        {books.map((book) => (
          <li key={book._id}>
            <Link href={`/books/${book._id}`}>
              <strong>{book.title}</strong>
              <br />
              <span className="muted">
                {book.author}, {book.year}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <h2>From the journal</h2>
      <ul className="grid" data-testid="stories">
        {stories.map((story) => (
          <li key={story.slug}>
            {story.cover && <img src={imageUrl(story.cover, 480, 270)} alt="" width={480} height={270} />}
            <p style={{ padding: '0 0.75rem' }}>
              <strong>{story.title}</strong>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
