import { useEffect, useState } from 'react';
import { testimonials as builtIn } from '../../../../shared/constants/testimonials';
import type { PublicReview } from '../../../../shared/schemas/review';
import { fmt, useT } from '../app/i18n';
import { Icon } from './icons';
import { Stars } from './ui';

// SPEC: 4 cards, advancing every 4 seconds, dots to jump. It stops while the pointer or focus is on it,
// when the visitor presses Pause (WCAG 2.2.2), and never moves under prefers-reduced-motion (A11Y-5).

const ROTATE_MS = 4000;

interface Slide {
  key: string;
  name: string;
  initials: string;
  rating: number;
  text: string;
  subtitle: string;
  reply: string | null;
  /** A visitor's review (their words, drawn with the whole Devanagari font), not a built-in testimonial. */
  visitor: boolean;
}

/** REV-6: approved reviews when there are any (React escapes their text); the built-in four otherwise. */
export function TestimonialCarousel({ reviews = [] }: { reviews?: PublicReview[] }) {
  const t = useT();
  const written = reviews.filter((r) => r.text.trim() !== '');
  const testimonials: Slide[] =
    written.length > 0
      ? written.map((r) => ({
          key: `review-${r.id}`,
          name: r.displayName,
          initials: r.displayName.replace(/[^\p{L}]/gu, '').slice(0, 2).toUpperCase(),
          rating: r.rating,
          text: r.text,
          subtitle: t.testimonials.reviewFrom,
          reply: r.reply,
          visitor: true,
        }))
      : builtIn.map((item, i) => ({
          key: item.name,
          name: item.name,
          initials: item.initials,
          rating: item.rating,
          text: t.testimonials.items[i]?.text ?? item.text,
          subtitle: t.testimonials.items[i]?.treatment ?? item.treatment,
          reply: null,
          visitor: false,
        }));
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReducedMotion(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);

  const rotating = !hovered && !focused && !stopped && !reducedMotion;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % testimonials.length), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={t.testimonials.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-viewport" aria-live={rotating ? 'off' : 'polite'}>
        <div className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {testimonials.map((item, i) => (
            // The slide is a group around the figure: a figure with a figcaption may not take a role.
            <div
              key={item.key}
              className="testimonial-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={fmt(t.testimonials.slide, { n: i + 1, total: testimonials.length })}
              aria-hidden={i === index ? undefined : true}
              inert={i === index ? undefined : true}
            >
              <figure className={item.visitor ? 'testimonial user-text' : 'testimonial'}>
                <Stars rating={item.rating} />
                <blockquote>
                  <p>“{item.text}”</p>
                </blockquote>
                {item.reply && <p className="testimonial-reply">{item.reply}</p>}
                <figcaption>
                  <span className="avatar" aria-hidden="true">
                    {item.initials}
                  </span>
                  <span>
                    <span className="testimonial-name">{item.name}</span>
                    <span className="testimonial-treatment">{item.subtitle}</span>
                  </span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-controls">
        <button
          type="button"
          className="icon-button carousel-toggle"
          aria-label={rotating ? t.testimonials.pause : t.testimonials.play}
          onClick={() => {
            if (reducedMotion) return;
            setStopped((s) => !s);
          }}
          disabled={reducedMotion}
        >
          <Icon name={rotating ? 'pause' : 'play'} size={16} />
        </button>
        <div className="carousel-dots">
          {testimonials.map((item, i) => (
            <button
              key={item.key}
              type="button"
              className={i === index ? 'dot is-active' : 'dot'}
              aria-label={fmt(t.testimonials.show, { n: i + 1, total: testimonials.length })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
