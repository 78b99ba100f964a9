import { defineElement, reactElement } from '../../shared/dom/react-element.ts';
import { PoptinView } from './poptin.view.tsx';
import type { DisplayContext } from '../../shared/api/display-call.ts';
import { poptinStyles } from './poptin.styles.ts';

/**
 * One pop-up: every type and format, rendered from its record. `kite-widget`
 * creates these; a host may also place one by hand with `src` and `open`.
 *
 * @summary A pop-up (lightbox and the other types) with its lead form, as an accessible dialog.
 *
 * @attr {string} src - URL of a pop-up record as JSON (when the `poptin` property is not set).
 * @attr {boolean} open - Present: the pop-up shows (once).
 * @attr {string} trigger - Which trigger opened it (`page_load`, `seconds`, `scroll`, `exit_intent`); sent with the view and the lead.
 * @attr {string} api - Base URL of the display API. Without it nothing is sent: listen for `kite-poptin-convert`. A `products` block's products are asked for from it (default: this page's origin) before the pop-up shows; if that fails, the pop-up does not show (`kite-poptin-skip`, `invalid`).
 * @attr {string} client-id - The site owner's client id, sent with every call.
 * @attr {string} visitor-id - The visitor id, sent with every call.
 * @attr {string} lang - Language of the labels (`en`, `he`); default: the page's.
 * @attr {string} country - The visitor's country (ISO 3166-1 alpha-2, `IL`; the display answer's `cc`): the international phone field's country, and so its dial code, when the field names none. Default `US`.
 * @attr {string} variant - `form`: the form variant another pop-up launches (`data-poptin-variant="form"`): only the form and its titles.
 *
 * @prop {object} poptin - The record from the display response (docs/poptin-record.md). An invalid record is skipped with one console warning.
 *
 * @event kite-poptin-show - The pop-up showed. `detail: { poptinId, trigger }`.
 * @event kite-poptin-convert - The lead went through (or is safely queued). `detail: { poptinId, conversionId }`.
 * @event kite-poptin-close - The pop-up closed, after its exit animation. `detail: { poptinId, closeTrigger, submitted }`; `closeTrigger` is `x_click` for the X, `cancel_click` for the skip button; `submitted` is false for a gamified pop-up.
 * @event kite-poptin-skip - Open, it will not show after all: `reason` `invalid` (the record, checked again, was refused: an invalid field, its countdown date has passed, or its products could not be fetched), `markup` (refused or not loaded) or `load-failed` (a part of it could not be loaded or rendered, said in the console too). Not a close. `detail: { poptinId, reason }`.
 * @event kite-poptin-removed - The pop-up may be removed from the page. `detail: { poptinId }`.
 * @event kite-poptin-play - A gamified pop-up's game started (Spin, the first scratch, a box opened): the prize is drawn and the lead sent. `detail: { poptinId, prize }` (`prize` null when the game has none).
 * @event kite-poptin-result - A gamified pop-up's winning or losing screen is up. `detail: { poptinId, prize, won }`.
 * @event poptinClose - Fired on `window` when a pop-up closes without a submit (the name pages written for the widget protocol listen for); a gamified pop-up resets its submit on close, so it always fires. `detail: { poptin_id }`.
 *
 * @prop {object} context - The visit as the widget recorded it (referrer, previous page, visited pages), sent with the lead.
 *
 * @csspart overlay - The full-window backdrop of modal types (lightbox, gamified, fullpage, mobile middle); holds the 3 x 3 position.
 * @csspart dialog - The pop-up box (`role="dialog"`; `aria-modal` on modal types). `data-type`, `data-frame` (overlay, fullpage, bar, corner, embedded), `data-x`, `data-y`, `data-format`, `data-layout`, `data-old-style` describe it; `data-screen="thank-you"` while the thank-you screen shows (as tall as its message).
 * @csspart content - The blocks.
 * @csspart background - The canvas of the background animation.
 * @csspart close-note - The close button's note (`poptin_design_show_x_comment`), shown on hover and focus.
 * @csspart close - The X button.
 * @csspart skip - The skip button (close option `closing_options-button`).
 * @csspart title - Title text.
 * @csspart text - Body text.
 * @csspart image - An image block.
 * @csspart button - The submit button.
 * @csspart alert - The message shown when the server refused the lead.
 * @csspart game - A gamified pop-up's game (`data-game`: `wheel`, `scratch_card`, `gift_box`; `data-phase`: `idle`, `playing`, `result`); its other parts are in docs/content-blocks.md.
 * @csspart game-play - The game's play button (Spin, Scratch).
 * @csspart wheel-disc - The wheel's turning disc.
 * @csspart scratch-cover - The scratch card's cover (a canvas).
 * @csspart gift-box - One gift box (a button; `data-open` once opened).
 * @csspart game-result - The winning or losing screen (`data-won` on a win).
 * @csspart welcome-start - The welcome screen's call to action (`design.welcome`): it leads to the form.
 * @csspart announcement - A polite status (visually hidden) that says a pop-up taking no focus (a bar, a corner box) has appeared: "Pop-up: <its title>".
 * @csspart lock-note - A content lock's note (`poptin_design_content_lock`, `role="status"`): why the page is held back, then that it is back.
 *
 * @cssprop --kite-poptin-overlay - Backdrop colour.
 * @cssprop --kite-poptin-background - Pop-up background (the record's `background_color` wins).
 * @cssprop --kite-poptin-color - Text colour.
 * @cssprop --kite-poptin-button-background - Submit button background.
 * @cssprop --kite-poptin-button-color - Submit button text colour.
 * @cssprop --kite-poptin-error-color - Colour of field errors.
 * @cssprop --kite-poptin-radius - Corner radius.
 * @cssprop --kite-scratch-cover - The scratch card's cover colour (default #b9bcc2).
 * @cssprop --kite-poptin-font - Font family.
 * @cssprop --kite-poptin-width - Design width (default 800px); scales down to the window.
 * @cssprop --kite-poptin-max-height - Design height (default 500px).
 * @cssprop --kite-poptin-corner-width - Width of side, corner and social pop-ups (default 360px).
 */
export class KitePoptin extends reactElement(PoptinView, {
  props: {
    poptin: 'property',
    src: 'string',
    open: 'boolean',
    trigger: 'string',
    api: 'string',
    clientId: 'string',
    visitorId: 'string',
    lang: 'string',
    country: 'string',
    context: 'property',
    variant: 'string',
  },
  styles: poptinStyles,
}) {
  /** The record from the display response (docs/poptin-record.md). An invalid record is skipped with one console warning. */
  declare poptin: unknown;
  /** URL of a pop-up record as JSON (when the `poptin` property is not set). */
  declare src: string | undefined;
  /** Present: the pop-up shows (once). */
  declare open: boolean | undefined;
  /** Which trigger opened it (`page_load`, `seconds`, `scroll`, `exit_intent`); sent with the view and the lead. */
  declare trigger: string | undefined;
  /** Base URL of the display API. Without it nothing is sent: listen for `kite-poptin-convert`. A `products` block's products are asked for from it (default: this page's origin) before the pop-up shows; if that fails, the pop-up does not show (`kite-poptin-skip`, `invalid`). */
  declare api: string | undefined;
  /** The site owner's client id, sent with every call. */
  declare clientId: string | undefined;
  /** The visitor id, sent with every call. */
  declare visitorId: string | undefined;
  /** Language of the labels (`en`, `he`); default: the page's. */
  declare lang: string;
  /** The visit as the widget recorded it (referrer, previous page, visited pages), sent with the lead. */
  declare context: Partial<DisplayContext> | undefined;
  /** `form`: the form variant another pop-up launches (`data-poptin-variant="form"`): only the form and its titles. */
  declare variant: string | undefined;
}

defineElement('kite-poptin', KitePoptin);

declare global {
  interface HTMLElementTagNameMap {
    'kite-poptin': KitePoptin;
  }
}
