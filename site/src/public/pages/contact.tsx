import { useEffect, useRef, useState } from 'react';
import { bookingWhatsappMessage, clinic, whatsappLink } from '../../../../shared/constants/clinic';
import { pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { clinicJsonLd } from '../app/structured-data';
import { LazyBookingForm } from '../booking/lazy-booking-form';
import { ClosureNotice } from '../components/closure-notice';
import { Icon } from '../components/icons';
import { PageHeader } from '../components/ui';

/** The map loads only when it comes near the screen: nothing from Google on first paint (D21). */
function LazyMap() {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    if (!('IntersectionObserver' in window)) {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);
  return (
    <div ref={ref} className="map-frame">
      {visible ? (
        <iframe
          title={`Map showing ${clinic.name}`}
          src={clinic.mapEmbed}
          width="100%"
          height="400"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <div className="map-placeholder">
          <Icon name="pin" size={36} />
          <p>{clinic.addressText}</p>
        </div>
      )}
    </div>
  );
}

export function ContactPage() {
  return (
    <>
      <PageHeader eyebrow="Contact" title="Contact Us">
        <p className="page-lead">Call, message or book online. We reply the same day, and we’re happy to answer questions before you visit.</p>
      </PageHeader>
      <section className="section">
        <div className="container contact-layout">
          <div className="contact-details">
            <h2 className="visually-hidden">Contact details</h2>
            <ul className="contact-cards">
              <li className="contact-card">
                <span className="contact-icon">
                  <Icon name="phone" />
                </span>
                <span>
                  <span className="contact-label">Phone</span>
                  <a href={clinic.phoneHref}>{clinic.phone}</a>
                </span>
              </li>
              <li className="contact-card">
                <span className="contact-icon contact-icon-chat">
                  <Icon name="chat" />
                </span>
                <span>
                  <span className="contact-label">WhatsApp</span>
                  <a href={whatsappLink(bookingWhatsappMessage)} target="_blank" rel="noopener noreferrer">
                    Chat on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </span>
              </li>
              <li className="contact-card">
                <span className="contact-icon">
                  <Icon name="mail" />
                </span>
                <span>
                  <span className="contact-label">Email</span>
                  <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
                </span>
              </li>
              <li className="contact-card">
                <span className="contact-icon">
                  <Icon name="pin" />
                </span>
                {/* A div: an address may not sit inside a span (W3C Nu HTML checker). */}
                <div>
                  <span className="contact-label">Address</span>
                  <address>{clinic.addressText}</address>
                </div>
              </li>
            </ul>
            <div className="hours-card">
              <h2>
                <Icon name="clock" size={22} />
                Opening Hours
              </h2>
              <dl className="hours">
                {clinic.hours.map((h) => (
                  <div key={h.days}>
                    <dt>{h.days}</dt>
                    <dd>
                      {h.times.map((t) => (
                        <span key={t}>{t}</span>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="hours-note">{clinic.hoursNote}.</p>
              <ClosureNotice />
            </div>
          </div>
          <div className="form-card" id="book">
            <h2>Book an Appointment</h2>
            <p className="muted">Fill in the form and we’ll call you to confirm. It takes less than a minute.</p>
            <LazyBookingForm idPrefix="contact-booking" />
          </div>
        </div>
      </section>
      <section className="section section-tint section-compact" aria-labelledby="map-title">
        <div className="container">
          <div className="map-heading">
            <h2 id="map-title">Find us</h2>
            <a className="button button-outline" href={clinic.mapLink} target="_blank" rel="noopener noreferrer">
              <Icon name="external" size={18} />
              Open in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
          <LazyMap />
        </div>
      </section>
    </>
  );
}

export const contactPage: PageModule = {
  Page: ContactPage,
  head: (_route, pathname, _read, origin) =>
    pageHead(
      pathname,
      `Contact Us and Book an Appointment${titleSuffix}`,
      `Call ${clinic.phone}, chat on WhatsApp or book online. ${clinic.addressText}. Open Monday to Saturday, 10 AM to 2 PM and 5 PM to 9 PM.`,
      [clinicJsonLd(origin)],
    ),
};
