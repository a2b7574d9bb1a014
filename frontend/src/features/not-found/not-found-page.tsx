import { Link, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * What an address no page serves shows: a heading saying so, the address, and the way home (the dashboard; signing in
 * first when needed). Outside the signed-in frame, so it reads the same whoever opens it.
 */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <main className="not-found" id="main-content">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. The link may be old, or the address mistyped.
      </p>
      <p>
        <Link to="/dashboard">Go to the dashboard</Link>
      </p>
    </main>
  );
}
