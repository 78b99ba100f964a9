/**
 * The demo site's theme shell (header, menu, language links, preloader, scroll-to-top), written
 * once in demo/shell/ and put into each page where it says `<!-- kite:shell -->` (or
 * `<!-- kite:shell he -->`), as a CMS theme prints its header on every page. The served page is
 * whole HTML, so it works without JavaScript; the shell marks the page's own menu link current.
 * The Shopify-style demo store's pages take their store header the same way
 * (`<!-- kite:shell shop -->`, `shell-shop.html`), and the Wix-style store's theirs
 * (`<!-- kite:shell wix -->`, `shell-wix.html`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each shell's markup by name (a language, or a demo store's `shop` or `wix`), read once at start. */
export type Shells = Readonly<Record<string, string>>;

const INCLUDE = /^([ \t]*)<!-- kite:shell(?: ([a-z]+))? -->$/m;
const DEFAULT_LANGUAGE = 'en';
/** The shells beside the English one: the site in Hebrew, and the Shopify-style and Wix-style demo stores' headers. */
const SHELL_NAMES = ['he', 'shop', 'wix'] as const;

/** Reads `shell.html` (English) and `shell-<name>.html` from `dir`. */
export function loadShells(dir: string, names: readonly string[] = SHELL_NAMES): Shells {
  const shells: Record<string, string> = { [DEFAULT_LANGUAGE]: readFileSync(join(dir, 'shell.html'), 'utf8') };
  for (const name of names) shells[name] = readFileSync(join(dir, `shell-${name}.html`), 'utf8');
  return shells;
}

/** `/gallery`, `/gallery.html` and `/gallery/` name one page. */
const pageOf = (href: string) => href.replace(/\.html$|\/$/, '') || '/';

/** `{{alternate:FALLBACK}}` in a shell: the page's own version in the other language, else FALLBACK. */
const ALTERNATE = /\{\{alternate:([^}]*)\}\}/g;

/** The page's `<link rel="alternate" hreflang href>` address (its version in another language), if it has one. */
const alternateOf = (page: string): string | undefined =>
  /<link rel="alternate" hreflang="[a-z]+" href="([^"]+)"/.exec(page)?.[1];

/**
 * `page` with its shell include replaced by the shell of its language: `{{path}}` becomes the
 * page's address (its own language link), `{{alternate:FALLBACK}}` the page's version in the other
 * language (its `<link rel="alternate">`, else the shell's FALLBACK), and the first menu link to
 * this page gets `aria-current="page"`. A page without an include is returned as it is.
 */
export function withShell(page: string, path: string, shells: Shells): string {
  const include = INCLUDE.exec(page);
  if (!include) return page;
  const [, indent, name = DEFAULT_LANGUAGE] = include;
  const shell = shells[name];
  if (shell === undefined) throw new Error(`demo shell: no shell for language ${name} (nor a store shell of that name)`);
  let marked = false;
  const body = shell
    .replaceAll('{{path}}', path)
    .replace(ALTERNATE, (_, fallback: string) => alternateOf(page) ?? fallback)
    .replace(/<kite-menu[\s\S]*?<\/kite-menu>/, (menu) =>
      menu.replace(/<a href="([^"]*)">/g, (link, href: string) => {
        if (marked || pageOf(href) !== pageOf(path)) return link;
        marked = true;
        return `<a href="${href}" aria-current="page">`;
      }),
    );
  const indented = body.trimEnd().split('\n').map((line) => (line ? indent + line : line)).join('\n');
  return page.slice(0, include.index) + indented + page.slice(include.index + include[0].length);
}

/** The page has a shell include: at the top of the public folder, a page of the manufacturer's site (the site search indexes those; the store's pages live under shop/). */
export const hasShell = (page: string): boolean => INCLUDE.test(page);
