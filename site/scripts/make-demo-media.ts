// Draws the product's own demo media (SITE-26): logo, favicon, Open Graph card, the doctor's bundled portrait,
// gallery and blog illustrations, and the hero poster + loop. Everything is vector art written here and
// rasterised with sharp; the hero loop is rendered frame by frame and encoded with ffmpeg (needed only to
// regenerate, never at run time). Nothing is fetched. The output is deterministic.
//
//   npx tsx site/scripts/make-demo-media.ts                 # everything
//   npx tsx site/scripts/make-demo-media.ts gallery blog    # only some groups: brand doctor gallery blog hero video
//
// A clinic replacing the demo art can simply overwrite the files in site/public/images and site/public/video
// (same names and sizes) and never run this script again.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(siteDir, 'public');
const imagesDir = path.join(publicDir, 'images');
const videoDir = path.join(publicDir, 'video');

// ---------------------------------------------------------------------------------------------------------
// Palette and small helpers

const C = {
  teal: '#0f766e',
  tealDark: '#115e59',
  tealDeep: '#134e4a',
  teal500: '#14b8a6',
  teal300: '#5eead4',
  mint: '#ccfbf1',
  mint2: '#99f6e4',
  mintSoft: '#e7f6f2',
  mintWall: '#eef8f5',
  white: '#fdfdfb',
  snow: '#f6f8f7',
  coral: '#f27c68',
  coralDeep: '#d9604c',
  coralSoft: '#fcd9cf',
  peach: '#fdeee7',
  sand: '#efe4d6',
  sandDark: '#e2d3c0',
  wood: '#d8b48f',
  woodDark: '#b88b64',
  ink: '#1e2b33',
  slate: '#5b6b73',
  line: '#d6e2df',
  steel: '#c9d4d3',
  steelDark: '#98a8a7',
  screen: '#0c2226',
  leaf: '#2f9e7a',
  leafDark: '#1f7a5c',
  lip: '#c9605a',
  lipDark: '#a8463f',
  mouth: '#6e2630',
  gum: '#e9838a',
  tooth: '#ffffff',
  toothShade: '#e8eef0',
  stain: '#ecd9a6',
  stainShade: '#d9c189',
} as const;

const FONT = `'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif`;

/** Darken (factor < 1) or lighten (factor > 1, toward white) a #rrggbb colour. */
function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
    factor <= 1 ? Math.round(c * factor) : Math.round(c + (255 - c) * (factor - 1)),
  );
  return `#${channels.map((c) => Math.max(0, Math.min(255, c)).toString(16).padStart(2, '0')).join('')}`;
}

/** A small deterministic PRNG (mulberry32), so the art is identical on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (v: number) => Math.round(v * 10) / 10;

function svgDoc(width: number, height: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${
    defs ? `<defs>${defs}</defs>` : ''
  }${body}</svg>`;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function text(x: number, y: number, content: string, size: number, fill: string, opts: { weight?: number; anchor?: string; spacing?: number } = {}): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${opts.weight ?? 400}" fill="${fill}" text-anchor="${
    opts.anchor ?? 'start'
  }"${opts.spacing ? ` letter-spacing="${opts.spacing}"` : ''}>${esc(content)}</text>`;
}

const shadow = (cx: number, cy: number, rx: number, ry: number, opacity = 0.12) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${C.ink}" opacity="${opacity}"/>`;

// The tooth mark, drawn in a 100 x 100 box.
const TOOTH_PATH =
  'M31 16C39 12 45 16 50 19C55 16 61 12 69 16C82 22 85 38 80 51C76 61 74 70 72 81C70 90 62 91 59 83C57 76 55 66 50 66C45 66 43 76 41 83C38 91 30 90 28 81C26 70 24 61 20 51C15 38 18 22 31 16Z';

function tooth(x: number, y: number, size: number, fill: string, extra = ''): string {
  return `<path d="${TOOTH_PATH}" transform="translate(${x} ${y}) scale(${size / 100})" fill="${fill}" ${extra}/>`;
}

/** Teal rounded square with the white tooth and a soft highlight: the clinic's mark. */
function logoMark(size: number, opts: { highlight?: boolean } = {}): string {
  const s = size / 100;
  const highlight = opts.highlight === false ? '' : `<path d="M33 27C38 24 43 26 46 28" stroke="${C.mint2}" stroke-width="4.5" stroke-linecap="round" fill="none"/>`;
  return `<g transform="scale(${s})"><rect width="100" height="100" rx="24" fill="${C.teal}"/><g transform="translate(9 8) scale(0.82)"><path d="${TOOTH_PATH}" fill="#ffffff"/>${highlight}</g></g>`;
}

// ---------------------------------------------------------------------------------------------------------
// People: a head-and-shoulders figure drawn around the base of the neck (0,0), head about 120 units wide.

interface PersonOptions {
  skin: string;
  hair: string;
  hairStyle: 'long' | 'bun' | 'short' | 'cap' | 'ponytail';
  outfit: 'coat' | 'scrubs' | 'blouse';
  outfitColor?: string;
  capColor?: string;
  glasses?: boolean;
  bindi?: boolean;
  earrings?: string;
  mask?: boolean;
}

function person(x: number, y: number, scale: number, o: PersonOptions): string {
  const skinShade = shade(o.skin, 0.86);
  const parts: string[] = [];
  let backHair = '';
  // Hair that falls behind the shoulders.
  if (o.hairStyle === 'long') {
    backHair = `<path d="M-80 -96C-90 -192 90 -192 80 -96C82 -40 90 10 92 44C64 62 -64 62 -92 44C-90 10 -82 -40 -80 -96Z" fill="${o.hair}"/>`;
  }
  if (o.hairStyle === 'bun') backHair = `<circle cx="0" cy="-164" r="32" fill="${o.hair}"/>`;
  if (o.hairStyle === 'ponytail') backHair = `<path d="M40 -170C92 -170 100 -100 84 -40C78 -20 66 -30 68 -50C74 -100 70 -140 30 -150Z" fill="${o.hair}" transform="translate(0 20)"/>`;

  // Torso and clothes.
  const torso = 'M-150 300L-150 135C-150 70 -105 28 -45 16L45 16C105 28 150 70 150 135L150 300Z';
  parts.push(`<path d="M-21 -40L-21 24Q0 40 21 24L21 -40Z" fill="${skinShade}"/>`);
  if (o.outfit === 'coat') {
    const scrubs = o.outfitColor ?? C.teal;
    parts.push(
      `<path d="${torso}" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>`,
      `<path d="M-44 16L0 108L44 16Z" fill="${scrubs}"/>`,
      `<path d="M-26 16L0 56L26 16Z" fill="${skinShade}"/>`,
      `<path d="M-45 16L-82 60L-6 156M45 16L82 60L6 156" stroke="${C.line}" stroke-width="3" fill="none" stroke-linejoin="round"/>`,
      `<path d="M0 108L0 300" stroke="${C.line}" stroke-width="3"/>`,
      `<circle cx="14" cy="190" r="4.5" fill="${C.line}"/><circle cx="14" cy="246" r="4.5" fill="${C.line}"/>`,
      // Pen in the chest pocket and a name badge.
      `<rect x="-112" y="104" width="8" height="30" rx="3" fill="${C.coral}"/><rect x="-98" y="108" width="6" height="26" rx="3" fill="${C.teal500}"/>`,
      `<path d="M-124 130L-72 130L-74 172Q-98 178 -122 172Z" fill="${C.snow}" stroke="${C.line}" stroke-width="2"/>`,
      `<rect x="62" y="112" width="56" height="20" rx="5" fill="${C.teal}"/><rect x="70" y="120" width="30" height="4" rx="2" fill="#ffffff"/>`,
    );
  } else if (o.outfit === 'scrubs') {
    const color = o.outfitColor ?? C.teal500;
    parts.push(
      `<path d="${torso}" fill="${color}"/>`,
      `<path d="M-36 16L0 80L36 16Z" fill="${skinShade}"/>`,
      `<path d="M-40 16L0 88L40 16" stroke="${shade(color, 0.8)}" stroke-width="6" fill="none" stroke-linejoin="round"/>`,
      `<path d="M-120 140L-72 140L-72 186L-120 186Z" fill="${shade(color, 0.9)}"/>`,
      `<rect x="-108" y="118" width="7" height="26" rx="3" fill="${C.white}"/>`,
    );
  } else {
    const color = o.outfitColor ?? C.coral;
    parts.push(`<path d="${torso}" fill="${color}"/>`, `<path d="M-42 16Q0 74 42 16Z" fill="${skinShade}"/>`);
  }

  // Head (drawn 20 units lower than its design coordinates, which keeps the neck short).
  const bodyParts = parts.splice(0, parts.length);
  parts.push(
    `<ellipse cx="-58" cy="-106" rx="11" ry="16" fill="${skinShade}"/><ellipse cx="58" cy="-106" rx="11" ry="16" fill="${skinShade}"/>`,
    `<ellipse cx="0" cy="-112" rx="60" ry="70" fill="${o.skin}"/>`,
  );
  if (o.earrings) parts.push(`<circle cx="-60" cy="-86" r="5" fill="${o.earrings}"/><circle cx="60" cy="-86" r="5" fill="${o.earrings}"/>`);

  // Face.
  const eye = (ex: number) =>
    `<ellipse cx="${ex}" cy="-106" rx="6" ry="7.5" fill="#2a211d"/><circle cx="${ex + 2}" cy="-109" r="2" fill="#ffffff"/>`;
  parts.push(
    eye(-22),
    eye(22),
    `<path d="M-35 -126Q-23 -134 -10 -127M10 -127Q23 -134 35 -126" stroke="${o.hair}" stroke-width="5" stroke-linecap="round" fill="none"/>`,
    `<path d="M-1 -100Q-7 -86 3 -84" stroke="${shade(o.skin, 0.72)}" stroke-width="3.5" stroke-linecap="round" fill="none"/>`,
    `<circle cx="-36" cy="-84" r="10" fill="${C.coral}" opacity="0.22"/><circle cx="36" cy="-84" r="10" fill="${C.coral}" opacity="0.22"/>`,
  );
  if (o.mask) {
    parts.push(
      `<path d="M-54 -92Q0 -104 54 -92L50 -62Q0 -40 -50 -62Z" fill="${C.mint}" stroke="${shade(C.mint, 0.85)}" stroke-width="2"/>`,
      `<path d="M-44 -80Q0 -88 44 -80M-42 -68Q0 -74 42 -68" stroke="${shade(C.mint, 0.85)}" stroke-width="2" fill="none"/>`,
    );
  } else {
    parts.push(
      `<path d="M-21 -76Q0 -54 21 -76Q0 -70 -21 -76Z" fill="#7a2f33"/>`,
      `<path d="M-17 -74Q0 -71 17 -74L15 -70Q0 -66 -15 -70Z" fill="#ffffff"/>`,
    );
  }
  if (o.bindi) parts.push(`<circle cx="0" cy="-130" r="3.4" fill="${C.coralDeep}"/>`);
  if (o.glasses) {
    parts.push(
      `<g fill="none" stroke="${C.ink}" stroke-width="3.5"><rect x="-42" y="-120" width="36" height="27" rx="11"/><rect x="6" y="-120" width="36" height="27" rx="11"/><path d="M-6 -108Q0 -112 6 -108M-42 -110L-58 -114M42 -110L58 -114"/></g>`,
    );
  }

  // Hair in front.
  if (o.hairStyle === 'long') {
    parts.push(`<path d="M-63 -96C-82 -214 80 -218 64 -100C58 -138 30 -160 -4 -160C-20 -138 -40 -118 -63 -96Z" fill="${o.hair}"/>`);
  } else if (o.hairStyle === 'bun' || o.hairStyle === 'ponytail') {
    parts.push(`<path d="M-62 -100C-70 -190 70 -190 62 -100C56 -132 34 -152 2 -148C-26 -146 -52 -130 -62 -100Z" fill="${o.hair}"/>`);
  } else if (o.hairStyle === 'short') {
    parts.push(
      `<path d="M-62 -104C-72 -196 72 -200 62 -104C60 -130 46 -150 20 -150C-6 -144 -34 -150 -52 -136C-58 -126 -60 -114 -62 -104Z" fill="${o.hair}"/>`,
      `<path d="M-60 -112L-58 -92L-54 -92L-54 -118Z" fill="${o.hair}"/><path d="M60 -112L58 -92L54 -92L54 -118Z" fill="${o.hair}"/>`,
    );
  } else {
    const cap = o.capColor ?? C.teal500;
    parts.push(
      `<path d="M-64 -118C-70 -200 70 -200 64 -118Q0 -134 -64 -118Z" fill="${cap}"/>`,
      `<path d="M-64 -118Q0 -134 64 -118" stroke="${shade(cap, 0.82)}" stroke-width="5" fill="none"/>`,
      `<path d="M-60 -116C-64 -104 -62 -96 -58 -92L-56 -114Z" fill="${o.hair}"/><path d="M60 -116C64 -104 62 -96 58 -92L56 -114Z" fill="${o.hair}"/>`,
    );
  }
  return `<g transform="translate(${x} ${y}) scale(${scale})">${backHair}${bodyParts.join('')}<g transform="translate(0 20)">${parts.join('')}</g></g>`;
}

const SKIN = { warm: '#c68a64', deep: '#9c6446', light: '#e1b08c', golden: '#d39b72' } as const;
const HAIR = { black: '#241915', brown: '#3a2820', soft: '#4a3328' } as const;

const doctorLook: PersonOptions = {
  skin: SKIN.warm,
  hair: HAIR.black,
  hairStyle: 'long',
  outfit: 'coat',
  outfitColor: C.teal,
  bindi: true,
  earrings: '#e5b94e',
};

// ---------------------------------------------------------------------------------------------------------
// Brand

function logoSvg(): string {
  return svgDoc(100, 100, logoMark(100));
}

function faviconSvg(): string {
  // Same mark without the highlight, which turns to mush at 16 px.
  return svgDoc(32, 32, `<g transform="scale(0.32)">${logoMark(100, { highlight: false })}</g>`);
}

function ogSvg(): string {
  const w = 1200;
  const h = 630;
  const defs = `<linearGradient id="og-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.white}"/><stop offset="1" stop-color="${C.mintSoft}"/></linearGradient>`;
  const body = [
    `<rect width="${w}" height="${h}" fill="url(#og-bg)"/>`,
    `<circle cx="1080" cy="90" r="220" fill="${C.mint}" opacity="0.8"/>`,
    `<circle cx="1150" cy="560" r="150" fill="${C.coralSoft}" opacity="0.7"/>`,
    `<circle cx="930" cy="470" r="60" fill="${C.mint2}" opacity="0.45"/>`,
    `<rect x="0" y="${h - 14}" width="${w}" height="14" fill="${C.teal}"/>`,
    `<g transform="translate(96 132)">${logoMark(132)}</g>`,
    text(96, 352, 'Smile Care', 84, C.tealDeep, { weight: 700, spacing: -1 }),
    text(96, 446, 'Dental Clinic', 84, C.tealDeep, { weight: 700, spacing: -1 }),
    `<rect x="98" y="482" width="84" height="6" rx="3" fill="${C.coral}"/>`,
    text(96, 540, 'Gentle care for every smile · Moshi, Pune', 34, C.slate),
  ].join('');
  return svgDoc(w, h, body, defs);
}

// ---------------------------------------------------------------------------------------------------------
// The doctor's bundled portrait (About page fallback)

function doctorSvg(): string {
  const defs = `<radialGradient id="doc-bg" cx="0.5" cy="0.42" r="0.65"><stop offset="0" stop-color="${C.white}"/><stop offset="1" stop-color="${C.mint}"/></radialGradient>`;
  const body = [
    `<rect width="800" height="800" fill="url(#doc-bg)"/>`,
    `<circle cx="400" cy="380" r="270" fill="${C.mint2}" opacity="0.45"/>`,
    `<circle cx="640" cy="170" r="46" fill="${C.coralSoft}"/>`,
    `<circle cx="150" cy="600" r="28" fill="${C.coralSoft}"/>`,
    tooth(120, 150, 90, '#ffffff', 'opacity="0.9"'),
    `<path d="M640 520l10 -24l10 24l24 10l-24 10l-10 24l-10 -24l-24 -10z" fill="${C.teal500}" opacity="0.55"/>`,
    person(400, 520, 1.55, doctorLook),
  ].join('');
  return svgDoc(800, 800, body, defs);
}

// ---------------------------------------------------------------------------------------------------------
// A smile: lips and teeth, drawn at mouth width 600 around (0,0) and scaled.

interface SmileOptions {
  stained?: boolean;
  crooked?: boolean;
  id: string;
}

function smile(cx: number, cy: number, scale: number, o: SmileOptions): string {
  const topEdge = (x: number) => 34 * (1 - (x / 300) ** 2);
  const incisal = (x: number) => 146 - 70 * (x / 300) ** 2;
  const opening = 'M-300 0Q0 68 300 0Q0 380 -300 0Z';
  const toothFill = o.stained ? C.stain : C.tooth;
  const toothLine = o.stained ? C.stainShade : C.toothShade;

  // Upper teeth from the centre outwards: central incisor, lateral, canine, two premolars, a molar.
  const halfWidths = [54, 44, 42, 37, 35, 34];
  const upper: string[] = [];
  const lower: string[] = [];
  for (const side of [-1, 1]) {
    let edge = 0;
    halfWidths.forEach((hw, i) => {
      const x0 = edge;
      const x1 = edge + hw;
      edge = x1;
      const mid = side * (x0 + x1) / 2;
      const top = topEdge(mid) + 12;
      const bottom = incisal(mid) - (i === 2 ? -4 : 0);
      const left = side > 0 ? x0 + 1.5 : -x1 + 1.5;
      const width = hw - 3;
      let transform = '';
      if (o.crooked) {
        // Crowded: teeth pushed toward the middle so they overlap, turned and at uneven heights.
        const tilt = [6, -7, 5, -3, 2, 0][i] * side;
        const drop = [8, -4, 10, 3, 0, 0][i] * (side > 0 ? 1 : 0.5);
        const shift = [-8, -16, -10, -8, -4, 0][i] * side;
        transform = ` transform="translate(${shift} ${drop}) rotate(${tilt} ${r1(mid)} ${r1((top + bottom) / 2)})"`;
      }
      upper.push(
        `<rect x="${r1(left)}" y="${r1(top - 30)}" width="${r1(width)}" height="${r1(bottom - top + 30)}" rx="${r1(Math.min(16, width / 2.6))}" fill="${toothFill}" stroke="${toothLine}" stroke-width="4"${transform}/>`,
      );
      if (!o.stained && i < 2) {
        upper.push(`<rect x="${r1(left + width * 0.25)}" y="${r1(top + 10)}" width="${r1(width * 0.18)}" height="${r1((bottom - top) * 0.45)}" rx="4" fill="#ffffff" opacity="0.9"${transform}/>`);
      }
      // Lower teeth show a little below the upper row.
      const lw = hw * 0.82;
      const lmid = side * (i * 30 + 20);
      if (i < 5) {
        lower.push(
          `<rect x="${r1(lmid - lw / 2)}" y="${r1(incisal(lmid) + 16)}" width="${r1(lw - 3)}" height="90" rx="12" fill="${toothFill}" stroke="${toothLine}" stroke-width="4"${
            o.crooked && i % 2 === 1 ? ` transform="rotate(${side * 8} ${r1(lmid)} ${r1(incisal(lmid) + 50)})"` : ''
          }/>`,
        );
      }
    });
  }
  const defs = `<clipPath id="${o.id}-mouth"><path d="${opening}"/></clipPath>`;
  const lips =
    'M-334 -8C-262 -52 -132 -74 -56 -64Q0 -44 56 -64C132 -74 262 -52 334 -8C262 170 140 262 0 264C-140 262 -262 170 -334 -8Z';
  return `<g transform="translate(${cx} ${cy}) scale(${scale})"><defs>${defs}</defs>
<path d="${lips}" fill="${C.lip}"/>
<path d="M-140 212C-70 238 70 238 140 212" stroke="${shade(C.lip, 1.25)}" stroke-width="12" stroke-linecap="round" fill="none" opacity="0.7"/>
<path d="M-150 -54C-100 -62 -70 -58 -40 -50" stroke="${shade(C.lip, 1.2)}" stroke-width="8" stroke-linecap="round" fill="none" opacity="0.6"/>
<g clip-path="url(#${o.id}-mouth)"><rect x="-310" y="-10" width="620" height="400" fill="${C.mouth}"/>
<path d="M-310 -10L310 -10L310 40Q0 110 -310 40Z" fill="${C.gum}"/>${lower.join('')}${upper.join('')}</g>
<path d="${opening}" fill="none" stroke="${C.lipDark}" stroke-width="6"/></g>`;
}

// ---------------------------------------------------------------------------------------------------------
// Furniture and equipment

function plant(x: number, y: number, s: number, potColor: string = C.coral): string {
  const leaves = [
    [-60, -150, -30],
    [50, -170, 28],
    [-20, -210, -8],
    [30, -110, 50],
    [-70, -90, -60],
    [10, -240, 10],
  ]
    .map(
      ([lx, ly, rot], i) =>
        `<ellipse cx="${lx}" cy="${ly}" rx="26" ry="64" transform="rotate(${rot} ${lx} ${ly})" fill="${i % 2 ? C.leaf : C.leafDark}"/>`,
    )
    .join('');
  return `<g transform="translate(${x} ${y}) scale(${s})">${shadow(0, 0, 70, 10)}<path d="M0 -40L0 -230" stroke="${C.leafDark}" stroke-width="6"/>${leaves}<path d="M-52 -70L52 -70L40 0L-40 0Z" fill="${potColor}"/><rect x="-58" y="-80" width="116" height="16" rx="6" fill="${shade(potColor, 0.88)}"/></g>`;
}

function windowPane(x: number, y: number, w: number, h: number, id: string): string {
  const trees = [0.15, 0.38, 0.62, 0.86]
    .map((f, i) => `<circle cx="${r1(x + w * f)}" cy="${r1(y + h * 0.86)}" r="${r1(w * (0.13 + (i % 2) * 0.04))}" fill="${i % 2 ? '#9fd8c0' : '#b7e4d0'}"/>`)
    .join('');
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d7eef5"/><stop offset="1" stop-color="#f5fbfb"/></linearGradient><clipPath id="${id}-c"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath></defs>
<rect x="${x - 14}" y="${y - 14}" width="${w + 28}" height="${h + 28}" rx="6" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/><g clip-path="url(#${id}-c)">${trees}<circle cx="${x + w * 0.75}" cy="${y + h * 0.2}" r="${w * 0.08}" fill="#fff7df"/></g>
<path d="M${x + w / 2} ${y}L${x + w / 2} ${y + h}M${x} ${y + h * 0.45}L${x + w} ${y + h * 0.45}" stroke="${C.white}" stroke-width="10"/>
<rect x="${x - 24}" y="${y + h + 8}" width="${w + 48}" height="14" rx="4" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>`;
}

/** Dental chair seen from the side, patient's head to the right. (x,y) is the floor under the pillar. */
function dentalChair(x: number, y: number, s: number, color: string = C.teal): string {
  const dark = shade(color, 0.8);
  return `<g transform="translate(${x} ${y}) scale(${s})">
${shadow(0, 4, 170, 14)}
<rect x="-110" y="-16" width="220" height="18" rx="9" fill="${C.steelDark}"/>
<path d="M-26 -16L-18 -126L18 -126L26 -16Z" fill="${C.steel}"/>
<rect x="-36" y="-142" width="72" height="24" rx="8" fill="${C.steelDark}"/>
<g transform="translate(-96 -160) rotate(158)"><rect x="0" y="-20" width="150" height="40" rx="20" fill="${color}"/></g>
<rect x="-116" y="-182" width="220" height="46" rx="22" fill="${color}"/>
<g transform="translate(86 -172) rotate(-34)"><rect x="0" y="-22" width="190" height="44" rx="22" fill="${color}"/><rect x="196" y="-20" width="58" height="36" rx="16" fill="${dark}"/></g>
<rect x="-70" y="-214" width="120" height="16" rx="8" fill="${dark}"/><rect x="40" y="-214" width="12" height="40" rx="4" fill="${C.steelDark}"/>
</g>`;
}

function dentalLamp(x: number, y: number, s: number): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0L0 90L-120 150" stroke="${C.steel}" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/><circle cx="0" cy="90" r="12" fill="${C.steelDark}"/><g transform="translate(-120 150) rotate(-20)"><rect x="-60" y="-12" width="120" height="40" rx="20" fill="${C.white}" stroke="${C.line}" stroke-width="3"/><rect x="-44" y="18" width="88" height="12" rx="6" fill="#fff6cc"/></g></g>`;
}

function instrumentTray(x: number, y: number, s: number): string {
  const tools = [0, 1, 2, 3]
    .map((i) => `<rect x="${-60 + i * 32}" y="-26" width="6" height="40" rx="3" fill="${C.steelDark}" transform="rotate(-8 ${-57 + i * 32} -6)"/>`)
    .join('');
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-4" y="0" width="8" height="120" fill="${C.steel}"/><rect x="-80" y="-10" width="160" height="18" rx="6" fill="${C.white}" stroke="${C.line}" stroke-width="3"/>${tools}<circle cx="60" cy="-18" r="9" fill="${C.steelDark}"/><path d="M60 -9L66 -2" stroke="${C.steelDark}" stroke-width="5"/></g>`;
}

function cabinet(x: number, y: number, w: number, h: number): string {
  const drawers = [0, 1, 2]
    .map((i) => {
      const dy = y + 30 + (i * (h - 40)) / 3;
      return `<rect x="${x + w / 2 + 10}" y="${dy}" width="${w / 2 - 24}" height="${(h - 40) / 3 - 10}" rx="6" fill="${C.snow}" stroke="${C.line}" stroke-width="2"/><rect x="${x + (3 * w) / 4 - 18}" y="${dy + 14}" width="36" height="6" rx="3" fill="${C.teal}"/>`;
    })
    .join('');
  return `<g>${shadow(x + w / 2, y + h + 4, w / 2 + 10, 10, 0.1)}<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${C.white}" stroke="${C.line}" stroke-width="2"/><rect x="${x - 8}" y="${y - 14}" width="${w + 16}" height="18" rx="6" fill="${C.steel}"/><rect x="${x + 14}" y="${y + 30}" width="${w / 2 - 24}" height="${h - 50}" rx="6" fill="${C.snow}" stroke="${C.line}" stroke-width="2"/><rect x="${x + w / 2 - 26}" y="${y + 50}" width="6" height="40" rx="3" fill="${C.teal}"/>${drawers}</g>`;
}

function frame(x: number, y: number, w: number, h: number, inner: string): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${C.white}" stroke="${C.woodDark}" stroke-width="8"/><g>${inner}</g>`;
}

function room(width: number, height: number, floorY: number, wall: string, floor: string): string {
  return `<rect width="${width}" height="${floorY}" fill="${wall}"/><rect y="${floorY}" width="${width}" height="${height - floorY}" fill="${floor}"/><rect y="${floorY - 6}" width="${width}" height="12" fill="${shade(floor, 0.93)}"/>`;
}

// ---------------------------------------------------------------------------------------------------------
// Gallery scenes, 1200 x 900

const GW = 1200;
const GH = 900;

function receptionScene(): string {
  const lamps = [430, 600, 770]
    .map((lx) => `<path d="M${lx} 0L${lx} 96" stroke="${C.slate}" stroke-width="3"/><path d="M${lx - 42} 134A42 42 0 0 1 ${lx + 42} 134Z" fill="${C.teal}"/><ellipse cx="${lx}" cy="150" rx="40" ry="12" fill="#fff3c4" opacity="0.8"/>`)
    .join('');
  return svgDoc(
    GW,
    GH,
    [
      room(GW, GH, 720, C.mintWall, C.sand),
      windowPane(70, 170, 150, 380, 'rec-win'),
      `<rect x="280" y="180" width="640" height="300" rx="18" fill="${C.teal}"/>`,
      `<rect x="280" y="180" width="640" height="300" rx="18" fill="none" stroke="${C.tealDark}" stroke-width="6"/>`,
      `<g transform="translate(320 222)">${logoMark(96)}</g>`,
      `<rect x="320" y="222" width="96" height="96" rx="23" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.5"/>`,
      text(444, 272, 'Smile Care', 54, '#ffffff', { weight: 700 }),
      text(446, 310, 'DENTAL CLINIC', 22, C.mint, { weight: 700, spacing: 5 }),
      lamps,
      `<circle cx="1040" cy="250" r="58" fill="${C.white}" stroke="${C.teal}" stroke-width="8"/><path d="M1040 250L1040 214M1040 250L1066 262" stroke="${C.ink}" stroke-width="6" stroke-linecap="round"/>`,
      person(800, 468, 0.84, { skin: SKIN.golden, hair: HAIR.brown, hairStyle: 'ponytail', outfit: 'blouse', outfitColor: C.coral, earrings: C.teal500 }),
      `<rect x="520" y="412" width="150" height="100" rx="10" fill="${C.steelDark}"/><rect x="585" y="510" width="20" height="20" fill="${C.steelDark}"/>`,
      `<rect x="226" y="520" width="748" height="26" rx="10" fill="${C.wood}"/>`,
      `<rect x="246" y="544" width="708" height="184" rx="6" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>`,
      `<rect x="246" y="610" width="708" height="22" fill="${C.mint2}"/>`,
      tooth(570, 644, 60, C.teal, 'opacity="0.18"'),
      `<g transform="translate(360 520)"><path d="M-20 0L-16 -46L16 -46L20 0Z" fill="${C.white}" stroke="${C.line}" stroke-width="2"/><circle cx="-10" cy="-62" r="14" fill="${C.coral}"/><circle cx="10" cy="-70" r="12" fill="${C.coralSoft}"/><circle cx="2" cy="-52" r="10" fill="#f6b24e"/></g>`,
      plant(1060, 780, 1.05, C.teal500),
      shadow(600, 742, 380, 14, 0.08),
    ].join(''),
  );
}

function treatmentRoomScene(): string {
  return svgDoc(
    GW,
    GH,
    [
      room(GW, GH, 730, C.white, '#e6ecea'),
      `<rect x="0" y="0" width="${GW}" height="40" fill="${C.mintSoft}"/><rect x="480" y="40" width="300" height="14" rx="7" fill="#fff4cf"/>`,
      windowPane(80, 150, 360, 420, 'trt-win'),
      `<rect x="700" y="150" width="190" height="120" rx="10" fill="${C.screen}"/><rect x="716" y="166" width="158" height="88" rx="4" fill="#1d3f44"/>`,
      `<path d="M740 236L760 200L780 226L800 196L840 236Z" fill="${C.teal300}" opacity="0.7"/><rect x="785" y="270" width="20" height="40" fill="${C.steel}"/>`,
      cabinet(900, 540, 250, 190),
      `<rect x="900" y="250" width="250" height="150" rx="8" fill="${C.white}" stroke="${C.line}" stroke-width="2"/><path d="M1025 250L1025 400" stroke="${C.line}" stroke-width="2"/><rect x="1005" y="310" width="6" height="40" rx="3" fill="${C.teal}"/><rect x="1039" y="310" width="6" height="40" rx="3" fill="${C.teal}"/>`,
      `<path d="M960 526L960 496Q960 482 976 482L996 482" stroke="${C.steelDark}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
      `<rect x="1080" y="500" width="36" height="26" rx="6" fill="${C.teal500}"/><rect x="1090" y="488" width="16" height="14" rx="3" fill="${C.white}"/>`,
      dentalLamp(680, 40, 1.25),
      dentalChair(560, 760, 1.25, C.teal),
      instrumentTray(140, 600, 1.1),
      `<g transform="translate(800 760)">${shadow(0, 0, 50, 8)}<rect x="-6" y="-80" width="12" height="80" fill="${C.steelDark}"/><ellipse cx="0" cy="-86" rx="46" ry="14" fill="${C.coral}"/></g>`,
    ].join(''),
  );
}

function waitingAreaScene(): string {
  return svgDoc(
    GW,
    GH,
    [
      room(GW, GH, 700, C.peach, C.sand),
      `<ellipse cx="520" cy="800" rx="420" ry="60" fill="${C.mint}" opacity="0.9"/>`,
      frame(200, 170, 220, 170, `<rect x="208" y="178" width="204" height="154" fill="${C.mintSoft}"/><circle cx="260" cy="230" r="26" fill="${C.coralSoft}"/><path d="M208 332L280 262L330 300L370 270L412 310L412 332Z" fill="${C.teal500}" opacity="0.8"/>`),
      frame(470, 200, 150, 150, `<rect x="478" y="208" width="134" height="134" fill="${C.white}"/>${tooth(503, 230, 84, C.teal300)}`),
      frame(670, 170, 150, 210, `<rect x="678" y="178" width="134" height="194" fill="${C.coralSoft}"/><circle cx="745" cy="275" r="46" fill="${C.coral}" opacity="0.7"/><circle cx="745" cy="275" r="20" fill="${C.white}" opacity="0.8"/>`),
      // Sofa
      shadow(470, 730, 320, 16),
      `<rect x="160" y="470" width="620" height="170" rx="40" fill="${C.teal}"/>`,
      `<rect x="130" y="540" width="90" height="170" rx="34" fill="${C.tealDark}"/><rect x="720" y="540" width="90" height="170" rx="34" fill="${C.tealDark}"/>`,
      `<rect x="200" y="590" width="560" height="110" rx="28" fill="${shade(C.teal, 1.12)}"/>`,
      `<path d="M470 600L470 700" stroke="${C.teal}" stroke-width="4"/>`,
      `<rect x="230" y="510" width="120" height="100" rx="26" fill="${C.coral}" transform="rotate(-8 290 560)"/><rect x="590" y="510" width="120" height="100" rx="26" fill="${C.coralSoft}" transform="rotate(7 650 560)"/>`,
      `<rect x="180" y="700" width="14" height="30" fill="${C.woodDark}"/><rect x="746" y="700" width="14" height="30" fill="${C.woodDark}"/>`,
      // Coffee table with magazines
      shadow(520, 838, 170, 10),
      `<rect x="350" y="760" width="340" height="22" rx="11" fill="${C.wood}"/><rect x="380" y="780" width="14" height="56" fill="${C.woodDark}"/><rect x="646" y="780" width="14" height="56" fill="${C.woodDark}"/>`,
      `<rect x="420" y="746" width="110" height="14" rx="3" fill="${C.white}" transform="rotate(-4 475 753)"/><rect x="430" y="736" width="100" height="12" rx="3" fill="${C.teal300}" transform="rotate(3 480 742)"/><circle cx="610" cy="744" r="16" fill="${C.white}"/><rect x="600" y="722" width="20" height="22" rx="6" fill="${C.white}"/>`,
      // Kids' corner: a low shelf with books and blocks
      `<rect x="900" y="540" width="220" height="170" rx="10" fill="${C.white}" stroke="${C.sandDark}" stroke-width="3"/><path d="M900 625L1120 625" stroke="${C.sandDark}" stroke-width="3"/>`,
      [C.coral, C.teal500, '#f6b24e', C.teal, C.coralSoft].map((c, i) => `<rect x="${920 + i * 26}" y="${560 + (i % 2) * 8}" width="20" height="${58 - (i % 2) * 8}" rx="3" fill="${c}"/>`).join(''),
      `<rect x="1060" y="578" width="40" height="40" rx="6" fill="#f6b24e"/><rect x="930" y="650" width="46" height="46" rx="6" fill="${C.teal500}"/><rect x="986" y="664" width="32" height="32" rx="6" fill="${C.coral}"/><circle cx="1070" cy="672" r="24" fill="${C.mint2}"/>`,
      plant(1010, 880, 0.9, C.coral),
      `<path d="M1000 0L1000 120" stroke="${C.slate}" stroke-width="3"/><circle cx="1000" cy="140" r="30" fill="${C.white}" stroke="${C.line}" stroke-width="3"/><ellipse cx="1000" cy="170" rx="26" ry="6" fill="#fff3c4"/>`,
    ].join(''),
  );
}

function dentalChairScene(): string {
  const defs = `<linearGradient id="chair-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.mintSoft}"/><stop offset="1" stop-color="${C.white}"/></linearGradient>`;
  return svgDoc(
    GW,
    GH,
    [
      `<rect width="${GW}" height="${GH}" fill="url(#chair-bg)"/>`,
      `<rect y="720" width="${GW}" height="180" fill="#e4ebe9"/>`,
      `<circle cx="640" cy="400" r="300" fill="${C.mint}" opacity="0.7"/>`,
      dentalLamp(690, 0, 1.6),
      dentalChair(560, 780, 1.75, C.teal),
      `<g transform="translate(1010 780)">${shadow(0, 0, 60, 9)}<path d="M-40 0L0 -20L40 0" stroke="${C.steelDark}" stroke-width="8" fill="none"/><rect x="-7" y="-130" width="14" height="112" fill="${C.steelDark}"/><ellipse cx="0" cy="-138" rx="60" ry="18" fill="${C.coral}"/></g>`,
      `<rect x="1060" y="300" width="90" height="200" rx="12" fill="${C.white}" stroke="${C.line}" stroke-width="2"/><circle cx="1105" cy="340" r="16" fill="${C.teal300}"/><rect x="1080" y="380" width="50" height="8" rx="4" fill="${C.line}"/><rect x="1080" y="400" width="50" height="8" rx="4" fill="${C.line}"/>`,
    ].join(''),
    defs,
  );
}

/** A panoramic dental X-ray as it looks on a screen. */
function panoramicXray(x: number, y: number, w: number, h: number): string {
  const teeth: string[] = [];
  for (let i = 0; i < 14; i++) {
    const f = (i + 0.5) / 14;
    const tx = x + w * (0.08 + 0.84 * f);
    const curve = Math.sin(Math.PI * f);
    const tw = w * 0.048;
    const upperBottom = y + h * 0.5 - curve * h * 0.04;
    const lowerTop = y + h * 0.54 - curve * h * 0.02;
    const crownH = h * (0.16 + 0.04 * curve);
    teeth.push(
      `<rect x="${r1(tx - tw / 2)}" y="${r1(upperBottom - crownH)}" width="${r1(tw)}" height="${r1(crownH)}" rx="${r1(tw / 3)}" fill="#e9f3f2" opacity="0.92"/>`,
      `<path d="M${r1(tx - tw / 4)} ${r1(upperBottom - crownH + 4)}L${r1(tx - tw / 6)} ${r1(upperBottom - crownH - h * 0.13)}M${r1(tx + tw / 4)} ${r1(upperBottom - crownH + 4)}L${r1(tx + tw / 6)} ${r1(upperBottom - crownH - h * 0.12)}" stroke="#cfe0de" stroke-width="${r1(tw / 4)}" stroke-linecap="round" opacity="0.6"/>`,
      `<rect x="${r1(tx - tw / 2)}" y="${r1(lowerTop)}" width="${r1(tw)}" height="${r1(crownH * 0.95)}" rx="${r1(tw / 3)}" fill="#e9f3f2" opacity="0.92"/>`,
      `<path d="M${r1(tx)} ${r1(lowerTop + crownH)}L${r1(tx)} ${r1(lowerTop + crownH + h * 0.15)}" stroke="#cfe0de" stroke-width="${r1(tw / 3)}" stroke-linecap="round" opacity="0.6"/>`,
    );
    if (i === 4) teeth.push(`<rect x="${r1(tx - tw / 4)}" y="${r1(upperBottom - crownH * 0.6)}" width="${r1(tw / 2)}" height="${r1(crownH * 0.35)}" rx="3" fill="#ffffff"/>`);
  }
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#07181b"/><ellipse cx="${x + w / 2}" cy="${y + h * 0.55}" rx="${w * 0.47}" ry="${h * 0.44}" fill="#3b5256" opacity="0.55"/><ellipse cx="${x + w / 2}" cy="${y + h * 0.56}" rx="${w * 0.4}" ry="${h * 0.3}" fill="#1a3034"/>${teeth.join('')}`;
}

function xrayScene(): string {
  return svgDoc(
    GW,
    GH,
    [
      room(GW, GH, 700, C.mintWall, '#e3e9e7'),
      // The panoramic unit on the right.
      `<g transform="translate(960 700)">${shadow(0, 6, 130, 12)}<rect x="-110" y="-8" width="220" height="16" rx="8" fill="${C.steelDark}"/><rect x="-34" y="-560" width="68" height="556" rx="14" fill="${C.white}" stroke="${C.line}" stroke-width="3"/><rect x="-150" y="-470" width="300" height="44" rx="22" fill="${C.white}" stroke="${C.line}" stroke-width="3"/><rect x="-150" y="-430" width="46" height="150" rx="16" fill="${C.white}" stroke="${C.line}" stroke-width="3"/><rect x="104" y="-430" width="46" height="150" rx="16" fill="${C.white}" stroke="${C.line}" stroke-width="3"/><rect x="-60" y="-300" width="120" height="22" rx="11" fill="${C.teal}"/><rect x="-20" y="-520" width="40" height="26" rx="6" fill="${C.teal500}"/><circle cx="0" cy="-200" r="8" fill="${C.coral}"/></g>`,
      // Desk and monitor.
      shadow(420, 742, 330, 12, 0.1),
      `<rect x="90" y="560" width="660" height="24" rx="8" fill="${C.wood}"/><rect x="120" y="584" width="20" height="150" fill="${C.woodDark}"/><rect x="700" y="584" width="20" height="150" fill="${C.woodDark}"/>`,
      `<rect x="110" y="150" width="620" height="370" rx="18" fill="${C.ink}"/>`,
      panoramicXray(130, 170, 580, 300),
      `<rect x="130" y="470" width="580" height="32" fill="#102a2e"/><rect x="146" y="480" width="90" height="12" rx="6" fill="${C.teal500}"/><rect x="250" y="480" width="60" height="12" rx="6" fill="${C.slate}"/><rect x="320" y="480" width="60" height="12" rx="6" fill="${C.slate}"/>`,
      `<path d="M390 520L380 560L460 560L450 520Z" fill="${C.steelDark}"/>`,
      `<rect x="300" y="542" width="200" height="14" rx="5" fill="${C.steel}"/><ellipse cx="560" cy="549" rx="22" ry="12" fill="${C.steel}"/>`,
      `<rect x="620" y="500" width="80" height="56" rx="8" fill="${C.white}" stroke="${C.line}" stroke-width="2"/><rect x="634" y="514" width="52" height="28" rx="4" fill="${C.mint}"/>`,
    ].join(''),
  );
}

function pouch(x: number, y: number, rot: number, tool: 'mirror' | 'probe' | 'forceps'): string {
  const tools = {
    mirror: `<rect x="-4" y="-60" width="8" height="100" rx="4" fill="${C.steelDark}"/><circle cx="0" cy="-70" r="16" fill="${C.steel}" stroke="${C.steelDark}" stroke-width="4"/>`,
    probe: `<rect x="-4" y="-50" width="8" height="100" rx="4" fill="${C.steelDark}"/><path d="M0 -50Q0 -76 14 -80" stroke="${C.steelDark}" stroke-width="4" fill="none"/>`,
    forceps: `<path d="M-10 60L-4 -60M10 60L4 -60" stroke="${C.steelDark}" stroke-width="8" stroke-linecap="round"/>`,
  };
  return `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="-50" y="-110" width="100" height="220" rx="6" fill="#f4f7f8" stroke="#c7d3d6" stroke-width="3"/><rect x="-50" y="-110" width="100" height="36" fill="${C.mint2}" opacity="0.7"/><path d="M-50 -74L-40 -84L-30 -74L-20 -84L-10 -74L0 -84L10 -74L20 -84L30 -74L40 -84L50 -74" stroke="#9ec7c1" stroke-width="3" fill="none"/>${tools[tool]}<rect x="-34" y="78" width="68" height="16" rx="4" fill="${C.coralSoft}"/></g>`;
}

function sterilisationScene(): string {
  return svgDoc(
    GW,
    GH,
    [
      room(GW, GH, 760, C.white, '#e3e9e7'),
      `<rect x="0" y="0" width="${GW}" height="420" fill="${C.mintWall}"/>`,
      // Counter
      `<rect x="40" y="560" width="1120" height="30" rx="8" fill="${C.steel}"/><rect x="60" y="590" width="1080" height="170" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>`,
      [0, 1, 2, 3].map((i) => `<path d="M${60 + i * 270} 590L${60 + i * 270} 760" stroke="${C.line}" stroke-width="2"/><rect x="${165 + i * 270}" y="610" width="60" height="8" rx="4" fill="${C.teal}"/>`).join(''),
      // Autoclave
      shadow(330, 562, 200, 8, 0.12),
      `<rect x="130" y="300" width="400" height="262" rx="26" fill="${C.white}" stroke="${C.line}" stroke-width="3"/><rect x="130" y="300" width="400" height="40" rx="20" fill="${C.teal}"/><circle cx="280" cy="450" r="88" fill="${C.snow}" stroke="${C.steel}" stroke-width="14"/><circle cx="280" cy="450" r="58" fill="${C.steel}" opacity="0.5"/><path d="M230 450L330 450" stroke="${C.steelDark}" stroke-width="10" stroke-linecap="round"/>`,
      `<rect x="406" y="380" width="100" height="50" rx="8" fill="${C.screen}"/>${text(456, 416, '134°C', 26, C.teal300, { weight: 700, anchor: 'middle' })}<circle cx="426" cy="470" r="12" fill="${C.teal500}"/><circle cx="462" cy="470" r="12" fill="${C.coral}"/><circle cx="498" cy="470" r="12" fill="${C.line}"/>`,
      // Sealed pouches on the wall rail
      `<rect x="600" y="150" width="520" height="12" rx="6" fill="${C.steelDark}"/>`,
      pouch(680, 290, -2, 'mirror'),
      pouch(800, 296, 3, 'probe'),
      pouch(920, 290, -3, 'forceps'),
      pouch(1040, 294, 2, 'mirror'),
      // Tray of instruments, gloves box
      `<rect x="620" y="520" width="300" height="40" rx="10" fill="${C.steel}"/><rect x="640" y="500" width="260" height="26" rx="8" fill="${C.snow}"/>`,
      [0, 1, 2, 3, 4, 5].map((i) => `<rect x="${660 + i * 40}" y="506" width="28" height="8" rx="4" fill="${C.steelDark}"/>`).join(''),
      `<rect x="960" y="470" width="170" height="90" rx="8" fill="${C.mint2}"/><ellipse cx="1045" cy="480" rx="50" ry="10" fill="${C.teal}" opacity="0.4"/><path d="M1020 476Q1030 440 1050 452Q1070 440 1068 478" fill="#ffffff"/>${text(1045, 530, 'GLOVES', 20, C.tealDeep, { weight: 700, anchor: 'middle', spacing: 2 })}`,
    ].join(''),
  );
}

function doctorScene(): string {
  return svgDoc(
    GW,
    GH,
    [
      room(GW, GH, 760, C.mintWall, C.sand),
      frame(150, 170, 190, 140, `<rect x="158" y="178" width="174" height="124" fill="${C.white}"/><rect x="190" y="205" width="110" height="10" rx="5" fill="${C.teal}"/><rect x="180" y="230" width="130" height="6" rx="3" fill="${C.line}"/><rect x="180" y="246" width="130" height="6" rx="3" fill="${C.line}"/><circle cx="245" cy="278" r="12" fill="${C.coral}"/>`),
      frame(150, 350, 190, 140, `<rect x="158" y="358" width="174" height="124" fill="${C.white}"/><rect x="190" y="385" width="110" height="10" rx="5" fill="${C.teal}"/><rect x="180" y="410" width="130" height="6" rx="3" fill="${C.line}"/><rect x="180" y="426" width="130" height="6" rx="3" fill="${C.line}"/><circle cx="245" cy="458" r="12" fill="#f6b24e"/>`),
      windowPane(860, 160, 230, 360, 'doc-win'),
      `<circle cx="600" cy="420" r="270" fill="${C.mint}"/>`,
      person(600, 620, 1.45, doctorLook),
      plant(1000, 880, 1.1, C.coral),
    ].join(''),
  );
}

function assistantsScene(): string {
  return svgDoc(
    GW,
    GH,
    [
      room(GW, GH, 800, C.white, C.sand),
      `<rect x="0" y="0" width="${GW}" height="800" fill="${C.mintSoft}"/>`,
      `<circle cx="330" cy="330" r="230" fill="${C.mint}"/><circle cx="880" cy="360" r="230" fill="${C.coralSoft}" opacity="0.8"/>`,
      tooth(1040, 120, 90, '#ffffff'),
      `<path d="M120 120l10 -24l10 24l24 10l-24 10l-10 24l-10 -24l-24 -10z" fill="${C.teal500}" opacity="0.5"/>`,
      person(380, 560, 1.3, { skin: SKIN.light, hair: HAIR.soft, hairStyle: 'cap', capColor: C.teal500, outfit: 'scrubs', outfitColor: C.teal500, earrings: C.white }),
      person(830, 580, 1.3, { skin: SKIN.deep, hair: HAIR.black, hairStyle: 'short', outfit: 'scrubs', outfitColor: C.teal, glasses: true }),
    ].join(''),
  );
}

function shadeGuide(x: number, y: number, s: number): string {
  // A row of shade tabs, darkest to brightest, clipped to a holder bar.
  const tabs = ['#e3c98c', '#ead5a0', '#f0e0b7', '#f5ead0', '#faf4e6', '#ffffff'];
  return `<g transform="translate(${x} ${y}) scale(${s})">${shadow(150, 190, 170, 12, 0.08)}<rect x="-20" y="-14" width="340" height="40" rx="14" fill="${C.steelDark}"/>${tabs
    .map((c, i) => `<rect x="${i * 52}" y="10" width="42" height="118" rx="18" fill="${c}" stroke="#d6cbb3" stroke-width="3"/><rect x="${i * 52 + 8}" y="-6" width="26" height="24" rx="4" fill="${C.steel}"/>`)
    .join('')}<path d="M0 160L280 160" stroke="${C.teal}" stroke-width="6" stroke-linecap="round"/><path d="M266 148L284 160L266 172" stroke="${C.teal}" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

function sparkle(x: number, y: number, size: number, fill: string): string {
  const k = size / 24;
  return `<path d="M${x} ${y - 24 * k}L${x + 6 * k} ${y - 6 * k}L${x + 24 * k} ${y}L${x + 6 * k} ${y + 6 * k}L${x} ${y + 24 * k}L${x - 6 * k} ${y + 6 * k}L${x - 24 * k} ${y}L${x - 6 * k} ${y - 6 * k}Z" fill="${fill}"/>`;
}

function whiteningScene(): string {
  return svgDoc(
    GW,
    GH,
    [
      `<rect width="${GW}" height="${GH}" fill="${C.peach}"/>`,
      `<circle cx="470" cy="420" r="340" fill="${C.coralSoft}" opacity="0.7"/><circle cx="1000" cy="640" r="240" fill="${C.mint}"/>`,
      smile(470, 380, 0.95, { id: 'wht' }),
      shadeGuide(800, 560, 1.0),
      sparkle(700, 250, 30, '#ffffff'),
      sparkle(250, 300, 20, '#ffffff'),
      sparkle(640, 600, 16, C.teal500),
      `<rect x="300" y="690" width="340" height="60" rx="30" fill="#ffffff"/>${text(470, 730, 'Professional whitening', 26, C.tealDeep, { weight: 700, anchor: 'middle' })}`,
    ].join(''),
  );
}

/** A clear aligner seen from above: a U-shaped translucent tray with a bump over every tooth. */
function aligner(x: number, y: number, s: number, rot: number): string {
  const caps: string[] = [];
  const n = 14;
  for (let i = 0; i < n; i++) {
    const a = Math.PI * (0.06 + (0.88 * i) / (n - 1));
    const px = Math.cos(a) * 200;
    const py = Math.sin(a) * 240;
    const edge = Math.min(i, n - 1 - i);
    const w = [66, 62, 56, 50, 44, 40, 38][edge];
    const h = [58, 54, 50, 44, 40, 36, 34][edge];
    caps.push(
      `<rect x="${r1(px - w / 2)}" y="${r1(py - h / 2)}" width="${w}" height="${h}" rx="${r1(h / 2.4)}" transform="rotate(${r1((a * 180) / Math.PI - 90)} ${r1(px)} ${r1(py)})" fill="#f4fbfc" fill-opacity="0.8" stroke="#a9cfd6" stroke-width="3"/>`,
    );
  }
  const arch = 'M-200 -30A200 240 0 0 0 200 -30';
  return `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"><path d="${arch}" stroke="#a9cfd6" stroke-width="76" fill="none" stroke-linecap="round"/><path d="${arch}" stroke="#e8f5f7" stroke-width="70" fill="none" stroke-linecap="round"/>${caps.join('')}<path d="M-160 -20A160 196 0 0 0 160 -20" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.9" stroke-linecap="round"/></g>`;
}

function alignersScene(): string {
  return svgDoc(
    GW,
    GH,
    [
      `<rect width="${GW}" height="${GH}" fill="${C.mintSoft}"/>`,
      `<circle cx="860" cy="380" r="300" fill="${C.mint}"/><circle cx="180" cy="760" r="160" fill="${C.coralSoft}" opacity="0.8"/>`,
      // The open case.
      shadow(820, 700, 280, 26, 0.1),
      `<rect x="560" y="220" width="520" height="230" rx="110" fill="${C.tealDark}"/><rect x="580" y="240" width="480" height="190" rx="95" fill="${C.teal}"/>`,
      `<rect x="560" y="450" width="520" height="250" rx="120" fill="${C.teal}"/><rect x="585" y="470" width="470" height="200" rx="100" fill="${C.teal500}"/>`,
      aligner(820, 470, 0.78, 0),
      aligner(290, 300, 0.8, -12),
      sparkle(470, 180, 22, C.teal500),
      sparkle(1100, 760, 18, C.coral),
      `<rect x="120" y="620" width="290" height="60" rx="30" fill="#ffffff"/>${text(265, 660, 'Clear aligners', 26, C.tealDeep, { weight: 700, anchor: 'middle' })}`,
    ].join(''),
  );
}

function beforeAfterScene(kind: 'whitening' | 'alignment'): string {
  const id = `ba-${kind}`;
  const before = kind === 'whitening' ? { stained: true } : { crooked: true };
  const defs = `<clipPath id="${id}-l"><rect width="600" height="${GH}"/></clipPath><clipPath id="${id}-r"><rect x="600" width="600" height="${GH}"/></clipPath><radialGradient id="${id}-skin" cx="0.5" cy="0.5" r="0.7"><stop offset="0" stop-color="${SKIN.light}"/><stop offset="1" stop-color="${shade(SKIN.light, 0.88)}"/></radialGradient>`;
  const pill = (x: number, label: string, fill: string, color: string) =>
    `<rect x="${x}" y="56" width="190" height="56" rx="28" fill="${fill}"/>${text(x + 95, 94, label, 24, color, { weight: 700, anchor: 'middle', spacing: 3 })}`;
  return svgDoc(
    GW,
    GH,
    [
      `<rect width="${GW}" height="${GH}" fill="url(#${id}-skin)"/>`,
      `<g clip-path="url(#${id}-l)">${smile(600, 400, 1.25, { id: `${id}-b`, ...before })}<rect width="600" height="${GH}" fill="#8a7a66" opacity="0.06"/></g>`,
      `<g clip-path="url(#${id}-r)">${smile(600, 400, 1.25, { id: `${id}-a` })}</g>`,
      `<rect x="596" y="0" width="8" height="${GH}" fill="#ffffff"/>`,
      `<circle cx="600" cy="${GH / 2}" r="40" fill="#ffffff"/><path d="M590 434L574 450L590 466M610 434L626 450L610 466" stroke="${C.teal}" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      pill(56, 'BEFORE', 'rgba(30,43,51,0.72)', '#ffffff'),
      pill(954, 'AFTER', C.teal, '#ffffff'),
    ].join(''),
    defs,
  );
}

// File names are the slugs api/db/seeds/demo-content.ts (DEMO_GALLERY) refers to.
const gallery: { slug: string; draw: () => string }[] = [
  { slug: 'reception', draw: receptionScene },
  { slug: 'treatment-room', draw: treatmentRoomScene },
  { slug: 'waiting-area', draw: waitingAreaScene },
  { slug: 'dental-chair', draw: dentalChairScene },
  { slug: 'digital-xray', draw: xrayScene },
  { slug: 'sterilisation', draw: sterilisationScene },
  { slug: 'doctor', draw: doctorScene },
  { slug: 'care-team', draw: assistantsScene },
  { slug: 'whitening', draw: whiteningScene },
  { slug: 'aligners', draw: alignersScene },
  { slug: 'before-after-whitening', draw: () => beforeAfterScene('whitening') },
  { slug: 'before-after-alignment', draw: () => beforeAfterScene('alignment') },
];

async function makeGallery(): Promise<void> {
  const dir = path.join(imagesDir, 'gallery');
  for (const { slug, draw } of gallery) {
    const svg = draw();
    await saveWebp(path.join(dir, `${slug}.webp`), svg, 76, 90_000);
    await saveThumb(path.join(dir, `${slug}-thumb.webp`), svg, 480, 360, 25_000);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Blog illustrations, 1200 x 630

const BW = 1200;
const BH = 630;

function toothbrush(x: number, y: number, rot: number, s: number, handle: string): string {
  const tufts = Array.from({ length: 9 }, (_, i) => `<rect x="${-196 + i * 13}" y="-46" width="9" height="34" rx="4" fill="${i % 2 ? C.mint2 : '#ffffff'}" stroke="${C.line}" stroke-width="1.5"/>`).join('');
  return `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"><rect x="-210" y="-16" width="140" height="28" rx="12" fill="${handle}"/><path d="M-76 -10L40 -6L200 -14Q226 -14 226 4Q226 22 200 22L40 14L-76 10Z" fill="${handle}"/><rect x="70" y="-6" width="110" height="14" rx="7" fill="${shade(handle, 1.35)}"/>${tufts}<path d="M-200 -46Q-186 -74 -160 -62Q-140 -80 -116 -64Q-96 -78 -84 -50Z" fill="#ffffff" stroke="${C.line}" stroke-width="2"/><path d="M-186 -56Q-160 -66 -140 -58Q-120 -68 -100 -56" stroke="${C.teal500}" stroke-width="5" fill="none" stroke-linecap="round"/></g>`;
}

function blogBrushing(): string {
  return svgDoc(
    BW,
    BH,
    [
      `<rect width="${BW}" height="${BH}" fill="${C.peach}"/>`,
      `<circle cx="420" cy="320" r="240" fill="${C.coralSoft}" opacity="0.8"/><circle cx="960" cy="520" r="200" fill="${C.mint}"/>`,
      toothbrush(430, 330, -18, 1.5, C.teal),
      // Floss
      shadow(900, 420, 100, 12, 0.1),
      `<rect x="800" y="260" width="200" height="150" rx="40" fill="${C.mint2}"/><rect x="800" y="250" width="200" height="60" rx="30" fill="${C.teal500}"/><rect x="930" y="268" width="40" height="16" rx="6" fill="${C.white}"/>`,
      `<path d="M970 276C1040 250 1080 180 1060 120" stroke="#ffffff" stroke-width="4" fill="none"/>`,
      // Two-minute timer
      `<circle cx="1000" cy="150" r="0" fill="none"/>`,
      `<g transform="translate(180 140)"><circle r="76" fill="#ffffff" stroke="${C.teal}" stroke-width="10"/><path d="M0 0L0 -76A76 76 0 0 1 72 -24Z" fill="${C.mint}"/>${text(0, 14, '2:00', 38, C.tealDeep, { weight: 700, anchor: 'middle' })}<rect x="-12" y="-104" width="24" height="18" rx="5" fill="${C.teal}"/></g>`,
      sparkle(700, 120, 20, '#ffffff'),
      sparkle(640, 540, 14, C.teal500),
    ].join(''),
  );
}

function blogSnacking(): string {
  const sticks = [0, 1, 2, 3]
    .map((i) => `<rect x="${690 + i * 26}" y="${210 + (i % 2) * 14}" width="20" height="150" rx="10" fill="#f4913c" transform="rotate(${-20 + i * 8} ${700 + i * 26} 300)"/>`)
    .join('');
  return svgDoc(
    BW,
    BH,
    [
      `<rect width="${BW}" height="${BH}" fill="${C.mintSoft}"/>`,
      `<circle cx="180" cy="540" r="170" fill="${C.coralSoft}" opacity="0.8"/><circle cx="1100" cy="90" r="130" fill="${C.mint}"/>`,
      shadow(600, 520, 330, 24, 0.1),
      `<ellipse cx="600" cy="380" rx="340" ry="140" fill="#ffffff"/><ellipse cx="600" cy="370" rx="280" ry="108" fill="${C.snow}" stroke="${C.line}" stroke-width="3"/>`,
      // Apple
      `<circle cx="460" cy="330" r="78" fill="${C.coral}"/><circle cx="510" cy="330" r="70" fill="${C.coralDeep}"/><circle cx="470" cy="300" r="18" fill="#ffffff" opacity="0.35"/><path d="M488 256Q492 232 506 220" stroke="${C.woodDark}" stroke-width="8" stroke-linecap="round" fill="none"/><ellipse cx="530" cy="236" rx="26" ry="12" fill="${C.leaf}" transform="rotate(-25 530 236)"/>`,
      sticks,
      // Cucumber and cheese
      [0, 1, 2].map((i) => `<circle cx="${620 + i * 40}" cy="${420 - (i % 2) * 10}" r="30" fill="#7cc38f" stroke="#3f8f5a" stroke-width="6"/><circle cx="${620 + i * 40}" cy="${420 - (i % 2) * 10}" r="14" fill="#c9ecd0"/>`).join(''),
      `<rect x="780" y="380" width="62" height="54" rx="8" fill="#f6c85f"/><rect x="830" y="350" width="54" height="50" rx="8" fill="#f9d77e"/><circle cx="800" cy="400" r="6" fill="#e9b247"/>`,
      // Glass of water
      `<path d="M940 180L1040 180L1026 420Q1024 436 1008 436L972 436Q956 436 954 420Z" fill="#dff1f6" stroke="#a9cfd6" stroke-width="4"/><path d="M946 250L1034 250L1026 420Q1024 436 1008 436L972 436Q956 436 954 420Z" fill="#bfe3ec"/>`,
      tooth(170, 110, 100, '#ffffff'),
      sparkle(290, 120, 18, C.teal500),
    ].join(''),
  );
}

function blogGums(): string {
  return svgDoc(
    BW,
    BH,
    [
      `<rect width="${BW}" height="${BH}" fill="${C.peach}"/>`,
      `<circle cx="520" cy="320" r="260" fill="${C.coralSoft}" opacity="0.7"/><circle cx="1080" cy="540" r="160" fill="${C.mint}"/>`,
      // Three teeth set in the gum, seen from the front.
      `<path d="M220 330Q520 270 820 330L820 640L220 640Z" fill="${C.gum}"/>`,
      [320, 520, 720]
        .map(
          (tx) =>
            `<path d="M${tx - 80} 330Q${tx - 84} 150 ${tx - 40} 130Q${tx} 116 ${tx + 40} 130Q${tx + 84} 150 ${tx + 80} 330Z" fill="#ffffff" stroke="${C.toothShade}" stroke-width="5"/><path d="M${tx - 44} 170Q${tx - 46} 230 ${tx - 40} 270" stroke="${C.toothShade}" stroke-width="10" stroke-linecap="round" fill="none"/>`,
        )
        .join(''),
      `<path d="M220 330Q320 300 420 326Q520 292 620 326Q720 300 820 330L820 360L220 360Z" fill="${C.gum}"/>`,
      `<path d="M220 332Q320 302 420 328Q520 294 620 328Q720 302 820 332" stroke="${shade(C.gum, 0.85)}" stroke-width="6" fill="none"/>`,
      // Magnifying glass on the gum line.
      `<g transform="translate(700 320)"><path d="M70 70L170 170" stroke="${C.tealDeep}" stroke-width="34" stroke-linecap="round"/><circle r="104" fill="#ffffff" fill-opacity="0.35" stroke="${C.teal}" stroke-width="22"/><path d="M-60 -40A70 70 0 0 1 -20 -76" stroke="#ffffff" stroke-width="10" stroke-linecap="round" fill="none"/></g>`,
      sparkle(1000, 140, 22, C.teal500),
      sparkle(150, 180, 16, '#ffffff'),
      toothbrush(1010, 420, -60, 0.55, C.coral),
    ].join(''),
  );
}

function blogRootCanal(): string {
  // A molar in cross-section, set in gum and bone: enamel, dentine, and the pulp with its two canals;
  // a fine file cleans the right-hand canal through an opening in the crown.
  const pulp =
    'M43 34C43 30 57 30 57 34L57 47C57 52 56 55 58 59L63.5 81C64 84 61.5 85 61 82.5L53 62Q50 59 47 62L39 82.5C38.5 85 36 84 36.5 81L42 59C44 55 43 52 43 47Z';
  const k = 3.8;
  const ox = 600 - 50 * k;
  const oy = 110;
  const at = (x: number, y: number) => `${r1(ox + x * k)} ${r1(oy + y * k)}`;
  return svgDoc(
    BW,
    BH,
    [
      `<rect width="${BW}" height="${BH}" fill="${C.mintSoft}"/>`,
      `<circle cx="1090" cy="110" r="150" fill="${C.coralSoft}" opacity="0.8"/><circle cx="120" cy="560" r="150" fill="${C.mint}"/>`,
      `<g transform="translate(${r1(ox)} ${oy}) scale(${k})">`,
      `<rect x="-40" y="60" width="180" height="56" rx="12" fill="${C.sand}"/>`,
      `<rect x="-40" y="54" width="180" height="13" rx="6.5" fill="${C.gum}"/>`,
      `<path d="${TOOTH_PATH}" fill="#ffffff" stroke="${C.toothShade}" stroke-width="1.2"/>`,
      `<path d="${TOOTH_PATH}" transform="translate(50 50) scale(0.8) translate(-50 -50)" fill="#f6ead7"/>`,
      `<path d="M47 14L53 14L55 31L45 31Z" fill="${C.mintSoft}"/>`,
      `<path d="${pulp}" fill="${C.coral}"/>`,
      `<path d="M57 47C57 52 56 55 58 59L63.5 81C64 84 61.5 85 61 82.5L54.5 60Z" fill="${C.teal500}"/>`,
      `</g>`,
      // The endodontic file, through the access opening and down the canal.
      `<path d="M${at(50, -8)}L${at(50, 30)}L${at(60, 78)}" stroke="${C.steelDark}" stroke-width="4" fill="none" stroke-linejoin="round"/>`,
      `<path d="M${at(49, 2)}L${at(51, 5)}M${at(49, 8)}L${at(51, 11)}M${at(49, 14)}L${at(51, 17)}" stroke="${C.steel}" stroke-width="3"/>`,
      `<rect x="${r1(ox + 46.5 * k)}" y="${r1(oy - 22 * k)}" width="${r1(7 * k)}" height="${r1(15 * k)}" rx="5" fill="${C.teal}"/>`,
      sparkle(880, 200, 22, C.teal500),
      sparkle(330, 140, 16, C.coral),
      `<rect x="846" y="470" width="230" height="56" rx="28" fill="#ffffff"/>${text(961, 507, 'Saves the tooth', 24, C.tealDeep, { weight: 700, anchor: 'middle' })}`,
    ].join(''),
  );
}

function blogWhitening(): string {
  return svgDoc(
    BW,
    BH,
    [
      `<rect width="${BW}" height="${BH}" fill="${C.mintSoft}"/>`,
      `<circle cx="420" cy="300" r="260" fill="${C.mint}"/><circle cx="1060" cy="120" r="140" fill="${C.coralSoft}" opacity="0.8"/>`,
      smile(420, 250, 0.72, { id: 'blog-wht' }),
      shadeGuide(760, 330, 0.95),
      sparkle(640, 150, 24, '#ffffff'),
      sparkle(200, 170, 16, C.teal500),
      sparkle(1000, 560, 14, C.coral),
    ].join(''),
  );
}

// The first four are the published demo posts' images (api/db/seeds/demo-posts.ts); the last is a spare
// for a post the clinic writes.
const blogImages: { file: string; draw: () => string }[] = [
  { file: 'kids-brushing', draw: blogBrushing },
  { file: 'root-canal', draw: blogRootCanal },
  { file: 'whitening', draw: blogWhitening },
  { file: 'gum-health', draw: blogGums },
  { file: 'healthy-snacks', draw: blogSnacking },
];

async function makeBlog(): Promise<void> {
  for (const { file, draw } of blogImages) await saveWebp(path.join(imagesDir, 'blog', `${file}.webp`), draw(), 76, 70_000);
}

// ---------------------------------------------------------------------------------------------------------
// Hero: a calm teal field with soft, slowly drifting light. scene(t) is periodic in LOOP_SECONDS, so the
// loop is seamless, and scene(0) is the poster, so the poster and the video's first frame match.

const LOOP_SECONDS = 5;
const FPS = 25;

interface Orb {
  x: number;
  y: number;
  r: number;
  color: 'mint' | 'white';
  opacity: number;
  ax: number;
  ay: number;
  phase: number;
  k: number;
}

const orbs: Orb[] = (() => {
  const rand = prng(20250101);
  // Mint and white only: warm tones over teal mix to grey.
  const colors: Orb['color'][] = ['mint', 'white', 'mint', 'white', 'mint'];
  return Array.from({ length: 16 }, (_, i) => ({
    x: 0.05 + rand() * 0.9,
    y: 0.05 + rand() * 0.9,
    r: i < 4 ? 0.32 + rand() * 0.18 : 0.06 + rand() * 0.12,
    color: colors[i % colors.length],
    opacity: i < 4 ? 0.22 + rand() * 0.1 : 0.18 + rand() * 0.22,
    ax: 0.012 + rand() * 0.025,
    ay: 0.01 + rand() * 0.02,
    phase: rand(),
    k: 1 + (i % 2),
  }));
})();

function heroSvg(width: number, height: number, t: number): string {
  const m = Math.min(width, height);
  const portrait = height > width;
  const angle = (2 * Math.PI * t) / LOOP_SECONDS;
  const defs = [
    `<linearGradient id="hero-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.tealDeep}"/><stop offset="0.55" stop-color="${C.teal}"/><stop offset="1" stop-color="#1b9286"/></linearGradient>`,
    ...(['mint', 'white'] as const).map((name) => {
      const color = name === 'mint' ? C.mint2 : '#ffffff';
      return `<radialGradient id="orb-${name}"><stop offset="0" stop-color="${color}" stop-opacity="1"/><stop offset="0.55" stop-color="${color}" stop-opacity="0.55"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
    }),
  ].join('');
  const circles = orbs
    .map((o) => {
      const fx = portrait ? o.y : o.x;
      const fy = portrait ? o.x : o.y;
      const cx = (fx + o.ax * Math.sin(o.k * angle + o.phase * 2 * Math.PI)) * width;
      const cy = (fy + o.ay * Math.cos(angle + o.phase * 2 * Math.PI)) * height;
      const breathe = 1 + 0.04 * Math.sin(angle + o.phase * 4 * Math.PI);
      return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(o.r * m * breathe)}" fill="url(#orb-${o.color})" opacity="${o.opacity.toFixed(3)}"/>`;
    })
    .join('');
  // A large, faint tooth outline anchors the brand without competing with the headline.
  const toothSize = m * (portrait ? 0.9 : 0.75);
  const tx = portrait ? width * 0.5 - toothSize / 2 : width * 0.93 - toothSize;
  const ty = portrait ? height * 0.62 : height * 0.5 - toothSize / 2;
  const wave = 0.1 + 0.02 * Math.sin(angle);
  return svgDoc(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="url(#hero-bg)"/>${circles}<path d="${TOOTH_PATH}" transform="translate(${r1(tx)} ${r1(ty)}) scale(${r1(toothSize / 100)})" fill="none" stroke="#ffffff" stroke-width="${((100 / toothSize) * 4).toFixed(3)}" opacity="${wave.toFixed(3)}"/>`,
    defs,
  );
}

async function makeHeroPosters(): Promise<void> {
  await saveWebp(path.join(imagesDir, 'hero-poster-desktop.webp'), heroSvg(1920, 1080, 0), 74, 120_000);
  await saveWebp(path.join(imagesDir, 'hero-poster-mobile.webp'), heroSvg(750, 1334, 0), 74, 80_000);
}

async function encodeLoop(file: string, width: number, height: number, crf: number, limitBytes: number): Promise<void> {
  const frames = LOOP_SECONDS * FPS;
  const attempt = async (quality: number): Promise<Buffer> => {
    const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hero-'));
    const tmp = path.join(tmpDir, 'loop.mp4');
    const ffmpeg = spawn(
      'ffmpeg',
      [
        '-y', '-loglevel', 'error',
        '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-r', String(FPS), '-i', 'pipe:0',
        '-an', '-c:v', 'libx264', '-profile:v', 'high', '-preset', 'veryslow', '-tune', 'animation',
        '-crf', String(quality), '-pix_fmt', 'yuv420p', '-g', String(frames), '-movflags', '+faststart',
        // One thread and no metadata, so the same frames always give the same file.
        '-threads', '1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1', tmp,
      ],
      { stdio: ['pipe', 'inherit', 'inherit'] },
    );
    const done = new Promise<void>((resolve, reject) => {
      ffmpeg.on('error', reject);
      ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
    });
    for (let i = 0; i < frames; i++) {
      const rgb = await raster(heroSvg(width, height, i / FPS)).removeAlpha().raw().toBuffer();
      if (!ffmpeg.stdin.write(rgb)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
    }
    ffmpeg.stdin.end();
    await done;
    const data = await fs.readFile(tmp);
    await fs.rm(tmpDir, { recursive: true, force: true });
    return data;
  };
  let quality = crf;
  let data = await attempt(quality);
  while (data.length > limitBytes && quality < 40) {
    quality += 2;
    data = await attempt(quality);
  }
  if (data.length > limitBytes) throw new Error(`${file} is ${data.length} bytes, over its ${limitBytes} budget`);
  await save(file, data);
}

async function makeVideo(): Promise<void> {
  if (spawnSync('ffmpeg', ['-version']).status !== 0) {
    throw new Error('ffmpeg is needed to encode the hero loop (only when regenerating): apt-get install -y ffmpeg');
  }
  await encodeLoop(path.join(videoDir, 'hero-desktop.mp4'), 1280, 720, 20, 600 * 1024);
  await encodeLoop(path.join(videoDir, 'hero-mobile.mp4'), 540, 960, 20, 400 * 1024);
}

// ---------------------------------------------------------------------------------------------------------
// Output

const written: { file: string; bytes: number }[] = [];

async function save(file: string, data: Buffer | string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
  const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  written.push({ file: path.relative(publicDir, file), bytes });
}

function raster(svg: string): ReturnType<typeof sharp> {
  return sharp(Buffer.from(svg), { density: 72 });
}

async function saveWebp(file: string, svg: string, quality = 76, limitBytes?: number): Promise<void> {
  let q = quality;
  let data = await raster(svg).webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
  // Step the quality down until the file fits its budget (flat art rarely needs to).
  while (limitBytes && data.length > limitBytes && q > 50) {
    q -= 4;
    data = await raster(svg).webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
  }
  await save(file, data);
}

async function saveThumb(file: string, svg: string, width: number, height: number, limitBytes: number): Promise<void> {
  const png = await raster(svg).png().toBuffer();
  let q = 74;
  let data = await sharp(png).resize(width, height, { kernel: 'lanczos3' }).webp({ quality: q, effort: 6 }).toBuffer();
  while (data.length > limitBytes && q > 50) {
    q -= 4;
    data = await sharp(png).resize(width, height, { kernel: 'lanczos3' }).webp({ quality: q, effort: 6 }).toBuffer();
  }
  await save(file, data);
}

async function makeBrand(): Promise<void> {
  await save(path.join(imagesDir, 'logo.svg'), `${logoSvg()}\n`);
  await save(path.join(publicDir, 'favicon.svg'), `${faviconSvg()}\n`);
  const og = await raster(ogSvg()).flatten({ background: C.white }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await save(path.join(imagesDir, 'og-default.jpg'), og);
}

async function makeDoctor(): Promise<void> {
  await saveWebp(path.join(imagesDir, 'doctor.webp'), doctorSvg(), 78, 90_000);
}

const groups: Record<string, () => Promise<void>> = {
  brand: makeBrand,
  doctor: makeDoctor,
  gallery: makeGallery,
  blog: makeBlog,
  hero: makeHeroPosters,
  video: makeVideo,
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  for (const name of wanted) if (!(name in groups)) throw new Error(`Unknown group "${name}". Groups: ${Object.keys(groups).join(', ')}`);
  for (const [name, run] of Object.entries(groups)) {
    if (wanted.length === 0 || wanted.includes(name)) await run();
  }
  for (const { file, bytes } of written) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}

await main();
