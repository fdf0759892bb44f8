import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getBook, latestStories } from '../../../lib/cms';
import { imageUrl } from '../../../lib/wix';

export default async function BookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [book, stories] = await Promise.all([getBook(id), latestStories(1)]);
  if (!book) notFound();
  const story = stories[0];
  return (
    <article>
      <h1>{book.title}</h1>
      <dl data-testid="item">
        <dt>Author</dt>
        <dd>{book.author}</dd>
        <dt>Year</dt>
        <dd>{book.year}</dd>
        <dt>Rating</dt>
        <dd>{book.rating}</dd>
        <dt>Pages</dt>
        <dd>{book.pages}</dd>
        <dt>Tags</dt>
        <dd>{book.tags.join(', ')}</dd>
      </dl>
      {story?.cover && (
        <aside>
          <h2>Read next in the journal</h2>
          <img src={imageUrl(story.cover, 640, 360)} alt={story.title} width={640} height={360} />
          <p>{story.title}</p>
        </aside>
      )}
      <p>
        <Link href="/">Back to the catalogue</Link>
      </p>
    </article>
  );
}
