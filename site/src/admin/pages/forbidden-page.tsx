import { Link } from 'react-router-dom';
import { forbiddenMessage, type Capability } from '../../../../shared/constants/roles';
import { usePageTitle } from '../hooks/use-page-title';

/** What a role sees on a screen it may not use (AUTH-8), reached by its address: no form, no failed load. */
export function ForbiddenPage({ needs, title, does }: { needs: Capability; title: string; does: string }) {
  usePageTitle(title);
  // SITE-32: the sentence names what this screen is for, not the capability it shares with others.
  return (
    <section className="not-found">
      <h1>{title}</h1>
      <p>{forbiddenMessage(needs, does)}</p>
      <Link to="/">Go to the dashboard</Link>
    </section>
  );
}
