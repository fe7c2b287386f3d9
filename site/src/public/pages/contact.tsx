import { useEffect, useRef, useState } from 'react';
import { clinic, whatsappLink } from '../../../../shared/constants/clinic';
import { pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { clinicJsonLd, embeddedDayHours } from '../app/structured-data';
import { fmt, useT } from '../app/i18n';
import { useOpeningHours } from '../app/opening-hours';
import { weekHoursPhrase } from '../../../../shared/domain/hours-phrases';
import { LazyBookingForm } from '../booking/lazy-booking-form';
import { ClosureNotice } from '../components/closure-notice';
import { Icon } from '../components/icons';
import { PageHeader } from '../components/ui';

/** The map loads only when it comes near the screen: nothing from Google on first paint (SITE-24). */
function LazyMap() {
  const t = useT();
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
          title={fmt(t.contact.mapTitle, { name: clinic.name })}
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
  const t = useT();
  const hours = useOpeningHours();
  return (
    <>
      <PageHeader eyebrow={t.contact.eyebrow} title={t.contact.heading}>
        <p className="page-lead">{t.contact.lead}</p>
      </PageHeader>
      <section className="section">
        <div className="container contact-layout">
          <div className="contact-details">
            <h2 className="visually-hidden">{t.contact.details}</h2>
            <ul className="contact-cards">
              <li className="contact-card">
                <span className="contact-icon">
                  <Icon name="phone" />
                </span>
                <span>
                  <span className="contact-label">{t.contact.phone}</span>
                  <a href={clinic.phoneHref}>{clinic.phone}</a>
                </span>
              </li>
              <li className="contact-card">
                <span className="contact-icon contact-icon-chat">
                  <Icon name="chat" />
                </span>
                <span>
                  <span className="contact-label">{t.contact.whatsapp}</span>
                  <a href={whatsappLink(fmt(t.clinic.whatsappMessage, { name: clinic.name }))} target="_blank" rel="noopener noreferrer">
                    {t.contact.chatOnWhatsapp}
                    <span className="visually-hidden">{t.common.opensInNewTab}</span>
                  </a>
                </span>
              </li>
              <li className="contact-card">
                <span className="contact-icon">
                  <Icon name="mail" />
                </span>
                <span>
                  <span className="contact-label">{t.contact.email}</span>
                  <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
                </span>
              </li>
              <li className="contact-card">
                <span className="contact-icon">
                  <Icon name="pin" />
                </span>
                {/* A div: an address may not sit inside a span (W3C Nu HTML checker). */}
                <div>
                  <span className="contact-label">{t.contact.address}</span>
                  <address>{clinic.addressText}</address>
                </div>
              </li>
            </ul>
            <div className="hours-card">
              <h2>
                <Icon name="clock" size={22} />
                {t.contact.openingHours}
              </h2>
              <dl className="hours">
                {hours.map((h) => (
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
              <p className="hours-note">{t.clinic.hoursNote}.</p>
              <ClosureNotice />
            </div>
          </div>
          <div className="form-card" id="book">
            <h2>{t.common.bookAnAppointment}</h2>
            <p className="muted">{t.contact.formLead}</p>
            <LazyBookingForm idPrefix="contact-booking" />
          </div>
        </div>
      </section>
      <section className="section section-tint section-compact" aria-labelledby="map-title">
        <div className="container">
          <div className="map-heading">
            <h2 id="map-title">{t.contact.findUs}</h2>
            <a className="button button-outline" href={clinic.mapLink} target="_blank" rel="noopener noreferrer">
              <Icon name="external" size={18} />
              {t.contact.openMap}
              <span className="visually-hidden">{t.common.opensInNewTab}</span>
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
  head: (_route, pathname, read, origin, i18n) => {
    // SITE-31: the description states the hours, from the settings the page embeds.
    const values = { suffix: titleSuffix, phone: clinic.phone, address: clinic.addressText, hours: weekHoursPhrase(embeddedDayHours(read), i18n.t.clinic) };
    return pageHead(pathname, fmt(i18n.t.contact.title, values), fmt(i18n.t.contact.description, values), [clinicJsonLd(origin, i18n, null, embeddedDayHours(read))]);
  },
};
