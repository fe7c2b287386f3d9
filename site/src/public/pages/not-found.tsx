import { clinic } from '../../../../shared/constants/clinic';
import { notFoundHead } from '../app/head';
import type { HeadBuilder } from '../app/page-module';
import { Link } from '../app/router';
import { Icon } from '../components/icons';

export function NotFoundPage() {
  return (
    <section className="not-found">
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          4<Icon name="tooth" size={72} />4
        </p>
        <h1>404 Page Not Found</h1>
        <p>Sorry, we couldn’t find that page. It may have moved, or the address may be mistyped.</p>
        <div className="center-actions">
          <Link to="/" className="button button-primary">
            Go to the Home Page
          </Link>
          <Link to="/contact" className="button button-outline">
            Contact Us
          </Link>
        </div>
      </div>
    </section>
  );
}

export const notFoundPageHead: HeadBuilder = (_route, pathname) =>
  notFoundHead(
    '404 Page Not Found',
    `Sorry, this page does not exist. Find treatments, the blog, the gallery and how to reach ${clinic.name}.`,
    pathname,
  );
