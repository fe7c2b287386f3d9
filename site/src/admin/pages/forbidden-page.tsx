import { Link } from 'react-router-dom';
import { forbiddenMessage, type Capability } from '../../../../shared/constants/roles';
import { usePageTitle } from '../hooks/use-page-title';

/** What a role sees on a screen it may not use (AUTH-8), reached by its address: no form, no failed load. */
export function ForbiddenPage({ needs, title }: { needs: Capability; title: string }) {
  usePageTitle(title);
  return (
    <section className="not-found">
      <h1>{title}</h1>
      <p>{forbiddenMessage(needs)}</p>
      <Link to="/">Go to the dashboard</Link>
    </section>
  );
}
