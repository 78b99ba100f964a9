import { LitElement, html, nothing, render } from 'lit';
import { fromPromise } from 'xstate';
import { isPanelShown, liveSearchMachine, type LiveSearchSnapshot } from '../../machines/live-search/live-search.machine.ts';
import type { LiveSearchAnswer, LiveSearchRequest } from '../../machines/live-search/live-search.types.ts';
import { postAjax } from '../../shared/api/ajax-endpoint.ts';
import { LIVE_SEARCH } from '../../shared/constants/site.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { listen, setAttribute, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { isRightToLeft, loadMessages, pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/site.ts';
import { liveSearchLightStyles, liveSearchStyles } from './live-search.styles.ts';

/** The theme's search field: `name="s"` (or `#s`), else the form's first search or text field. */
const FIELD_SELECTOR = 'input[name="s"], input#s, input[type="search"], input[type="text"]';

let instances = 0;

/**
 * Live search results under the site's search field, as a WAI-ARIA combobox with
 * a listbox popup (APG "Editable Combobox With List Autocomplete").
 *
 * Light-DOM contract: the theme's search form (`<form id="searchform">` with its field
 * `<input name="s" id="s">`). Without JavaScript it is a plain search form. Once the element runs,
 * typing `LIVE_SEARCH.MIN_CHARS` or more characters, and a value other than the last one searched,
 * posts the serialized form plus `action=avia_ajax_search` plus the query string of the form's
 * action URL to the site's ajax endpoint, `LIVE_SEARCH.DELAY_MS` after the last keystroke. The
 * endpoint is `window.avia_framework_globals.ajaxurl` (set by the theme), or the `endpoint`
 * attribute. A field inside an element with class `av_disable_ajax_search` is left alone.
 *
 * The answer is an HTML fragment of result links (`<a class="av_ajax_search_entry" href>`); it
 * is sanitized (DOMPurify, loaded when the field first gets focus) and its result links become the options of
 * a listbox in a panel under the field; `0` means no results, and a message says so. A loading
 * indicator shows while a request runs; a newer request aborts the one in flight. The count is
 * announced in a polite live region. Down and Up move through the results (wrapping), Enter
 * opens the active one, Escape or an emptied field clears them. A click outside (or focus
 * leaving) hides them and marks the field parked (`av-results-parked`); a click on the field, or
 * Down, shows them again. Nothing of the answer runs or restyles the page. Hebrew pages get
 * `dir="rtl"`; the panel's placement mirrors.
 *
 * @summary Live search results under the site's search field, from the site's ajax endpoint.
 *
 * @slot - The theme's search form, with its field (`name="s"`).
 *
 * @attr {string} endpoint - URL of the ajax endpoint. Default: the theme's `window.avia_framework_globals.ajaxurl`.
 * @attr {string} label - Accessible name of the results list. Default: "Search results" in the page's language.
 * @attr {string} lang - Language of the messages (`en`, `he`). Default: the page's.
 *
 * @event kite-live-search-search - A search went out. `detail: { value }`.
 * @event kite-live-search-results - An answer is shown. `detail: { value, count }` (count 0: no results).
 * @event kite-live-search-error - A search failed; nothing is shown. `detail: { value }`.
 * @event kite-live-search-clear - The results were cleared (Escape, or a field shorter than the minimum). `detail: {}`.
 * @event kite-live-search-open - A result was opened with Enter. `detail: { index }`.
 *
 * @csspart status - The polite live region announcing the count (visually hidden).
 *
 * @cssproperty --kite-live-search-background - Panel background. Default `Canvas` (the page's background colour).
 * @cssproperty --kite-live-search-color - Panel text colour. Default `CanvasText`.
 * @cssproperty --kite-live-search-border - Panel border. Default `1px solid rgb(0 0 0 / 0.15)`.
 * @cssproperty --kite-live-search-shadow - Panel shadow.
 * @cssproperty --kite-live-search-active-background - Background of the active (and hovered) result.
 * @cssproperty --kite-live-search-mark-background - Background of the matches highlighted in a result.
 * @cssproperty --kite-live-search-width - Panel width. Default `max(100%, 20rem)`.
 * @cssproperty --kite-live-search-focus-ring - Outline of the active result. Default `2px solid currentColor`.
 * @cssproperty --kite-live-search-z-index - Panel stacking. Default `200`.
 */
export class KiteLiveSearch extends LitElement {
  static override styles = liveSearchStyles;
  static override properties = {
    endpoint: { type: String },
    label: { type: String },
    // oxlint-disable-next-line lit/no-native-attributes -- a reactive `lang` re-renders the messages; reflected, so :lang() follows
    lang: { type: String, reflect: true },
  };

  /** The ajax endpoint's URL (reflects `endpoint`). */
  declare endpoint: string | undefined;
  /** Accessible name of the results (reflects `label`). */
  declare label: string | undefined;
  /** Language of the messages (reflects `lang`). */
  declare lang: string;

  readonly #id = `kite-live-search-${++instances}`;
  #form: HTMLFormElement | null = null;
  #field: HTMLInputElement | null = null;
  #panel: HTMLDivElement | null = null;
  #undo: Undo = () => {};
  /** The option links of each answer, taken from its sanitized fragment. */
  readonly #options = new WeakMap<LiveSearchAnswer, HTMLAnchorElement[]>();

  readonly #machine = new MachineController(this, {
    machine: liveSearchMachine.provide({
      actors: { search: fromPromise<LiveSearchAnswer, LiveSearchRequest>(({ signal }) => this.#search(signal)) },
    }),
    surface: 'live-search',
    // Started once the form is read, with its disable flag.
    lazy: true,
    input: () => ({ disabled: Boolean(this.#field?.closest(`.${LIVE_SEARCH.DISABLE_CLASS}`)) }),
  });

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.getRootNode(), liveSearchLightStyles, { document: true });
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => this.isConnected && this.#enhance(), { once: true });
    else queueMicrotask(() => this.isConnected && this.#enhance());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#undo();
    this.#undo = () => {};
    this.#field = null;
  }

  /** Reads the theme's form and wires its field; a form without a field, or a flagged one, stays plain. */
  #enhance(): void {
    if (this.#field) return;
    const form = this.querySelector('form');
    const field = form?.querySelector<HTMLInputElement>(FIELD_SELECTOR);
    if (!form || !field) return;
    this.#form = form;
    this.#field = field;
    void loadMessages(pageLanguage(this.lang)).then(() => this.requestUpdate());
    this.#machine.start();
    if (this.#machine.snapshot.matches('disabled')) return;
    const panel = document.createElement('div');
    panel.className = 'kite-live-search-panel';
    panel.hidden = true;
    form.after(panel);
    this.#panel = panel;
    this.#undo = undoAll([
      () => panel.remove(),
      setAttribute(field, 'role', 'combobox'),
      setAttribute(field, 'aria-autocomplete', 'list'),
      setAttribute(field, 'aria-controls', `${this.#id}-results`),
      setAttribute(field, 'aria-expanded', 'false'),
      setAttribute(field, 'autocomplete', 'off'),
      () => field.removeAttribute('aria-activedescendant'),
      () => field.classList.remove(LIVE_SEARCH.PARKED_CLASS),
      // The sanitizer loads while the visitor types (during the pause), not after the answer came.
      listen(field, 'focus', () => void import('dompurify'), { once: true }),
      listen(field, 'input', () => this.#machine.send({ type: 'TYPE', value: field.value })),
      listen(field, 'keydown', this.#onKeyDown),
      listen(field, 'click', () => this.#machine.send({ type: 'FIELD.CLICK' })),
      listen(document, 'pointerdown', this.#onOutside, { capture: true }),
      listen(this, 'focusout', (event) => {
        if (!this.contains((event as FocusEvent).relatedTarget as Node | null)) this.#machine.send({ type: 'CLICK.OUTSIDE' });
      }),
    ]);
    // A value the browser kept (back navigation) counts as typed.
    if (field.value) this.#machine.send({ type: 'TYPE', value: field.value });
  }

  #onOutside = (event: Event) => {
    if (!event.composedPath().includes(this)) this.#machine.send({ type: 'CLICK.OUTSIDE' });
  };

  #onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    const snapshot = this.#machine.snapshot;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!snapshot.matches('results')) return;
        event.preventDefault();
        this.#machine.send({ type: event.key === 'ArrowDown' ? 'ACTIVE.NEXT' : 'ACTIVE.PREVIOUS' });
        return;
      case 'Enter': {
        const option = this.#activeOption(snapshot);
        if (!option || !snapshot.matches({ results: 'shown' })) return; // the form's own submit
        event.preventDefault();
        this.#machine.send({ type: 'OPEN' });
        option.click();
        return;
      }
      case 'Escape':
        if (snapshot.matches('idle')) return;
        event.preventDefault();
        this.#machine.send({ type: 'CLEAR' });
    }
  };

  /** Posts the form to the ajax endpoint and turns the answer into sanitized options. */
  async #search(signal: AbortSignal): Promise<LiveSearchAnswer> {
    if (!this.#form) throw new Error('Kite: kite-live-search has no search form');
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(this.#form)) if (typeof value === 'string') body.append(name, value);
    body.set('action', LIVE_SEARCH.ACTION);
    // The form's `action` property is its resolved action URL (the page's own when it names none).
    for (const [name, value] of new URL(this.#form.action).searchParams) body.append(name, value);
    const { text, sanitize } = await postAjax('kite-live-search', this.endpoint, body, signal);
    if (text.trim() === LIVE_SEARCH.NO_RESULTS_ANSWER) return { html: '', count: 0 };
    const fragment = sanitize(text);
    const options = [...fragment.querySelectorAll<HTMLAnchorElement>(`a.${LIVE_SEARCH.ENTRY_CLASS}[href]`)];
    const answer = { html: options.map((option) => option.outerHTML).join(''), count: options.length };
    this.#options.set(answer, options);
    return answer;
  }

  #activeOption(snapshot: LiveSearchSnapshot): HTMLAnchorElement | undefined {
    const { answer, active } = snapshot.context;
    return answer ? this.#options.get(answer)?.[active] : undefined;
  }

  override updated(): void {
    const field = this.#field;
    const panel = this.#panel;
    if (!field || !panel) return;
    const snapshot = this.#machine.snapshot;
    const lang = pageLanguage(this.lang);
    const { answer, active } = snapshot.context;
    const options = answer ? (this.#options.get(answer) ?? []) : [];
    const loading = snapshot.matches('loading');
    const shown = isPanelShown(snapshot) || loading;
    options.forEach((option, index) => {
      option.id = `${this.#id}-result-${index}`;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', String(index === active));
      option.tabIndex = -1;
    });
    render(
      html`
        <div class="kite-live-search-loading" ?hidden=${!loading}>${t(lang, 'liveSearchLoading')}</div>
        <div role="listbox" id=${`${this.#id}-results`} aria-label=${this.label || t(lang, 'liveSearchResults')} ?hidden=${!options.length}>${options}</div>
        <p class="kite-live-search-none" ?hidden=${loading || answer?.count !== 0}>${t(lang, 'liveSearchNone')}</p>
      `,
      panel,
    );
    panel.hidden = !shown;
    panel.dir = isRightToLeft(lang) ? 'rtl' : '';
    field.setAttribute('aria-expanded', String(shown));
    field.classList.toggle(LIVE_SEARCH.PARKED_CLASS, snapshot.matches({ results: 'parked' }));
    const current = options[active];
    if (current && shown) {
      field.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else field.removeAttribute('aria-activedescendant');
  }

  /** What the live region announces: the count of the answer shown, nothing otherwise. */
  #status(snapshot: LiveSearchSnapshot, lang: string): string {
    if (!snapshot.matches('results')) return '';
    const count = snapshot.context.answer?.count ?? 0;
    if (count === 0) return t(lang, 'liveSearchNone');
    return count === 1 ? t(lang, 'liveSearchOne') : t(lang, 'liveSearchMany', { count: String(count) });
  }

  override render() {
    if (!this.#field || !this.#machine.started) return html`<slot></slot>`;
    const lang = pageLanguage(this.lang);
    return html`<slot></slot>
      <div part="status" role="status" lang=${lang} dir=${isRightToLeft(lang) ? 'rtl' : nothing}>${this.#status(this.#machine.snapshot, lang)}</div>`;
  }
}

defineElement('kite-live-search', KiteLiveSearch);

declare global {
  interface HTMLElementTagNameMap {
    'kite-live-search': KiteLiveSearch;
  }
}
