import { Link } from 'react-router-dom';
import { usePageTitle } from '../hooks/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>This admin page does not exist.</p>
      <Link to="/">Go to the dashboard</Link>
    </section>
  );
}
