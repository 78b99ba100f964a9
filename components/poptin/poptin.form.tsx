import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { FormField } from '../../shared/schema/poptin-record.ts';
import { validateEmail } from '../../shared/logic/email.ts';
import { validateName } from '../../shared/logic/name.ts';
import { filterPhoneInput, normalisePhone, validatePhone } from '../../shared/logic/phone.ts';
import { FORM } from '../../shared/constants/widget.ts';
import { t, type MessageKey } from '../../shared/i18n/index.ts';

/** The key each field kind submits under (widget spec section 3 "Form fields and submission"). */
const SUBMISSION_KEY: Record<FormField['kind'], string> = {
  email: 'email',
  name: 'name',
  first_name: 'first_name',
  last_name: 'last_name',
  phone: 'phone',
  checkbox: 'checkbox_checked',
  message: 'message',
  hidden: 'hidden',
};

const INPUT_TYPE: Partial<Record<FormField['kind'], string>> = { email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Partial<Record<FormField['kind'], string>> = {
  email: 'email',
  name: 'name',
  first_name: 'given-name',
  last_name: 'family-name',
  phone: 'tel',
};

/**
 * Keys that edit a field. Only these clear an error on keyup: releasing the Enter that submitted
 * the form (or a Tab that moved focus) must not wipe the message it just produced.
 */
const isEditingKey = (key: string) => key.length === 1 || key === 'Backspace' || key === 'Delete';

type FieldErrors = Record<string, { key: MessageKey; values?: Record<string, string> } | { native: string }>;

/** Checks one field the way the spec says; returns the message to show, or null. */
function checkField(field: FormField, input: HTMLInputElement | HTMLTextAreaElement): FieldErrors[string] | null {
  const value = input.value;
  if (field.kind === 'checkbox') {
    const required = field.required ?? false;
    return required && !(input as HTMLInputElement).checked ? { native: input.validationMessage } : null;
  }
  if (value.trim() === '') return field.required ? { native: input.validationMessage } : null;
  if (field.kind === 'email') {
    const result = validateEmail(value);
    return result.valid ? null : { key: 'emailTypos' };
  }
  if (field.kind === 'name' || field.kind === 'first_name' || field.kind === 'last_name') {
    return validateName(value, field.required ?? false).valid ? null : { key: 'nameLength' };
  }
  if (field.kind === 'phone') return validatePhone(value).valid ? null : { key: 'phoneDigits' };
  return input.checkValidity() ? null : { native: input.validationMessage };
}

export interface PoptinFormProps {
  fields: FormField[];
  buttonText: string;
  lang: string;
  /** Set once the lead went through and there is no thank-you screen: the button says so. */
  sent: boolean;
  busy: boolean;
  /** The server's reason when it refused the lead. */
  error: string | null;
  onSubmit: (values: Record<string, string>) => void;
}

/**
 * The lead form: labelled fields from the record, checked on submit with the spec's messages
 * under each field; on failure the form shakes and focus goes to the first bad field.
 */
export function PoptinForm({ fields, buttonText, lang, sent, busy, error, onSubmit }: PoptinFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [shaking, setShaking] = useState(false);
  const [empty, setEmpty] = useState(false);
  const visible = fields.filter((field) => field.kind !== 'hidden');

  const inputOf = (field: FormField) =>
    form.current?.elements.namedItem(field.name) as HTMLInputElement | HTMLTextAreaElement | null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || sent) return;
    const found: FieldErrors = {};
    const values: Record<string, string> = {};
    let anyValue = false;
    for (const field of fields) {
      const input = inputOf(field);
      if (!input) continue;
      const problem = checkField(field, input);
      if (problem) found[field.name] = problem;
      const key = SUBMISSION_KEY[field.kind];
      if (field.kind === 'checkbox') {
        values[key] = (input as HTMLInputElement).checked ? '1' : '0';
        anyValue ||= (input as HTMLInputElement).checked;
      } else {
        const value = field.kind === 'phone' ? normalisePhone(input.value.trim()) : input.value.trim();
        if (value) values[key] = value;
        anyValue ||= field.kind !== 'hidden' && value !== '';
      }
    }
    setErrors(found);
    // The form counts only with at least one value (widget spec section 5).
    setEmpty(!anyValue);
    if (Object.keys(found).length || !anyValue) {
      setShaking(false);
      requestAnimationFrame(() => setShaking(true));
      const first = visible.find((field) => found[field.name]) ?? visible[0];
      if (first) inputOf(first)?.focus();
      return;
    }
    onSubmit(values);
  }

  function clearOnKeyUp(field: FormField) {
    if (!errors[field.name] && !empty) return;
    const { [field.name]: _cleared, ...rest } = errors;
    setErrors(rest);
    setEmpty(false);
  }

  function acceptSuggestion(event: KeyboardEvent<HTMLInputElement>) {
    // Tab or right arrow autofills the suggested domain (widget spec section 5).
    if (!suggestion || (event.key !== 'Tab' && event.key !== 'ArrowRight')) return;
    event.currentTarget.value = suggestion;
    setSuggestion(null);
  }

  const message = (error: FieldErrors[string]) => ('native' in error ? error.native : t(lang, error.key, error.values));

  return (
    <form ref={form} noValidate onSubmit={submit} className={shaking ? 'shake' : undefined} onAnimationEnd={() => setShaking(false)}>
      {fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const problem = errors[field.name];
        const describedBy = problem ? `${fieldId}-error` : suggestion && field.kind === 'email' ? `${fieldId}-hint` : undefined;
        if (field.kind === 'hidden') {
          return <input key={field.name} type="hidden" name={field.name} value={String(field.value ?? '')} />;
        }
        const className = `field ${field.kind === 'checkbox' ? 'checkbox' : ''} ${problem ? 'error' : ''} ${empty ? 'empty' : ''}`;
        if (field.kind === 'checkbox') {
          return (
            <div key={field.name} className={className}>
              <input
                id={fieldId}
                type="checkbox"
                name={field.name}
                required={field.required}
                defaultChecked={field.value === true}
                aria-invalid={problem ? true : undefined}
                aria-describedby={describedBy}
                onChange={() => clearOnKeyUp(field)}
              />
              <label htmlFor={fieldId}>{field.label}</label>
              {problem && (
                <p id={`${fieldId}-error`} className="message error">
                  {message(problem)}
                </p>
              )}
            </div>
          );
        }
        const common = {
          id: fieldId,
          name: field.name,
          placeholder: field.placeholder,
          required: field.required,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': describedBy,
          onKeyUp: (event: KeyboardEvent<HTMLElement>) => isEditingKey(event.key) && clearOnKeyUp(field),
        };
        return (
          <div key={field.name} className={className}>
            <label htmlFor={fieldId}>{field.label}</label>
            {field.kind === 'message' ? (
              <textarea {...common} rows={3} />
            ) : (
              <input
                {...common}
                type={INPUT_TYPE[field.kind] ?? 'text'}
                autoComplete={AUTOCOMPLETE[field.kind]}
                maxLength={
                  field.kind === 'email' ? FORM.EMAIL_MAX_LENGTH : field.kind === 'phone' ? undefined : FORM.NAME_MAX_LENGTH
                }
                dir={field.kind === 'email' || field.kind === 'phone' ? 'ltr' : undefined}
                onInput={(event) => {
                  const input = event.currentTarget;
                  if (field.kind === 'phone') input.value = filterPhoneInput(input.value);
                  if (field.kind === 'email') setSuggestion(validateEmail(input.value).suggestion ?? null);
                }}
                onKeyDown={field.kind === 'email' ? acceptSuggestion : undefined}
              />
            )}
            {field.kind === 'email' && suggestion && !problem && (
              <p id={`${fieldId}-hint`} className="message hint" aria-live="polite">
                {t(lang, 'didYouMean', { suggestion })}
              </p>
            )}
            {problem && (
              <p id={`${fieldId}-error`} className="message error">
                {message(problem)}
              </p>
            )}
          </div>
        );
      })}
      {empty && (
        <p className="message error" role="alert">
          {t(lang, 'formEmpty')}
        </p>
      )}
      {error && (
        <p part="alert" role="alert">
          {t(lang, 'sendFailed', { reason: error })}
        </p>
      )}
      <button part="button" type="submit" aria-disabled={busy || sent ? true : undefined}>
        {sent ? t(lang, 'sentSuccessfully') : buttonText}
      </button>
    </form>
  );
}
