/**
 * The element tests' reference server (scripts/reference-server.mjs): the real demo/server behind
 * the dev server's proxy, same-origin for the test page, seeded as the demo seeds it.
 */
import { expect } from '@open-wc/testing';
import { AJAX_PATH, LIVE_SEARCH, MASONRY } from '../../../shared/constants/site.ts';
import { referenceAdminToken } from '../helpers.ts';

const AJAX = `${AJAX_PATH}?lang=en`;
const post = (fields: Record<string, string>) => fetch(AJAX, { method: 'POST', body: new URLSearchParams(fields) });

describe('the reference server behind the element tests', () => {
  it('answers the ajax endpoint with its real full-text search: ranked results, the match marked', async () => {
    const answer = await post({ action: LIVE_SEARCH.ACTION, s: 'bridle' });
    expect(answer.status).to.equal(200);
    const results = new DOMParser().parseFromString(await answer.text(), 'text/html');
    // The demo site's one page about bridles (demo/public/article.html).
    expect([...results.querySelectorAll('a.av_ajax_search_entry')].map((link) => link.getAttribute('href'))).to.deep.equal(['/article']);
    expect(results.querySelector('mark')?.textContent?.toLowerCase()).to.equal('bridle');
    expect(await (await post({ action: LIVE_SEARCH.ACTION, s: 'zeppelinxyz' })).text()).to.equal(LIVE_SEARCH.NO_RESULTS_ANSWER);
  });

  it('serves the seeded portfolio, and passes a refusal on with its status and reason', async () => {
    const page = await post({ action: MASONRY.ACTION, items: '2', offset: '0', post_id: '1' });
    expect(await page.text()).to.match(new RegExp(`^${MASONRY.LOADED_MARKER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<article`));
    const refused = await post({ action: MASONRY.ACTION, items: 'many', offset: '0', post_id: '1' });
    expect(refused.status).to.equal(400);
    expect(await refused.text()).to.include('items: must be a whole number');
  });

  it('lets a test act as the site owner through the admin API with the token it started the server with', async () => {
    const denied = await fetch('/api/admin/stats');
    expect(denied.status).to.equal(401);
    const stats = await fetch('/api/admin/stats', { headers: { Authorization: `Bearer ${await referenceAdminToken()}` } });
    expect(stats.status).to.equal(200);
  });
});
