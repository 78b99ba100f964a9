/**
 * Starts the demo's React app (demo/public/react.html; built by rollup.config.mjs into
 * demo/public/app/react-app.js). `kite-elements` is the package as the server serves it
 * (/kite/kite.js). React sets a prop as a property only on an element whose code has loaded, so
 * the elements are loaded before the first render; otherwise the record would become an attribute.
 */
import { loadElement } from 'kite-elements';
import { createRoot } from 'react-dom/client';
import { ProductApp } from './product-app.tsx';

const ELEMENTS = ['kite-lightbox', 'kite-player', 'kite-poptin'];
/** The offer's record, one of the demo's pop-ups (demo/poptins/, served read-only). */
const OFFER_RECORD = '/poptins/lightbox.json';
const ROOT_ID = 'react-app';

async function start() {
  const [offer] = await Promise.all([
    fetch(OFFER_RECORD).then((response) => {
      if (!response.ok) throw new Error(`${OFFER_RECORD}: HTTP ${response.status}`);
      return response.json() as Promise<object>;
    }),
    ...ELEMENTS.map(loadElement),
  ]);
  createRoot(document.getElementById(ROOT_ID)!).render(<ProductApp offer={offer} />);
}

void start();
