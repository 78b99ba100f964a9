/**
 * First renders one element per task, for enhancing elements that a page holds by the dozen (issue
 * 22, item 7). An element's first render makes its React root and its view (a fold section measures
 * its content); upgraded together as their code arrives, a long article's fold sections all ran it
 * in the task that evaluated that code: with React's own evaluation, one task over 50 ms at 4x CPU
 * on the content page. Until its turn the page's markup shows through the element's placeholder
 * slot, at the size the page reserved for it (`:state(upgrading)`, see react-element.ts). A module
 * of its own, so that the pop-ups, which mount one element, do not fetch it with React.
 */

/** r2wc renders (on connection, and on each attribute set) while this is true, which it is from construction. */
const R2WC_CONNECTED = Symbol.for('r2wc.connected');

/** Elements that have had their first render: a later connection renders at once. */
const rendered = new WeakSet<Element>();
/** First renders waiting, in the order the elements connected (document order on upgrade). */
const waiting: Array<() => void> = [];

/** Runs the first waiting render, then leaves the rest to the next task. */
function renderNextWaiting(): void {
  waiting.shift()?.();
  if (waiting.length) setTimeout(renderNextWaiting);
}

type R2wcElement = HTMLElement & { connectedCallback(): void };

/** `Element` (a `reactElement` class with a placeholder) with its first render queued as above. */
export function firstRenderInTurn<Base extends new () => HTMLElement>(Element: Base): Base {
  return class extends (Element as unknown as new () => R2wcElement) {
    constructor() {
      super();
      // Not rendered by the attributes the upgrade sets, nor on connection: see connectedCallback.
      (this as unknown as Record<symbol, boolean>)[R2WC_CONNECTED] = false;
    }

    /** Queued twice (moved while waiting), it renders once: r2wc's second call only updates. Gone by its turn, it waits for its next connection. */
    override connectedCallback() {
      if (rendered.has(this)) return super.connectedCallback();
      const render = () => {
        if (!this.isConnected) return;
        rendered.add(this);
        super.connectedCallback();
      };
      if (waiting.push(render) === 1) setTimeout(renderNextWaiting);
    }
  } as unknown as Base;
}
