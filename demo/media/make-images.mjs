// Writes the demo gallery's 20 product images as small SVG files into demo/public/media/gallery/
// (`node demo/media/make-images.mjs`). The outputs are committed; run this again only to change them.
// Each image shows the demo manufacturer's Aero 2 kite in one of five colourways and one of four
// views, on a sky backdrop, so every item of the gallery is recognisably different. No text in the
// pictures: the gallery's and the lightbox's titles and counters say which one it is, as text.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'media', 'gallery');
const COUNT = 20;
const WIDTH = 1200;
const HEIGHT = 800;

/** Colourways: name, sail colour, second sail colour. */
const COLOURWAYS = [
  ['Sunset', '#e4572e', '#f3a712'],
  ['Lagoon', '#1b998b', '#2e86ab'],
  ['Meadow', '#57a773', '#c5d86d'],
  ['Berry', '#9c3587', '#e53d8f'],
  ['Storm', '#3c4f76', '#8d99ae'],
];
/** Views: name, rotation in degrees, scale, vertical shift. */
const VIEWS = [
  ['in flight', -18, 0.8, -40],
  ['front', 0, 1, 0],
  ['back', 0, 1, 0],
  ['sail detail', 8, 1.7, 120],
];

/** The name and caption parts of image `n` (1-based). */
export function modelOf(n) {
  const [colourway, sail, trim] = COLOURWAYS[(n - 1) % COLOURWAYS.length];
  const [view, rotation, scale, shift] = VIEWS[Math.floor((n - 1) / COLOURWAYS.length) % VIEWS.length];
  return { colourway, sail, trim, view, rotation, scale, shift };
}

function svg(n) {
  const { sail, trim, view, rotation, scale, shift } = modelOf(n);
  const hue = 195 + ((n * 7) % 25);
  // The back view shows the sail colours swapped, as seen through the sail.
  const [left, right] = view === 'back' ? [trim, sail] : [sail, trim];
  // Only numbers and names from this script go into the markup.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 62%)"/><stop offset="1" stop-color="hsl(${hue} 60% 88%)"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
<ellipse cx="220" cy="640" rx="150" ry="38" fill="#fff" opacity="0.7"/><ellipse cx="990" cy="170" rx="120" ry="30" fill="#fff" opacity="0.6"/>
<g transform="translate(600 ${360 + shift}) rotate(${rotation}) scale(${scale})">
<path d="M0 260 C40 330 -40 380 10 450 S-30 560 20 620" fill="none" stroke="#333" stroke-width="3"/>
<path d="M-14 340 l28 -12 l0 24 z M-10 440 l28 -12 l0 24 z M-4 540 l28 -12 l0 24 z" fill="${trim}"/>
<path d="M0 -240 L-190 -20 L0 260 Z" fill="${left}"/><path d="M0 -240 L190 -20 L0 260 Z" fill="${right}"/>
<path d="M0 -240 L0 260 M-190 -20 L190 -20" stroke="#222" stroke-width="6" stroke-linecap="round"/>
</g>
</svg>
`;
}

mkdirSync(ROOT, { recursive: true });
for (let n = 1; n <= COUNT; n++) writeFileSync(join(ROOT, `aero-${String(n).padStart(2, '0')}.svg`), svg(n));
console.log(`wrote ${COUNT} images to ${ROOT}`);
