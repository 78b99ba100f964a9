// The demo's consent bar for video embeds (not part of the library: a site's own consent manager
// does this job). Hidden without JavaScript; with it, its buttons give and withdraw the video
// consent through kite-elements' `window.kite.consent(granted, 'video')`, and its status follows the
// `kite-video-consent` event, whoever changed the consent (a bar, or an embed's own allow button).
import '/kite/kite.js';

const bar = document.querySelector('.video-consent-bar');
if (bar) {
  const status = bar.querySelector('[data-status]');
  const allow = bar.querySelector('[data-video-consent="allow"]');
  const withdraw = bar.querySelector('[data-video-consent="withdraw"]');
  const show = (granted) => {
    status.textContent = granted ? status.dataset.on : status.dataset.off;
    allow.hidden = granted;
    withdraw.hidden = !granted;
  };
  allow.addEventListener('click', () => window.kite.consent(true, 'video'));
  withdraw.addEventListener('click', () => window.kite.consent(false, 'video'));
  addEventListener('kite-video-consent', (event) => show(event.detail.granted));
  show(window.kite.videoConsented === true);
  bar.hidden = false;
}
