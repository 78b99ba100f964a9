import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { menuMachine, isOverlayOpen } from '../../machines/menu/menu.machine.ts';
import type { MenuCloseTrigger } from '../../machines/menu/menu.types.ts';
import { BURGER_MENU } from '../../shared/constants/site.ts';
import { ensureId, listen as listenUndoably, setAttribute, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { keepTabInside } from '../../shared/dom/focus-trap.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { onReducedMotionChange } from '../../shared/dom/reduced-motion-change.ts';
import { lockScroll } from '../../shared/dom/scroll-lock.ts';
import { isRightToLeft, loadMessages, pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/site.ts';
import { menuLightStyles, menuStyles } from './menu.styles.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';

/** Attribute marking a dropdown the element drives; its value is the state the light CSS reads. */
const DROPDOWN = 'data-kite-menu-dropdown';
/** Class of the disclosure button added beside each item's link. */
const TOGGLE_CLASS = 'kite-menu-toggle';

/**
 * A phone, as the page classes tell it (`avia_mobile` set by the page) or, before they run, by a
 * mobile user agent on a touch screen: the burger then takes over below `BURGER_MENU.PHONE_WIDTH_PX`.
 */
const isPhone = () =>
  document.documentElement.classList.contains('avia_mobile') || (navigator.maxTouchPoints > 0 && /Mobi|iPhone|iPod/i.test(navigator.userAgent));

/** The viewport query under which the burger replaces the main menu (section 9 "Burger menu"). */
const burgerQuery = () => matchMedia(`(max-width: ${(isPhone() ? BURGER_MENU.PHONE_WIDTH_PX : BURGER_MENU.OTHER_WIDTH_PX) - 1}px)`);

/** One main-menu item with a dropdown (or mega menu): the `<li>`, its link, its added button and the dropdown. */
interface Dropdown {
  item: HTMLLIElement;
  toggle: HTMLButtonElement;
  panel: HTMLElement;
}

/**
 * The main menu with its dropdowns and mega menus, and the burger overlay built by cloning it.
 * It follows the WAI-ARIA disclosure navigation
 * pattern: buttons with `aria-expanded` and `aria-controls`, no `role="menu"`.
 *
 * Light-DOM contract: a `<nav>` with a `<ul>` of `<li>`s, each with a link and, for a dropdown or
 * mega menu, a nested `<ul>` or an element with class `mega-menu` (one level of dropdowns; deeper
 * lists are part of their dropdown). Without JavaScript the links are plain links and the theme's
 * CSS shows the dropdowns (for example on `:hover` and `:focus-within` of
 * `kite-menu:not([data-enhanced]) li`); once the element runs it sets `data-enhanced` and drives them.
 *
 * Main menu: a disclosure button is added after each dropdown's link (Enter, Space or a click opens
 * or closes the dropdown at once). A pointer resting on an item opens its dropdown after
 * `MEGA_MENU.HOVER_DELAY_MS` and leaving it closes it as long after; focus entering an item opens it
 * after `MEGA_MENU.FOCUS_DELAY_MS` and focus leaving closes it at once; dropdowns fade in and out over
 * `MEGA_MENU.FADE_MS` (at once with reduced motion). Esc closes the open dropdown and puts focus
 * on its button. One dropdown is open at a time.
 *
 * Burger: below `BURGER_MENU.PHONE_WIDTH_PX` on a phone (page class `avia_mobile`, or a mobile user
 * agent on a touch screen) or `BURGER_MENU.OTHER_WIDTH_PX` elsewhere, the main menu gives way to a
 * burger button. It opens a full-window modal overlay holding a copy of the menu (taken at each
 * opening, dropdowns listed under their items), whose items appear `BURGER_MENU.ITEM_STAGGER_MS`
 * apart (all at once with reduced motion). Focus moves to its close button and stays inside;
 * the page does not scroll behind it. The close button, Esc or a followed link closes it, and focus
 * returns to the burger. Hebrew pages get `dir="rtl"`.
 *
 * With `sticky` the element sticks to the top of the window as the page scrolls (a sub-menu under
 * the header: `--kite-menu-sticky-top` gives the header's height).
 *
 * @summary Burger overlay, dropdowns and mega menus for the site's main menu; sticky sub-menu.
 *
 * @slot - The `<nav>` with the main menu's `<ul>`.
 *
 * @attr {boolean} sticky - Sticks to the top of the window while the page scrolls (a sticky sub-menu).
 * @attr {string} lang - Language of the labels (`en`, `he`). Default: the page's.
 * @attr {string} label - Accessible name of the burger overlay and its menu. Default: "Menu" in the page's language.
 *
 * @event kite-menu-open - The burger overlay opened. `detail: {}`.
 * @event kite-menu-close - The burger overlay closed. `detail: { trigger }`, trigger `button`, `escape`, `link` or `resize`.
 * @event kite-menu-submenu-open - A dropdown of the main menu opened. `detail: { id }`, the dropdown's id.
 * @event kite-menu-submenu-close - A dropdown of the main menu closed. `detail: { id }`.
 *
 * @csspart main - The box of the main menu (the slot); hidden in burger mode.
 * @csspart burger - The burger button; shown in burger mode only.
 * @csspart burger-icon - The three lines of the burger button.
 * @csspart burger-label - The burger button's text.
 * @csspart overlay - The full-window overlay (a modal dialog). `data-state` is `open` or `closed`.
 * @csspart close - The overlay's close button.
 * @csspart list - The overlay's copy of the menu (`<ul>`).
 * @csspart item - Each `<li>` of the overlay's copy; `data-shown` once it has appeared.
 *
 * @cssproperty --kite-menu-overlay-background - Background of the overlay. Default `rgb(20 20 28)`.
 * @cssproperty --kite-menu-overlay-color - Text colour of the overlay. Default `#fff`.
 * @cssproperty --kite-menu-overlay-z-index - Stacking order of the overlay. Default `10000`.
 * @cssproperty --kite-menu-item-shift - How far below its place an overlay item starts. Default `1.5rem`.
 * @cssproperty --kite-menu-stagger-duration - How long one overlay item takes to appear. Default `250ms`.
 * @cssproperty --kite-menu-fade - How long a dropdown fades in or out. Default `MEGA_MENU.FADE_MS`.
 * @cssproperty --kite-menu-focus-ring - Outline of the focused control. Default `2px solid currentColor`.
 * @cssproperty --kite-menu-sticky-top - With `sticky`: distance from the window's top (the header's height). Default `0px`.
 * @cssproperty --kite-menu-sticky-z-index - With `sticky`: stacking order. Default `100`.
 */
export class KiteMenu extends LitElement {
  static override styles = menuStyles;
  static override properties = {
    sticky: { type: Boolean, reflect: true },
    // oxlint-disable-next-line lit/no-native-attributes -- a reactive `lang` re-renders the labels; reflected, so a property write moves the attribute (and :lang()) too
    lang: { type: String, reflect: true },
    label: { type: String },
  };

  /** Sticks to the top of the window (reflects `sticky`). */
  declare sticky: boolean;
  /** Language of the labels (reflects `lang`). */
  declare lang: string;
  /** Accessible name of the overlay (reflects `label`). */
  declare label: string | undefined;

  readonly #machine = new MachineController(this, {
    machine: menuMachine,
    surface: 'menu',
    input: () => ({ itemCount: this.#sourceList()?.querySelectorAll('li').length ?? 0, burger: burgerQuery().matches, reducedMotion: prefersReducedMotion() }),
  });

  /** The overlay's copy of the menu, taken at each opening. */
  #copy: HTMLUListElement | null = null;
  #dropdowns: Dropdown[] = [];
  /** What connecting set up (light-DOM writes, listeners): undone on disconnection. */
  #undo: Undo = () => {};
  #unlockScroll: Undo | null = null;
  /** A pointer is pressed: the focus it moves is no keyboard focus, and opens nothing by itself. */
  #pressing = false;
  /** Undoes what this connection's machine subscriptions set up. */
  #unsubscribe: Undo = () => {};

  override connectedCallback(): void {
    super.connectedCallback();
    // The overlay's effects follow the machine's own open and close, not a comparison of renders:
    // an update lit runs after disconnection then does nothing of the kind.
    const opened = this.#machine.actor.on('open', () => this.#opened());
    const closed = this.#machine.actor.on('close', ({ trigger }) => this.#closed(trigger));
    this.#unsubscribe = () => (opened.unsubscribe(), closed.unsubscribe());
    if (document.readyState === 'loading' && !this.#sourceList()) {
      document.addEventListener('DOMContentLoaded', () => this.isConnected && this.#enhance(), { once: true });
    } else this.#enhance();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe();
    this.#undo();
    this.#undo = () => {};
    this.#dropdowns = [];
    this.#copy = null;
    this.#unlockScroll?.();
    this.#unlockScroll = null;
  }

  async #opened(): Promise<void> {
    this.#unlockScroll = lockScroll();
    // The machine emits before it publishes the snapshot: ask for the render that shows the overlay, then wait for it.
    this.requestUpdate();
    await this.updateComplete;
    this.shadowRoot!.querySelector<HTMLElement>('[part="close"]')!.focus();
  }

  /** Focus returns to the burger (Esc, close button); a followed link keeps the page where it went, and a resize has no burger. */
  async #closed(trigger: MenuCloseTrigger): Promise<void> {
    this.#unlockScroll?.();
    this.#unlockScroll = null;
    this.#copy = null;
    this.requestUpdate();
    await this.updateComplete;
    if (trigger !== 'link' && this.#machine.snapshot.context.burger) this.shadowRoot!.querySelector<HTMLElement>('[part="burger"]')!.focus({ preventScroll: true });
  }

  /** The main menu's list in the light DOM. */
  #sourceList(): HTMLUListElement | null {
    return this.querySelector(':scope > nav > ul, :scope > ul');
  }

  /** Takes over the light-DOM menu: disclosure buttons, dropdown states and listeners; watches the breakpoint and the motion setting. */
  #enhance(): void {
    const undos: Undo[] = [setAttribute(this, 'data-enhanced', '')];
    adoptStyles(this.getRootNode(), menuLightStyles, { document: true });
    const lang = pageLanguage(this.lang);
    void loadMessages(lang).then(() => this.requestUpdate());
    this.#machine.send({ type: 'ITEMS.SET', itemCount: this.#sourceList()?.querySelectorAll('li').length ?? 0 });

    this.#dropdowns = [];
    for (const item of this.#sourceList()?.querySelectorAll<HTMLLIElement>(':scope > li') ?? []) {
      const panel = item.querySelector<HTMLElement>(':scope > ul, :scope > .mega-menu');
      const link = item.querySelector<HTMLElement>(':scope > a');
      if (!panel) continue;
      undos.push(ensureId(panel, 'kite-menu-dropdown'), setAttribute(panel, DROPDOWN, 'closed'));
      const toggle = document.createElement('button');
      toggle.type = 'button';
      toggle.className = TOGGLE_CLASS;
      toggle.setAttribute('aria-controls', panel.id);
      toggle.setAttribute('aria-expanded', 'false');
      toggle.dataset.label = (link?.textContent ?? '').trim();
      panel.before(toggle);
      undos.push(() => toggle.remove());
      this.#dropdowns.push({ item, toggle, panel });
    }

    const send = this.#machine.send.bind(this.#machine);
    const listen: typeof listenUndoably = (target, type, handler) => {
      const undo = listenUndoably(target, type, handler);
      undos.push(undo);
      return undo;
    };
    for (const { item, toggle, panel } of this.#dropdowns) {
      const id = panel.id;
      // Hover is a mouse's: a touch's pointer events come with its tap, which the link or the button answers.
      listen(item, 'pointerenter', (event) => event.pointerType === 'mouse' && send({ type: 'SUBMENU.HOVER', id }));
      listen(item, 'pointerleave', (event) => event.pointerType === 'mouse' && send({ type: 'SUBMENU.LEAVE', id }));
      // Focus entering the item from outside it: a move inside it (Escape giving focus back to the button) is not a visit.
      listen(item, 'focusin', (event) => this.#pressing || item.contains(event.relatedTarget as Node | null) || send({ type: 'SUBMENU.FOCUS', id }));
      listen(item, 'focusout', (event) => item.contains(event.relatedTarget as Node | null) || send({ type: 'SUBMENU.BLUR', id }));
      listen(toggle, 'click', () => send({ type: 'SUBMENU.TOGGLE', id }));
    }
    listen(this, 'pointerdown', () => (this.#pressing = true));
    const released = () => (this.#pressing = false);
    listen(this, 'pointerup', released);
    listen(this, 'pointercancel', released);
    // Esc in the main menu closes the open dropdown and gives focus to its button.
    listen(this, 'keydown', (event) => {
      const open = this.#dropdowns.find(({ panel }) => panel.id === this.#machine.snapshot.context.submenu);
      if (event.key !== 'Escape' || !open || !open.item.contains(event.target as Node)) return;
      // Used here: an open pop-up over the page leaves this Escape alone.
      event.preventDefault();
      send({ type: 'SUBMENU.CLOSE' });
      open.toggle.focus();
    });

    const query = burgerQuery();
    const onWidth = () => send({ type: 'MODE.SET', burger: query.matches });
    listen(query, 'change', onWidth);
    onWidth();
    undos.push(onReducedMotionChange((reduced) => send({ type: 'MOTION.SET', reduced })));
    this.#undo = undoAll(undos);
    this.requestUpdate();
  }

  #open = () => {
    const source = this.#sourceList();
    if (!source) return;
    const copy = source.cloneNode(true) as HTMLUListElement;
    // The copy sits in the shadow root: no id may repeat the page's, and the disclosure buttons stay behind.
    for (const node of copy.querySelectorAll(`[id], .${TOGGLE_CLASS}`)) {
      if (node.classList.contains(TOGGLE_CLASS)) node.remove();
      else node.removeAttribute('id');
    }
    for (const node of copy.querySelectorAll(`[${DROPDOWN}]`)) node.removeAttribute(DROPDOWN);
    copy.setAttribute('part', 'list');
    for (const item of copy.querySelectorAll('li')) item.setAttribute('part', 'item');
    this.#copy = copy;
    this.#machine.send({ type: 'ITEMS.SET', itemCount: copy.querySelectorAll('li').length });
    this.#machine.send({ type: 'OVERLAY.OPEN' });
  };

  #close = (trigger: MenuCloseTrigger) => this.#machine.send({ type: 'OVERLAY.CLOSE', trigger });

  #onOverlayKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.#close('escape');
      return;
    }
    keepTabInside(event, event.currentTarget as HTMLElement, this.shadowRoot!.activeElement);
  };

  #onOverlayClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a[href]')) this.#close('link');
  };

  override render() {
    const snapshot = this.#machine.snapshot;
    const { burger } = snapshot.context;
    const open = isOverlayOpen(snapshot);
    const lang = pageLanguage(this.lang);
    const label = this.label || t(lang, 'menuOpen');
    return html`
      <div part="main" ?hidden=${burger}><slot></slot></div>
      <button part="burger" type="button" ?hidden=${!burger} aria-expanded=${open} aria-controls="overlay" @click=${this.#open}>
        <span part="burger-icon" aria-hidden="true"></span><span part="burger-label">${label}</span>
      </button>
      <div
        part="overlay"
        id="overlay"
        role="dialog"
        aria-modal="true"
        aria-label=${label}
        dir=${isRightToLeft(lang) ? 'rtl' : 'ltr'}
        lang=${lang}
        data-state=${open ? 'open' : 'closed'}
        ?hidden=${!open}
        @keydown=${this.#onOverlayKeyDown}
        @click=${this.#onOverlayClick}
      >
        <button part="close" type="button" @click=${() => this.#close('button')}>${t(lang, 'menuClose')}</button>
        <nav aria-label=${label}>${open ? this.#copy : nothing}</nav>
      </div>
    `;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const lang = pageLanguage(this.lang);
    const { submenu, shown } = this.#machine.snapshot.context;
    for (const { toggle, panel } of this.#dropdowns) {
      const expanded = panel.id === submenu;
      panel.setAttribute(DROPDOWN, expanded ? 'open' : 'closed');
      toggle.setAttribute('aria-expanded', String(expanded));
      toggle.setAttribute('aria-label', t(lang, 'menuSubmenu', { label: toggle.dataset.label ?? '' }));
    }
    this.#copy?.querySelectorAll('li').forEach((item, index) => item.toggleAttribute('data-shown', index < shown));
  }
}

defineElement('kite-menu', KiteMenu);

declare global {
  interface HTMLElementTagNameMap {
    'kite-menu': KiteMenu;
  }
}
