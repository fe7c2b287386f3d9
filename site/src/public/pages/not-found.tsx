import { clinic } from '../../../../shared/constants/clinic';
import { notFoundHead } from '../app/head';
import type { HeadBuilder } from '../app/page-module';
import { Link } from '../app/router';
import { fmt, useT } from '../app/i18n';
import { Icon } from '../components/icons';

export function NotFoundPage() {
  const t = useT();
  return (
    <section className="not-found">
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          4<Icon name="tooth" size={72} />4
        </p>
        <h1>{t.notFound.title}</h1>
        <p>{t.notFound.text}</p>
        <div className="center-actions">
          <Link to="/" className="button button-primary">
            {t.notFound.home}
          </Link>
          <Link to="/contact" className="button button-outline">
            {t.notFound.contact}
          </Link>
        </div>
      </div>
    </section>
  );
}

export const notFoundPageHead: HeadBuilder = (_route, pathname, _read, _origin, { t }) =>
  notFoundHead(t.notFound.title, fmt(t.notFound.description, { name: clinic.name }), pathname);
