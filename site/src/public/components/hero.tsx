import { useEffect, useRef, useState } from 'react';
import { clinic } from '../../../../shared/constants/clinic';
import { BookButton } from './book-button';
import { heroMedia } from '../app/site-config';
import { fmt, useT } from '../app/i18n';
import { Icon } from './icons';

type NetworkInformation = { saveData?: boolean };

function motionAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !window.matchMedia('(prefers-reduced-motion: reduce)').matches && !connection?.saveData;
}

/** Runs after the load event and an idle moment, so nothing here competes with the first paint. */
function afterLoad(run: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (w.requestIdleCallback) w.requestIdleCallback(() => !cancelled && run(), { timeout: 2000 });
    else window.setTimeout(() => !cancelled && run(), 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}

/** CLINIC-10: `rating` is the claim the home page makes (pages/home.tsx, homeRating). */
export function Hero({ rating }: { rating: { value: string; count: string } }) {
  const t = useT();
  const [video, setVideo] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => {
      if (reduce.matches) {
        setVideo(null);
        setPlaying(false);
      }
    };
    reduce.addEventListener('change', onChange);
    const cancel = afterLoad(() => {
      if (!motionAllowed()) return;
      setVideo(window.matchMedia('(max-width: 767px)').matches ? heroMedia.videoMobile : heroMedia.videoDesktop);
    });
    return () => {
      cancel();
      reduce.removeEventListener('change', onChange);
    };
  }, []);

  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    v.muted = true;
    if (paused) v.pause();
    else v.play().catch(() => setVideo(null));
  }, [video, paused]);

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-media">
        <picture>
          <source media="(max-width: 767px)" srcSet={heroMedia.posterMobile.src} width={heroMedia.posterMobile.width} height={heroMedia.posterMobile.height} />
          <img
            className="hero-poster"
            src={heroMedia.posterDesktop.src}
            width={heroMedia.posterDesktop.width}
            height={heroMedia.posterDesktop.height}
            alt=""
            fetchPriority="high"
          />
        </picture>
        {video && (
          <video
            ref={videoRef}
            className={playing ? 'hero-video is-playing' : 'hero-video'}
            src={video}
            muted
            loop
            playsInline
            preload="auto"
            aria-hidden="true"
            tabIndex={-1}
            onPlaying={() => setPlaying(true)}
            onError={() => setVideo(null)}
          />
        )}
      </div>
      <div className="hero-shade" />
      <div className="container hero-content">
        <p className="hero-eyebrow">
          <Icon name="pin" size={18} />
          {fmt(t.hero.eyebrow, { locality: t.clinic.locality })}
        </p>
        <h1 id="hero-title">{t.clinic.tagline1}</h1>
        <p className="hero-lead">{fmt(t.hero.lead, { tagline: t.clinic.tagline2 })}</p>
        <div className="hero-actions">
          <BookButton className="button button-primary button-large">
            <Icon name="calendar" size={20} />
            {t.common.bookAppointment}
          </BookButton>
          <a className="button button-light button-large" href={clinic.phoneHref}>
            <Icon name="phone" size={20} />
            {t.common.callNow}
          </a>
        </div>
        <ul className="hero-claims">
          <li>
            <Icon name="star" size={18} className="star-on" />
            <span>
              <strong>{fmt(t.hero.rating, { rating: rating.value })}</strong> {fmt(t.hero.ratingText, { count: rating.count })}
            </span>
          </li>
          <li>
            <Icon name="award" size={18} />
            <span>
              <strong>{fmt(t.hero.years, { years: clinic.yearsExperience })}</strong> {t.hero.yearsText}
            </span>
          </li>
          <li>
            <Icon name="users" size={18} />
            <span>{t.hero.allAges}</span>
          </li>
        </ul>
      </div>
      {playing && (
        <button
          type="button"
          className="icon-button hero-video-toggle"
          aria-label={paused ? t.hero.playVideo : t.hero.pauseVideo}
          onClick={() => setPaused((p) => !p)}
        >
          <Icon name={paused ? 'play' : 'pause'} size={18} />
        </button>
      )}
    </section>
  );
}
