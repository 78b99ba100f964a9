/**
 * Runs `enhance` once the page's markup is all there: at once when the document is parsed,
 * otherwise at `DOMContentLoaded` (an element upgraded while the parser is still inside it sees
 * only part of its children), and then only if `element` is still in the page.
 */
export function afterParsing(element: Element, enhance: () => void): void {
  if (document.readyState !== 'loading') enhance();
  else document.addEventListener('DOMContentLoaded', () => element.isConnected && enhance(), { once: true });
}
