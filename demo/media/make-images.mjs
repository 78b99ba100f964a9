// Writes the demo gallery's 20 product images as small SVG files into demo/public/media/gallery/
// (`node demo/media/make-images.mjs`). The outputs are committed; run this again only to change them.
// Each image is a studio shot of one model of the demo manufacturer's kettle line: a coloured
// backdrop, the kettle drawn from simple shapes, and the model name, so every item of the gallery
// is recognisably different when paging through it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'media', 'gallery');
const COUNT = 20;
const WIDTH = 1200;
const HEIGHT = 800;

const FINISHES = ['Brushed steel', 'Matte black', 'Sage green', 'Cream', 'Copper'];
const VIEWS = ['front', 'side', 'top', 'detail'];

/** The model name and caption of image `n` (1-based). */
export function modelOf(n) {
  return {
    name: `Kettle K-${String(n).padStart(2, '0')}`,
    finish: FINISHES[(n - 1) % FINISHES.length],
    view: VIEWS[Math.floor((n - 1) / FINISHES.length) % VIEWS.length],
  };
}

function svg(n) {
  const hue = Math.round(((n - 1) * 360) / COUNT);
  const { name, finish, view } = modelOf(n);
  const body = `hsl(${(hue + 180) % 360} 35% 38%)`;
  // Numbers only from this script: no text from elsewhere ends up in the markup.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 88%)"/><stop offset="1" stop-color="hsl(${hue} 45% 70%)"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
<ellipse cx="600" cy="640" rx="300" ry="36" fill="hsl(${hue} 30% 45%)" opacity="0.35"/>
<path d="M400 620 Q380 360 480 300 L720 300 Q820 360 800 620 Z" fill="${body}"/>
<path d="M800 380 Q900 400 880 520 Q860 580 800 560" fill="none" stroke="${body}" stroke-width="34" stroke-linecap="round"/>
<path d="M410 380 L300 300 L320 280 L430 340 Z" fill="${body}"/>
<rect x="520" y="250" width="160" height="50" rx="20" fill="hsl(${(hue + 180) % 360} 25% 25%)"/>
<rect x="470" y="420" width="260" height="10" rx="5" fill="#fff" opacity="0.35"/>
<text x="600" y="120" text-anchor="middle" font-family="system-ui, sans-serif" font-size="64" font-weight="700" fill="#1a1a1a">${name}</text>
<text x="600" y="180" text-anchor="middle" font-family="system-ui, sans-serif" font-size="36" fill="#1a1a1a">${finish}, ${view} view</text>
<text x="1160" y="770" text-anchor="end" font-family="system-ui, sans-serif" font-size="28" fill="#1a1a1a">${n} / ${COUNT}</text>
</svg>
`;
}

mkdirSync(ROOT, { recursive: true });
for (let n = 1; n <= COUNT; n++) writeFileSync(join(ROOT, `kettle-${String(n).padStart(2, '0')}.svg`), svg(n));
console.log(`wrote ${COUNT} images to ${ROOT}`);
