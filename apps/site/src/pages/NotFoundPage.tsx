import { Link } from 'react-router';
import { PageHead } from '../head';

export function NotFoundPage() {
  return (
    <section>
      <PageHead
        title="Page not found"
        description="There is no page at this address on the Atrium demo site."
      />
      <h1>Page not found</h1>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
