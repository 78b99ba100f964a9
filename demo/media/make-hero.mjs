// Writes the portfolio's parallax hero, a wide SVG of kites over the coast at dawn, into
// demo/public/media/hero-coast.svg (`node demo/media/make-hero.mjs`). The output is committed;
// run this again only to change it. Taller than the hero, so the parallax layer's moves show no edge.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'media', 'hero-coast.svg');
const WIDTH = 2400;
const HEIGHT = 1400;
/** Kites in the sky: x, y, scale, sail colour, second sail colour. */
const KITES = [
  [520, 380, 0.9, '#e4572e', '#f3a712'],
  [1220, 260, 1.2, '#1b998b', '#2e86ab'],
  [1880, 430, 0.8, '#9c3587', '#e53d8f'],
];

const kite = ([x, y, scale, left, right]) => `<g transform="translate(${x} ${y}) scale(${scale})">
<path d="M0 130 C30 200 -30 260 10 330 S-20 420 15 480" fill="none" stroke="#333" stroke-width="3"/>
<path d="M0 -120 L-95 -10 L0 130 Z" fill="${left}"/><path d="M0 -120 L95 -10 L0 130 Z" fill="${right}"/>
<path d="M0 -120 L0 130 M-95 -10 L95 -10" stroke="#222" stroke-width="4" stroke-linecap="round"/></g>`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="dawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b3a67"/><stop offset="0.55" stop-color="#f6a96b"/><stop offset="1" stop-color="#ffe0b5"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#dawn)"/>
<circle cx="1700" cy="900" r="160" fill="#fff3c4" opacity="0.9"/>
<path d="M0 980 Q600 920 1200 990 T2400 970 V${HEIGHT} H0 Z" fill="#2e86ab"/>
<path d="M0 1130 Q700 1080 1400 1140 T2400 1120 V${HEIGHT} H0 Z" fill="#e9d8a6"/>
${KITES.map(kite).join('\n')}
</svg>
`;

writeFileSync(FILE, svg);
console.log(`wrote ${FILE}`);
