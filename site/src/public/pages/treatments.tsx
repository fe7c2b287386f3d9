import { clinic } from '../../../../shared/constants/clinic';
import { findTreatment, relatedTreatments, treatmentCategories, treatments, treatmentsInCategory } from '../../../../shared/constants/treatments';
import { BookButton } from '../components/book-button';
import { notFoundHead, pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { Link } from '../app/router';
import { breadcrumbJsonLd, medicalProcedureJsonLd } from '../app/structured-data';
import { Icon } from '../components/icons';
import { Breadcrumb, PageHeader, SectionHeading, TreatmentCard, TreatmentIcon } from '../components/ui';

export function TreatmentsPage() {
  return (
    <>
      <PageHeader eyebrow="Our treatments" title="Dental Treatments">
        <p className="badge badge-large">
          <Icon name="sparkle" size={18} />
          21+ Treatments Available
        </p>
        <p className="page-lead">
          Everything your family needs, from check-ups and cleaning to implants, braces and smile makeovers. Prices are typical ranges in
          rupees; we confirm yours after an examination.
        </p>
      </PageHeader>

      <section className="section section-compact" aria-labelledby="categories-title">
        <div className="container">
          <h2 id="categories-title" className="visually-hidden">
            Treatment categories
          </h2>
          <ul className="category-grid">
            {treatmentCategories.map((c) => (
              <li key={c.key} className={`category category-${c.key}`}>
                <h3>{c.title}</h3>
                <p>{c.description}</p>
                <p className="category-count">{treatmentsInCategory(c.key).length} treatments</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="all-title">
        <div className="container">
          <SectionHeading title="All treatments" id="all-title" intro="Tap Learn More on any treatment to see how it's done." />
          <div className="treatment-grid">
            {treatments.map((t) => (
              <TreatmentCard key={t.slug} treatment={t} />
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

export function TreatmentDetailPage({ slug }: { slug: string }) {
  const treatment = findTreatment(slug);
  if (!treatment) {
    return (
      <section className="not-found">
        <div className="container narrow center">
          <p className="not-found-code" aria-hidden="true">
            <Icon name="tooth" size={56} />
          </p>
          <h1>Treatment Not Found</h1>
          <p>We could not find that treatment. It may have been renamed or removed.</p>
          <Link to="/treatments" className="button button-primary">
            View All Treatments
          </Link>
        </div>
      </section>
    );
  }
  return (
    <>
      <header className="page-header page-header-detail">
        <div className="container">
          <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Treatments', to: '/treatments' }, { label: treatment.name }]} />
          <div className="detail-hero">
            <TreatmentIcon slug={treatment.slug} size={40} />
            <div>
              <h1>{treatment.name}</h1>
              <p className="page-lead">{treatment.description}</p>
            </div>
          </div>
          <dl className="detail-facts">
            <div>
              <dt>Price</dt>
              <dd>{treatment.price}</dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{treatment.duration}</dd>
            </div>
          </dl>
          <div className="detail-actions">
            <BookButton treatment={treatment.bookingCode}>
              <Icon name="calendar" size={20} />
              Book Appointment
            </BookButton>
            <a className="button button-outline" href={clinic.phoneHref}>
              <Icon name="phone" size={20} />
              Call Now
            </a>
          </div>
        </div>
      </header>

      <section className="section" aria-labelledby="about-treatment">
        <div className="container detail-body">
          <div>
            <h2 id="about-treatment">About This Treatment</h2>
            <p className="detail-about">{treatment.about}</p>
          </div>
          <aside className="steps-card" aria-labelledby="steps-title">
            <h2 id="steps-title">How it's done</h2>
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
          <SectionHeading title="Related treatments" id="related-title" />
          <div className="treatment-grid treatment-grid-3">
            {relatedTreatments(treatment.slug, 3).map((t) => (
              <TreatmentCard key={t.slug} treatment={t} />
            ))}
          </div>
          <div className="center">
            <Link to="/treatments" className="button button-outline">
              View All Treatments
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
  head: (route, pathname, _read, origin) => {
    if (route.name !== 'treatment') {
      return pageHead(
        pathname,
        `Dental Treatments and Prices${titleSuffix}`,
        `21+ dental treatments in ${clinic.address.locality}, Pune, with clear prices in rupees: preventive care, restorative work, cosmetic dentistry and orthodontics.`,
        [
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: 'Dental treatments',
            // Every treatment the page lists, each a MedicalProcedure as on its own page.
            itemListElement: treatments.map((t, i) => ({
              '@type': 'ListItem',
              position: i + 1,
              item: medicalProcedureJsonLd(origin, t),
            })),
          },
        ],
      );
    }
    const t = findTreatment(route.slug);
    if (!t) {
      return notFoundHead('Treatment Not Found', 'We could not find that treatment. See all our dental treatments, with prices, on the treatments page.', pathname);
    }
    return pageHead(pathname, `${t.name}${titleSuffix}`, `${t.description} Price ${t.price}, duration ${t.duration}. ${clinic.name}, Pune.`, [
      { '@context': 'https://schema.org', ...medicalProcedureJsonLd(origin, t) },
      breadcrumbJsonLd(origin, [
        ['Home', '/'],
        ['Treatments', '/treatments'],
        [t.name, `/treatments/${t.slug}`],
      ]),
    ]);
  },
};
