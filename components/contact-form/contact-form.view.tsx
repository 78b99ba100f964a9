import { useRemovePlaceholder } from '../../shared/dom/react-element.ts';
import { useLightDom } from '../../shared/dom/use-light-dom.ts';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { contactFormMachine, contactStateOf, failingChecks, successPhaseOf } from '../../machines/contact-form/contact-form.machine.ts';
import type { ContactField, ContactFieldCheck, ContactSendResult } from '../../machines/contact-form/contact-form.types.ts';
import { CONTACT_FORM } from '../../shared/constants/site.ts';
import { CONTACT_POST, contactErrorMessage, contactResponseId, safeRedirectUrl, type ContactRule } from '../../shared/logic/contact.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { listen, setAttribute, toggleClass, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { pageLanguage } from '../../shared/i18n/index.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { t, type MessageKey } from '../../shared/i18n/site.ts';
import { checkField, controlsNamed, isInactive, readForm, submitButtonOf, wrapperOf, type FieldControl } from './contact-form.fields.ts';
import { sanitizedFragment, sendContactForm } from './contact-form.send.ts';
import { contactFormLightStyles } from './contact-form.styles.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';

export const CONTACT_FORM_TAG = 'kite-contact-form';

/** Class names the element adds to the page's markup (the theme's where it has one). */
export const CONTACT_FORM_CLASSES = {
  /** On a field's wrapper (or the field) whose check failed. */
  ERROR: 'error',
  /** On a field's wrapper (or the field) that passed. */
  VALID: 'valid',
  /** The theme's third state class, removed with the other two. */
  ALERT: 'ajax_alert',
  /** On the submit button while sending (the theme's). */
  SENDING: 'av-sending-button',
  /** The message under a failing field (`aria-describedby` points at it). */
  MESSAGE: 'kite-contact-form-message',
  /** The area after the form holding the server's error container. */
  ERROR_AREA: 'kite-contact-form-error',
} as const;

/** The message under a field whose check failed, by the failing check. */
const RULE_MESSAGES: Record<ContactRule, MessageKey> = {
  is_empty: 'contactEmpty',
  is_email: 'contactEmail',
  is_ext_email: 'contactEmail',
  is_special_email: 'contactEmail',
  is_phone: 'contactPhone',
  is_number: 'contactNumber',
  is_positiv_number: 'contactPositiveNumber',
  captcha: 'contactCaptcha',
};

export interface ContactFormProps {
  /** Prefix of the error message; default `'Found errors in the following field(s): '` (in the form's language). */
  fieldsWithError?: string;
  /** Where to go after a successful send (http(s) or relative); unset: the response replaces the form. */
  redirect?: string;
  /** Keys the answer's containers (`ajaxresponse_{formId}`). */
  formId?: string;
  /** The custom-send variant (the response container is loaded from the form action). */
  customSend?: boolean;
  /** The button's label while sending. */
  sendingLabel?: string;
  /** Send the mailing-list flag. */
  mailingList?: boolean;
  /** Show the error message with the failing fields' labels above the form. */
  showErrors?: boolean;
  /** Language of the messages (`en`, `he`); default: the page's. */
  lang?: string;
  /** The shadow root, passed by r2wc. */
  container?: ShadowRoot;
}

/** A button's visible label: an `<input>`'s value, a `<button>`'s content. */
function setLabel(button: HTMLButtonElement | HTMLInputElement, label: string): Undo {
  if (button instanceof HTMLInputElement) return setAttribute(button, 'value', label);
  const original = [...button.childNodes];
  button.textContent = label;
  return () => button.replaceChildren(...original);
}

const nonEmpty = (value: string | null | undefined): string | null => (value != null && value.trim() !== '' ? value : null);
/** A theme data attribute used as a flag: present and not `''`, `false` or `0`. */
const isSet = (value: string | undefined) => value !== undefined && !['', 'false', '0'].includes(value.trim().toLowerCase());

/** The theme's class on the `<form>` that shows the error message, as the `show-errors` attribute does. */
export const SHOW_ERRORS_CLASS = 'av-show-form-errors';

/** The element's attributes, falling back to the theme's own data attributes on the `<form>` (spec section 3). */
function settingsOf(form: HTMLFormElement, props: Omit<ContactFormProps, 'container'>) {
  const data = form.dataset;
  const lang = pageLanguage(props.lang);
  return {
    lang,
    formId: nonEmpty(props.formId) ?? nonEmpty(data.aviaFormId),
    redirect: nonEmpty(props.redirect) ?? nonEmpty(data.aviaRedirect),
    customSend: props.customSend === true || isSet(data.avCustomSend),
    prefix: props.fieldsWithError ?? data.fieldsWithError ?? t(lang, 'contactFieldsWithError'),
    sendingLabel: nonEmpty(props.sendingLabel),
    mailingList: props.mailingList === true,
    // The theme turns its error list on with a class on the form.
    showErrors: props.showErrors === true || form.classList.contains(SHOW_ERRORS_CLASS),
  };
}

/** Each success slide; 0 under reduced motion (the machine's `slide` delay and the animation agree). */
const slideMs = () => (prefersReducedMotion() ? 0 : CONTACT_FORM.SLIDE_MS);

/** The box edges a slide closes along with the height, as jQuery's slideUp does. */
const EDGES = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth', 'marginTop', 'marginBottom'] as const;

/**
 * Slides `element` up (closed at the end, held) or down (from closed to its natural height) with
 * the Web Animations API: no style attribute is written, so a strict CSP is fine.
 */
function slide(element: HTMLElement, direction: 'up' | 'down', duration: number): Animation | null {
  if (duration <= 0) return null;
  const style = getComputedStyle(element);
  const edges = EDGES.reduce((sum, edge) => sum + (edge.startsWith('margin') ? 0 : parseFloat(style[edge]) || 0), 0);
  const outer = element.getBoundingClientRect().height;
  const open: Keyframe = { height: `${style.boxSizing === 'border-box' ? outer : Math.max(0, outer - edges)}px`, overflow: 'hidden' };
  const closed: Keyframe = { height: '0px', overflow: 'hidden' };
  for (const edge of EDGES) {
    open[edge] = style[edge];
    closed[edge] = '0px';
  }
  return element.animate(direction === 'up' ? [open, closed] : [closed, open], {
    duration,
    easing: 'ease-in-out',
    fill: direction === 'up' ? 'forwards' : 'none',
  });
}

let messageIds = 0;

/** The page's response container for this form (by id, else by class inside the element), or a new one right after the form. */
function responseAreaOf(host: HTMLElement, form: HTMLFormElement, formId: string | null): HTMLElement {
  const id = formId ? contactResponseId(formId) : null;
  const root = host.getRootNode() as Document | ShadowRoot;
  const byId = id ? ([...host.querySelectorAll<HTMLElement>('[id]')].find((element) => element.id === id) ?? root.getElementById(id)) : null;
  const existing = byId ?? host.querySelector<HTMLElement>(`.${CONTACT_POST.RESPONSE_CLASS}`);
  if (existing) return existing;
  const area = document.createElement('div');
  area.className = CONTACT_POST.RESPONSE_CLASS;
  if (id) area.id = id;
  form.after(area);
  return area;
}

/** The message under a failing field: the page's own (`data-error-message` on the field or its wrapper), else the element's in `lang`. */
function messageFor(check: ContactFieldCheck, control: FieldControl, form: HTMLFormElement, lang: string): string {
  const own = nonEmpty(control.dataset.errorMessage ?? wrapperOf(control, form)?.dataset.errorMessage);
  if (own) return own;
  const rule = check.failed ?? 'is_empty';
  if (rule === 'is_empty' && control instanceof HTMLInputElement && control.type === 'checkbox') return t(lang, 'contactUnticked');
  if (rule === 'is_empty' && ((control instanceof HTMLInputElement && control.type === 'radio') || control instanceof HTMLSelectElement)) {
    return t(lang, 'contactUnchosen');
  }
  return t(lang, RULE_MESSAGES[rule]);
}

const formIn = (host: HTMLElement) => host.querySelector('form');
const isForm = (form: HTMLFormElement | null) => form !== null;

/**
 * Enhances the `<form>` in the element's light DOM. Until the form is known, and when there is
 * none, it renders one plain slot: the markup exactly as the page wrote it (a normal form post).
 */
export function ContactFormView({ container: root, ...props }: ContactFormProps) {
  const host = root?.host as HTMLElement | undefined;
  // A form that arrives later (an ajax-loaded block) is taken over when it does.
  const form = useLightDom(host, formIn, isForm);
  useRemovePlaceholder(root);
  useEffect(() => {
    // Not an error: without a form there is nothing to enhance.
    if (form === null) console.debug(`${CONTACT_FORM_TAG}: not initialised, no <form> inside`, host);
  }, [form, host]);
  // Error texts in the page's language: on other pages than English, once its file is here.
  const messagesSettled = useMessages(pageLanguage(props.lang));
  if (!root || !host || !form || !messagesSettled) return <slot />;
  return <ContactForm root={root} host={host} form={form} {...props} />;
}

function ContactForm({ root, host, form, ...props }: Omit<ContactFormProps, 'container'> & { root: ShadowRoot; host: HTMLElement; form: HTMLFormElement }) {
  const settings = settingsOf(form, props);
  // The send reads the settings of the moment it starts.
  const latest = useRef(settings);
  latest.current = settings;
  const submitter = useRef<HTMLElement | null>(null);
  const focusFirstInvalid = useRef(false);
  const success = useRef<{ area: HTMLElement; focus: boolean; revealed: boolean } | null>(null);

  const [machine] = useState(() =>
    contactFormMachine.provide({
      actors: {
        send: fromPromise<ContactSendResult, { fields: ContactField[] }>(({ input, signal }) => {
          const { formId, customSend, mailingList } = latest.current;
          // The attribute, not `form.action`: a field named "action" would shadow that property.
          const action = new URL(form.getAttribute('action') ?? '', form.baseURI).href;
          return sendContactForm(input.fields, { action, formId, customSend, mailingList, signal });
        }),
      },
      delays: { slide: () => slideMs() },
    }),
  );
  const actor = useActorRef(machine, { input: { redirect: settings.redirect } });
  const state = useSelector(actor, contactStateOf);
  const phase = useSelector(actor, successPhaseOf);
  const checks = useSelector(actor, (snapshot) => snapshot.context.checks);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const response = useSelector(actor, (snapshot) => snapshot.context.response);
  useKiteEvents(actor, root, 'contact-form');

  // After useKiteEvents: the host hears `kite-contact-form-redirect` before the page leaves.
  useEffect(() => {
    const invalid = actor.on('invalid', () => (focusFirstInvalid.current = true));
    const redirect = actor.on('redirect', ({ url }) => {
      // The machine only keeps http(s) and relative addresses; checked again where it is followed.
      let target: URL;
      try {
        target = new URL(url, location.href);
      } catch {
        return;
      }
      if (target.protocol === 'http:' || target.protocol === 'https:') location.assign(target.href);
    });
    return () => {
      invalid.unsubscribe();
      redirect.unsubscribe();
    };
  }, [actor]);

  useEffect(() => {
    actor.send({ type: 'REDIRECT.SET', redirect: settings.redirect });
    if (settings.redirect !== null && safeRedirectUrl(settings.redirect) === null) {
      console.warn(`${CONTACT_FORM_TAG}: redirect ignored, only http(s) and relative addresses are followed`, settings.redirect);
    }
  }, [actor, settings.redirect]);

  useLayoutEffect(() => adoptStyles(host.getRootNode(), contactFormLightStyles, { document: true }), [host]);

  // Submit (button, Enter in a field) and the re-checks of fields the last submit styled. A passive
  // effect declared after useKiteEvents and the subscriptions above: the form is taken over only
  // once every emitted event has a listener (until then a submit is the page's normal post).
  // `novalidate` marks the moment.
  useEffect(() => {
    // Our checks and messages replace the browser's bubbles (the theme may make e-mail fields type="email").
    const undo = [setAttribute(form, 'novalidate', '')];
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      submitter.current = event.submitter;
      const { checks: submitted, fields } = readForm(form);
      actor.send({ type: 'SUBMIT', checks: submitted, fields, inactive: isInactive(submitButtonOf(form, event.submitter)) });
    };
    // An error clears as soon as the field is fixed; a new error shows only when the visitor leaves the field.
    const recheck = (event: Event, onlyWhenFixed: boolean) => {
      const name = (event.target as Partial<FieldControl> | null)?.name;
      if (typeof name !== 'string' || name === '') return;
      const current = actor.getSnapshot().context.checks.find((check) => check.name === name);
      const check = current && checkField(form, name);
      if (!current || !check) return;
      if (check.valid === current.valid && check.failed === current.failed) return;
      if (onlyWhenFixed && check.valid === false) return;
      actor.send({ type: 'FIELD.CHECK', check });
    };
    const onInput = (event: Event) => recheck(event, true);
    const onChange = (event: Event) => recheck(event, false);
    undo.push(
      listen(form, 'submit', onSubmit),
      listen(form, 'input', onInput),
      listen(form, 'change', onChange),
      // Leaving a field counts even without a change event (typed, then deleted back to what it was).
      listen(form, 'focusout', onChange),
    );
    return undoAll(undo);
  }, [actor, form]);

  // The checks' styles: error / valid class on the wrapper, aria-invalid and a described-by message on the field.
  useLayoutEffect(() => {
    const undo: Undo[] = [];
    for (const check of checks) {
      const controls = controlsNamed(form, check.name);
      if (controls.length === 0) continue;
      for (const target of new Set(controls.map((control) => wrapperOf(control, form) ?? control))) {
        for (const name of [CONTACT_FORM_CLASSES.ERROR, CONTACT_FORM_CLASSES.VALID, CONTACT_FORM_CLASSES.ALERT]) {
          undo.push(toggleClass(target, name, false));
        }
        if (check.valid !== null) undo.push(toggleClass(target, check.valid ? CONTACT_FORM_CLASSES.VALID : CONTACT_FORM_CLASSES.ERROR, true));
      }
      if (check.valid !== false) continue;
      const message = document.createElement('span');
      message.className = CONTACT_FORM_CLASSES.MESSAGE;
      message.id = `${CONTACT_FORM_TAG}-message-${++messageIds}`;
      message.textContent = messageFor(check, controls[0]!, form, settings.lang);
      const last = controls.at(-1)!;
      const wrapper = wrapperOf(last, form);
      // Inside a wrapping <label> the message would become part of the field's name.
      if (wrapper && !(wrapper instanceof HTMLLabelElement)) wrapper.append(message);
      else (wrapper ?? last).after(message);
      undo.push(() => message.remove());
      for (const control of controls) {
        const describedBy = [control.getAttribute('aria-describedby'), message.id].filter(Boolean).join(' ');
        undo.push(setAttribute(control, 'aria-invalid', 'true'), setAttribute(control, 'aria-describedby', describedBy));
      }
    }
    if (focusFirstInvalid.current) {
      focusFirstInvalid.current = false;
      const first = failingChecks(checks)[0];
      if (first) controlsNamed(form, first.name)[0]?.focus();
    }
    return undoAll(undo);
  }, [checks, form, settings.lang]);

  // Sending (and leaving for the redirect): the button in its sending state with the sending label.
  const busy = state === 'sending' || phase === 'redirecting';
  useLayoutEffect(() => {
    if (!busy) return;
    const undo = [setAttribute(form, 'aria-busy', 'true')];
    const button = submitButtonOf(form, submitter.current);
    if (button) {
      undo.push(toggleClass(button, CONTACT_FORM_CLASSES.SENDING, true), setAttribute(button, 'aria-disabled', 'true'));
      const label = latest.current.sendingLabel ?? nonEmpty(button.dataset.sendingLabel);
      if (label) undo.push(setLabel(button, label));
    }
    return undoAll(undo);
  }, [busy, form]);

  // Error: the server's error container (sanitized) after the form, or our message; removed on the next submit.
  useLayoutEffect(() => {
    if (state !== 'error') return;
    const area = document.createElement('div');
    area.className = CONTACT_FORM_CLASSES.ERROR_AREA;
    area.setAttribute('role', 'alert');
    const content = error === null ? null : sanitizedFragment(error);
    if (content?.textContent?.trim()) area.append(content);
    else area.textContent = t(settings.lang, 'contactSendFailed');
    form.after(area);
    return () => area.remove();
  }, [state, error, form, settings.lang]);

  // Success: the form slides up, then the response container (sanitized) slides down in its place.
  // Each phase works even if React never rendered the one before (0 ms slides under reduced motion).
  useLayoutEffect(() => {
    if (phase !== 'hiding' && phase !== 'showing' && phase !== 'shown') return;
    if (!success.current) {
      const area = responseAreaOf(host, form, latest.current.formId);
      area.replaceChildren(sanitizedFragment(response ?? ''));
      area.hidden = true;
      const active = (form.getRootNode() as Document | ShadowRoot).activeElement;
      success.current = { area, focus: active === null || active === document.body || form.contains(active), revealed: false };
    }
    const current = success.current;
    if (phase === 'hiding') {
      const animation = slide(form, 'up', slideMs());
      return () => animation?.cancel();
    }
    // Attributes, not properties: a field named "hidden" or "style" would shadow the form's own.
    form.setAttribute('hidden', '');
    // Through the CSSOM (a strict CSP allows it): a theme rule giving forms a display would beat `hidden`.
    (Reflect.get(HTMLElement.prototype, 'style', form) as CSSStyleDeclaration).setProperty('display', 'none', 'important');
    current.area.hidden = false;
    current.area.classList.remove('hidden'); // the theme's empty container is written with class="hidden"
    if (current.revealed) return;
    current.revealed = true;
    if (current.focus) {
      // The focused button went with the form: the visitor lands on the answer.
      current.area.setAttribute('tabindex', '-1');
      current.area.focus();
    }
    const animation = phase === 'showing' ? slide(current.area, 'down', slideMs()) : null;
    return () => animation?.finish();
  }, [phase, host, form, response]);

  const failing = failingChecks(checks);
  const summary = settings.showErrors && failing.length > 0 ? contactErrorMessage(failing.map((check) => check.label), settings.prefix) : '';
  return (
    <div part="base" data-state={state}>
      <div part="summary" role="alert">
        {summary || null}
      </div>
      <slot />
    </div>
  );
}
