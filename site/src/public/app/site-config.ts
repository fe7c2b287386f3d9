// Public-site settings that are not part of the clinic's identity (shared/constants/clinic.ts).

/** The footer's developer-promotion link (SPEC section 2): a chat with whoever built the site. Replaceable. */
export const developerPromo = {
  text: 'Want a website like this? Chat with the developer',
  href: `https://wa.me/919800000000?text=${encodeURIComponent('Hello, I saw the Smile Care Dental Clinic website and would like a website for my practice.')}`,
};

export const COPYRIGHT_YEAR = 2025;

/**
 * The hero's media (D21, D22): a poster image that is the largest paint, and a short loop that replaces it
 * only after the page has loaded, never under prefers-reduced-motion or Save-Data.
 */
export const heroMedia = {
  posterDesktop: { src: '/images/hero-poster-desktop.webp', width: 1920, height: 1080 },
  posterMobile: { src: '/images/hero-poster-mobile.webp', width: 750, height: 1334 },
  videoDesktop: '/video/hero-desktop.mp4',
  videoMobile: '/video/hero-mobile.mp4',
};

/** The About page's doctor profile (demo content beside the clinic identity; a clinic replaces it). */
export const doctorProfile = {
  fallbackImage: '/images/doctor.webp',
  bio: [
    'Dr. Deshpande grew up in Pune and started the clinic to give families in Moshi and Pimpri-Chinchwad the kind of unhurried, honest dental care she would want for her own parents and children.',
    'She is known for calm, careful root canals and for putting nervous patients, young and old, at ease. Every treatment plan is explained on screen, with the cost agreed before work begins.',
  ],
  education: [
    { degree: 'Bachelor of Dental Surgery (BDS)', detail: 'Maharashtra University of Health Sciences' },
    { degree: 'Master of Dental Surgery (MDS)', detail: 'Conservative Dentistry and Endodontics' },
    { degree: 'Certificate in Clear Aligner Therapy', detail: 'Advanced orthodontic training' },
    { degree: 'Member, Indian Dental Association', detail: 'Continuing dental education every year' },
  ],
  specializations: [
    'Painless root canal treatment',
    'Cosmetic dentistry and smile design',
    'Children’s dentistry',
    'Dental implants and bridges',
    'Braces and clear aligners',
    'Gum care and deep cleaning',
  ],
};
