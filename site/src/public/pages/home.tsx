import { clinic } from '../../../../shared/constants/clinic';
import { homeTreatments, serviceCircles } from '../../../../shared/constants/treatments';
import type { PageModule } from '../app/page-module';
import { pageHead } from '../app/head';
import { clinicJsonLd, embeddedDayHours } from '../app/structured-data';
import { paths, usePublicData } from '../app/data';
import type { PublicReviews } from '../../../../shared/schemas/review';
import { BookButton } from '../components/book-button';
import { Link } from '../app/router';
import { fmt, useT } from '../app/i18n';
import { useHoursValues } from '../app/opening-hours';
import { EmiBanner } from '../components/emi-banner';
import { Hero } from '../components/hero';
import { Icon, treatmentIcon, type IconName } from '../components/icons';
import { TestimonialCarousel } from '../components/testimonials';
import { SectionHeading, TreatmentCard } from '../components/ui';

// The four reasons' icons; their words are the catalogue's home.reasons, in the same order.
const reasonIcons: IconName[] = ['users', 'shield', 'wallet', 'clock'];

/**
 * CLINIC-10, REV-5: the rating the home page claims (hero, stats, meta description): the approved reviews'
 * from ten of them on, else the clinic's own 4.9/5 from 1000+ patients.
 */
export function homeRating(reviews: PublicReviews | undefined): { value: string; count: string } {
  const real = reviews?.rating;
  return real ? { value: real.value.toFixed(1), count: String(real.count) } : { value: clinic.rating, count: clinic.ratingCount };
}

export function HomePage() {
  const t = useT();
  const hours = useHoursValues();
  const names = { name: clinic.name, locality: t.clinic.locality, doctor: t.clinic.doctorName };
  const { data: reviews } = usePublicData<PublicReviews>(paths.reviews);
  const rating = homeRating(reviews);
  return (
    <>
      <Hero rating={rating} />
      <EmiBanner />

      <section className="section" aria-labelledby="services-title">
        <div className="container">
          <SectionHeading eyebrow={t.home.servicesEyebrow} title={t.home.servicesTitle} id="services-title" />
          <ul className="service-circles">
            {serviceCircles.map((s) => (
              <li key={s.slug}>
                <Link to={s.href} className="service-circle">
                  <span className="service-circle-icon">
                    <Icon name={treatmentIcon(s.slug)} size={34} />
                  </span>
                  <span className="service-circle-label">{t.home.serviceCircles[s.slug as keyof typeof t.home.serviceCircles] ?? s.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="welcome-title">
        <div className="container welcome">
          <div className="welcome-text">
            <p className="eyebrow">{t.home.welcomeEyebrow}</p>
            <h2 id="welcome-title">{fmt(t.home.welcomeTitle, names)}</h2>
            <p>{fmt(t.home.welcome1, names)}</p>
            <p>{t.home.welcome2}</p>
            <Link to="/about" className="text-link">
              {fmt(t.home.meetDoctor, names)}
              <Icon name="arrow-right" size={18} />
            </Link>
          </div>
          <ul className="stats">
            <li>
              <strong>{rating.value}/5</strong>
              <span>{fmt(t.home.statRating, { count: rating.count })}</span>
            </li>
            <li>
              <strong>{clinic.yearsExperience}</strong>
              <span>{t.home.statYears}</span>
            </li>
            <li>
              <strong>21+</strong>
              <span>{t.home.statTreatments}</span>
            </li>
            <li>
              <strong>{fmt(t.home.statDays, hours)}</strong>
              <span>{t.home.statDaysText}</span>
            </li>
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <SectionHeading eyebrow={t.home.whyEyebrow} title={t.home.whyTitle} id="why-title" />
          <ul className="feature-grid">
            {t.home.reasons.map((r, i) => (
              <li key={r.title} className="feature">
                <span className="feature-icon">
                  <Icon name={reasonIcons[i]} size={26} />
                </span>
                <h3>{r.title}</h3>
                <p>{fmt(r.text, hours)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="treatments-title">
        <div className="container">
          <SectionHeading
            eyebrow={t.home.treatmentsEyebrow}
            title={t.home.treatmentsTitle}
            intro={t.home.treatmentsIntro}
            id="treatments-title"
          />
          <div className="treatment-grid">
            {homeTreatments.map((t) => (
              <TreatmentCard key={t.slug} treatment={t} />
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

      <section className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <SectionHeading eyebrow={t.home.testimonialsEyebrow} title={t.home.testimonialsTitle} id="testimonials-title" />
          <TestimonialCarousel reviews={reviews?.reviews ?? []} />
        </div>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="container cta-inner">
          <div>
            <h2 id="cta-title">{t.home.ctaTitle}</h2>
            <p>{t.home.ctaText}</p>
          </div>
          <div className="cta-actions">
            <BookButton className="button button-light button-large">
              <Icon name="calendar" size={20} />
              {t.common.bookAppointment}
            </BookButton>
            <a className="button button-on-dark button-large" href={clinic.phoneHref}>
              <Icon name="phone" size={20} />
              {t.common.callNow}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

export const homePage: PageModule = {
  Page: HomePage,
  head: (_route, pathname, read, origin, i18n) => {
    const reviews = read(paths.reviews) as PublicReviews | undefined;
    const rating = homeRating(reviews);
    const values = { name: clinic.name, locality: i18n.t.clinic.locality, rating: rating.value, count: rating.count };
    // REV-5: structured data carries a rating only from real approved reviews, never the clinic's own claim.
    const reviewed = reviews?.rating ?? null;
    return pageHead(pathname, fmt(i18n.t.home.title, values), fmt(i18n.t.home.description, values), [clinicJsonLd(origin, i18n, reviewed, embeddedDayHours(read))]);
  },
};
