// Public-site settings that are not part of the clinic's identity (shared/constants/clinic.ts).

/**
 * The footer's developer-promotion link (SITE-16): a chat with whoever built the site. Replaceable.
 * Its text is the catalogue's footer.developer (shared/i18n).
 */
export const developerPromo = {
  href: `https://wa.me/919800000000?text=${encodeURIComponent('Hello, I saw the Smile Care Dental Clinic website and would like a website for my practice.')}`,
};

export const COPYRIGHT_YEAR = 2025;

/**
 * The hero's media (SITE-25, SITE-26): a poster image that is the largest paint, and a short loop that replaces it
 * only after the page has loaded, never under prefers-reduced-motion or Save-Data.
 */
export const heroMedia = {
  posterDesktop: { src: '/images/hero-poster-desktop.webp', width: 1920, height: 1080 },
  posterMobile: { src: '/images/hero-poster-mobile.webp', width: 750, height: 1334 },
  videoDesktop: '/video/hero-desktop.mp4',
  videoMobile: '/video/hero-mobile.mp4',
};

/**
 * The About page's doctor photo when the doctor_image setting is unset. The profile's words (bio,
 * education, specializations: demo content a clinic replaces) are the catalogues' about section.
 */
export const doctorProfile = {
  fallbackImage: '/images/doctor.webp',
};
