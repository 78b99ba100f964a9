// The demo's language switcher (the English / עברית links in the shell's header). Without
// JavaScript they are plain links; with it, a click first remembers the choice in the language
// cookie (kite-elements' rememberLanguage: the cookie code loads only then), then follows the link.
import { rememberLanguage } from '/kite/kite.js';

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('.site-languages a[hreflang]') : null;
  if (!link) return;
  event.preventDefault();
  // The link is followed either way: a choice that cannot be remembered still changes the page.
  rememberLanguage(link.hreflang)
    .catch((error) => console.warn(`Kite demo: language not remembered: ${error.message}`))
    .then(() => location.assign(link.href));
});
