/**
 * Reading the theme's form: which controls it has, what each one's checks are (from its classes
 * and its wrapper's), what would be sent. DOM in, plain data out; the machine decides.
 */
import type { ContactField, ContactFieldCheck } from '../../machines/contact-form/contact-form.types.ts';
import { contactRulesOf, failedContactRule } from '../../shared/logic/contact.ts';

export type FieldControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Controls that are never sent: buttons and files (a file cannot go in a URL-encoded post). */
const UNSENT_TYPES = new Set(['submit', 'button', 'reset', 'image', 'file']);

/** The theme's wrapper of a field (`<p class="form_element">`), or any element marked `data-contact-field`. */
export const WRAPPER_SELECTOR = '[data-contact-field], .form_element';

const isControl = (element: Element): element is FieldControl =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/** Named, enabled controls that a post carries, in form order. */
export function sentControlsOf(form: HTMLFormElement): FieldControl[] {
  return [...form.elements].filter(
    (element): element is FieldControl => isControl(element) && element.name !== '' && !element.matches(':disabled') && !UNSENT_TYPES.has(element.type),
  );
}

/** The controls the visitor fills in (hidden inputs are sent but never checked or styled). */
const visibleControls = (form: HTMLFormElement) => sentControlsOf(form).filter((control) => control.type !== 'hidden');

/** Every visible control named `name` (a radio or checkbox group has several). */
export const controlsNamed = (form: HTMLFormElement, name: string): FieldControl[] =>
  visibleControls(form).filter((control) => control.name === name);

/**
 * Where the error and valid styles go, as in the theme: the closest {@link WRAPPER_SELECTOR}
 * inside the form, else the field's parent unless that is the form or a fieldset, else `null`
 * (the field itself is styled then).
 */
export function wrapperOf(control: FieldControl, form: HTMLFormElement): HTMLElement | null {
  const marked = control.closest<HTMLElement>(WRAPPER_SELECTOR);
  if (marked && marked !== form && form.contains(marked)) return marked;
  const parent = control.parentElement;
  if (parent && parent !== form && form.contains(parent) && !(parent instanceof HTMLFieldSetElement)) return parent;
  return null;
}

/** Marks inside a label that are not its name: the theme's required `*` (`<abbr class="required">`). */
const LABEL_NOISE = 'abbr, .required, [aria-hidden="true"]';

/** The field's name as the visitor reads it: its label without the required mark, else its accessible name attributes, else its `name`. */
export function labelOf(control: FieldControl): string {
  const label = control.labels?.[0];
  if (label) {
    const copy = label.cloneNode(true) as HTMLElement;
    copy.querySelectorAll(LABEL_NOISE).forEach((noise) => noise.remove());
    const text = (copy.textContent ?? '').replace(/\s+/g, ' ').trim().replace(/\s*[*:]+$/, '');
    if (text) return text;
  }
  const labelledBy = control.getAttribute('aria-labelledby');
  const referenced = labelledBy
    ?.split(/\s+/)
    .map((id) => control.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return referenced || control.getAttribute('aria-label')?.trim() || control.title.trim() || control.getAttribute('placeholder')?.trim() || control.name;
}

/**
 * The captcha verifier of `control`: its `data-verifier` attribute, else the value of the form's
 * field named `{name}_verifier` (the theme writes `<input type="hidden" id="{name}_verifier">`),
 * else of the element with id `{id}_verifier`.
 */
export function verifierOf(control: FieldControl, form: HTMLFormElement): string | undefined {
  if (control.dataset.verifier !== undefined) return control.dataset.verifier;
  const named = form.elements.namedItem(`${control.name}_verifier`);
  if (named instanceof HTMLInputElement) return named.value;
  const byId = control.id ? control.ownerDocument.getElementById(`${control.id}_verifier`) : null;
  return byId instanceof HTMLInputElement ? byId.value : undefined;
}

/** What a control sends: a checkbox `'true'` or `''` (spec section 5), an unchecked radio nothing, a multiple select each choice. */
function valuesOf(control: FieldControl): string[] {
  if (control instanceof HTMLInputElement && control.type === 'checkbox') return [control.checked ? 'true' : ''];
  if (control instanceof HTMLInputElement && control.type === 'radio') return control.checked ? [control.value] : [];
  if (control instanceof HTMLSelectElement && control.multiple) return [...control.selectedOptions].map((option) => option.value);
  return [control.value];
}

/** The value a group of same-named controls is checked with: the one text, the chosen radio, `'true'` if any box is checked, the choices joined. */
const checkedValueOf = (group: FieldControl[]): string => group.flatMap(valuesOf).filter(Boolean).join(', ');

/** The check of the field named `name`, or `null` when the form has no visible control of that name. */
export function checkField(form: HTMLFormElement, name: string): ContactFieldCheck | null {
  const group = controlsNamed(form, name);
  const first = group[0];
  if (!first) return null;
  const rules = contactRulesOf(...group.flatMap((control) => [control.className, wrapperOf(control, form)?.className]));
  const value = checkedValueOf(group);
  const failed = failedContactRule(value, rules, { verifier: verifierOf(first, form) });
  // Without a check, a filled-in field still gets the valid style, as in the theme.
  const valid = rules.length > 0 ? failed === null : value !== '' ? true : null;
  return { name, label: labelOf(first), valid, failed };
}

/** Everything a submit needs: one check per visible field (form order) and the pairs to send. */
export function readForm(form: HTMLFormElement): { checks: ContactFieldCheck[]; fields: ContactField[] } {
  const names = [...new Set(visibleControls(form).map((control) => control.name))];
  const checks = names.map((name) => checkField(form, name)).filter((check): check is ContactFieldCheck => check !== null);
  const fields = sentControlsOf(form).flatMap((control) => valuesOf(control).map((value): ContactField => [control.name, value]));
  return { checks, fields };
}

/** The submit button the theme's checks look at: the one that submitted, else the form's first. */
export function submitButtonOf(form: HTMLFormElement, submitter?: HTMLElement | null): HTMLButtonElement | HTMLInputElement | null {
  if (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) return submitter;
  return form.querySelector<HTMLButtonElement | HTMLInputElement>('button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]');
}

/** The theme marks a button it must not send with `avia_button_inactive`; `disabled` and `aria-disabled` say the same. */
export const INACTIVE_CLASS = 'avia_button_inactive';

export function isInactive(button: HTMLButtonElement | HTMLInputElement | null): boolean {
  if (!button) return false;
  return button.classList.contains(INACTIVE_CLASS) || button.disabled || button.getAttribute('aria-disabled') === 'true';
}
