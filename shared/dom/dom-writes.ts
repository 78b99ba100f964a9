/**
 * Undoable DOM writes: each change an element makes to the page's own markup returns the function
 * that puts back what the page had, so an element that leaves (or a state that ends) gives the
 * page back exactly as it found it.
 */

/** Puts something back as it was. */
export type Undo = () => void;

/** Runs `undos` last first (a later write may have built on an earlier one); the returned function does it once. */
export function undoAll(undos: Undo[]): Undo {
  return () => {
    for (const undo of undos.splice(0).reverse()) undo();
  };
}

/** Listens to `type` on `target` and returns how to stop (an element's listeners on the page's markup go with it). */
export function listen<Target extends EventTarget, Type extends string>(
  target: Target,
  type: Type,
  handler: (event: EventOf<Target, Type>) => void,
  options?: AddEventListenerOptions,
): Undo {
  target.addEventListener(type, handler as EventListener, options);
  return () => target.removeEventListener(type, handler as EventListener, options);
}

/** The event type `target` dispatches as `type` (a `MouseEvent` for an element's `click`), else `Event`. */
type EventOf<Target, Type extends string> = Target extends HTMLElement
  ? Type extends keyof HTMLElementEventMap ? HTMLElementEventMap[Type] : Event
  : Target extends MediaQueryList
    ? Type extends keyof MediaQueryListEventMap ? MediaQueryListEventMap[Type] : Event
    : Event;

/** Sets an attribute and returns how to put back what the page had. */
export function setAttribute(element: Element, name: string, value: string): Undo {
  const old = element.getAttribute(name);
  element.setAttribute(name, value);
  return () => (old === null ? element.removeAttribute(name) : element.setAttribute(name, old));
}

/**
 * Remembers the page's own values of `names` on `element` for attributes an element writes later
 * and at will (at each render, say), without writing anything now; returns how to put them back.
 */
export function keepAttributes(element: Element, names: readonly string[]): Undo {
  const old = names.map((name) => [name, element.getAttribute(name)] as const);
  return () => {
    for (const [name, value] of old) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  };
}

/**
 * Sets one inline style property through the CSSOM, which a strict CSP allows (a `style`
 * attribute it would not); `priority` `'important'` beats the theme's own rules.
 */
export function setStyle(element: HTMLElement, property: string, value: string, priority: '' | 'important' = ''): Undo {
  const old = [element.style.getPropertyValue(property), element.style.getPropertyPriority(property)] as const;
  element.style.setProperty(property, value, priority);
  return () => (old[0] ? element.style.setProperty(property, ...old) : element.style.removeProperty(property));
}

/** Adds (`on`) or removes a class and returns how to put it back; nothing to undo when it already was so. */
export function toggleClass(element: Element, name: string, on: boolean): Undo {
  const had = element.classList.contains(name);
  if (had === on) return () => {};
  element.classList.toggle(name, on);
  return () => element.classList.toggle(name, had);
}

let lastId = 0;
/** Gives `element` an id made of `prefix` and a counter when it has none (for `aria-controls`); returns how to take it away. */
export function ensureId(element: Element, prefix: string): Undo {
  return element.id ? () => {} : setAttribute(element, 'id', `${prefix}-${++lastId}`);
}
