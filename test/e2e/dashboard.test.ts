// The owner dashboard (/admin, issue 23 item 1) in real Chromium against the reference server, as
// an owner uses it: sign in with the admin token (kept in an HttpOnly cookie, never in the page),
// create a pop-up in the editor (a wrong setting shown at its field, the live preview a real
// kite-poptin), switch it on, see it on the demo store page, submit a lead as a visitor,
// duplicate it through the JSON view and switch the original off, find the lead, export it as
// CSV, read the chart, and each view axe-clean, in English and Hebrew; every kind of block, the
// filters, the mobile design (its buttons named apart from the design's), the welcome screen and
// the upgrade setting edited in the form and read back through the owner API.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { leadLightbox, newVisitor, PHONE, phoneAudit, poptinIdOf, serverAndBrowser, waitFor, WIDE } from './harness.ts';
import { ADMIN } from '../../demo/server/constants.ts';
import { DASHBOARD_MESSAGES } from '../../demo/dashboard/messages.ts';
import { CONTENT } from '../../shared/constants/content.ts';
import { GAMIFIED } from '../../shared/constants/gamified.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

const ADMIN_TOKEN = 'dashboard-admin-token-0123456789abcdef';
const e2e = serverAndBrowser('dashboard', ADMIN_TOKEN);
const en = DASHBOARD_MESSAGES.en;
const he = DASHBOARD_MESSAGES.he;

const POPTIN_NAME = 'Spring offer';
const POPTIN_TITLE = 'Spring sale: 20% off kites';
const LEAD_EMAIL = 'amelia@example.com';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name });
const storedLeads = (email: string) => (e2e.server.sql.prepare('SELECT count(*) AS n FROM conversions WHERE email = ?').get(email) as { n: number }).n;

/** Signs in by keyboard alone: the token field has focus after Tab, Enter sends it. */
async function signIn(page: Page, token: string): Promise<void> {
  const field = page.getByLabel(en.tokenLabel);
  await field.focus();
  await page.keyboard.type(token);
  await page.keyboard.press('Enter');
}

/**
 * Signs in and opens the editor on a new pop-up: its id, and `field(path, label)`, the form control
 * labelled `label` in the part of the form for the record's `path`.
 */
async function editNewPoptin(page: Page) {
  await page.goto(e2e.at('admin'));
  await signIn(page, ADMIN_TOKEN);
  await heading(page, en.poptinsHeading).waitFor();
  await page.getByRole('button', { name: en.create, exact: true }).click();
  await heading(page, new RegExp(en.editorHeadingNew)).waitFor();
  const id = (await page.locator('#editor-heading code').innerText()).trim();
  const field = (path: string, label: string) => page.locator(`[data-path="${path}"]`).getByLabel(label, { exact: true });
  return { id, field };
}

describe('owner dashboard', () => {
  it('sign in, create a pop-up, see it on the demo site, find and export its lead, read the chart', async () => {
    const { context, page, problems } = await newVisitor(e2e.browser, WIDE);
    try {
      await page.goto(e2e.at('admin'));
      await heading(page, en.signInHeading).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'sign-in view');

      await signIn(page, 'not-the-token-0123456789abcdefghijkl');
      await page.getByRole('alert').getByText(en.wrongToken).waitFor();
      await signIn(page, ADMIN_TOKEN);
      await heading(page, en.poptinsHeading).waitFor();
      const cookies = await context.cookies();
      const session = cookies.find((cookie) => cookie.name === ADMIN.SESSION_COOKIE);
      assert.ok(session?.httpOnly, 'the session cookie is HttpOnly');
      assert.equal(session?.sameSite, 'Strict');
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
      assert.ok(!stored.includes(ADMIN_TOKEN), 'the token is in no page storage');
      assert.deepEqual(await axeViolations(page), [], 'pop-up list');

      // The editor: a new pop-up, its name and title set in the form.
      await page.getByRole('button', { name: en.create }).click();
      await heading(page, new RegExp(en.editorHeadingNew)).waitFor();
      await page.getByLabel(en.fieldName, { exact: true }).fill(POPTIN_NAME);
      await page.getByLabel(en.blockTitle, { exact: true }).fill(POPTIN_TITLE);
      const preview = page.locator('.dashboard-preview kite-poptin');
      await preview.getByText(POPTIN_TITLE).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'editor with its live preview');

      // A setting the schema refuses: the message at its field, under the JSON, and no saving.
      const scroll = page.getByLabel(en.triggerScroll);
      await scroll.fill('150');
      await page.locator('[data-path="triggers.scroll_percent"] .dashboard-problem').waitFor();
      assert.equal(await scroll.getAttribute('aria-invalid'), 'true');
      assert.match(await page.locator('#draft-json-error').innerText(), /triggers\.scroll_percent/);
      assert.ok(await page.getByRole('button', { name: en.save, exact: true }).isDisabled());
      await page.getByText(en.previewInvalid).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'editor with a problem');
      await scroll.fill('');
      await preview.getByText(POPTIN_TITLE).waitFor();

      await page.getByRole('button', { name: en.save, exact: true }).click();
      await page.getByRole('status').getByText(en.saved).waitFor();
      await page.getByRole('button', { name: en.previewLinkCreate }).click();
      const link = page.locator('a[href*="ppt-preview="]');
      await link.waitFor();
      assert.match((await link.getAttribute('href')) ?? '', /^http:\/\/127\.0\.0\.1:\d+\/\?ppt-preview=/);

      // Back in the list: stored inactive; switched on by keyboard.
      await page.getByRole('button', { name: en.backToList }).click();
      const row = page.getByRole('row').filter({ hasText: POPTIN_NAME });
      await row.getByRole('cell', { name: en.inactive, exact: true }).waitFor();
      await row.getByRole('button', { name: new RegExp(`^${en.activate}`) }).focus();
      await page.keyboard.press('Enter');
      await row.getByRole('cell', { name: en.active, exact: true }).waitFor();

      // A visitor of the demo store sees it and leaves a lead.
      const visitor = await newVisitor(e2e.browser, WIDE);
      try {
        await visitor.page.goto(e2e.at('store'));
        const dialog = visitor.page.locator('kite-poptin [role="dialog"]');
        await dialog.getByText(POPTIN_TITLE).waitFor();
        await dialog.getByLabel('Email', { exact: true }).fill(LEAD_EMAIL);
        await dialog.getByRole('button', { name: 'Subscribe' }).click();
        await waitFor(() => storedLeads(LEAD_EMAIL) === 1, 'the lead stored');
      } finally {
        await visitor.context.close();
      }

      // Duplicated: a copy in the editor, edited as JSON (a broken text named under it), saved;
      // then the original switched off.
      await row.getByRole('button', { name: new RegExp(`^${en.duplicate}`) }).click();
      await heading(page, new RegExp(en.editorHeadingNew)).waitFor();
      assert.equal(await page.getByLabel(en.fieldName, { exact: true }).inputValue(), `${POPTIN_NAME} (copy)`);
      const json = page.getByLabel(en.jsonLabel);
      const copyText = await json.inputValue();
      await json.fill(copyText.replace('"poptin_type": "lightbox"', '"poptin_type": "balloon"'));
      await page.locator('#draft-json-error').getByText(/^poptin_type: expected one of/).waitFor();
      assert.equal(await page.getByLabel(en.fieldType).getAttribute('aria-invalid'), 'true', 'shown at its form field too');
      await json.fill(copyText.replace('"poptin_type": "lightbox"', '"poptin_type": "bar"'));
      assert.equal(await page.getByLabel(en.fieldType).inputValue(), 'bar', 'the form follows the JSON');
      await page.getByRole('button', { name: en.save, exact: true }).click();
      await page.getByRole('status').getByText(en.saved).waitFor();
      await page.getByRole('button', { name: en.backToList }).click();
      const copyRow = page.getByRole('row').filter({ hasText: `${POPTIN_NAME} (copy)` });
      await copyRow.getByRole('cell', { name: 'bar', exact: true }).waitFor();
      const original = page.getByRole('row').filter({ hasText: POPTIN_NAME }).filter({ hasNotText: '(copy)' });
      await original.getByRole('button', { name: new RegExp(`^${en.deactivate}`) }).click();
      await original.getByRole('cell', { name: en.inactive, exact: true }).waitFor();

      // The owner finds the lead and exports it.
      await page.getByRole('button', { name: en.navLeads }).click();
      await heading(page, en.leadsHeading).waitFor();
      await page.getByLabel(en.search).fill('AMELIA');
      await page.getByRole('button', { name: en.searchButton }).click();
      await page.getByRole('cell', { name: LEAD_EMAIL }).waitFor();
      assert.equal(await page.locator('.dashboard-table tbody tr').count(), 1);
      assert.deepEqual(await axeViolations(page), [], 'leads table');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: en.exportCsv }).click()]);
      const csv = readFileSync((await download.path())!, 'utf8');
      assert.match(csv, /^"created_at","poptin_id","email"/);
      assert.ok(csv.includes(`"${LEAD_EMAIL}"`), csv);

      // The chart: the pop-up's view and lead of today, in words and as a table.
      await page.getByRole('button', { name: en.navChart }).click();
      await heading(page, en.chartHeading).waitFor();
      const chart = page.getByRole('img', { name: en.chartHeading });
      await chart.waitFor();
      assert.match((await page.locator('#chart-desc').textContent()) ?? '', new RegExp(`^${POPTIN_NAME}: 1 views and 1 conversions`));
      assert.deepEqual(await axeViolations(page), [], 'chart');

      await page.getByRole('button', { name: en.signOut }).click();
      await heading(page, en.signInHeading).waitFor();
      assert.equal((await context.cookies()).find((cookie) => cookie.name === ADMIN.SESSION_COOKIE), undefined, 'signed out: the cookie is gone');
      // The one refusal the owner provoked: the wrong token's 401, which Chromium logs.
      assert.deepEqual(problems, ['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    } finally {
      await context.close();
    }
  });

  it('games, products, countdowns and coupons in the form: edited, saved, a problem at a prize shown in the JSON', async () => {
    const { context, page } = await newVisitor(e2e.browser, WIDE);
    try {
      const { id, field } = await editNewPoptin(page);

      // A wheel after the new pop-up's title, text and form (block 3): its first prize renamed,
      // a prize added by keyboard; then products chosen by hand (block 4), a countdown, a coupon.
      await page.getByRole('button', { name: en.addGame }).click();
      const game = 'design.blocks[3]';
      await field(`${game}.prizes[0].label`, en.prizeLabel).fill('Free kite');
      await field(`${game}.prizes[0].code`, en.prizeCode).fill('FREEKITE');
      await page.getByRole('button', { name: en.addPrize }).focus();
      await page.keyboard.press('Enter');
      await field(`${game}.prizes[2].label`, en.prizeLabel).fill('Nothing this time');
      await field(`${game}.prizes[1].loosing_option`, en.prizeOutcome).selectOption({ label: en.prizeWins });
      await page.getByRole('button', { name: en.addProducts }).click();
      const products = 'design.blocks[4]';
      await field(`${products}.category`, en.productsCategory).selectOption('manual');
      await field(`${products}.manual_products`, en.productsManual).fill('kite-red, kite-blue');
      await page.getByRole('button', { name: en.addCountdown }).click();
      await field('design.blocks[5].timer.minutes', en.timerMinutes).fill('5');
      await field('design.blocks[5].timer_ver', en.timerLook).selectOption({ label: en.timerFlip });
      await page.getByRole('button', { name: en.addCoupon }).click();
      await field('design.blocks[6].code', en.couponCode).fill('KITE5');
      assert.deepEqual(await axeViolations(page), [], 'editor with a game, products, a countdown and a coupon');

      // A prize's chances the schema refuses: the message at that field, and the JSON view selects it.
      const chances = field(`${game}.prizes[0].chances`, en.prizeChances);
      await chances.fill(String(GAMIFIED.CHANCES_TOTAL + 50));
      await page.locator(`[data-path="${game}.prizes[0].chances"] .dashboard-problem`).waitFor();
      assert.equal(await chances.getAttribute('aria-invalid'), 'true');
      assert.deepEqual(await axeViolations(page), [], 'editor with a problem at a prize');
      await page.getByRole('button', { name: en.jsonGoTo }).click();
      const json = page.getByLabel(en.jsonLabel);
      const selected = await json.evaluate((box: HTMLTextAreaElement) => ({
        focused: document.activeElement === box,
        text: box.value.slice(box.selectionStart, box.selectionEnd),
        before: box.value.slice(0, box.selectionStart),
        scrolled: box.scrollTop > 0,
      }));
      assert.ok(selected.focused, 'the JSON box has focus');
      assert.ok(selected.scrolled, 'scrolled down to the prize, far below the top of the JSON');
      assert.equal(selected.text, `"chances": ${GAMIFIED.CHANCES_TOTAL + 50}`);
      assert.ok(selected.before.includes('"Free kite"') && !selected.before.includes('"Try again"'), 'the first prize’s chances, not another’s');
      await chances.fill(String(GAMIFIED.CHANCES_TOTAL / 2));
      await page.getByRole('button', { name: en.jsonGoTo }).waitFor({ state: 'detached' });

      await page.getByRole('button', { name: en.save, exact: true }).click();
      await page.getByRole('status').getByText(en.saved).waitFor();
      const stored = await fetch(e2e.at(`api/admin/poptins/${id}`), { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.equal(stored.status, 200);
      const blocks = ((await stored.json()) as { record: PoptinRecord }).record.design?.blocks ?? [];
      assert.deepEqual(blocks[3], {
        type: 'game',
        prizes: [
          { label: 'Free kite', code: 'FREEKITE', chances: GAMIFIED.CHANCES_TOTAL / 2, loosing_option: 0 },
          { label: en.newPrizeLose, chances: GAMIFIED.CHANCES_TOTAL / 2, loosing_option: 0 },
          { label: 'Nothing this time', chances: 0, loosing_option: 1 },
        ],
      });
      assert.deepEqual(blocks[4], { type: 'products', category: 'manual', manual_products: ['kite-red', 'kite-blue'] });
      assert.deepEqual(blocks[5], { type: 'countdown', timer: { kind: 'from_now', minutes: 5, seconds: 0 }, timer_ver: CONTENT.TIMER_VER.FLIP });
      assert.deepEqual(blocks[6], { type: 'coupon', code: 'KITE5' });
    } finally {
      await context.close();
    }
  });

  it('a ticker, a video with captions, extra buttons, a cookie filter and the mobile design in the form: edited, saved, read back', async () => {
    const { context, page } = await newVisitor(e2e.browser, WIDE);
    try {
      const { id, field } = await editNewPoptin(page);

      // After the new pop-up's title, text and form: a ticker (block 3), a video (4), buttons (5).
      await page.getByRole('button', { name: en.addTicker }).click();
      await field('design.blocks[3].text', en.tickerText).fill('Free shipping this week');
      await field('design.blocks[3].duration_ms', en.tickerDuration).fill('9000');
      await page.getByRole('button', { name: en.addVideo }).click();
      const video = 'design.blocks[4]';
      await field(`${video}.url`, en.videoUrl).fill('/media/kite-flying.mp4');
      await field(`${video}.title`, en.videoTitle).fill('Flying a kite');
      await page.getByRole('button', { name: en.addCaptions }).click();
      await field(`${video}.captions[0].src`, en.captionSrc).fill('/media/kite-flying.en.vtt');
      // A language the schema refuses: the message at that field.
      const srclang = field(`${video}.captions[0].srclang`, en.captionLang);
      await srclang.fill('english!');
      await page.locator(`[data-path="${video}.captions[0].srclang"] .dashboard-problem`).getByText(/language tag/).waitFor();
      assert.equal(await srclang.getAttribute('aria-invalid'), 'true');
      await srclang.fill('en');
      await field(`${video}.captions[0].default`, en.captionDefault).check();
      await page.getByRole('button', { name: en.addButtons }).click();
      const buttons = 'design.blocks[5].buttons';
      await field(`${buttons}[0].text`, en.buttonText).fill('Our shop');
      await field(`${buttons}[0].url`, en.buttonUrl).fill('https://example.com/shop');
      await field(`${buttons}[0].target`, en.buttonTarget).selectOption({ label: en.targetBlank });
      await page.getByRole('button', { name: en.addButton }).click();
      await field(`${buttons}[1].text`, en.buttonText).fill('No thanks');
      await field(`${buttons}[1].action`, en.buttonCloses).check();

      // A cookie filter: shown only to visitors whose 'plan' cookie is 'pro'.
      await field('cookie_filter.display_if_specific_cookie_active', en.cookieFilterOn).check();
      await page.getByRole('button', { name: en.addCookieRule }).click();
      await field('cookie_filter.rules[0].name', en.cookieName).fill('plan');
      await field('cookie_filter.rules[0].value', en.cookieValue).fill('pro');
      await field('cookie_filter.rules[0].show', en.cookieShow).fill('show@equals');

      // The mobile design, started from the design, its title changed; used on phones.
      await field('design_properties.switch_mobile_editor', en.mobileOn).check();
      const designTitle = await field('design.blocks[0].text', en.blockTitle).inputValue();
      await page.getByRole('button', { name: en.mobileCreate }).click();
      await field('mobile_design.blocks[0].text', en.blockTitle).fill('Phone sale');
      // Each list's block buttons have a name of their own: a screen reader tells the design's from the mobile design's.
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      for (const name of [en.addTicker, `${en.removeBlock} 1`]) {
        assert.equal(await button(name).count(), 1, `one "${name}", the design's`);
        assert.equal(await button(`${name} ${en.inMobileDesign}`).count(), 1, `one "${name} ${en.inMobileDesign}"`);
      }
      await page.locator('.dashboard-preview kite-poptin [role="dialog"]').waitFor();
      assert.deepEqual(await axeViolations(page), [], 'editor with a ticker, a video, buttons, a cookie filter and a mobile design');

      await page.getByRole('button', { name: en.save, exact: true }).click();
      await page.getByRole('status').getByText(en.saved).waitFor();
      const stored = await fetch(e2e.at(`api/admin/poptins/${id}`), { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.equal(stored.status, 200);
      const record = ((await stored.json()) as { record: PoptinRecord }).record;
      const blocks = record.design?.blocks ?? [];
      assert.deepEqual(blocks[3], { type: 'ticker', text: 'Free shipping this week', duration_ms: 9000 });
      assert.deepEqual(blocks[4], {
        type: 'video',
        url: '/media/kite-flying.mp4',
        title: 'Flying a kite',
        captions: [{ src: '/media/kite-flying.en.vtt', srclang: 'en', default: true }],
      });
      assert.deepEqual(blocks[5], {
        type: 'extra_buttons',
        buttons: [
          { text: 'Our shop', url: 'https://example.com/shop', target: '_blank' },
          { text: 'No thanks', action: 'close' },
        ],
      });
      assert.deepEqual(record.cookie_filter, { display_if_specific_cookie_active: true, rules: [{ name: 'plan', value: 'pro', show: 'show@equals' }] });
      assert.equal(record.design_properties?.switch_mobile_editor, true);
      assert.deepEqual(record.mobile_design?.blocks[0], { type: 'title', text: 'Phone sale' });
      assert.equal(record.mobile_design?.blocks.length, blocks.length, 'the mobile design started as a copy of the design');
      assert.deepEqual(blocks[0], { type: 'title', text: designTitle }, 'the design itself unchanged');
    } finally {
      await context.close();
    }
  });

  it('the welcome screen, the form fields shown and the upgrade setting in the form: edited, saved, read back', async () => {
    const { context, page } = await newVisitor(e2e.browser, WIDE);
    try {
      const { id, field } = await editNewPoptin(page);

      // A welcome screen: its title changed, a text added by its own button, its call to action.
      await page.getByRole('button', { name: en.welcomeCreate, exact: true }).click();
      await field('design.welcome.blocks[0].text', en.blockTitle).fill('Hello, reader!');
      await page.getByRole('button', { name: `${en.addText} ${en.inWelcome}`, exact: true }).click();
      await field('design.welcome.blocks[1].text', en.blockText).fill('A story for members.');
      await field('design.welcome.button.text', en.welcomeButton).fill('Read on');

      await field('poptin_fields', en.poptinFields).fill('email, name');
      const upgrade = 'client_restriction_setting.upgrade_popup';
      await field(`${upgrade}.id`, en.upgradeId).fill('plan-limit-7');
      // An address the schema refuses: the message at that field.
      const upgradeUrl = field(`${upgrade}.upgrade_url`, en.upgradeUrl);
      await upgradeUrl.fill('ftp://example.com/upgrade');
      await page.locator(`[data-path="${upgrade}.upgrade_url"] .dashboard-problem`).getByText(/http\(s\) URL/).waitFor();
      assert.equal(await upgradeUrl.getAttribute('aria-invalid'), 'true');
      await upgradeUrl.fill('https://example.com/upgrade');
      await field(`${upgrade}.remindme_popup`, en.upgradeRemind).check();
      await page.locator('.dashboard-preview kite-poptin [role="dialog"]').waitFor();
      assert.deepEqual(await axeViolations(page), [], 'editor with a welcome screen, the fields shown and an upgrade setting');

      await page.getByRole('button', { name: en.save, exact: true }).click();
      await page.getByRole('status').getByText(en.saved).waitFor();
      const stored = await fetch(e2e.at(`api/admin/poptins/${id}`), { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.equal(stored.status, 200);
      const record = ((await stored.json()) as { record: PoptinRecord }).record;
      assert.deepEqual(record.design?.welcome, {
        blocks: [
          { type: 'title', text: 'Hello, reader!' },
          { type: 'text', text: 'A story for members.' },
        ],
        button: { text: 'Read on' },
      });
      assert.deepEqual(record.poptin_fields, ['email', 'name']);
      assert.deepEqual(record.client_restriction_setting, { upgrade_popup: { id: 'plan-limit-7', upgrade_url: 'https://example.com/upgrade', remindme_popup: true } });
    } finally {
      await context.close();
    }
  });

  it('in Hebrew: right to left, its own words, axe-clean', async () => {
    const { context, page, problems } = await newVisitor(e2e.browser, WIDE);
    try {
      await page.goto(e2e.at('admin?lang=he'));
      await heading(page, he.signInHeading).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'he');
      assert.deepEqual(await axeViolations(page), [], 'Hebrew sign-in view');
      await page.getByLabel(he.tokenLabel).fill(ADMIN_TOKEN);
      await page.getByRole('button', { name: he.signIn, exact: true }).click();
      await heading(page, he.poptinsHeading).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'Hebrew pop-up list');
      await page.getByRole('button', { name: he.create }).click();
      await heading(page, new RegExp(he.editorHeadingNew)).waitFor();
      await page.locator('.dashboard-preview kite-poptin [role="dialog"]').waitFor();
      for (const add of [he.addGame, he.addCountdown, he.addCoupon, he.addProducts, he.addTicker, he.addVideo, he.addButtons, he.addCaptions, he.addCookieRule]) {
        await page.getByRole('button', { name: add }).click();
      }
      await page.locator('[data-path="design.blocks[3].prizes[0].redirect_to"]').getByLabel(he.prizeRedirect).check();
      await page.getByRole('button', { name: he.mobileCreate }).click();
      await page.getByLabel(he.prizeRedirectUrl).first().waitFor();
      await page.getByRole('button', { name: he.mobileRemove }).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'Hebrew editor with every kind of block, a prize redirect, a cookie rule and a mobile design');
      await page.getByRole('button', { name: he.navLeads }).click();
      // Whether the first test left leads and pop-ups or not: the loaded table, or its 'none'.
      await page.getByRole('cell').first().or(page.getByRole('status').getByText(he.noLeads)).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'Hebrew leads table');
      await page.getByRole('button', { name: he.navChart }).click();
      await page.getByRole('img', { name: he.chartHeading }).or(page.getByText(he.chartNone)).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'Hebrew chart');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('on a phone: every view fits the window, with targets and text large enough, axe-clean', async () => {
    const { context, page, problems } = await newVisitor(e2e.browser, { ...PHONE, reducedMotion: 'reduce' });
    try {
      const check = async (view: string) => {
        assert.deepEqual(await phoneAudit(page), [], `${view} on a phone`);
        assert.deepEqual(await axeViolations(page), [], `${view} on a phone`);
      };
      // A pop-up and a lead of its own, whether the first test ran or not.
      const record = leadLightbox(poptinIdOf('phonedash', 1));
      await e2e.putPoptin('demo-client', record);
      const lead = await fetch(e2e.at(`api/display/conversion/${record.viewer_id}`), {
        method: 'POST',
        body: new URLSearchParams({ conversion_key: 'phone-dashboard-lead', poptin_id: record.poptin_id, client_id: 'demo-client', email: 'phone@example.com' }),
      });
      assert.equal(lead.status, 200);
      await page.goto(e2e.at('admin'));
      await heading(page, en.signInHeading).waitFor();
      await check('sign-in view');
      await page.getByLabel(en.tokenLabel).fill(ADMIN_TOKEN);
      await page.getByRole('button', { name: en.signIn, exact: true }).click();
      await heading(page, en.poptinsHeading).waitFor();
      await page.getByRole('cell').first().waitFor();
      await check('pop-up list');
      await page.getByRole('button', { name: new RegExp(`^${en.edit}`) }).first().click();
      await page.locator('.dashboard-preview kite-poptin [role="dialog"]').waitFor();
      await check('editor');
      await page.getByRole('button', { name: en.navLeads }).click();
      await page.getByRole('cell').first().waitFor();
      await check('leads table');
      await page.getByRole('button', { name: en.navChart }).click();
      await page.getByRole('img', { name: en.chartHeading }).waitFor();
      await check('chart');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
