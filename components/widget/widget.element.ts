import { createActor, type ActorRefFrom } from 'xstate';
import { widgetMachine } from '../../machines/widget/widget.machine.ts';
import { parsePoptinRecord } from '../../shared/schema/poptin-record.schema.ts';
import { placementOf } from '../../shared/logic/layout.ts';
import { hasPastTimer } from '../../shared/widget/eligibility.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { startWidget, type StartResult, type WidgetOptions } from '../../shared/widget/start.ts';
import { claimStart } from '../../shared/widget/global.ts';
import { showPreviewBanner } from '../../shared/widget/preview.ts';
import { keepSessionAlive } from '../../shared/widget/session.ts';
import { resumeOutbox } from '../../shared/api/outbox.ts';
import { pageLanguage } from '../../shared/i18n/index.ts';
import { emit, type KiteEventDetails } from '../../shared/dom/events.ts';

/** How far down the page the visitor is, 0 to 100. */
function scrollPercent(): number {
  const scrollable = document.documentElement.scrollHeight - innerHeight;
  return scrollable <= 0 ? 100 : Math.min(100, (scrollY / scrollable) * 100);
}

/**
 * The orchestrator: starts the widget (or takes the start widget.js already made), checks each
 * record, arms the triggers in `widgetMachine` with the browser facts it observes, and mounts a
 * `kite-poptin` when the machine says so. It renders nothing of its own.
 *
 * @summary Runs the pop-up widget on a page: display call, triggers, one modal at a time.
 *
 * @attr {string} client-id - The site owner's client id (required).
 * @attr {string} api - Base URL of the display API; default: this page's origin.
 * @attr {string} lang - Language of labels and messages; default: the page's (`he` is right to left).
 * @attr {boolean} delayed-start - Start 1.5 s after page load (skipped when `window.noJqueryUi` or `window.noConflict` is set).
 * @attr {boolean} spa - Single-page app: re-run on history changes.
 *
 * @prop {object} started - A start already made by widget.js (display answer and context); set before connecting.
 *
 * @event kite-widget-ready - Triggers are armed. `detail: { clientId, poptins }` (how many valid pop-ups).
 */
export class KiteWidget extends HTMLElement {
  started: StartResult | null = null;
  private actor: ActorRefFrom<typeof widgetMachine> | null = null;
  private cleanups: Array<() => void> = [];
  /** Pop-ups this element already put on screen: a second run (after a move in the page) does not show them again. */
  private readonly mounted = new Set<string>();

  private get options(): WidgetOptions {
    return {
      clientId: this.getAttribute('client-id') ?? '',
      api: this.getAttribute('api') || location.origin,
      base: '',
      lang: this.getAttribute('lang') ?? undefined,
      delayedStart: this.hasAttribute('delayed-start'),
    };
  }

  connectedCallback(): void {
    if (this.actor) return;
    if (this.started) return this.run(this.started);
    const options = this.options;
    if (!options.clientId) return console.warn('Kite: kite-widget needs a client-id attribute');
    if (!claimStart()) return;
    void startWidget(options).then((result) => {
      if (result && this.isConnected) this.run(result);
    });
  }

  disconnectedCallback(): void {
    this.actor?.stop();
    this.actor = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  /** Adds a listener that goes away on disconnect, so a second run does not double it. */
  private listen<E extends Event>(target: EventTarget, type: string, handler: (event: E) => void): void {
    target.addEventListener(type, handler as EventListener, { passive: true });
    this.cleanups.push(() => target.removeEventListener(type, handler as EventListener));
  }

  private run(result: StartResult): void {
    const records = new Map<string, PoptinRecord>();
    const now = new Date();
    for (const raw of result.response.poptins) {
      const parsed = parsePoptinRecord(raw);
      if (!parsed.ok) console.warn(`Kite: pop-up skipped, invalid record: ${parsed.error}`);
      else if (hasPastTimer(parsed.value, now)) console.info(`Kite: pop-up ${parsed.value.poptin_id} not shown: its timer date has passed`);
      else records.set(parsed.value.poptin_id, parsed.value);
    }
    const lang = pageLanguage(this.getAttribute('lang'));
    if (result.previewId) {
      const banner = showPreviewBanner(lang);
      this.cleanups.push(() => banner.remove());
    }
    resumeOutbox();
    this.cleanups.push(keepSessionAlive());

    const actor = createActor(widgetMachine, {
      input: {
        poptins: [...records.values()].filter((record) => !this.mounted.has(record.poptin_id)).map((record) => ({
          poptinId: record.poptin_id,
          modal: placementOf(record.poptin_type, record.design_properties.poptin_location).modal,
          // A preview shows at once, whatever its triggers.
          triggers: result.previewId ? { page_load: true } : record.triggers,
        })),
      },
    });
    this.actor = actor;
    actor.on('show', ({ poptinId, trigger }) => void this.mount(records.get(poptinId)!, trigger, result, lang));
    actor.start();
    // A pop-up due on load or after a delay is about to show: fetch its code now, not on the trigger.
    const dueSoon = ({ triggers }: PoptinRecord) => triggers.page_load || typeof triggers.seconds === 'number';
    if (result.previewId || [...records.values()].some(dueSoon)) {
      void import('../poptin/poptin.element.ts');
    }

    // Heard on the document: an embedded pop-up lives in its host element, not in the widget.
    this.listen<CustomEvent<KiteEventDetails['kite-poptin-close']>>(document, 'kite-poptin-close', ({ detail }) => {
      if (records.has(detail.poptinId)) {
        actor.send({ type: 'POPTIN.CLOSED', poptinId: detail.poptinId, closeTrigger: detail.closeTrigger, submitted: detail.submitted });
      }
    });
    this.listen<CustomEvent<KiteEventDetails['kite-poptin-removed']>>(document, 'kite-poptin-removed', (event) => {
      if (records.has(event.detail.poptinId)) (event.target as Element).remove();
    });
    // The tab teaser re-opens its pop-up.
    this.listen<CustomEvent<KiteEventDetails['kite-tab-teaser-open']>>(document, 'kite-tab-teaser-open', ({ detail }) => {
      if (records.has(detail.poptinId)) actor.send({ type: 'TEASER.OPEN', poptinId: detail.poptinId });
    });
    for (const record of records.values()) if (record.is_teasers_on) void this.mountTeaser(record, lang);
    this.listen(window, 'scroll', () => actor.send({ type: 'PAGE.SCROLL', percent: scrollPercent() }));
    // Exit intent: the mouse leaves the document through the top edge.
    this.listen<MouseEvent>(document, 'mouseout', (event) => {
      if (!event.relatedTarget && event.clientY <= 0) actor.send({ type: 'PAGE.EXIT_INTENT' });
    });
    if (document.readyState === 'complete') actor.send({ type: 'PAGE.LOADED' });
    else this.listen(window, 'load', () => actor.send({ type: 'PAGE.LOADED' }));
    emit(this, 'kite-widget-ready', { clientId: this.options.clientId, poptins: records.size });
  }

  private async mount(record: PoptinRecord, trigger: string, result: StartResult, lang: string): Promise<void> {
    this.mounted.add(record.poptin_id);
    // Embedded pop-ups render inside the host element whose id matches (widget spec section 2).
    const host = record.poptin_type === 'embedded' ? document.getElementById(record.poptin_id) : this;
    if (!host) {
      console.warn(`Kite: embedded pop-up ${record.poptin_id} has no element with that id on this page`);
      this.actor?.send({ type: 'POPTIN.CLOSED', poptinId: record.poptin_id, closeTrigger: 'timer', submitted: false });
      return;
    }
    await import('../poptin/poptin.element.ts');
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
    poptin.toggleAttribute('open', true);
    host.append(poptin);
  }

  private async mountTeaser(record: PoptinRecord, lang: string): Promise<void> {
    await import('../tab-teaser/tab-teaser.element.ts');
    const teaser = document.createElement('kite-tab-teaser');
    teaser.setAttribute('poptin-id', record.poptin_id);
    teaser.setAttribute('display-mode', record.teaser?.display_mode ?? 'after_close');
    teaser.setAttribute('lang', lang);
    if (record.d_f_r) teaser.setAttribute('d-f-r', record.d_f_r);
    if (record.teaser?.label) teaser.setAttribute('label', record.teaser.label);
    if (record.teaser?.position) teaser.setAttribute('position', record.teaser.position);
    this.append(teaser);
  }
}

if (!customElements.get('kite-widget')) customElements.define('kite-widget', KiteWidget);

declare global {
  interface HTMLElementTagNameMap {
    'kite-widget': KiteWidget;
  }
}
