import { clinic } from '../../../../shared/constants/clinic';
import { findTreatment, relatedTreatments, treatmentCategories, treatments, treatmentsInCategory } from '../../../../shared/constants/treatments';
import { BookButton } from '../components/book-button';
import { usePageTreatment } from '../booking/booking-context';
import { notFoundHead, pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { Link } from '../app/router';
import { breadcrumbJsonLd, medicalProcedureJsonLd } from '../app/structured-data';
import { Icon } from '../components/icons';
import { fmt, localTreatment, useT } from '../app/i18n';
import { Breadcrumb, PageHeader, SectionHeading, TreatmentCard, TreatmentIcon } from '../components/ui';

export function TreatmentsPage() {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t.treatmentsPage.eyebrow} title={t.treatmentsPage.heading}>
        <p className="badge badge-large">
          <Icon name="sparkle" size={18} />
          {t.treatmentsPage.badge}
        </p>
        <p className="page-lead">{t.treatmentsPage.lead}</p>
      </PageHeader>

      <section className="section section-compact" aria-labelledby="categories-title">
        <div className="container">
          <h2 id="categories-title" className="visually-hidden">
            {t.treatmentsPage.categoriesTitle}
          </h2>
          <ul className="category-grid">
            {treatmentCategories.map((c) => (
              <li key={c.key} className={`category category-${c.key}`}>
                <h3>{t.treatmentsPage.categories[c.key].title}</h3>
                <p>{t.treatmentsPage.categories[c.key].description}</p>
                <p className="category-count">{fmt(t.treatmentsPage.count, { n: treatmentsInCategory(c.key).length })}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="all-title">
        <div className="container">
          <SectionHeading title={t.treatmentsPage.allTitle} id="all-title" intro={t.treatmentsPage.allIntro} />
          <div className="treatment-grid">
            {treatments.map((tr) => (
              <TreatmentCard key={tr.slug} treatment={tr} />
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

export function TreatmentDetailPage({ slug }: { slug: string }) {
  const t = useT();
  const found = findTreatment(slug);
  usePageTreatment(found?.bookingCode);
  const treatment = found && localTreatment(found, t);
  if (!treatment) {
    return (
      <section className="not-found">
        <div className="container narrow center">
          <p className="not-found-code" aria-hidden="true">
            <Icon name="tooth" size={56} />
          </p>
          <h1>{t.treatment.notFound}</h1>
          <p>{t.treatment.notFoundText}</p>
          <Link to="/treatments" className="button button-primary">
            {t.common.viewAllTreatments}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <>
      <header className="page-header page-header-detail">
        <div className="container">
          <Breadcrumb items={[{ label: t.nav.home, to: '/' }, { label: t.nav.treatments, to: '/treatments' }, { label: treatment.name }]} />
          <div className="detail-hero">
            <TreatmentIcon slug={treatment.slug} size={40} />
            <div>
              <h1>{treatment.name}</h1>
              <p className="page-lead">{treatment.description}</p>
            </div>
          </div>
          <dl className="detail-facts">
            <div>
              <dt>{t.treatment.price}</dt>
              <dd>{treatment.price}</dd>
            </div>
            <div>
              <dt>{t.treatment.duration}</dt>
              <dd>{treatment.duration}</dd>
            </div>
          </dl>
          <div className="detail-actions">
            <BookButton treatment={treatment.bookingCode}>
              <Icon name="calendar" size={20} />
              {t.common.bookAppointment}
            </BookButton>
            <a className="button button-outline" href={clinic.phoneHref}>
              <Icon name="phone" size={20} />
              {t.common.callNow}
            </a>
          </div>
        </div>
      </header>

      <section className="section" aria-labelledby="about-treatment">
        <div className="container detail-body">
          <div>
            <h2 id="about-treatment">{t.treatment.aboutThis}</h2>
            <p className="detail-about">{treatment.about}</p>
          </div>
          <aside className="steps-card" aria-labelledby="steps-title">
            <h2 id="steps-title">{t.treatment.howItsDone}</h2>
            <ol className="steps">
              {treatment.procedure.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </aside>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="related-title">
        <div className="container">
          <SectionHeading title={t.treatment.related} id="related-title" />
          <div className="treatment-grid treatment-grid-3">
            {relatedTreatments(treatment.slug, 3).map((tr) => (
              <TreatmentCard key={tr.slug} treatment={tr} />
            ))}
          </div>
          <div className="center">
            <Link to="/treatments" className="button button-outline">
              {t.common.viewAllTreatments}
              <Icon name="arrow-right" size={18} />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

export const treatmentsPage: PageModule = {
  Page: ({ route }) =>
    route.name === 'treatment' ? <TreatmentDetailPage key={route.slug} slug={route.slug} /> : <TreatmentsPage />,
  head: (route, pathname, _read, origin, { lang, t: text }) => {
    if (route.name !== 'treatment') {
      return pageHead(
        pathname,
        fmt(text.treatmentsPage.title, { suffix: titleSuffix }),
        fmt(text.treatmentsPage.description, { locality: text.clinic.locality }),
        [
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: text.treatmentsPage.listName,
            // Every treatment the page lists, each a MedicalProcedure as on its own page.
            itemListElement: treatments.map((tr, i) => ({
              '@type': 'ListItem',
              position: i + 1,
              item: medicalProcedureJsonLd(origin, localTreatment(tr, text), lang),
            })),
          },
        ],
      );
    }
    const found = findTreatment(route.slug);
    if (!found) return notFoundHead(text.treatment.notFound, text.treatment.notFoundDescription, pathname);
    const t = localTreatment(found, text);
    const description = fmt(text.treatment.description, { description: t.description, price: t.price, duration: t.duration, name: clinic.name });
    return pageHead(pathname, `${t.name}${titleSuffix}`, description, [
      { '@context': 'https://schema.org', ...medicalProcedureJsonLd(origin, t, lang) },
      breadcrumbJsonLd(
        origin,
        [
          [text.nav.home, '/'],
          [text.nav.treatments, '/treatments'],
          [t.name, `/treatments/${t.slug}`],
        ],
        lang,
      ),
    ]);
  },
};
