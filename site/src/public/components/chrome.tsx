import { useState } from 'react';
import { bookingWhatsappMessage, clinic, whatsappLink } from '../../../../shared/constants/clinic';
import { useBooking } from '../booking/booking-context';
import { BookButton } from './book-button';
import { prefetchBookingForm } from '../booking/lazy-booking-form';
import { COPYRIGHT_YEAR, developerPromo } from '../app/site-config';
import { Link, useRouter } from '../app/router';
import { isCurrentLink, navLinks } from '../app/routes';
import { Dialog } from './dialog';
import { Icon } from './icons';

// The public chrome of SPEC section 2: header (with the side menu below 768 px), footer, floating buttons.

function NavList({ onNavigate, className }: { onNavigate?: () => void; className: string }) {
  const { path } = useRouter();
  return (
    <ul className={className}>
      {navLinks.map((l) => {
        const current = isCurrentLink(l.to, path);
        return (
          <li key={l.to}>
            <Link to={l.to} className={current ? 'nav-link is-current' : 'nav-link'} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
              {l.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <>
      <img src="/images/logo.svg" width={compact ? 36 : 42} height={compact ? 36 : 42} alt="" className="brand-logo" />
      <span className="brand-text">
        <span className="brand-name">Smile Care</span>
        <span className="brand-sub">Dental Clinic</span>
      </span>
    </>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { openBooking } = useBooking();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand" aria-label={`${clinic.name}, home`}>
          <Brand />
        </Link>
        <nav className="main-nav" aria-label="Main">
          <NavList className="nav-list" />
        </nav>
        <a className="button button-ghost header-call" href={clinic.phoneHref}>
          <Icon name="phone" size={18} />
          <span>{clinic.phone}</span>
        </a>
        <button
          type="button"
          className="icon-button menu-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Icon name="menu" size={26} />
        </button>
      </div>
      {menuOpen && (
        <Dialog title="Menu" hideTitle onClose={() => setMenuOpen(false)} className="side-menu">
          <div className="side-menu-brand">
            <Brand compact />
          </div>
          <nav aria-label="Menu">
            <NavList className="side-nav-list" onNavigate={() => setMenuOpen(false)} />
          </nav>
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
            Book Appointment
          </button>
          <a className="button button-outline button-block" href={clinic.phoneHref}>
            <Icon name="phone" size={20} />
            Call {clinic.phone}
          </a>
        </Dialog>
      )}
    </header>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <Link to="/" className="brand brand-light" aria-label={`${clinic.name}, home`}>
            <Brand />
          </Link>
          <p className="footer-tagline">
            {clinic.tagline1}
            <br />
            {clinic.tagline2}
          </p>
          <ul className="social-links">
            {clinic.socialLinks.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className="social-link">
                  <Icon name={s.label === 'Instagram' ? 'instagram' : 'facebook'} size={20} />
                  <span>{s.label}</span>
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-links" aria-label="Quick links">
          <h2 className="footer-heading">Quick Links</h2>
          <ul>
            {navLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-contact">
          <h2 className="footer-heading">Contact</h2>
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
          <h2 className="footer-heading">Opening Hours</h2>
          <ul>
            {clinic.hours.map((h) => (
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
        <p>
          © {COPYRIGHT_YEAR} {clinic.name}. All rights reserved.
        </p>
        <p>
          <a href={developerPromo.href} target="_blank" rel="noopener noreferrer" className="developer-link">
            <Icon name="chat" size={16} />
            {developerPromo.text}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </footer>
  );
}

export function FloatingButtons() {
  return (
    <div className="floating-buttons">
      <a
        className="fab fab-chat"
        href={whatsappLink(bookingWhatsappMessage)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp (opens in a new tab)"
        title="Chat on WhatsApp"
      >
        <Icon name="chat" size={26} />
      </a>
      <a className="fab fab-call" href={clinic.phoneHref} aria-label={`Call ${clinic.phone}`} title="Call us">
        <Icon name="phone" size={24} />
      </a>
      <BookButton className="fab fab-book">
        <Icon name="calendar" size={24} />
        <span className="visually-hidden">Book Appointment</span>
      </BookButton>
    </div>
  );
}
