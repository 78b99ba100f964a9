/** Defines `tag` once; a second bundle or a re-import on the same page is harmless. */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
