const sheets = new Map<string, CSSStyleSheet>();

/** One constructed sheet per stylesheet text: shared by every instance, allowed under a strict CSP. */
export function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * Adds `css` to the styles of `root` once, when it is a shadow root or, with `document: true`, a
 * document (the light-DOM styles an enhancing element brings for the page's own markup). Parts of
 * a view that load later with their own CSS adopt it the same way.
 */
export function adoptStyles(root: Node, css: string, { document = false } = {}): void {
  if (!(root instanceof ShadowRoot || (document && root instanceof Document))) return;
  const sheet = sheetFor(css);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** A React ref callback that adopts each of `sheets` into the shadow root its node lands in, before the node paints. */
export const adoptsStyles =
  (...sheets: string[]) =>
  (node: Element | null) => {
    if (node) for (const css of sheets) adoptStyles(node.getRootNode(), css);
  };
