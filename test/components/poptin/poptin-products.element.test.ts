/**
 * A `kite-poptin` placed by hand (no widget) with a `products` block, in real Chromium: its
 * products are asked for before it shows, as the widget does, so a failed fetch keeps the whole
 * pop-up from showing (widget spec section 4: "A product fetch failure prevents showing"; section
 * 8: 'Failed to fetch wix data'), and a good answer is fetched once, the block rendering from it.
 *
 * The display API is a `fetch` stub at the page's edge answering as the reference server does
 * (the element tests run no server; test/e2e/recommendations.test.ts drives the real one).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../components/poptin/poptin.element.ts';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import { STORE_LOG } from '../../../shared/constants/products.ts';
import { waitUntil } from '../helpers.ts';
import { wixProduct } from '../../fixtures/wix-product.ts';
import { cleanUp, cleanups, dialogOf, newPoptinId, showPoptin, sizedRecord, spyConsole, spyEvents } from './kit.ts';

const API = 'https://display.example';
/** An image the page can load without a network (the stub answers only the display API). */
const IMAGE = `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E`;

const record = (): PoptinRecord =>
  sizedRecord(newPoptinId('kiteprod'), {
    blocks: [
      { type: 'title', text: 'You may like' },
      { type: 'products', store: 'wix', category: 'product_collection', count: 3 },
    ],
  });

/** Stubs the recommendation call: `status` 200 answers two products. Every call's path is recorded. */
function stubRecommendations(status: number) {
  const paths: string[] = [];
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), location.href);
    paths.push(url.pathname);
    if (status !== 200) return new Response('down', { status });
    return Response.json({ success: true, currency: 'EUR', data: { products: [wixProduct('7001', { imageUrl: IMAGE }), wixProduct('7002', { imageUrl: IMAGE })] } });
  };
  cleanups.push(() => void (window.fetch = original));
  return paths;
}

describe('kite-poptin placed by hand with a products block', () => {
  afterEach(cleanUp);

  it(`a failed products fetch: the pop-up is not shown at all, '${STORE_LOG.FETCH_FAILED.wix}' logged, kite-poptin-skip says invalid`, async () => {
    const paths = stubRecommendations(500);
    const warnings = spyConsole('warn');
    const infos = spyConsole('info');
    const events = spyEvents({ types: ['kite-poptin-skip'] });
    const poptin = record();
    const el = await fixture<KitePoptin>(html`<kite-poptin .poptin=${poptin} api=${API} open></kite-poptin>`);
    const skip = await events.next('kite-poptin-skip');
    expect(skip.detail).to.deep.equal({ poptinId: poptin.poptin_id, reason: 'invalid' });
    expect(dialogOf(el)).to.equal(null);
    expect(paths).to.deep.equal([`/api/display/wix/product-recommendation/${poptin.poptin_id}`], 'no viewed call: it never showed');
    expect(warnings).to.include(STORE_LOG.FETCH_FAILED.wix);
    expect(infos.some((line) => line.includes('its products could not be fetched'))).to.equal(true);
  });

  it('a good answer: asked once before it shows, and the block renders its cards from that answer', async () => {
    const paths = stubRecommendations(200);
    const { el, dialog } = await showPoptin(record(), { api: API });
    await waitUntil(() => el.shadowRoot!.querySelectorAll('[part~="product-card"]').length === 2, 'the two cards');
    const asked = paths.filter((path) => path.includes('/product-recommendation/'));
    expect(asked.length).to.equal(1, 'fetched once: the block took the preflight');
    expect(dialog.getAttribute('role')).to.equal('dialog');
    await expect(el).to.be.accessible();
  });
});
