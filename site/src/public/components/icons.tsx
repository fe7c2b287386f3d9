import type { ReactNode } from 'react';

// Line icons drawn for this site (SITE-26): 24x24, stroked with the current colour. Icons are decorative
// (aria-hidden); the text beside them, or the control's label, says what they mean.

const TOOTH =
  'M8 3.5c-2.6 0-4.5 2-4.5 4.8 0 2.2.9 3.6 1.5 5.4.6 1.9.7 3.6 1.1 5.2.3 1.3.9 2.1 1.7 2.1 1.1 0 1.4-1.4 1.7-2.8.3-1.5.6-3.2 2.5-3.2s2.2 1.7 2.5 3.2c.3 1.4.6 2.8 1.7 2.8.8 0 1.4-.8 1.7-2.1.4-1.6.5-3.3 1.1-5.2.6-1.8 1.5-3.2 1.5-5.4 0-2.8-1.9-4.8-4.5-4.8-1.6 0-2.7.8-4 .8s-2.4-.8-4-.8z';

const small = (d: ReactNode) => <g transform="translate(4.8 6.2) scale(.6)">{d}</g>;

const icons = {
  phone: <path d="M5 3h3.5l1.8 4.6-2.3 1.6a11 11 0 0 0 5.8 5.8l1.6-2.3L20 14.5V18a2 2 0 0 1-2 2A15 15 0 0 1 3 5a2 2 0 0 1 2-2z" />,
  chat: (
    <>
      <path d="M4.5 19.5 5.6 16A8 8 0 1 1 8.3 18.6z" />
      <path d="M9 10.5h.01M12 10.5h.01M15 10.5h.01" strokeWidth="2.4" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6 8.5-6" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  star: <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" fill="currentColor" />,
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  'chevron-left': <path d="m15 5-7 7 7 7" />,
  'chevron-right': <path d="m9 5 7 7-7 7" />,
  'arrow-right': <path d="M5 12h14m-6-6 6 6-6 6" />,
  'arrow-left': <path d="M19 12H5m6-6-6 6 6 6" />,
  share: (
    <>
      <circle cx="18" cy="5.5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="18.5" r="2.5" />
      <path d="m8.2 10.8 7.6-4.1M8.2 13.2l7.6 4.1" />
    </>
  ),
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  shield: (
    <>
      <path d="M12 3 5 6v5.5c0 4.4 3 8 7 9.5 4-1.5 7-5.1 7-9.5V6z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  sparkle: (
    <>
      <path d="m11 3 1.8 5.2L18 10l-5.2 1.8L11 17l-1.8-5.2L4 10l5.2-1.8z" />
      <path d="m18.5 15 .7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z" />
    </>
  ),
  heart: <path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.3 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z" />,
  tooth: <path d={TOOTH} />,
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.5-3.6 3.2-5.5 6.5-5.5s6 1.9 6.5 5.5" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14.2c2.6.2 4.5 1.8 5 4.8" />
    </>
  ),
  award: (
    <>
      <circle cx="12" cy="9" r="5.5" />
      <path d="M8.5 13.5 7 21l5-2.5 5 2.5-1.5-7.5" />
    </>
  ),
  wallet: (
    <>
      <path d="M5 6h11a2 2 0 0 1 2 2v1" />
      <rect x="3" y="9" width="18" height="11" rx="2" />
      <path d="M3 8a2 2 0 0 1 2-2" />
      <circle cx="16.5" cy="14.5" r="1.2" />
    </>
  ),
  play: <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />,
  pause: <path d="M8.5 5.5v13M15.5 5.5v13" strokeWidth="3" />,
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r=".6" fill="currentColor" />
    </>
  ),
  facebook: <path d="M14 8h2.5V4.5H14A4 4 0 0 0 10 8.5V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V9a1 1 0 0 1 1-1z" />,
  image: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </>
  ),
  alert: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5V13M12 16.5v.01" />
    </>
  ),
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />,
  link: <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  // Treatments
  crown: (
    <>
      <path d="m4 8 4 4 4-7 4 7 4-4-1.5 10h-13z" />
      <path d="M6 21h12" />
    </>
  ),
  smile: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 14c1 1.5 2.4 2.3 4 2.3s3-.8 4-2.3M9 9.5v.5M15 9.5v.5" />
    </>
  ),
  dentures: (
    <>
      <path d="M3.5 9c2.5-3 14.5-3 17 0-1 6-4.5 10-8.5 10S4.5 15 3.5 9z" />
      <path d="M6.5 9.2v2.6M10 8.4v3.4M14 8.4v3.4M17.5 9.2v2.6M5.5 12h13" />
    </>
  ),
  implant: (
    <>
      <path d="M7 3.5h10a2 2 0 0 1 2 2c0 2-1.5 3.5-3.5 3.5h-7C6.5 9 5 7.5 5 5.5a2 2 0 0 1 2-2z" />
      <path d="M9.5 9v3l.5 6.5 2 2 2-2 .5-6.5V9M9.5 12.5h5M10 15.5h4" />
    </>
  ),
  brush: (
    <>
      <path d="m3.5 20.5 9-9" />
      <path d="m11.5 10.5 3-3 4 4-3 3z" />
      <path d="m14.5 5.5 1-1M16.5 7.5l1-1M18.5 9.5l1-1" />
    </>
  ),
  tool: <path d="M14.7 6.3a4 4 0 0 0 5 5L11 20a2.1 2.1 0 0 1-3-3zM14.7 6.3l2.3-2.3 3 3-2.3 2.3" />,
  braces: (
    <>
      <path d="M2.5 12h19" />
      <rect x="4" y="9" width="4" height="6" rx="1.2" />
      <rect x="10" y="9" width="4" height="6" rx="1.2" />
      <rect x="16" y="9" width="4" height="6" rx="1.2" />
    </>
  ),
  gem: (
    <>
      <path d="M6 4h12l3 5-9 11L3 9z" />
      <path d="M3 9h18M12 20 9 9l3-5 3 5z" />
    </>
  ),
  aligner: (
    <>
      <path d="M4.5 6c0 8 3.4 13 7.5 13s7.5-5 7.5-13" />
      <path d="M8 6c0 5.6 1.8 9 4 9s4-3.4 4-9" />
    </>
  ),
  root: (
    <>
      <path d={TOOTH} />
      <path d="M10 8.5 10.6 15M14 8.5 13.4 15" />
    </>
  ),
  filling: (
    <>
      <path d={TOOTH} />
      <circle cx="12" cy="9" r="2" fill="currentColor" />
    </>
  ),
  drop: <path d="M12 3.5s6 6.5 6 10.5a6 6 0 0 1-12 0c0-4 6-10.5 6-10.5z" />,
  xray: (
    <>
      <path d="M4 8V6a2 2 0 0 1 2-2h2M16 4h2a2 2 0 0 1 2 2v2M20 16v2a2 2 0 0 1-2 2h-2M8 20H6a2 2 0 0 1-2-2v-2" />
      {small(<path d={TOOTH} />)}
    </>
  ),
  extraction: (
    <>
      {small(<path d={TOOTH} />)}
      <path d="M12 1.5v4M10 3.5l2-2 2 2" />
    </>
  ),
  'tooth-shield': (
    <>
      <path d="M12 3 5 6v5.5c0 4.4 3 8 7 9.5 4-1.5 7-5.1 7-9.5V6z" />
      <g transform="translate(7.2 6.8) scale(.4)">
        <path d={TOOTH} />
      </g>
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof icons;

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {icons[name]}
    </svg>
  );
}

const treatmentIcons: Record<string, IconName> = {
  'dental-extraction': 'extraction',
  crown: 'crown',
  dentures: 'dentures',
  veneer: 'sparkle',
  'bridges-implants': 'implant',
  'teeth-whitening': 'sparkle',
  'wisdom-teeth': 'tooth',
  'teeth-cleaning': 'brush',
  'dental-restoration': 'tool',
  braces: 'braces',
  'dental-bonding': 'gem',
  fluoride: 'shield',
  invisalign: 'aligner',
  'root-canal': 'root',
  'dental-fillings': 'filling',
  sealants: 'drop',
  'fissure-sealants': 'tooth-shield',
  'periodontal-disease': 'heart',
  'digital-xray': 'xray',
  'smile-design': 'smile',
};

export function treatmentIcon(slug: string): IconName {
  return treatmentIcons[slug] ?? 'tooth';
}
