import { apiUrl } from '../../shared/api/url.ts';
import { UPGRADE } from '../../shared/constants/owner-limits.ts';
import { keepTabInside } from '../../shared/dom/focus-trap.ts';
import { isRightToLeft, t as widgetText } from '../../shared/i18n/index.ts';
import { t, type MessageKey } from '../../shared/i18n/owner.ts';
import { normaliseButtonUrl } from '../../shared/logic/button-url.ts';
import type { DisplayResponse } from '../../shared/schema/poptin-record.ts';

const STYLES = `
:host { all: initial; }
[part='overlay'] { position: fixed; inset: 0; z-index: 2147483647; display: grid; place-items: center; padding: 16px;
  background: rgb(0 0 0 / 0.5); font: 16px/1.5 system-ui, sans-serif; }
[part='dialog'] { position: relative; box-sizing: border-box; width: min(440px, 100%); padding: 28px 24px 24px; border-radius: 8px;
  background: #fff; color: #1a1a1a; box-shadow: 0 10px 40px rgb(0 0 0 / 0.3); }
h2 { margin: 0 0 8px; font-size: 1.25rem; line-height: 1.3; }
p { margin: 0 0 20px; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; }
button { min-height: 44px; padding: 8px 16px; border: 1px solid #1f5eff; border-radius: 6px; font: inherit; cursor: pointer;
  background: #fff; color: #1f5eff; }
button.primary { background: #1f5eff; color: #fff; }
[part='close'] { position: absolute; top: 4px; inset-inline-end: 4px; min-width: 44px; border: 0; background: none; color: #555; font-size: 1.5rem; line-height: 1; }
button:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
@media (prefers-reduced-motion: no-preference) { [part='dialog'] { animation: kite-upgrade-in 200ms ease-out; } }
@keyframes kite-upgrade-in { from { opacity: 0; transform: translateY(8px); } }
`;

export interface UpgradeOptions {
  api: string;
  clientId: string;
  lang: string;
  response: DisplayResponse;
}

/**
 * POST /api/display/limitLogs/{clientId} (widget spec section 7, a GET there; a write is a POST):
 * logged only. A form body is a simple request: no preflight, so `keepalive` carries it past an unload.
 */
function limitLog(options: UpgradeOptions, status: string): void {
  const body = new URLSearchParams({ status });
  if (options.response.upgrade_setting?.id) body.set('id', options.response.upgrade_setting.id);
  fetch(apiUrl(options.api, `/api/display/limitLogs/${encodeURIComponent(options.clientId)}`), { method: 'POST', body, credentials: 'omit', keepalive: true }).catch(
    (error: Error) => console.warn(`Kite: limitLogs call failed: ${error.message}`),
  );
}

/**
 * The owner's plan limit (widget spec sections 3 "Upgrade setting" and 8): the display answer
 * `not_allowed` with `is_client_restriction`. The upgrade pop-up offers the upgrade (limitLogs
 * `click`); closing it without upgrading asks whether to remind later (`remind_me`) or not
 * (`dont_remind_me`). When the owner already asked to be reminded (`remindme_popup`), only the
 * reminder shows, and only once it is due (`mote_than_two_days`). Modal dialogs (WAI-ARIA),
 * styled in a shadow root, so the site's CSP and styles leave them alone. Returns the removal.
 */
export function showUpgrade(parent: HTMLElement, options: UpgradeOptions): () => void {
  const setting = options.response.upgrade_setting ?? {};
  const host = document.createElement('div');
  host.dataset.kiteUpgrade = '';
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  root.adoptedStyleSheets = [sheet];
  const returnFocus = document.activeElement as HTMLElement | null;
  const text = (key: MessageKey) => t(options.lang, key);
  let onKey: ((event: KeyboardEvent) => void) | null = null;

  const close = () => {
    if (onKey) document.removeEventListener('keydown', onKey, true);
    host.remove();
    returnFocus?.focus?.();
  };

  /** One dialog: title, text, buttons; `dismiss` runs on the X and on Escape. */
  const dialog = (step: 'upgrade' | 'remind', buttons: Array<{ label: string; primary?: boolean; run: () => void }>, dismiss: () => void) => {
    const overlay = document.createElement('div');
    overlay.setAttribute('part', 'overlay');
    const box = document.createElement('div');
    box.setAttribute('part', 'dialog');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'title');
    box.setAttribute('aria-describedby', 'text');
    box.dataset.step = step;
    if (isRightToLeft(options.lang)) box.setAttribute('dir', 'rtl');
    const title = document.createElement('h2');
    title.id = 'title';
    title.textContent = text(step === 'upgrade' ? 'upgradeTitle' : 'remindTitle');
    const body = document.createElement('p');
    body.id = 'text';
    body.textContent = text(step === 'upgrade' ? 'upgradeText' : 'remindText');
    const actions = document.createElement('div');
    actions.className = 'actions';
    for (const { label, primary, run } of buttons) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      if (primary) button.className = 'primary';
      button.addEventListener('click', run);
      actions.append(button);
    }
    const x = document.createElement('button');
    x.type = 'button';
    x.setAttribute('part', 'close');
    x.setAttribute('aria-label', widgetText(options.lang, 'close'));
    x.textContent = '\u00d7';
    x.addEventListener('click', dismiss);
    box.append(x, title, body, actions);
    overlay.append(box);
    root.replaceChildren(overlay);
    if (!host.isConnected) parent.append(host);
    (actions.querySelector('button') ?? x).focus();
    if (onKey) document.removeEventListener('keydown', onKey, true);
    onKey = (event) => {
      if (event.key === 'Escape') dismiss();
      else keepTabInside(event, box, root.activeElement);
    };
    document.addEventListener('keydown', onKey, true);
  };

  const remind = () =>
    dialog(
      'remind',
      [
        { label: text('remindMe'), primary: true, run: () => (limitLog(options, UPGRADE.STATUS_REMIND_ME), close()) },
        { label: text('dontRemindMe'), run: () => (limitLog(options, UPGRADE.STATUS_DONT_REMIND_ME), close()) },
      ],
      close,
    );

  if (setting.remindme_popup) {
    if (setting.mote_than_two_days) remind();
  } else {
    dialog(
      'upgrade',
      [
        {
          label: text('upgradeButton'),
          primary: true,
          run: () => {
            limitLog(options, UPGRADE.STATUS_CLICK);
            const url = normaliseButtonUrl(setting.upgrade_url);
            if (url) window.open(url, '_blank', 'noopener');
            close();
          },
        },
      ],
      remind,
    );
  }
  return close;
}
