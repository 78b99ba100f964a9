/**
 * The fold section's More / Less button when the theme wrote it: a disclosure button (WAI-ARIA)
 * whatever element the theme used, and its label written into its own text so its icons stay.
 */
import { listen, setAttribute, undoAll } from '../../shared/dom/dom-writes.ts';

/** The button's label text nodes: its text, not its icons (elements stay, `aria-hidden` and SVG text is not label). */
export function labelNodes(button: HTMLElement): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if ((node.nodeValue ?? '').trim() === '' || parent?.closest('[aria-hidden="true"], svg')) continue;
    nodes.push(node as Text);
  }
  return nodes;
}

/** Writes `label` into the button's first label text node (one is appended if there is none), empties the others; icons stay. */
export function setButtonLabel(button: HTMLElement, label: string): void {
  const [first, ...rest] = labelNodes(button);
  if (!first) {
    button.append(label);
    return;
  }
  // Keep the spacing around the text next to an icon.
  const text = first.nodeValue!;
  first.nodeValue = text.slice(0, text.length - text.trimStart().length) + label + text.slice(text.trimEnd().length);
  for (const node of rest) node.nodeValue = '';
}

/**
 * Gives `button` a button's semantics and keys, pointed at `container`, each press calling
 * `toggle`; returns how to put the page's button back as it was (its text included, which the
 * label effect rewrites).
 */
export function connectToggle(button: HTMLElement, container: HTMLElement | null, toggle: () => void): () => void {
  const restore: Array<() => void> = [];
  // The label effect rewrites text nodes in place (icons stay): their text is what to put back.
  const original = [...button.childNodes];
  const texts = labelNodes(button).map((node) => [node, node.nodeValue] as const);
  restore.push(() => {
    button.replaceChildren(...original);
    for (const [node, text] of texts) node.nodeValue = text;
  });
  if (container) restore.push(setAttribute(button, 'aria-controls', container.id));
  const native = button instanceof HTMLButtonElement;
  if (native) {
    // Inside a form the default type would submit it.
    if (!button.hasAttribute('type')) restore.push(setAttribute(button, 'type', 'button'));
  } else {
    restore.push(setAttribute(button, 'role', 'button'));
    if (button.tabIndex < 0) restore.push(setAttribute(button, 'tabindex', '0'));
  }
  const onClick = (event: MouseEvent) => {
    event.preventDefault(); // the theme's href="#" would jump to the top
    toggle();
  };
  // Native buttons have their own keys; others get a button's: Enter on press, Space on release.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!event.repeat) toggle();
    } else if (event.key === ' ') event.preventDefault(); // no page scroll
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    toggle();
  };
  restore.push(listen(button, 'click', onClick));
  if (!native) restore.push(listen(button, 'keydown', onKeyDown), listen(button, 'keyup', onKeyUp));
  return undoAll(restore);
}
