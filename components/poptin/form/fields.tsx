/**
 * The lead form's other field kinds (widget spec sections 3 and 5): birthday and date (the
 * native, accessible date picker, or a typed dd/mm/yyyy field), website, radio groups, selects,
 * checkbox groups, numbers, free text, phone in its advanced and international modes (the phone
 * library loads only for an international field), a mobile pop-up's call button and redirect
 * links. Loaded by poptin.form.tsx only for a form that has one of them.
 *
 * Over 400 lines on purpose: each kind's check, value and input sit together here, so a kind is
 * changed in one place; split by role, one kind would be spread over three files.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FieldKind, FormField } from '../../../shared/schema/poptin-record.ts';
import type { FormValues, RedirectLink } from '../../../machines/poptin/poptin.types.ts';
import { nativeProblem, type Problem } from './problem.ts';
import { FORM } from '../../../shared/constants/widget.ts';
import { FORM_KEY } from '../../../shared/constants/form-keys.ts';
import { t } from '../../../shared/i18n/index.ts';
import { formatDmy, formatIso, normaliseDateInput, parseDate, todayOf, toDmy, validateBirthday, validateDate } from '../../../shared/logic/date.ts';
import { filterNumberInput, isNumberKey, roundNumberInput } from '../../../shared/logic/number.ts';
import { phoneForSubmit, validatePhone } from '../../../shared/logic/phone.ts';
import { normaliseWebsite, validateWebsite } from '../../../shared/logic/website.ts';
import { redirectUrl } from '../../../shared/logic/redirect.ts';
import { fieldStyles } from './fields.styles.ts';
import { adoptStyles } from '../../../shared/dom/adopt-styles.ts';

type PhoneLibrary = typeof import('../../../shared/logic/phone-international.ts');
let phoneLibrary: Promise<PhoneLibrary> | undefined;
let phoneLoaded: PhoneLibrary | null = null;
/** libphonenumber-js, in its own chunk: fetched only when an international phone field shows. */
const loadPhoneLibrary = () =>
  (phoneLibrary ??= import('../../../shared/logic/phone-international.ts').then((module) => (phoneLoaded = module)));

/** The country picker's name: the phone field's name and this. */
const COUNTRY_SUFFIX = '-country';
/** Countries offered before the phone library has arrived with the rest. */
const DEFAULT_COUNTRY = 'US';

/** Autocomplete tokens of the free fields, by submission key. */
const AUTOCOMPLETE: Record<string, string> = {
  country: 'country-name',
  state: 'address-level1',
  city: 'address-level2',
  address: 'street-address',
  zip_postal_code: 'postal-code',
  gender: 'sex',
};

const optionsOf = (field: FormField) => (field.options ?? []).map((option) => ({ value: option.value, label: option.label ?? option.value }));
/** Default values of a group: the field's value, comma-separated. */
const defaultsOf = (field: FormField) =>
  typeof field.value === 'string' && field.value ? field.value.split(',').map((value) => value.trim()) : [];

const controls = (form: HTMLFormElement, name: string) =>
  [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[name]')].filter((control) => control.name === name);
const control = (form: HTMLFormElement, name: string) => controls(form, name)[0] ?? null;

const isDate = (kind: FieldKind) => kind === 'date' || kind === 'birthday';

function countryOf(form: HTMLFormElement, field: FormField): string {
  return (control(form, field.name + COUNTRY_SUFFIX)?.value || field.default_country || DEFAULT_COUNTRY).toUpperCase();
}

/** What a field is sent as: a custom field's property name, else its key, else its kind's key, else its name. */
const keyOf = (field: FormField) => field.extra?.property_name ?? field.key ?? FORM_KEY[field.kind] ?? field.name;

/**
 * Checks and collects the fields the core form leaves to this module: their problems go to
 * `found`, their values to `values` (empty dates and default selects send nothing), and custom
 * fields (`extra`, of any kind) are listed in `values.newExtraFields` with their metadata
 * (widget spec section 3). Resolves true when one of them holds a value.
 */
export async function collectFields(
  fields: FormField[],
  form: HTMLFormElement,
  values: FormValues,
  found: Record<string, Problem>,
  /** The core form's test of what it handles itself (passed in: importing it would pull the core form into this lazy chunk). */
  isCore: (field: FormField) => boolean,
): Promise<boolean> {
  let anyValue = false;
  const extraFields: Array<Record<string, unknown>> = [];
  for (const field of fields) {
    if (field.kind === 'call' || field.kind === 'redirect_link') continue;
    if (!isCore(field)) {
      const problem = await checkField(field, form);
      if (problem) found[field.name] = problem;
      const value = valueOfField(field, form);
      if (value !== null) {
        values[keyOf(field)] = value;
        anyValue = true;
      }
    }
    if (field.extra) {
      const { type, name, ...meta } = field.extra;
      extraFields.push({
        ...meta,
        type: type ?? field.kind,
        name: name ?? field.label,
        placeholder: field.placeholder ?? '',
        value: values[keyOf(field)] ?? '',
        property_name: keyOf(field),
      });
    }
  }
  if (extraFields.length) values.newExtraFields = JSON.stringify(extraFields);
  return anyValue;
}

/** Checks a field (widget spec section 5); the problem, or null. Empty optional fields are skipped. */
async function checkField(field: FormField, form: HTMLFormElement, now = new Date()): Promise<Problem | null> {
  if (field.kind === 'radio' || field.kind === 'checkbox_group') {
    const checked = controls(form, field.name).some((input) => (input as HTMLInputElement).checked);
    return field.required && !checked ? { key: 'choiceRequired' } : null;
  }
  const input = control(form, field.name);
  if (!input) return null;
  const value = input.value.trim();
  // Empty dates and selects left on their default option are skipped; required ones say so natively.
  if (value === '') return field.required ? nativeProblem(input) : null;
  switch (field.kind) {
    case 'birthday':
      return validateBirthday(value, now).valid ? null : { key: 'birthdayInvalid' };
    case 'date':
      return validateDate(value).valid ? null : { key: 'dateInvalid' };
    case 'url':
      return validateWebsite(value).valid ? null : { key: 'urlInvalid' };
    case 'phone': {
      if (field.mode === 'advanced') {
        const result = validatePhone(value, { mode: 'advanced' });
        // The spec gives the advanced mode's message in Hebrew only, whatever the page's language:
        // the check carries it, so an English page fetches no Hebrew file for it.
        return result.valid ? null : { text: result.message!, lang: 'he' };
      }
      const library = phoneLoaded ?? (await loadPhoneLibrary().catch(() => null));
      const result = validatePhone(value, { mode: 'international', country: countryOf(form, field) }, library?.checkInternationalPhone);
      return result.valid ? null : { key: 'phoneInternational' };
    }
    default:
      return input.checkValidity() ? null : nativeProblem(input);
  }
}

/** What a field sends: text, a list (checkbox group), or null when it sends nothing. */
function valueOfField(field: FormField, form: HTMLFormElement): string | string[] | null {
  if (field.kind === 'checkbox_group') {
    const checked = controls(form, field.name).filter((input) => (input as HTMLInputElement).checked).map((input) => input.value);
    return checked.length ? checked : null;
  }
  if (field.kind === 'radio') {
    return (controls(form, field.name).find((input) => (input as HTMLInputElement).checked)?.value ?? null) || null;
  }
  const value = control(form, field.name)?.value.trim() ?? '';
  if (!value) return null;
  if (isDate(field.kind)) return toDmy(value);
  if (field.kind === 'url') return normaliseWebsite(value);
  if (field.kind === 'number') return roundNumberInput(value) || null;
  if (field.kind === 'phone') {
    if (field.mode === 'advanced') return value.replace(/[-\s()]/g, '');
    // "On submit ... leading 0 stripped, dial code of selected country prefixed with + unless present."
    return phoneForSubmit(value, phoneLoaded?.dialCodeOf(countryOf(form, field)) ?? '');
  }
  return value;
}

export interface ExtraFieldProps {
  field: FormField;
  id: string;
  className: string;
  describedBy: string | undefined;
  invalid: boolean;
  lang: string;
  /** The visitor's country: the international phone field's default when the field names none. */
  country?: string;
  /** The error message element, or a falsy value. */
  error: ReactNode;
  /** The visitor changed the field: its error goes. */
  onEdit: () => void;
  /** A redirect link was clicked. */
  onLink: (link: RedirectLink) => void;
  /** The call button was tapped. */
  onCall: () => void;
}

/** One field of a kind the core form does not render itself. */
export function ExtraField(props: ExtraFieldProps) {
  const { field, id, className, describedBy, invalid, lang, country, error, onEdit } = props;
  const root = useRef<HTMLDivElement & HTMLFieldSetElement & HTMLAnchorElement>(null);
  // The field kinds' styles join the pop-up's shadow root when the first of them shows.
  useLayoutEffect(() => {
    if (root.current) adoptStyles(root.current.getRootNode(), fieldStyles);
  }, []);
  const edited = (event: KeyboardEvent<HTMLElement>) => (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete') && onEdit();
  const aria = { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy } as const;

  if (field.kind === 'call') {
    const number = String(field.value ?? '').replace(/[^\d+*#]/g, '');
    return (
      <a ref={root} part="button call" className="call" href={`tel:${number}`} onClick={props.onCall}>
        {field.label}
      </a>
    );
  }
  if (field.kind === 'redirect_link') {
    const url = redirectUrl(String(field.value ?? ''));
    if (!url) return null;
    const target = field.target ?? '_self';
    return (
      <a
        ref={root}
        part="redirect-link"
        className="redirect-link"
        href={url}
        target={target}
        rel={target === '_blank' ? 'noopener' : undefined}
        onClick={(event) => {
          // This tab goes there after the lead is sent; a new tab opens with the click itself.
          if (target === '_self') event.preventDefault();
          props.onLink({ url, target });
        }}
      >
        {field.label}
      </a>
    );
  }
  if (field.kind === 'radio' || field.kind === 'checkbox_group') {
    const radio = field.kind === 'radio';
    const options = optionsOf(field);
    const defaults = defaultsOf(field);
    // "Required radio groups default to the first option" (widget spec section 5).
    const checked = (value: string, index: number) =>
      defaults.length ? defaults.includes(value) : radio && field.required === true && index === 0;
    return (
      <fieldset ref={root} className={`${className} group`} aria-describedby={describedBy}>
        <legend>{field.label}</legend>
        <div className="choices">
          {options.map((option, index) => (
            <label key={option.value} className="choice">
              <input
                type={radio ? 'radio' : 'checkbox'}
                name={field.name}
                value={option.value}
                defaultChecked={checked(option.value, index)}
                aria-invalid={invalid ? true : undefined}
                onChange={onEdit}
              />
              {option.label}
            </label>
          ))}
        </div>
        {error}
      </fieldset>
    );
  }
  return (
    <div ref={root} className={className}>
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'select' ? (
        <select id={id} name={field.name} required={field.required} defaultValue={typeof field.value === 'string' ? field.value : ''} {...aria} onChange={onEdit}>
          <option value="">{field.placeholder ?? ''}</option>
          {optionsOf(field).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.kind === 'phone' ? (
        <PhoneInput field={field} id={id} lang={lang} country={country} aria={aria} onKeyUp={edited} onEdit={onEdit} />
      ) : isDate(field.kind) ? (
        <DateInput field={field} id={id} lang={lang} aria={aria} onKeyUp={edited} onEdit={onEdit} />
      ) : (
        <input
          id={id}
          name={field.name}
          type="text"
          placeholder={field.placeholder}
          required={field.required}
          defaultValue={typeof field.value === 'string' ? field.value : undefined}
          maxLength={FORM.NAME_MAX_LENGTH}
          {...(field.kind === 'url'
            ? { inputMode: 'url' as const, autoComplete: 'url', dir: 'ltr' }
            : field.kind === 'number'
              ? { inputMode: 'decimal' as const, dir: 'ltr' }
              : { autoComplete: AUTOCOMPLETE[field.key ?? ''] })}
          {...aria}
          onKeyUp={edited}
          onKeyDown={
            field.kind === 'number'
              ? (event) => {
                  // "Number inputs allow only digits and editing keys" (widget spec section 5).
                  if (!isNumberKey(event.key, event.currentTarget.value, event.ctrlKey || event.metaKey || event.altKey)) event.preventDefault();
                }
              : undefined
          }
          onInput={field.kind === 'number' ? (event) => (event.currentTarget.value = filterNumberInput(event.currentTarget.value)) : undefined}
          onBlur={field.kind === 'number' ? (event) => (event.currentTarget.value = roundNumberInput(event.currentTarget.value)) : undefined}
        />
      )}
      {error}
    </div>
  );
}

interface InputProps {
  field: FormField;
  id: string;
  lang: string;
  /** The visitor's country (ExtraFieldProps). */
  country?: string;
  aria: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  onKeyUp: (event: KeyboardEvent<HTMLElement>) => void;
  onEdit: () => void;
}

/**
 * A date: the browser's own date picker (keyboard and screen-reader accessible, no download),
 * sent as dd/mm/yyyy; or, with `picker: "text"`, a typed dd/mm/yyyy field whose slashes come by
 * themselves. A birthday's picker stops at yesterday.
 */
function DateInput({ field, id, aria, onKeyUp, onEdit }: InputProps) {
  const now = new Date();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const initial = typeof field.value === 'string' ? parseDate(field.value) : null;
  if (field.picker === 'text') {
    return (
      <input
        id={id}
        name={field.name}
        type="text"
        inputMode="numeric"
        autoComplete={field.kind === 'birthday' ? 'bday' : 'off'}
        placeholder={field.placeholder || FORM.DATE_FORMAT}
        pattern="\d{2}/\d{2}/\d{4}"
        required={field.required}
        dir="ltr"
        defaultValue={initial ? formatDmy(initial) : undefined}
        {...aria}
        onKeyUp={onKeyUp}
        onInput={(event) => (event.currentTarget.value = normaliseDateInput(event.currentTarget.value))}
      />
    );
  }
  return (
    <input
      id={id}
      name={field.name}
      type="date"
      autoComplete={field.kind === 'birthday' ? 'bday' : undefined}
      required={field.required}
      max={field.kind === 'birthday' ? formatIso(todayOf(yesterday)) : undefined}
      defaultValue={initial ? formatIso(initial) : undefined}
      {...aria}
      onKeyUp={onKeyUp}
      onChange={onEdit}
    />
  );
}

/**
 * A phone in advanced (Israeli) or international mode. International: a country picker with dial
 * codes beside the number, formatted as it is typed; the phone library arrives on first show.
 */
function PhoneInput({ field, id, lang, country: visitorCountry, aria, onKeyUp, onEdit }: InputProps) {
  const international = field.mode === 'international';
  const [library, setLibrary] = useState<PhoneLibrary | null>(phoneLoaded);
  // The record's country first, then the visitor's (the display answer's `cc`).
  const country = useRef((field.default_country || (/^[a-z]{2}$/i.test(visitorCountry ?? '') && visitorCountry) || DEFAULT_COUNTRY).toUpperCase());
  const number = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (international && !library) loadPhoneLibrary().then(setLibrary, (error: Error) => console.warn(`Kite: phone library did not load: ${error.message}`));
  }, [international, library]);
  const countries = library?.phoneCountries(lang) ?? [{ code: country.current, dialCode: '', name: country.current }];
  const reformat = () => {
    const input = number.current;
    if (input && library) input.value = library.formatPhoneAsYouType(input.value, country.current);
  };
  const input = (
    <input
      ref={number}
      id={id}
      name={field.name}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      dir="ltr"
      placeholder={field.placeholder}
      required={field.required}
      {...aria}
      onKeyUp={onKeyUp}
      onInput={international ? reformat : undefined}
    />
  );
  if (!international) return input;
  return (
    <div className="phone" dir="ltr">
      <select
        name={field.name + COUNTRY_SUFFIX}
        aria-label={t(lang, 'phoneCountry')}
        defaultValue={country.current}
        autoComplete="tel-country-code"
        onChange={(event) => {
          country.current = event.currentTarget.value;
          reformat();
          onEdit();
        }}
      >
        {countries.map((option) => (
          <option key={option.code} value={option.code}>
            {option.dialCode ? `${option.name} (+${option.dialCode})` : option.name}
          </option>
        ))}
      </select>
      {input}
    </div>
  );
}
