import { LitElement, html, nothing } from 'lit';
import { fromPromise } from 'xstate';
import { isLoading, masonryMachine, type MasonrySnapshot } from '../../machines/masonry/masonry.machine.ts';
import type { MasonryAnswer, MasonryRequest } from '../../machines/masonry/masonry.types.ts';
import { postAjax } from '../../shared/api/ajax-endpoint.ts';
import { MASONRY } from '../../shared/constants/site.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { EnhanceController } from '../../shared/dom/enhance-controller.ts';
import { ensureId, listen, setAttribute, toggleClass, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { onReducedMotionChange, reducedMotionNow } from '../../shared/dom/reduced-motion-change.ts';
import { isRightToLeft, loadMessages, pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/site.ts';
import { columnWidth, masonryColumns, masonryLayout } from '../../shared/logic/masonry-layout.ts';
import { masonryLightStyles, masonryStyles } from './masonry.styles.ts';

const ENTRY = '.av-masonry-entry';
/** The list of shown ids, posted as the theme's jQuery posts an array. */
const LOADED_FIELD = 'loaded[]';
/** The button's data attributes the element writes itself (the others are posted as they are, as the theme does). */
const OWN_FIELDS = new Set(['action', 'items', 'offset']);

/**
 * A masonry grid with sort links and load-more.
 *
 * Light-DOM contract, the theme's markup: `.av-masonry-container` holding the items
 * (`.av-masonry-entry`, each with its id in `data-av-masonry-item` and a class per filter it
 * matches, `all_sort` on every one), sort links `.av-masonry-sort a[data-filter]` (the current one
 * with class `active_sort`) and the load-more link `.av-masonry-load-more` with `data-items`,
 * `data-offset` and `data-post_id`. Without JavaScript the grid is the theme's own flow.
 *
 * Once the element runs, the items are placed in columns (by the grid's width: the theme's
 * automatic columns at the theme's breakpoints), each in the shortest column, measured in one read
 * pass and placed in one write pass; Hebrew pages mirror the columns; the focus order stays the
 * markup's. A sort link hides the items without its filter and lays the grid out again; the links
 * are toggle buttons (`aria-pressed`, WAI-ARIA "Button" pattern), the current one marked. Load-more
 * posts `action=avia_ajax_masonry_more`, `items`, `offset`, `post_id`, `loaded[]` (the ids shown)
 * and the link's other data attributes to the site's ajax endpoint (the theme's
 * `window.avia_framework_globals.ajaxurl`, or the `endpoint` attribute), one request at a time;
 * the answer's items after the loaded marker are sanitized (DOMPurify, loaded when the link is
 * first pointed at or focused) and added, revealing `MASONRY.REVEAL_DELAY_MS` apart (at once
 * under reduced motion). An answer with no more than `items` items retires the link ("No more
 * items"); a failure, or an answer without the marker, unlocks it to try again. The grid is laid
 * out again `MASONRY.RESIZE_DEBOUNCE_MS` after its width last changed or an image in it loaded.
 * A visible, polite status line under the grid says what happened.
 *
 * @summary Masonry grid with sort links and load-more from the site's ajax endpoint.
 *
 * @slot - The theme's grid (`.av-masonry`): sort links, the items' container and the load-more link.
 *
 * @attr {string} endpoint - URL of the ajax endpoint. Default: the theme's `window.avia_framework_globals.ajaxurl`.
 * @attr {string} lang - Language of the messages (`en`, `he`). Default: the page's.
 * @attr {boolean} laid-out - Set by the element once the items are placed in columns (the light-DOM styles key on it).
 *
 * @event kite-masonry-filter - A sort link was chosen. `detail: { filter }`.
 * @event kite-masonry-load - A load-more request went out. `detail: { offset }`.
 * @event kite-masonry-loaded - New items were added. `detail: { count, noMoreItems }`.
 * @event kite-masonry-error - A load failed; the link may be used again. `detail: { reason }` (`failed` or `no-marker`).
 *
 * @csspart footer - The row under the grid holding the loader and the status.
 * @csspart loader - The spinner shown while a load runs.
 * @csspart status - The polite status line (loading, items loaded, no more items, a failure, the filter shown).
 *
 * @cssproperty --kite-masonry-transition - Duration and easing of items moving and revealing. Default `400ms ease`.
 * @cssproperty --kite-masonry-status-color - Colour of the status line. Default: inherited.
 * @cssproperty --kite-masonry-loader-color - Colour of the spinner. Default `currentColor`.
 * @cssproperty --kite-masonry-loader-size - Size of the spinner. Default `1.5rem`.
 */
export class KiteMasonry extends LitElement {
  static override styles = masonryStyles;
  static override properties = {
    endpoint: { type: String },
    // oxlint-disable-next-line lit/no-native-attributes -- a reactive `lang` re-renders the messages; reflected, so :lang() follows
    lang: { type: String, reflect: true },
  };

  /** The ajax endpoint's URL (reflects `endpoint`). */
  declare endpoint: string | undefined;
  /** Language of the messages (reflects `lang`). */
  declare lang: string;

  #container: HTMLElement | null = null;
  #links: HTMLAnchorElement[] = [];
  #button: HTMLElement | null = null;
  /** Items the layout hid or positioned: shown and unpositioned again when the element goes. */
  readonly #placed = new Set<HTMLElement>();
  /** The parsed items of each answer (the probe included). */
  readonly #answers = new WeakMap<MasonryAnswer, HTMLElement[]>();
  /** The items of the last batch, revealed one by one. */
  #batch: HTMLElement[] = [];
  #width = -1;

  readonly #machine = new MachineController(this, {
    machine: masonryMachine.provide({
      actors: { load: fromPromise<MasonryAnswer | null, MasonryRequest>(({ input, signal }) => this.#load(input, signal)) },
      actions: {
        insertItems: (_, { answer, count }) => this.#insert(answer, count),
        layout: ({ context }) => this.#layout(context.filter),
      },
    }),
    surface: 'masonry',
    // Started once the grid is read: its first layout needs the items.
    lazy: true,
    input: () => {
      const button = this.#button;
      const current = this.#links.find((link) => link.classList.contains(MASONRY.ACTIVE_SORT_CLASS));
      return {
        items: wholeNumber(button?.dataset.items) || MASONRY.ITEMS_PER_LOAD_DEFAULT,
        offset: wholeNumber(button?.dataset.offset),
        filter: current?.dataset.filter || MASONRY.ALL_FILTER,
        noMoreItems: !button || button.classList.contains(MASONRY.NO_MORE_CLASS),
        reducedMotion: reducedMotionNow(),
      };
    },
  });

  constructor() {
    super();
    new EnhanceController(this, () => this.#enhance());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.getRootNode(), masonryLightStyles, { document: true });
  }

  /** Reads the theme's grid and wires its links; a grid without a container stays the theme's flow. */
  #enhance(): Undo {
    const container = this.querySelector<HTMLElement>('.av-masonry-container');
    if (!container) return () => {};
    this.#container = container;
    this.#links = [...this.querySelectorAll<HTMLAnchorElement>('.av-masonry-sort a[data-filter]')];
    this.#button = this.querySelector<HTMLElement>('.av-masonry-load-more');
    void loadMessages(pageLanguage(this.lang)).then(() => this.requestUpdate());
    const button = this.#button;
    const resizes = new ResizeObserver(([entry]) => {
      // Only a new width moves items: a height change is the layout's own doing.
      if (entry && Math.round(entry.contentRect.width) !== this.#width) this.#machine.send({ type: 'RESIZE' });
    });
    resizes.observe(container);
    const undo = undoAll([
      // The items shown by the theme count as revealed; new ones reveal as they come.
      ...[...container.querySelectorAll(ENTRY)].map((item) => toggleClass(item, MASONRY.ITEM_LOADED_CLASS, true)),
      ensureId(container, 'kite-masonry-items'),
      ...this.#links.flatMap((link) => [
        setAttribute(link, 'role', 'button'),
        setAttribute(link, 'aria-controls', container.id),
        listen(link, 'click', (event) => {
          event.preventDefault();
          this.#machine.send({ type: 'FILTER', filter: link.dataset.filter! });
        }),
        listen(link, 'keydown', (event) => this.#onSpace(event, link)),
      ]),
      ...(button
        ? [
            setAttribute(button, 'role', 'button'),
            setAttribute(button, 'aria-controls', container.id),
            listen(button, 'click', (event) => {
              event.preventDefault();
              this.#machine.send({ type: 'LOAD' });
            }),
            listen(button, 'keydown', (event) => this.#onSpace(event, button)),
            // The sanitizer loads while the visitor reaches for the link, not after the answer came.
            listen(button, 'pointerenter', () => void import('dompurify'), { once: true }),
            listen(button, 'focus', () => void import('dompurify'), { once: true }),
          ]
        : []),
      // A picture that loads may change its item's height.
      listen(container, 'load', () => this.#machine.send({ type: 'RESIZE' }), { capture: true }),
      onReducedMotionChange((reduced) => this.#machine.send({ type: 'MOTION.CHANGE', reduced })),
      () => resizes.disconnect(),
      () => this.#unplace(),
      () => (this.#container = null),
    ]);
    // The machine's start lays the grid out: measured once whoever inserted the element has finished building the tree around it.
    queueMicrotask(() => this.#machine.start());
    return undo;
  }

  /** Space presses a link that acts as a button (Enter already clicks it). */
  #onSpace(event: KeyboardEvent, target: HTMLElement): void {
    if (event.key !== ' ' || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    target.click();
  }

  /** Posts the load-more request and parses the sanitized items after the loaded marker; `null` when there is no marker. */
  async #load({ offset, items }: MasonryRequest, signal: AbortSignal): Promise<MasonryAnswer | null> {
    if (!this.#container) throw new Error('Kite: kite-masonry has no grid container');
    const body = new URLSearchParams({ action: MASONRY.ACTION, items: String(items), offset: String(offset) });
    for (const { name, value } of this.#button?.attributes ?? []) {
      const field = name.startsWith('data-') ? name.slice('data-'.length) : '';
      if (field && !OWN_FIELDS.has(field)) body.set(field, value);
    }
    for (const item of this.#container.querySelectorAll(`[${MASONRY.ITEM_ID_ATTRIBUTE}]`)) body.append(LOADED_FIELD, item.getAttribute(MASONRY.ITEM_ID_ATTRIBUTE)!);
    const { text, sanitize } = await postAjax('kite-masonry', this.endpoint, body, signal);
    const marker = text.lastIndexOf(MASONRY.LOADED_MARKER);
    if (marker < 0) return null;
    // Whatever precedes the marker (a warning the server printed) is dropped, as the theme does.
    const fragment = sanitize(text.slice(marker + MASONRY.LOADED_MARKER.length));
    const entries = [...fragment.children].filter((child): child is HTMLElement => child instanceof HTMLElement && child.matches(ENTRY));
    const answer = { received: entries.length };
    this.#answers.set(answer, entries);
    return answer;
  }

  /** Adds the answer's first `count` items (the probe left out), not yet revealed. */
  #insert(answer: MasonryAnswer, count: number): void {
    this.#batch = (this.#answers.get(answer) ?? []).slice(0, count);
    this.#container?.append(...this.#batch);
  }

  /**
   * Places the items matching `filter` in columns and hides the others. Reads (the grid's width,
   * direction and gap, then every item's height) and writes (the column width, then every item's
   * offset) are each done in one pass: the browser lays the page out once, not once per item.
   */
  #layout(filter: string): void {
    const container = this.#container;
    if (!container) return;
    const items = [...container.querySelectorAll<HTMLElement>(ENTRY)];
    const style = getComputedStyle(container);
    const width = container.clientWidth;
    const gap = Number.parseFloat(style.columnGap) || 0;
    const rtl = style.direction === 'rtl';
    const columns = masonryColumns(width);
    const column = columnWidth(width, columns, gap);
    for (const item of items) {
      item.hidden = !item.classList.contains(filter);
      this.#placed.add(item);
    }
    container.style.setProperty('--kite-masonry-column-width', `${column}px`);
    this.toggleAttribute('laid-out', true);
    const shown = items.filter((item) => !item.hidden);
    const heights = shown.map((item) => item.offsetHeight);
    const { placements, height } = masonryLayout(heights, { width, columns, gap, rtl });
    shown.forEach((item, index) => (item.style.transform = `translate(${placements[index]!.x}px, ${placements[index]!.y}px)`));
    container.style.height = `${height}px`;
    this.#width = Math.round(width);
  }

  /** Gives the page its grid back as the theme's flow. */
  #unplace(): void {
    for (const item of this.#placed) {
      item.style.removeProperty('transform');
      item.hidden = false;
    }
    this.#placed.clear();
    this.#container?.style.removeProperty('height');
    this.#container?.style.removeProperty('--kite-masonry-column-width');
    this.removeAttribute('laid-out');
  }

  override updated(): void {
    if (!this.#container || !this.#machine.started) return;
    const snapshot = this.#machine.snapshot;
    const { revealed, filter } = snapshot.context;
    for (const item of this.#batch.slice(0, revealed)) item.classList.add(MASONRY.ITEM_LOADED_CLASS);
    for (const link of this.#links) {
      const current = link.dataset.filter === filter;
      link.setAttribute('aria-pressed', String(current));
      link.classList.toggle(MASONRY.ACTIVE_SORT_CLASS, current);
    }
    const button = this.#button;
    if (!button) return;
    const exhausted = snapshot.matches('exhausted');
    const locked = isLoading(snapshot) || snapshot.matches('revealing');
    if (locked) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
    button.classList.toggle(MASONRY.NO_MORE_CLASS, exhausted);
    if (exhausted && !button.hidden) {
      const hadFocus = document.activeElement === button;
      button.hidden = true;
      // Focus must not fall to the page's start with the retired link: the status says why it went.
      if (hadFocus) this.renderRoot.querySelector<HTMLElement>('[part~="status"]')?.focus();
    }
  }

  /** What the status line says: the load running, or the last thing that happened. */
  #status(snapshot: MasonrySnapshot, lang: string): string {
    if (isLoading(snapshot)) return t(lang, 'masonryLoading');
    const { notice, batch, noMoreItems, filter } = snapshot.context;
    switch (notice) {
      case 'failed':
        return t(lang, 'masonryFailed');
      case 'loaded': {
        const loaded = batch === 1 ? t(lang, 'masonryLoadedOne') : t(lang, 'masonryLoadedMany', { count: String(batch) });
        if (!noMoreItems) return loaded;
        return batch ? `${loaded} ${t(lang, 'masonryNoMore')}` : t(lang, 'masonryNoMore');
      }
      case 'filtered': {
        const link = this.#links.find((candidate) => candidate.dataset.filter === filter);
        const name = (link?.querySelector('.inner_sort_button > span') ?? link)?.textContent?.trim() ?? filter;
        const count = this.#container?.querySelectorAll(`${ENTRY}.${CSS.escape(filter)}`).length ?? 0;
        return t(lang, 'masonryShowing', { filter: name, count: String(count) });
      }
      default:
        return '';
    }
  }

  override render() {
    if (!this.#container || !this.#machine.started) return html`<slot></slot>`;
    const lang = pageLanguage(this.lang);
    const snapshot = this.#machine.snapshot;
    return html`<slot></slot>
      <div part="footer" lang=${lang} dir=${isRightToLeft(lang) ? 'rtl' : nothing}>
        <span part="loader" aria-hidden="true" ?hidden=${!isLoading(snapshot)}></span>
        <p part="status" role="status" tabindex="-1">${this.#status(snapshot, lang)}</p>
      </div>`;
  }
}

/** A whole number from a data attribute; 0 when it holds none. */
function wholeNumber(value: string | undefined): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 0;
}

defineElement('kite-masonry', KiteMasonry);

declare global {
  interface HTMLElementTagNameMap {
    'kite-masonry': KiteMasonry;
  }
}
