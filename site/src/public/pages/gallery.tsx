import { useCallback, useEffect, useRef, useState } from 'react';
import { galleryFilterOptions, isGalleryCategory } from '../../../../shared/constants/gallery';
import { clinic } from '../../../../shared/constants/clinic';
import { localizePath } from '../../../../shared/i18n/types';
import type { GalleryImage } from '../../../../shared/schemas/gallery-image';
import { paths, usePublicData } from '../app/data';
import { pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icons';
import { EmptyState, ErrorState, PageHeader } from '../components/ui';
import { fmt, useT } from '../app/i18n';
import type { Catalogue } from '../../../../shared/i18n/en';

/** A category's name in the page's language ('Uncategorized' for anything else). */
function categoryName(t: Catalogue, value: string | null | undefined): string {
  return value && isGalleryCategory(value) ? t.gallery.categories[value] : t.gallery.uncategorized;
}

type Filter = (typeof galleryFilterOptions)[number]['value'];

/** The full-screen viewer: opens at the clicked photo, wraps around, arrows/Escape and swipe. */
function Lightbox({ images, index, onStep, onClose }: { images: GalleryImage[]; index: number; onStep: (delta: 1 | -1) => void; onClose: () => void }) {
  const count = images.length;
  const image = images[index];
  const next = () => onStep(1);
  const prev = () => onStep(-1);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const t = useT();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        onStep(e.key === 'ArrowRight' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onStep]);

  return (
    <Dialog title={t.gallery.viewer} hideTitle onClose={onClose} className="lightbox">
      <div
        className="lightbox-stage"
        onPointerDown={(e) => {
          swipeStart.current = { x: e.clientX, y: e.clientY };
        }}
        onPointerUp={(e) => {
          const start = swipeStart.current;
          swipeStart.current = null;
          if (!start) return;
          const dx = e.clientX - start.x;
          if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(e.clientY - start.y)) {
            if (dx < 0) next();
            else prev();
          }
        }}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <figure className="lightbox-figure">
          <img key={image.id} className="lightbox-image" src={image.imageUrl} alt={image.title} draggable={false} />
          <figcaption className="lightbox-caption" aria-live="polite">
            <span className="lightbox-counter">
              {index + 1} / {count}
            </span>
            <strong className="user-text">{image.title}</strong>
            {image.description && <span className="user-text">{image.description}</span>}
          </figcaption>
        </figure>
      </div>
      {count > 1 && (
        <>
          <button type="button" className="icon-button lightbox-nav lightbox-prev" aria-label={t.gallery.previous} onClick={prev}>
            <Icon name="chevron-left" size={28} />
          </button>
          <button type="button" className="icon-button lightbox-nav lightbox-next" aria-label={t.gallery.next} onClick={next}>
            <Icon name="chevron-right" size={28} />
          </button>
        </>
      )}
    </Dialog>
  );
}

export function GalleryPage() {
  const t = useT();
  const gallery = usePublicData<GalleryImage[]>(paths.gallery);
  const [filter, setFilter] = useState<Filter>('all');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const images = (gallery.data ?? []).filter((i) => i.isActive).sort((a, b) => a.order - b.order);
  const shown = filter === 'all' ? images : images.filter((i) => i.category === filter);
  const count = shown.length;
  // Steps compose as updates, so quick key presses never read a stale position; the ends wrap around.
  const step = useCallback((delta: 1 | -1) => setOpenIndex((i) => (i === null || count === 0 ? i : (i + delta + count) % count)), [count]);

  return (
    <>
      <PageHeader eyebrow={t.gallery.eyebrow} title={t.gallery.heading}>
        <p className="page-lead">{t.gallery.lead}</p>
      </PageHeader>
      <section className="section" aria-label={t.gallery.photos}>
        <div className="container">
          <div className="filter-bar" role="group" aria-label={t.gallery.filterLabel}>
            {galleryFilterOptions.map((o) => (
              <button
                key={o.value}
                type="button"
                className={filter === o.value ? 'chip is-active' : 'chip'}
                aria-pressed={filter === o.value}
                onClick={() => setFilter(o.value)}
              >
                {t.gallery.filters[o.value]}
              </button>
            ))}
          </div>

          {gallery.status === 'pending' && (
            <ul className="gallery-grid" aria-busy="true" aria-label={t.gallery.loading}>
              {Array.from({ length: 8 }, (_, i) => (
                <li key={i} className="gallery-item skeleton" />
              ))}
            </ul>
          )}
          {gallery.status === 'error' && <ErrorState message={t.gallery.error} />}
          {gallery.status === 'success' && shown.length === 0 && (
            <EmptyState message={filter === 'all' ? t.gallery.empty : fmt(t.gallery.emptyCategory, { category: categoryName(t, filter) })}>
              {filter !== 'all' && (
                <button type="button" className="button button-outline" onClick={() => setFilter('all')}>
                  {t.gallery.showAll}
                </button>
              )}
            </EmptyState>
          )}
          {shown.length > 0 && (
            <ul className="gallery-grid">
              {shown.map((img, i) => (
                <li key={img.id} className="gallery-item">
                  <button type="button" className="gallery-button" aria-haspopup="dialog" onClick={() => setOpenIndex(i)}>
                    <img
                      src={img.thumbnailUrl || img.imageUrl}
                      alt={img.title}
                      width={480}
                      height={360}
                      loading={i < 4 ? undefined : 'lazy'}
                      decoding="async"
                    />
                    <span className="gallery-caption">
                      <span className="gallery-title user-text">{img.title}</span>
                      <span className="gallery-category">{categoryName(t, img.category)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      {openIndex !== null && shown[openIndex] && (
        <Lightbox images={shown} index={openIndex} onStep={step} onClose={() => setOpenIndex(null)} />
      )}
    </>
  );
}

export const galleryPage: PageModule = {
  Page: GalleryPage,
  head: (_route, pathname, _read, origin, { lang, t }) =>
    pageHead(
      pathname,
      fmt(t.gallery.title, { suffix: titleSuffix }),
      fmt(t.gallery.description, { locality: t.clinic.locality }),
      [
        {
          '@context': 'https://schema.org',
          '@type': 'ImageGallery',
          name: fmt(t.gallery.jsonLdName, { name: clinic.name }),
          url: `${origin}${localizePath(lang, '/gallery')}`,
        },
      ],
    ),
};
