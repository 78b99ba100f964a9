import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Undo } from './dom-writes.ts';

/**
 * Runs `enhance` once the page's markup is all there: at once when the document is parsed,
 * otherwise at `DOMContentLoaded` (an element upgraded while the parser is still inside it sees
 * only part of its children), and then only if `element` is still in the page.
 */
export function afterParsing(element: Element, enhance: () => void): void {
  if (document.readyState !== 'loading') enhance();
  else document.addEventListener('DOMContentLoaded', () => element.isConnected && enhance(), { once: true });
}

/**
 * The life of an element that enhances the page's markup: on each connection, once the markup is
 * parsed, `enhance` takes it over and returns how to give it back; disconnection gives it back.
 * Add it after the element's `MachineController`, so the machine runs before `enhance` does.
 */
export class EnhanceController implements ReactiveController {
  #undo: Undo | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly enhance: () => Undo,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    afterParsing(this.host, () => {
      this.#undo?.();
      this.#undo = this.enhance();
    });
  }

  hostDisconnected(): void {
    this.#undo?.();
    this.#undo = null;
  }
}
