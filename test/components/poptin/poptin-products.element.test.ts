/**
 * A `kite-poptin` placed by hand (no widget) with a `products` block, in real Chromium: its
 * products are asked for before it shows, as the widget does, so a failed fetch keeps the whole
 * pop-up from showing (widget spec section 4: "A product fetch failure prevents showing"; section
 * 8: 'Failed to fetch wix data'), and a good answer is fetched once, the block rendering from it.
 *
 * The display API is the real reference server (web-test-runner.config.mjs starts it and proxies
 * it): the pop-up is saved there through the admin API first, as its owner does, and its products
 * come from the demo's Wix-style catalogue (demo/server/catalogue.ts).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../components/poptin/poptin.element.ts';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import { STORE_LOG } from '../../../shared/constants/products.ts';
import { savePoptinOnServer, spyFetch, waitUntil } from '../helpers.ts';
import { cleanUp, dialogOf, newPoptinId, showPoptin, sizedRecord, spyConsole, spyEvents } from './kit.ts';

/** The display API: the page's own origin, where the reference server answers. */
const API = location.origin;
/** Two products of the demo's Wix-style catalogue, both shown (visible, in stock). */
const PRODUCTS = ['7001', '7002'];

const record = (): PoptinRecord =>
  sizedRecord(newPoptinId('kiteprod'), {
    blocks: [
      { type: 'title', text: 'You may like' },
      { type: 'products', store: 'wix', category: 'manual', manual_products: PRODUCTS, count: 3 },
    ],
  });

const pathsOf = (sent: Array<{ url: string }>) => sent.map((request) => new URL(request.url, location.href).pathname);

describe('kite-poptin placed by hand with a products block', () => {
  afterEach(cleanUp);

  it(`a failed products fetch: the pop-up is not shown at all, '${STORE_LOG.FETCH_FAILED.wix}' logged, kite-poptin-skip says invalid`, async () => {
    // Not saved on the server: it answers the products call 404.
    const sent = spyFetch();
    const warnings = spyConsole('warn');
    const infos = spyConsole('info');
    const events = spyEvents({ types: ['kite-poptin-skip'] });
    const poptin = record();
    const el = await fixture<KitePoptin>(html`<kite-poptin .poptin=${poptin} api=${API} open></kite-poptin>`);
    const skip = await events.next('kite-poptin-skip');
    expect(skip.detail).to.deep.equal({ poptinId: poptin.poptin_id, reason: 'invalid' });
    expect(dialogOf(el)).to.equal(null);
    expect(pathsOf(sent)).to.deep.equal([`/api/display/wix/product-recommendation/${poptin.poptin_id}`], 'no viewed call: it never showed');
    expect((await sent[0]!.answer).status).to.equal(404);
    expect(warnings).to.include(STORE_LOG.FETCH_FAILED.wix);
    expect(infos.some((line) => line.includes('its products could not be fetched'))).to.equal(true);
  });

  it('a good answer: asked once before it shows, and the block renders its cards from that answer', async () => {
    const poptin = record();
    await savePoptinOnServer(poptin);
    const sent = spyFetch();
    const { el, dialog } = await showPoptin(poptin, { api: API });
    await waitUntil(() => el.shadowRoot!.querySelectorAll('[part~="product-card"]').length === PRODUCTS.length, 'the two cards');
    expect([...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="product-card"]')].map((card) => card.dataset.productId)).to.deep.equal(PRODUCTS);
    const asked = pathsOf(sent).filter((path) => path.includes('/product-recommendation/'));
    expect(asked.length).to.equal(1, 'fetched once: the block took the preflight');
    expect(dialog.getAttribute('role')).to.equal('dialog');
    await expect(el).to.be.accessible();
  });
});
