import { defineElement, reactElement } from '../../shared/dom/react-element.ts';
import { contactFormStyles } from './contact-form.styles.ts';
import { ContactFormView } from './contact-form.view.tsx';

/**
 * Enhances a CMS theme's contact form: class-driven checks, an
 * ajax send, and the sending, success and error states. It wraps the theme's `<form>` in the light
 * DOM, so without JavaScript the form is a normal post to its action.
 *
 * Light-DOM contract:
 * - **form**: the first `<form>` inside the element, also one that arrives after the element
 *   (an ajax-loaded block): it is taken over when it does. Posted to its `action` (the page itself
 *   when unset), always with POST. Its theme data attributes are read when the element's own
 *   attribute is absent: `data-avia-form-id`, `data-avia-redirect`, `data-av-custom-send`,
 *   `data-fields-with-error`; its `av-show-form-errors` class does what `show-errors` does.
 * - **checks**: a class on a field or on its wrapper names its check: `is_empty`, `is_email`,
 *   `is_ext_email`, `is_special_email`, `is_phone`, `is_number`, `is_positiv_number`, `captcha`
 *   (see `validateContactField`). Any check also requires a value.
 * - **wrapper**: the field's closest `.form_element` (the theme's) or `[data-contact-field]`, else
 *   its parent unless that is the form or a fieldset. It gets the `error` or `valid` class (the
 *   field itself when there is no wrapper); `ajax_alert` is removed, as the theme does.
 * - **captcha verifier**: the field's `data-verifier` attribute, else the value of the form's field
 *   named `{name}_verifier` (the theme's hidden input), else of the element with id `{id}_verifier`.
 *   Its last character is a digit `i`; the answer is its character at index `i`.
 * - **label**: a field's `<label>` (without its `<abbr class="required">*</abbr>`), else
 *   `aria-labelledby`, `aria-label`, `title`, `placeholder`, `name`.
 * - **messages**: a failing field gets `aria-invalid="true"` and an `aria-describedby` message
 *   (`<span class="kite-contact-form-message">`) in its wrapper, in the element's language (its
 *   `lang`, else the page's: English or Hebrew); `data-error-message` on the field or its wrapper
 *   replaces it.
 * - **submit button**: the button that submitted, else the first submit button. Marked inactive
 *   (class `avia_button_inactive`, `disabled` or `aria-disabled="true"`) it sends nothing. Its
 *   `data-sending-label` is the sending label when `sending-label` is unset.
 * - **response container**: the element with id `ajaxresponse_{form-id}` inside the element (else
 *   in the page), else the first `.ajaxresponse` inside the element, else a new
 *   `<div class="ajaxresponse">` after the form.
 *
 * Behaviour: once the element has taken the form over, the form has `novalidate` (its checks and
 * messages replace the browser's); a submit before that is the page's normal post. On submit every field is checked; any failure keeps the form (error styles, messages,
 * focus on the first failing field, and with `show-errors` the message `fields-with-error`, one
 * space and the comma-joined labels) and sends nothing. Else the fields (checkboxes `true` or empty) are posted
 * URL-encoded with `ajax_request=true` (and `mailing_list=true` with `mailing-list`); the button
 * shows the sending label, `aria-disabled` and the `av-sending-button` class, and further submits
 * are ignored. The server answers an HTML fragment: an error container (`#ajaxresponse_error_{form-id}`
 * or `.avia-form-error`) is shown after the form in a `role="alert"` area
 * (`.kite-contact-form-error`) and the button restored; else the response container
 * (`#ajaxresponse_{form-id}` or `.ajaxresponse`) replaces the form: the form slides up
 * `CONTACT_FORM.SLIDE_MS`, then the response slides down as long and takes the focus, instantly under
 * `prefers-reduced-motion: reduce`. With `redirect` (http(s) or relative only; `javascript:` and
 * other schemes are ignored) the page goes there instead. With `custom-send` the fields are posted
 * without the ajax flag and the response container is picked out of the page that answers. Server
 * HTML is sanitized with DOMPurify before it is inserted; nothing in it runs.
 *
 * @summary A theme's contact form with class-driven checks and an ajax send.
 *
 * @slot - The theme's markup: the `<form>` and, optionally, its response container.
 *
 * @attr {string} fields-with-error - Prefix of the error message, followed by exactly one space whether or not it ends with one. Default `Found errors in the following field(s): ` (in Hebrew on Hebrew pages).
 * @attr {string} redirect - Address to go to after a successful send, instead of showing the response.
 * @attr {string} form-id - Keys the answer's containers (`ajaxresponse_{form-id}`, `ajaxresponse_error_{form-id}`).
 * @attr {boolean} custom-send - The custom-send variant: the response container is loaded from the form action with the fields as data.
 * @attr {string} sending-label - The button's label while sending. Unset: the button's `data-sending-label`, else its own label.
 * @attr {boolean} mailing-list - Sends the mailing-list flag (`mailing_list=true`).
 * @attr {boolean} show-errors - Shows the error message with the failing fields' labels above the form (as the form's `av-show-form-errors` class does).
 * @attr {string} lang - Language of the messages (`en`, `he`). Default: the page's.
 *
 * @event kite-contact-form-invalid - A submit found failing fields; nothing was sent. `detail: { fields, labels }` (names and labels, in form order).
 * @event kite-contact-form-sending - The send started. `detail: { fields }` (the names sent).
 * @event kite-contact-form-success - The server accepted the message. `detail: { redirect }` (the address followed next, or `null`).
 * @event kite-contact-form-error - The send failed. `detail: { reason }`: `rejected` (the server's error container or an unusable answer) or `network`.
 * @event kite-contact-form-redirect - Right before the page goes to the redirect address. `detail: { url }`.
 *
 * @csspart base - Wrapper of the whole form; `data-state` is `idle`, `sending`, `success` or `error`.
 * @csspart summary - The error message with the failing fields' labels (`role="alert"`), above the form; empty and hidden unless `show-errors`.
 *
 * @cssproperty --kite-contact-form-error-color - Colour of the summary, the field messages, the error area and failing fields' borders. Default `#b00020`.
 * @cssproperty --kite-contact-form-valid-color - Border colour of fields that passed. Default `#1b6e2a`.
 */
export class KiteContactForm extends reactElement(ContactFormView, {
  props: {
    fieldsWithError: 'string',
    redirect: 'string',
    formId: 'string',
    customSend: 'boolean',
    sendingLabel: 'string',
    mailingList: 'boolean',
    showErrors: 'boolean',
    lang: 'string',
  },
  styles: contactFormStyles,
  // Enhances the page's markup: shows it as written until the view renders.
  lightDom: 'placeholder',
}) {
  /** Prefix of the error message (reflects `fields-with-error`). */
  declare fieldsWithError: string | undefined;
  /** Address to go to after a successful send (reflects `redirect`). */
  declare redirect: string | undefined;
  /** Keys the answer's containers (reflects `form-id`). */
  declare formId: string | undefined;
  /** The custom-send variant (reflects `custom-send`). */
  declare customSend: boolean | undefined;
  /** The button's label while sending (reflects `sending-label`). */
  declare sendingLabel: string | undefined;
  /** Sends the mailing-list flag (reflects `mailing-list`). */
  declare mailingList: boolean | undefined;
  /** Shows the error message above the form (reflects `show-errors`). */
  declare showErrors: boolean | undefined;
  /** Language of the messages (reflects `lang`). */
  declare lang: string;
}

// The tag as a literal: the manifest analyzer reads it from this call.
defineElement('kite-contact-form', KiteContactForm);

declare global {
  interface HTMLElementTagNameMap {
    'kite-contact-form': KiteContactForm;
  }
}
