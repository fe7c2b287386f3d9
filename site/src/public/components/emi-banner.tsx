import { useState } from 'react';
import { useT } from '../app/i18n';
import { Icon } from './icons';

// The scrolling EMI banner (SITE-12). The text is in the page once for readers; the moving
// copy is decorative. It stops on hover, on Pause, and never moves under prefers-reduced-motion (CSS).

export function EmiBanner() {
  const t = useT();
  const messages = t.emi.messages;
  const [paused, setPaused] = useState(false);
  const items = (hidden: boolean) => (
    <ul className="marquee-group" aria-hidden={hidden || undefined}>
      {messages.map((m) => (
        <li key={m}>
          <Icon name="wallet" size={18} />
          {m}
        </li>
      ))}
    </ul>
  );
  return (
    <section className={paused ? 'emi-banner is-paused' : 'emi-banner'} aria-label={t.emi.label}>
      <div className="marquee">
        <div className="marquee-track">
          {items(false)}
          {items(true)}
        </div>
      </div>
      <button
        type="button"
        className="icon-button emi-toggle"
        aria-label={paused ? t.emi.play : t.emi.pause}
        onClick={() => setPaused((p) => !p)}
      >
        <Icon name={paused ? 'play' : 'pause'} size={14} />
      </button>
    </section>
  );
}
