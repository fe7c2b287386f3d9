import { clinic } from '../../../../shared/constants/clinic';
import { homeTreatments, serviceCircles } from '../../../../shared/constants/treatments';
import type { PageModule } from '../app/page-module';
import { pageHead } from '../app/head';
import { clinicJsonLd } from '../app/structured-data';
import { BookButton } from '../components/book-button';
import { Link } from '../app/router';
import { EmiBanner } from '../components/emi-banner';
import { Hero } from '../components/hero';
import { Icon, treatmentIcon, type IconName } from '../components/icons';
import { TestimonialCarousel } from '../components/testimonials';
import { SectionHeading, TreatmentCard } from '../components/ui';

const reasons: { icon: IconName; title: string; text: string }[] = [
  { icon: 'users', title: 'Gentle care for all ages', text: 'From a child’s first check-up to dentures for grandparents, we take our time and explain every step.' },
  { icon: 'shield', title: 'Spotless and safe', text: 'Instruments are sterilised for every patient and single-use items are never reused.' },
  { icon: 'wallet', title: 'Clear prices, flexible EMI', text: 'You know the cost before treatment starts, and larger treatments can be paid monthly.' },
  { icon: 'clock', title: 'Evening appointments', text: 'Open Monday to Saturday until 9 PM, so visits fit around school and work.' },
];

export function HomePage() {
  return (
    <>
      <Hero />
      <EmiBanner />

      <section className="section" aria-labelledby="services-title">
        <div className="container">
          <SectionHeading eyebrow="Popular services" title="How can we help you smile?" id="services-title" />
          <ul className="service-circles">
            {serviceCircles.map((s) => (
              <li key={s.slug}>
                <Link to={s.href} className="service-circle">
                  <span className="service-circle-icon">
                    <Icon name={treatmentIcon(s.slug)} size={34} />
                  </span>
                  <span className="service-circle-label">{s.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="welcome-title">
        <div className="container welcome">
          <div className="welcome-text">
            <p className="eyebrow">Welcome</p>
            <h2 id="welcome-title">Welcome to {clinic.name}</h2>
            <p>
              We are a family dental clinic in {clinic.address.locality}, Pimpri-Chinchwad. {clinic.doctorName} and our team look after
              the whole family under one roof: children’s first visits, fillings and root canals, braces and clear aligners, implants and
              dentures, and whitening for special occasions.
            </p>
            <p>
              Many of our patients come to us nervous. We listen first, explain what we see on the screen, and agree the plan and the
              cost with you before we begin.
            </p>
            <Link to="/about" className="text-link">
              Meet {clinic.doctorName}
              <Icon name="arrow-right" size={18} />
            </Link>
          </div>
          <ul className="stats">
            <li>
              <strong>{clinic.rating}/5</strong>
              <span>rating from {clinic.ratingCount} patients</span>
            </li>
            <li>
              <strong>{clinic.yearsExperience}</strong>
              <span>years of experience</span>
            </li>
            <li>
              <strong>21+</strong>
              <span>treatments available</span>
            </li>
            <li>
              <strong>6 days</strong>
              <span>a week, mornings and evenings</span>
            </li>
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <SectionHeading eyebrow="Why choose us" title="Dentistry that puts you at ease" id="why-title" />
          <ul className="feature-grid">
            {reasons.map((r) => (
              <li key={r.title} className="feature">
                <span className="feature-icon">
                  <Icon name={r.icon} size={26} />
                </span>
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="treatments-title">
        <div className="container">
          <SectionHeading
            eyebrow="Treatments"
            title="Treatments for the whole family"
            intro="Clear prices in rupees. Tap Learn More to see how each treatment is done."
            id="treatments-title"
          />
          <div className="treatment-grid">
            {homeTreatments.map((t) => (
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

      <section className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <SectionHeading eyebrow="Testimonials" title="What our patients say" id="testimonials-title" />
          <TestimonialCarousel />
        </div>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="container cta-inner">
          <div>
            <h2 id="cta-title">Ready for a healthier smile?</h2>
            <p>Book a visit in under a minute. We’ll call you to confirm a time that suits your family.</p>
          </div>
          <div className="cta-actions">
            <BookButton className="button button-light button-large">
              <Icon name="calendar" size={20} />
              Book Appointment
            </BookButton>
            <a className="button button-on-dark button-large" href={clinic.phoneHref}>
              <Icon name="phone" size={20} />
              Call Now
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

export const homePage: PageModule = {
  Page: HomePage,
  head: (_route, pathname, _read, origin) =>
    pageHead(
      pathname,
      `${clinic.name} | Family Dentist in ${clinic.address.locality}, Pune`,
      `Gentle dental care for all ages in ${clinic.address.locality}, Pune: check-ups, root canals, implants, braces, aligners and whitening. Rated ${clinic.rating}/5 by ${clinic.ratingCount} patients, flexible EMI. Book online.`,
      [clinicJsonLd(origin)],
    ),
};
