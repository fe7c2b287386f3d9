import { clinic } from '../../../../shared/constants/clinic';
import { treatments } from '../../../../shared/constants/treatments';
import type { Post, PostSummary } from './data';
import { paths } from './data';
import { routeTreatment, type Route } from './routes';

// Every page's title, description, canonical link, Open Graph tags and structured data (D20). The server
// writes them into the first response; the browser updates title, description and canonical when the
// visitor moves between pages.

export interface Head {
  title: string;
  description: string;
  /** The path of the canonical URL (the origin comes from the server's configuration). */
  path: string;
  ogType: 'website' | 'article';
  image: string;
  jsonLd: Record<string, unknown>[];
  noindex: boolean;
}

const suffix = ` | ${clinic.name}`;
const DEFAULT_IMAGE = '/images/og-default.jpg';

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function clinicJsonLd(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': ['Dentist', 'MedicalClinic'],
    '@id': `${origin}/#clinic`,
    name: clinic.name,
    url: `${origin}/`,
    logo: `${origin}/images/logo.svg`,
    image: `${origin}${DEFAULT_IMAGE}`,
    description: `${clinic.tagline1}. ${clinic.tagline2}. Family dental clinic in ${clinic.address.locality}, Pune.`,
    telephone: clinic.phone,
    email: clinic.email,
    priceRange: '₹500 - ₹3,00,000',
    currenciesAccepted: 'INR',
    address: {
      '@type': 'PostalAddress',
      streetAddress: clinic.address.line1,
      addressLocality: `${clinic.address.locality}, ${clinic.address.city}`,
      addressRegion: clinic.address.state,
      postalCode: clinic.address.postalCode,
      addressCountry: clinic.address.country,
    },
    hasMap: clinic.mapLink,
    openingHoursSpecification: [
      ['10:00', '14:00'],
      ['17:00', '21:00'],
    ].map(([opens, closes]) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      opens,
      closes,
    })),
    employee: { '@type': 'Person', name: clinic.doctorName, jobTitle: clinic.doctorRole },
    sameAs: clinic.socialLinks.map((l) => l.href),
  };
}

function publisher(origin: string) {
  return { '@type': 'Organization', name: clinic.name, logo: { '@type': 'ImageObject', url: `${origin}/images/logo.svg` } };
}

function breadcrumb(origin: string, items: [string, string][]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: `${origin}${path}`,
    })),
  };
}

function notFound(title: string, description: string, path: string): Head {
  return { title: `${title}${suffix}`, description, path, ogType: 'website', image: DEFAULT_IMAGE, jsonLd: [], noindex: true };
}

/** The head of a route; `read` gives the data the route loaded (undefined while it is not there). */
export function buildHead(route: Route, pathname: string, read: (path: string) => unknown, origin: string): Head {
  const page = (title: string, description: string, jsonLd: Record<string, unknown>[] = []): Head => ({
    title,
    description,
    path: pathname,
    ogType: 'website',
    image: DEFAULT_IMAGE,
    jsonLd,
    noindex: false,
  });
  switch (route.name) {
    case 'home':
      return page(
        `${clinic.name} | Family Dentist in ${clinic.address.locality}, Pune`,
        `Gentle dental care for all ages in ${clinic.address.locality}, Pune: check-ups, root canals, implants, braces, aligners and whitening. Rated ${clinic.rating}/5 by ${clinic.ratingCount} patients, flexible EMI. Book online.`,
        [clinicJsonLd(origin)],
      );
    case 'about':
      return page(
        `About ${clinic.doctorName}${suffix}`,
        `Meet ${clinic.doctorName} (${clinic.doctorTitle}), ${clinic.doctorRole.toLowerCase()} with ${clinic.yearsExperience} years of experience caring for families in ${clinic.address.locality}, Pune.`,
        [clinicJsonLd(origin)],
      );
    case 'treatments':
      return page(
        `Dental Treatments and Prices${suffix}`,
        `21+ dental treatments in ${clinic.address.locality}, Pune, with clear prices in rupees: preventive care, restorative work, cosmetic dentistry and orthodontics.`,
        [
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: 'Dental treatments',
            itemListElement: treatments.map((t, i) => ({
              '@type': 'ListItem',
              position: i + 1,
              name: t.name,
              url: `${origin}/treatments/${t.slug}`,
            })),
          },
        ],
      );
    case 'treatment': {
      const t = routeTreatment(route);
      if (!t) return notFound('Treatment Not Found', 'We could not find that treatment. See all our dental treatments, with prices, on the treatments page.', pathname);
      return page(`${t.name}${suffix}`, `${t.description} Price ${t.price}, duration ${t.duration}. ${clinic.name}, Pune.`, [
        {
          '@context': 'https://schema.org',
          '@type': 'MedicalProcedure',
          name: t.name,
          description: t.description,
          url: `${origin}/treatments/${t.slug}`,
          howPerformed: t.procedure.join('. '),
          status: 'https://schema.org/ActiveActionStatus',
          provider: { '@id': `${origin}/#clinic`, '@type': 'Dentist', name: clinic.name },
        },
        breadcrumb(origin, [
          ['Home', '/'],
          ['Treatments', '/treatments'],
          [t.name, `/treatments/${t.slug}`],
        ]),
      ]);
    }
    case 'blogs': {
      const posts = read(paths.posts) as PostSummary[] | undefined;
      return page(
        `Dental Health Blog${suffix}`,
        'Practical advice on caring for your teeth and gums, for children and adults, from the dentists of a family clinic in Pune.',
        [
          {
            '@context': 'https://schema.org',
            '@type': 'Blog',
            name: `${clinic.name} Blog`,
            url: `${origin}/blogs`,
            publisher: publisher(origin),
            blogPost: (posts ?? []).map((p) => ({
              '@type': 'BlogPosting',
              headline: p.title,
              url: `${origin}/blogs/${p.slug}`,
              datePublished: p.publishedAt ?? undefined,
            })),
          },
        ],
      );
    }
    case 'post': {
      const post = read(paths.post(route.slug)) as Post | null | undefined;
      if (post === undefined) {
        return page(`Dental Health Blog${suffix}`, 'An article from our dental health blog.');
      }
      if (!post) return notFound('Article Not Found', 'The article you are looking for does not exist or is no longer available. See all our dental health articles.', pathname);
      const head = page(`${post.title}${suffix}`, post.excerpt, [
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          datePublished: post.publishedAt ?? undefined,
          author: { '@type': 'Person', name: post.author },
          image: post.imageUrl ? absoluteUrl(origin, post.imageUrl) : `${origin}${DEFAULT_IMAGE}`,
          mainEntityOfPage: `${origin}/blogs/${post.slug}`,
          publisher: publisher(origin),
        },
      ]);
      return { ...head, ogType: 'article', image: post.imageUrl ?? DEFAULT_IMAGE };
    }
    case 'gallery':
      return page(
        `Photo Gallery${suffix}`,
        `Photos of our clinic in ${clinic.address.locality}, Pune: the treatment rooms, equipment, team and before-and-after results.`,
        [
          {
            '@context': 'https://schema.org',
            '@type': 'ImageGallery',
            name: `${clinic.name} gallery`,
            url: `${origin}/gallery`,
          },
        ],
      );
    case 'contact':
      return page(
        `Contact Us and Book an Appointment${suffix}`,
        `Call ${clinic.phone}, chat on WhatsApp or book online. ${clinic.addressText}. Open Monday to Saturday, 10 AM to 2 PM and 5 PM to 9 PM.`,
        [clinicJsonLd(origin)],
      );
    case 'not-found':
      return notFound('404 Page Not Found', `Sorry, this page does not exist. Find treatments, the blog, the gallery and how to reach ${clinic.name}.`, pathname);
  }
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON for a <script> block: '<' is escaped, so no text in the data can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The tags the server writes into <head>. */
export function headTags(head: Head, origin: string): string {
  const url = absoluteUrl(origin, head.path);
  const image = absoluteUrl(origin, head.image);
  const lines = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:site_name" content="${escapeAttr(clinic.name)}" />`,
    `<meta property="og:locale" content="en_IN" />`,
    `<meta property="og:title" content="${escapeAttr(head.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    `<meta property="og:image" content="${escapeAttr(image)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    ...head.jsonLd.map((j) => `<script type="application/ld+json">${scriptJson(j)}</script>`),
  ];
  return lines.filter(Boolean).join('\n    ');
}

/** In the browser, after a navigation: the tags a visitor or a share sheet sees. */
export function applyHead(head: Head, origin: string): void {
  document.title = head.title;
  const set = (selector: string, attr: string, value: string) => document.querySelector(selector)?.setAttribute(attr, value);
  const url = absoluteUrl(origin, head.path);
  set('meta[name="description"]', 'content', head.description);
  set('link[rel="canonical"]', 'href', url);
  set('meta[property="og:title"]', 'content', head.title);
  set('meta[property="og:description"]', 'content', head.description);
  set('meta[property="og:url"]', 'content', url);
}
