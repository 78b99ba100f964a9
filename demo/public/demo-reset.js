// "Forget me" for the demo pages: a converted or recently shown visitor does not see a pop-up
// again, as on a real site; this makes the browser a new visitor (Kite's cookies and storage
// gone) and reloads. Any `<button data-demo-reset>` on the page does it. No inline script: the
// pages run under `script-src 'self'`.

/** Cookies and storage keys the widget and the demo pages leave. */
const OURS = /^(poptin_|pop_|kite_|apt_)/;

export function forgetVisitor() {
  for (const part of document.cookie.split('; ')) {
    const cookie = part.split('=')[0];
    if (cookie) document.cookie = `${cookie}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) if (OURS.test(key)) storage.removeItem(key);
  }
  location.reload();
}

for (const button of document.querySelectorAll('button[data-demo-reset]')) button.addEventListener('click', forgetVisitor);
