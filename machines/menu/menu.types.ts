/**
 * Types of the menu machine (content-site spec 001: section 2 "Burger-menu overlay", "Main menu",
 * section 4 "Burger menu", section 9 "Burger menu" and "Mega menu").
 */

/** What the view knows when the menu starts. */
export interface MenuInput {
  /** Items of the burger overlay (its links, in order), revealed one after another. */
  itemCount: number;
  /** The viewport is narrower than the burger breakpoint: the burger replaces the main menu. */
  burger: boolean;
  /** The visitor asks for reduced motion: the overlay's items appear at once. */
  reducedMotion: boolean;
}

export interface MenuContext {
  /** See {@link MenuInput.itemCount}. */
  itemCount: number;
  /** See {@link MenuInput.burger}. */
  burger: boolean;
  /** See {@link MenuInput.reducedMotion}. */
  reducedMotion: boolean;
  /** Overlay items shown so far while it is open (the first `shown` items are visible). */
  shown: number;
  /** Id of the open dropdown (or mega menu) of the main menu, or `null`. One at a time. */
  submenu: string | null;
  /** Id of the dropdown whose hover or focus delay is running, or `null`. */
  pending: string | null;
}

/** What closed the overlay. */
export type MenuCloseTrigger = 'button' | 'escape' | 'link' | 'resize';

export type MenuEvent =
  /** The burger button was pressed while the overlay was closed (ignored outside burger mode). */
  | { type: 'OVERLAY.OPEN' }
  /** The close button or the burger, Escape, a link followed in the overlay, or the viewport growing past the breakpoint. */
  | { type: 'OVERLAY.CLOSE'; trigger: MenuCloseTrigger }
  /** The viewport crossed the burger breakpoint. Leaving burger mode closes the overlay. */
  | { type: 'MODE.SET'; burger: boolean }
  /** The menu's items changed (the theme replaced its menu). */
  | { type: 'ITEMS.SET'; itemCount: number }
  /** The reduced-motion preference changed. */
  | { type: 'MOTION.SET'; reduced: boolean }
  /** The pointer came to rest on a main-menu item with dropdown `id`: it opens after the hover delay. */
  | { type: 'SUBMENU.HOVER'; id: string }
  /** The pointer left item `id`: a pending opening is dropped; the open dropdown closes after the hover delay. */
  | { type: 'SUBMENU.LEAVE'; id: string }
  /** Focus entered item `id`: it opens after the focus delay. */
  | { type: 'SUBMENU.FOCUS'; id: string }
  /** Focus left item `id`: a pending opening is dropped; the open dropdown closes at once. */
  | { type: 'SUBMENU.BLUR'; id: string }
  /** The item's disclosure button was pressed (click, Enter, Space): opens or closes `id` at once. */
  | { type: 'SUBMENU.TOGGLE'; id: string }
  /** Escape in the main menu: the open dropdown closes at once. */
  | { type: 'SUBMENU.CLOSE' };

/** Emitted events; the element dispatches each as `kite-menu-<type>`. */
export type MenuEmitted =
  /** The burger overlay opened. */
  | { type: 'open' }
  /** The burger overlay closed: by its `button` (close or burger), `escape`, a followed `link`, or the viewport leaving burger mode (`resize`). */
  | { type: 'close'; trigger: MenuCloseTrigger }
  /** A dropdown (or mega menu) of the main menu opened; `id`: the dropdown element's id. */
  | { type: 'submenu-open'; id: string }
  /** A dropdown (or mega menu) of the main menu closed. */
  | { type: 'submenu-close'; id: string };
