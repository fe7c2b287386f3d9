import { useState } from 'react';
import { clinic, whatsappLink } from '../../../../shared/constants/clinic';
import { languageNames, languages, localeOf, localizePath, splitLangPath } from '../../../../shared/i18n/types';
import { useBooking } from '../booking/booking-context';
import { BookButton } from './book-button';
import { prefetchBookingForm } from '../booking/lazy-booking-form';
import { COPYRIGHT_YEAR, developerPromo } from '../app/site-config';
import { fmt, useI18n } from '../app/i18n';
import { useOpeningHours } from '../app/opening-hours';
import { Link, useRouter } from '../app/router';
import { isCurrentLink, matchRoute, navLinks } from '../app/routes';
import { Dialog } from './dialog';
import { Icon } from './icons';

// The public chrome (SITE-14 to SITE-17): header (with the side menu below 768 px), footer, floating buttons.

function NavList({ onNavigate, className }: { onNavigate?: () => void; className: string }) {
  const path = splitLangPath(useRouter().path).path;
  const { t } = useI18n();
  return (
    <ul className={className}>
      {navLinks.map((l) => {
        const current = isCurrentLink(l.to, path);
        return (
          <li key={l.to}>
            <Link to={l.to} className={current ? 'nav-link is-current' : 'nav-link'} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
              {t.nav[l.key]}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * I18N-1: the same page in the other languages. Plain links (a full page load): the new page comes from
 * the server in its language, and the browser never holds two catalogues. I18N-7: none on the personal
 * link's page, which speaks the booking's language at any address.
 */
export function LanguageSwitcher({ className }: { className: string }) {
  const { lang, t } = useI18n();
  const path = splitLangPath(useRouter().path).path;
  if (matchRoute(path).name === 'manage') return null;
  return (
    <nav className={className} aria-label={t.nav.language}>
      <ul>
        {languages.map((l) => (
          <li key={l}>
            <a
              href={localizePath(l, path)}
              hrefLang={localeOf[l]}
              lang={localeOf[l]}
              className={l === lang ? 'lang-link is-current' : 'lang-link'}
              aria-current={l === lang ? 'true' : undefined}
            >
              {languageNames[l]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <img src="/images/logo.svg" width={compact ? 36 : 42} height={compact ? 36 : 42} alt="" className="brand-logo" />
      <span className="brand-text">
        <span className="brand-name">{t.clinic.brandName}</span>
        <span className="brand-sub">{t.clinic.brandSub}</span>
      </span>
    </>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { openBooking } = useBooking();
  const { t } = useI18n();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand" aria-label={fmt(t.nav.homeLink, { name: clinic.name })}>
          <Brand />
        </Link>
        <nav className="main-nav" aria-label={t.nav.main}>
          <NavList className="nav-list" />
        </nav>
        <LanguageSwitcher className="lang-switcher header-lang" />
        <a className="button button-ghost header-call" href={clinic.phoneHref}>
          <Icon name="phone" size={18} />
          <span>{clinic.phone}</span>
        </a>
        <button
          type="button"
          className="icon-button menu-button"
          aria-label={t.nav.openMenu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Icon name="menu" size={26} />
        </button>
      </div>
      {menuOpen && (
        <Dialog title={t.nav.menu} hideTitle onClose={() => setMenuOpen(false)} className="side-menu">
          <div className="side-menu-brand">
            <Brand compact />
          </div>
          <nav aria-label={t.nav.menu}>
            <NavList className="side-nav-list" onNavigate={() => setMenuOpen(false)} />
          </nav>
          <LanguageSwitcher className="lang-switcher side-lang" />
          <button
            type="button"
            className="button button-primary button-block"
            aria-haspopup="dialog"
            onPointerEnter={prefetchBookingForm}
            onClick={() => {
              setMenuOpen(false);
              openBooking();
            }}
          >
            <Icon name="calendar" size={20} />
            {t.common.bookAppointment}
          </button>
          <a className="button button-outline button-block" href={clinic.phoneHref}>
            <Icon name="phone" size={20} />
            {fmt(t.common.callPhone, { phone: clinic.phone })}
          </a>
        </Dialog>
      )}
    </header>
  );
}

export function Footer() {
  const { t } = useI18n();
  const hours = useOpeningHours();
  const newTab = t.common.opensInNewTab;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <Link to="/" className="brand brand-light" aria-label={fmt(t.nav.homeLink, { name: clinic.name })}>
            <Brand />
          </Link>
          <p className="footer-tagline">
            {t.clinic.tagline1}
            <br />
            {t.clinic.tagline2}
          </p>
          <ul className="social-links">
            {clinic.socialLinks.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className="social-link">
                  <Icon name={s.label === 'Instagram' ? 'instagram' : 'facebook'} size={20} />
                  <span>{s.label}</span>
                  <span className="visually-hidden">{newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-links" aria-label={t.footer.quickLinksLabel}>
          <h2 className="footer-heading">{t.footer.quickLinks}</h2>
          <ul>
            {navLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t.nav[l.key]}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-contact">
          <h2 className="footer-heading">{t.footer.contact}</h2>
          <ul>
            <li>
              <Icon name="phone" size={18} />
              <a href={clinic.phoneHref}>{clinic.phone}</a>
            </li>
            <li>
              <Icon name="mail" size={18} />
              <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
            </li>
            <li>
              <Icon name="pin" size={18} />
              <span>{clinic.addressText}</span>
            </li>
          </ul>
        </div>
        <div className="footer-hours">
          <h2 className="footer-heading">{t.footer.openingHours}</h2>
          <ul>
            {hours.map((h) => (
              <li key={h.days}>
                <span className="hours-days">{h.days}</span>
                {h.times.map((t) => (
                  <span key={t} className="hours-time">
                    {t}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>{fmt(t.footer.rights, { year: COPYRIGHT_YEAR, name: clinic.name })}</p>
        <p>
          <a href={developerPromo.href} target="_blank" rel="noopener noreferrer" className="developer-link">
            <Icon name="chat" size={16} />
            {t.footer.developer}
            <span className="visually-hidden">{newTab}</span>
          </a>
        </p>
      </div>
    </footer>
  );
}

export function FloatingButtons() {
  const { t } = useI18n();
  return (
    <div className="floating-buttons">
      <a
        className="fab fab-chat"
        href={whatsappLink(fmt(t.clinic.whatsappMessage, { name: clinic.name }))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t.fab.whatsappLabel}
        title={t.fab.whatsappTitle}
      >
        <Icon name="chat" size={26} />
      </a>
      <a className="fab fab-call" href={clinic.phoneHref} aria-label={fmt(t.common.callPhone, { phone: clinic.phone })} title={t.fab.callTitle}>
        <Icon name="phone" size={24} />
      </a>
      <BookButton className="fab fab-book">
        <Icon name="calendar" size={24} />
        <span className="visually-hidden">{t.common.bookAppointment}</span>
      </BookButton>
    </div>
  );
}
