import { createActor, type ActorRefFrom } from 'xstate';
import { widgetMachine } from '../../machines/widget/widget.machine.ts';
import type { ArmedPoptin, TriggerName } from '../../machines/widget/widget.types.ts';
import { placementOf } from '../../shared/logic/layout.ts';
import { admitPoptinRecord } from '../../shared/widget/admit.ts';
import type { DisplayResponse, PoptinRecord } from '../../shared/schema/poptin-record.ts';
import type { StartResult, WidgetOptions } from '../../shared/widget/start.ts';
import { claimStart } from '../../shared/widget/global.ts';
import { cookiesWithPrefix, safeSessionStorage, safeStorage } from '../../shared/storage/storage.ts';
import { CONSENT, STORAGE_KEY, TRIGGER } from '../../shared/constants/widget.ts';
import { resumeOutbox } from '../../shared/api/outbox.ts';
import { loadMessages, pageLanguage } from '../../shared/i18n/index.ts';
import { emit, type KiteEventDetails } from '../../shared/dom/events.ts';
import { needsTeaser, needsTeaserTab } from '../../shared/widget/record-needs.ts';
import { popUpDueSoon } from '../../shared/widget/due-soon.ts';

/** The run's upkeep of the visit (shared/widget/session.ts), fetched as a run starts. */
type SessionCode = typeof import('../../shared/widget/session.ts');

/**
 * The run goes on without a part whose file did not arrive (the visitor went offline, or a release
 * replaced the files): the console says which, instead of an unhandled rejection.
 */
const leftOut = (part: string) => (): null => (console.warn(`Kite: ${part} could not load`), null);

/**
 * The orchestrator: starts the widget (or takes the start widget.js already made), checks each
 * record, decides the display rules and arms the triggers in `widgetMachine` with the browser
 * facts it observes, and mounts a `kite-poptin` when the machine says so. A record with
 * `is_teasers_on` gets its `kite-tab-teaser` once the rules are decided, unless they hide the
 * pop-up on this page; the tab opens it even when its frequency rule holds it back, and goes when
 * the pop-up is skipped. It renders nothing of its own.
 *
 * @summary Runs the pop-up widget on a page: display call, rules, triggers, one modal at a time.
 *
 * @attr {string} client-id - The site owner's client id (required).
 * @attr {string} api - Base URL of the display API; default: this page's origin.
 * @attr {string} lang - Language of labels and messages; default: the page's (`<html lang>`), else the visitor's as the display answer gives it (`lang`); `he` is right to left.
 * @attr {boolean} delayed-start - Start 1.5 s after page load (skipped when `window.noJqueryUi` or `window.noConflict` is set).
 * @attr {boolean} spa - Single-page app: re-run on `history.pushState`, `replaceState` and the back button when the address changes; embedded pop-ups are rendered again every 5 s.
 * @attr {string} consent - `required`: hold everything (no cookie, no storage, no call) until the site calls `window.kite.consent(true)`.
 * @attr {string} store - The store platform, after consent: `shopify` reads the Shopify-style cart for the display context, watches the page's cart calls for the cart triggers and remembers viewed products in the `poptin_shopify_recent_product_id` cookie; `wix` remembers viewed products in local storage (`poptin_wix_recent_product_id`, at most 3). Both keep browsed products for browse abandonment (docs/poptin-record.md "Cart trigger", "Store pages").
 *
 * @prop {object} started - A start already made by widget.js (display answer and context); set before connecting. `null`: that start found nothing (a single-page app waits for its next page).
 *
 * @event kite-widget-ready - The display answer is read. `detail: { clientId, poptins }` (how many valid pop-ups).
 * @event kite-widget-armed - The display rules are decided and the page's events (a store's cart calls too) are watched, and the visit's cookies kept alive while the page stays open. `detail: { armed, clickOnly, hidden }` (pop-up ids).
 * @event kite-poptin-skip - A pop-up due to show will not (from the widget: `no-host` or `load-failed`; see kite-poptin). `detail: { poptinId, reason }`.
 */
export class KiteWidget extends HTMLElement {
  started: StartResult | null | undefined = undefined;
  private actor: ActorRefFrom<typeof widgetMachine> | null = null;
  /** What the current run set up (listeners, timers, nodes): undone on a new run and on disconnect. */
  private runCleanups: Array<() => void> = [];
  /** What lives as long as the element is connected (the history watcher). */
  private cleanups: Array<() => void> = [];
  /** Pop-ups this element already put on screen: a second run (after a move in the page) does not show them again. */
  private readonly mounted = new Set<string>();
  /** Bumped by every start, so an answer that arrives after a newer navigation is dropped. */
  private generation = 0;
  /** The current run's records: a restart removes their pop-ups and teasers. */
  private runRecords: Map<string, PoptinRecord> | null = null;
  /** Keeps the current run's queued pop-ups for the tab's next page (`apt_{id}`): as the page is left, or a single-page app moves on. */
  private carryQueued: () => void = () => {};

  private get options(): WidgetOptions {
    return {
      clientId: this.getAttribute('client-id') ?? '',
      api: this.getAttribute('api') || location.origin,
      base: '',
      lang: this.getAttribute('lang') ?? undefined,
      delayedStart: this.hasAttribute('delayed-start'),
      consentRequired: this.getAttribute('consent') === CONSENT.REQUIRED,
      spa: this.hasAttribute('spa'),
      // The start reads the name (shared/widget/start.ts): not checked twice.
      store: this.getAttribute('store'),
    };
  }

  connectedCallback(): void {
    if (this.actor) return;
    if (this.hasAttribute('spa')) this.watchHistory();
    if (this.started !== undefined) {
      if (this.started) this.run(this.started);
      return;
    }
    const options = this.options;
    if (!options.clientId) return console.warn('Kite: kite-widget needs a client-id attribute');
    if (!claimStart()) return;
    this.start(options);
  }

  disconnectedCallback(): void {
    this.generation += 1;
    this.stopRun();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  private start(options: WidgetOptions): void {
    const generation = ++this.generation;
    // widget.js makes the first start itself and hands it over (`started`): the start's code loads
    // here only for a kite-widget placed by hand, or a single-page app's next page.
    void import('../../shared/widget/start.ts')
      .then(
        ({ startWidget }) => startWidget(options),
        () => {
          console.warn('Kite: kite-widget could not load its start');
          return null;
        },
      )
      .then((result) => {
        if (!result || !this.isConnected || generation !== this.generation) return;
        this.started = result;
        this.run(result);
      });
  }

  /** Undoes the current run: its machine, listeners, timers, pop-ups and teasers. */
  private stopRun(): void {
    this.carryQueued = () => {};
    this.actor?.stop();
    this.actor = null;
    for (const cleanup of this.runCleanups.splice(0)) cleanup();
  }

  /** Adds a listener that goes away with the run (or, with `list`, with the element). */
  private listen<E extends Event>(
    target: EventTarget,
    type: string,
    handler: (event: E) => void,
    options: AddEventListenerOptions = { passive: true },
    list = this.runCleanups,
  ): void {
    target.addEventListener(type, handler as EventListener, options);
    list.push(() => target.removeEventListener(type, handler as EventListener, options));
  }

  /** Single-page apps: a new address (not a new state of the same one) runs the widget again; the watch loads only for them. */
  private watchHistory(): void {
    void import('./spa.ts').then(({ watchNavigations }) => {
      if (this.isConnected) this.cleanups.push(watchNavigations(() => this.getAttribute('client-id') && (this.carryQueued(), this.restart())));
    }, leftOut('the page-change watch'));
  }

  /** Undoes the run and its pop-ups and starts again: a single-page app's next page, or consent withdrawn. */
  private restart(): void {
    this.stopRun();
    const records = this.runRecords;
    this.runRecords = null;
    // Its code loads only now (a restart is rare); the next run's pop-ups come after a display call, so after this.
    if (records) void import('./spa.ts').then(({ dropRunNodes }) => dropRunNodes(records), leftOut('the page-change watch'));
    this.mounted.clear();
    this.start({ ...this.options, rerun: true });
  }

  private run(result: StartResult): void {
    const options = this.options;
    // Consent withdrawn (`window.kite.consent(false)`): the run stops, with its timers, calls and
    // pop-ups, and the widget waits for consent again.
    if (options.consentRequired) {
      this.listen<CustomEvent<KiteEventDetails['kite-widget-consent']>>(window, 'kite-widget-consent', ({ detail }) => detail.granted || this.restart());
    }
    const { response } = result;
    // The page's language wins (kite-widget's `lang`, widget.js's `data-lang`, then `<html lang>`);
    // a page that says none reads the visitor's, as the display answer gives it.
    const lang = pageLanguage(this.getAttribute('lang') || document.documentElement.lang || response.lang);
    // The owner's plan limit: the upgrade pop-up (widget spec section 8).
    if (response.display === 'not_allowed') return this.showUpgrade(response, lang);
    resumeOutbox();
    const generation = this.generation;
    const current = () => this.isConnected && generation === this.generation;
    // A pop-up due on load or after a delay is about to show: fetch its code (React with it) now,
    // beside the records' admission and its chunks, not after them (the store's pop-up showed
    // about 450 ms after the display answer, React fetched in its last 300 ms).
    if (popUpDueSoon(result)) void import('../poptin/poptin.element.ts');
    const now = new Date();
    const admitted = Promise.all(response.poptins.map((raw) => admitPoptinRecord(raw, now, options.api)));
    // Its code not arriving costs the run its upkeep of the visit, not its pop-ups.
    const session = import('../../shared/widget/session.ts').catch(() => {
      console.warn('Kite: the visit upkeep could not load: pop-ups show, but are not counted as seen');
      return null;
    });
    // Armed means the whole run is going: the visit's cookies kept alive from then on, not from
    // whenever their module arrives (a tester's clock run just after `kite-widget-armed` counts on it).
    void Promise.all([admitted, loadMessages(lang), session]).then(([records, , sessionCode]) => {
      if (current()) this.arm(result, records, now, lang, sessionCode);
    });
  }

  /**
   * Arms the run's pop-ups (the machine that decides, the page's watch, their events' listeners)
   * and, with the session's code, keeps the visit's cookies alive and marks what shows as seen.
   */
  private arm(result: StartResult, admitted: Array<PoptinRecord | null>, now: Date, lang: string, session: SessionCode | null): void {
    const options = this.options;
    if (session) this.runCleanups.push(session.keepSessionAlive());
    const { previewId, visit } = result;
    const records = new Map<string, PoptinRecord>();
    for (const record of admitted) if (record) records.set(record.poptin_id, record);
    if (previewId) {
      // Only the site owner sees a preview: its banner's code loads only then.
      const generation = this.generation;
      void import('../../shared/widget/preview.ts').then(({ showPreviewBanner }) => {
        if (!this.isConnected || generation !== this.generation) return;
        const banner = showPreviewBanner(lang);
        this.runCleanups.push(() => banner.remove());
      }, leftOut('the preview banner'));
    }

    const armed = (record: PoptinRecord): ArmedPoptin => ({
      poptinId: record.poptin_id,
      modal: placementOf(record.poptin_type, record.design_properties.poptin_location).modal,
      // A preview shows at once, whatever its triggers and rules.
      triggers: previewId ? { page_load: true } : record.triggers,
      embedded: record.poptin_type === 'embedded',
      rules: previewId ? undefined : record,
    });
    const list = [...records.values()].filter((record) => !this.mounted.has(record.poptin_id));
    const touch = matchMedia(TRIGGER.TOUCH_QUERY).matches;
    const lastActivity = { at: -Infinity };
    // Pop-ups queued on the tab's page before when it was left (`apt_{id}`): each mark is read once.
    const carried: Record<string, TriggerName> = {};
    for (const { poptin_id: poptinId } of previewId ? [] : list) {
      const key = STORAGE_KEY.ACTIVE_TRIGGER_PREFIX + poptinId;
      const trigger = safeSessionStorage.get(key);
      if (trigger) carried[poptinId] = trigger as TriggerName;
      safeSessionStorage.remove(key);
    }
    const actor = createActor(widgetMachine, {
      input: {
        poptins: list.map(armed),
        facts: {
          now: now.getTime(),
          cookies: cookiesWithPrefix(''),
          sessionId: visit?.sessionId ?? '',
          visit: visit?.visit ?? 1,
          returning: visit?.returning ?? false,
        },
        touch,
        idleMs: () => performance.now() - lastActivity.at,
        pageViews: visit?.pageViews ?? 1,
        spa: options.spa,
        root: window,
        probeAdblock: () => import('./adblock.ts').then(({ probeAdblock }) => probeAdblock(options.api)),
        carried,
      },
    });
    this.actor = actor;
    // Queued pop-ups kept for the tab's next page (`apt_{id}`).
    if (!previewId && session) {
      const kept = session.keepQueued(actor);
      this.carryQueued = kept.keep;
      this.runCleanups.push(kept.stop);
    }
    const triggers = new Map<string, TriggerName>();
    const formVariants = new Set<string>();
    actor.on('show', ({ poptinId, trigger }) => {
      triggers.set(poptinId, trigger);
      void this.mount(records.get(poptinId)!, trigger, result, lang, formVariants.has(poptinId));
    });
    // Said once the rules are decided and the page is watched (its listeners come in a module of their own).
    let decided: KiteEventDetails['kite-widget-armed'] | null = null;
    let watching = false;
    const announce = () => decided && watching && emit(this, 'kite-widget-armed', decided);
    actor.on('armed', ({ armed: armedIds, clickOnly, hidden }) => {
      decided = { armed: armedIds, clickOnly, hidden };
      announce();
      // The teasers come once the rules are decided: a tab for a pop-up this page will not show would open nothing.
      // Their code loads only for records that have one, and an `after_close` tab's only once its pop-up
      // is on screen: it cannot show before the close, so its code stays off the pop-up's way.
      const placeTeaser = async (record: PoptinRecord) => {
        const due = needsTeaserTab(record) || (await (await import('../tab-teaser/poptin-life.ts')).poptinShows(record.poptin_id));
        if (!due) return;
        const { mountTeaser } = await import('./teaser.ts');
        await mountTeaser(this, record, lang, () => this.actor === actor && actor.getSnapshot().context.poptins[record.poptin_id]!.status !== 'hidden');
      };
      for (const record of list) {
        if (needsTeaser(record) && !hidden.includes(record.poptin_id)) void placeTeaser(record).catch(leftOut(`the tab teaser of pop-up ${record.poptin_id}`));
      }
    });
    // Single-page apps re-render their pages: an embedded pop-up whose host lost it is put back.
    actor.on('refresh-embedded', ({ poptinIds }) => {
      for (const poptinId of poptinIds) {
        const host = document.getElementById(poptinId);
        if (host && !host.querySelector('kite-poptin')) void this.mount(records.get(poptinId)!, triggers.get(poptinId) ?? 'page_load', result, lang);
      }
    });

    // The visitor's activity with known leads (conversion-activities, total-website-session),
    // sent only for a visitor whose email is known: loaded only then.
    const activity = (path: string, body?: Record<string, string>) =>
      safeStorage.get(STORAGE_KEY.CONVERTED_EMAIL) && void import('./activity.ts').then(({ postActivity }) => postActivity(options, path, body), leftOut('the activity calls'));
    if (visit?.newSession) activity('total-website-session');

    // Heard on the document: an embedded pop-up lives in its host element, not in the widget.
    this.listen<CustomEvent<KiteEventDetails['kite-poptin-show']>>(document, 'kite-poptin-show', ({ detail }) => {
      const record = records.get(detail.poptinId);
      if (!record) return;
      if (visit && !previewId) session?.markSeen(record.poptin_id, record.d_f_r, record.poptin_type === 'embedded', visit);
      activity('conversion-activities', { poptin_id: record.poptin_id, activity: 'viewed' });
    });
    this.listen<CustomEvent<KiteEventDetails['kite-poptin-close']>>(document, 'kite-poptin-close', ({ detail }) => {
      if (!records.has(detail.poptinId)) return;
      actor.send({ type: 'POPTIN.CLOSED', poptinId: detail.poptinId, closeTrigger: detail.closeTrigger, submitted: detail.submitted });
      if (!detail.submitted) activity('conversion-activities', { poptin_id: detail.poptinId, activity: 'closed' });
    });
    // A pop-up that closed, or will not show after all (then its modal slot is freed), leaves the page.
    const remove = (event: CustomEvent<{ poptinId: string }>) => {
      if (!records.has(event.detail.poptinId)) return;
      const node = event.target as Element;
      // After the dispatch: a skip is said from inside the pop-up's render.
      if (node !== this) queueMicrotask(() => node.remove());
      if (event.type === 'kite-poptin-skip') actor.send({ type: 'POPTIN.SKIPPED', poptinId: event.detail.poptinId });
    };
    this.listen(document, 'kite-poptin-removed', remove);
    this.listen(document, 'kite-poptin-skip', remove);
    // The tab teaser re-opens its pop-up.
    this.listen<CustomEvent<KiteEventDetails['kite-tab-teaser-open']>>(document, 'kite-tab-teaser-open', ({ detail }) => {
      if (records.has(detail.poptinId)) actor.send({ type: 'TEASER.OPEN', poptinId: detail.poptinId });
    });
    // A single-page app's next page has its own pop-ups: this run's go when it navigates.
    this.runRecords = records;

    // The page's events the triggers watch (scroll, mouse, clicks on links carrying an id, the back
    // button): set up after the run has started, as a pop-up on page load needs none of them (the
    // module itself travels in the runtime's file, rollup.config.mjs).
    void import('./watch.ts').then(async ({ watchPage }) => {
      if (this.actor !== actor) return;
      // A store's cart watch is one of the page's watches: the rules are armed once it listens too.
      await watchPage({
        actor,
        records,
        touch,
        defer: (cleanup) => this.runCleanups.push(cleanup),
        armed,
        isCurrent: () => this.actor === actor,
        formVariants,
        lastActivity,
        fetch: (poptinId, fromPoptin, formVariant) =>
          import('./launch.ts').then(
            ({ fetchPoptin }) => fetchPoptin(options.api, options.clientId, poptinId, fromPoptin ? null : result.context, formVariant),
            leftOut(`pop-up ${poptinId}`),
          ),
      });
      if (this.actor !== actor) return;
      watching = true;
      announce();
    });
    actor.start();
    if (document.readyState === 'complete') actor.send({ type: 'PAGE.LOADED' });
    else this.listen(window, 'load', () => actor.send({ type: 'PAGE.LOADED' }));
    emit(this, 'kite-widget-ready', { clientId: options.clientId, poptins: records.size });
  }

  /** The upgrade pop-up, its code loaded only now. */
  private showUpgrade(response: DisplayResponse, lang: string): void {
    const { api, clientId } = this.options;
    void Promise.all([import('./upgrade.ts'), loadMessages(lang)]).then(([{ showUpgrade }]) => {
      if (this.isConnected) this.runCleanups.push(showUpgrade(this, { api, clientId, lang, response }));
    }, leftOut('the upgrade pop-up'));
  }

  private async mount(record: PoptinRecord, trigger: string, result: StartResult, lang: string, formVariant = false): Promise<void> {
    this.mounted.add(record.poptin_id);
    const actor = this.actor;
    // A client restriction setting shows the upgrade pop-up in the pop-up's place (widget spec section 6); the slot is free again.
    const limit = record.client_restriction_setting?.upgrade_popup;
    if (limit) {
      actor?.send({ type: 'POPTIN.SKIPPED', poptinId: record.poptin_id });
      return this.showUpgrade({ poptins: [], display: 'not_allowed', upgrade_setting: limit }, lang);
    }
    // Embedded pop-ups render inside the host element whose id matches (widget spec section 2).
    const host = record.poptin_type === 'embedded' ? document.getElementById(record.poptin_id) : this;
    // On a store, the customer its viewed call names is read first (the store's code, fetched for the run anyway).
    const customer = result.context.store_integration && import('./store.ts').then(({ storeCustomer }) => storeCustomer(result.context), () => null);
    // A pop-up with a tab teaser shows once its life is heard (poptin-life.ts), so its tab, whose
    // code may come later, starts from all of it. Without that code there is no tab either.
    const lifeHeard = needsTeaser(record) && import('../tab-teaser/poptin-life.ts').catch(() => null);
    if (!host || !(await Promise.all([import('../poptin/poptin.element.ts'), customer, lifeHeard]).then(() => true, () => false))) {
      // The event's reason in the warning too: one text for both (kite-poptin-skip documents them), not two.
      const reason = host ? 'load-failed' : 'no-host';
      console.warn(`Kite: pop-up ${record.poptin_id} skipped: ${reason}`);
      if (this.actor === actor) emit(this, 'kite-poptin-skip', { poptinId: record.poptin_id, reason });
      return;
    }
    if (this.actor !== actor) return;
    // Re-opened from the tab teaser: the earlier element, if still here, makes way.
    for (const earlier of document.querySelectorAll('kite-poptin')) if (earlier.poptin === record) earlier.remove();
    const poptin = document.createElement('kite-poptin');
    poptin.poptin = record;
    poptin.context = result.context;
    poptin.setAttribute('api', this.options.api);
    poptin.setAttribute('client-id', this.options.clientId);
    poptin.setAttribute('visitor-id', result.context.visitor_id);
    poptin.setAttribute('trigger', trigger);
    poptin.setAttribute('lang', lang);
    // The visitor's country, as the display answer gives it: the international phone field's default.
    if (result.response.cc) poptin.setAttribute('country', result.response.cc);
    if (formVariant) poptin.setAttribute('variant', 'form');
    poptin.toggleAttribute('open', true);
    host.append(poptin);
  }
}

if (!customElements.get('kite-widget')) customElements.define('kite-widget', KiteWidget);

declare global {
  interface HTMLElementTagNameMap {
    'kite-widget': KiteWidget;
  }
}
