import { useEffect, useId, useRef, useState, type SyntheticEvent, type KeyboardEvent } from 'react';
import type { FieldKind, FormField } from '../../shared/schema/poptin-record.ts';
import { filterPhoneInput } from '../../shared/logic/phone-input.ts';
import { CORE_FORM_KEY, FORM } from '../../shared/constants/widget.ts';
import { t } from '../../shared/i18n/index.ts';
import { isCoreField, needsExtraFields } from '../../shared/widget/record-needs.ts';
import type { Problem } from './form/problem.ts';
import { REDIRECT_LINK, type RedirectLink, type SubmittedValues } from '../../machines/poptin/poptin.types.ts';

const INPUT_TYPE: Partial<Record<FieldKind, string>> = { email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Partial<Record<FieldKind, string>> = {
  email: 'email',
  name: 'name',
  first_name: 'given-name',
  last_name: 'family-name',
  phone: 'tel',
};

const isBusiness = (field: FormField) => field.kind === 'email' && (field.mode === 'business-email' || field.mode === 'typos-business');

/**
 * Keys that edit a field. Only these clear an error on keyup: releasing the Enter that submitted
 * the form (or a Tab that moved focus) must not wipe the message it just produced.
 */
export const isEditingKey = (key: string) => key.length === 1 || key === 'Backspace' || key === 'Delete';

type FieldErrors = Record<string, Problem>;
type Control = HTMLInputElement | HTMLTextAreaElement;

type Extra = typeof import('./form/fields.tsx');
let extraModule: Promise<Extra> | undefined;
let extraLoaded: Extra | null = null;
/** The other field kinds: loaded only for a form that has one, so a plain email form never pays for them. */
const loadExtra = () =>
  (extraModule ??= import('./form/fields.tsx').then((module) => (extraLoaded = module)));

type Checks = typeof import('./form/core-checks.ts');
let checksModule: Promise<Checks> | undefined;
let checksLoaded: Checks | null = null;
/**
 * The core fields' checks: fetched after the first frame (the form's effect), awaited by a submit
 * and a typed email's suggestion; a failed fetch is tried again at the next use.
 */
const loadChecks = () =>
  (checksModule ??= import('./form/core-checks.ts').then(
    (module) => (checksLoaded = module),
    (failure: unknown) => {
      checksModule = undefined;
      throw failure;
    },
  ));


/** The API base of the pop-up this form is in (its `kite-poptin` host's `api`), for the business-email lists. */
function apiOf(form: HTMLFormElement): string | null {
  const root = form.getRootNode();
  return root instanceof ShadowRoot ? root.host.getAttribute('api') : null;
}

export interface PoptinFormProps {
  fields: FormField[];
  buttonText: string;
  lang: string;
  /** The visitor's country (the display answer's `cc`): the international phone field's default when the field names none. */
  country?: string;
  /** Set once the lead went through and there is no thank-you screen: the button says so. */
  sent: boolean;
  busy: boolean;
  /** The server's reason when it refused the lead. */
  error: string | null;
  /** The values as sent; a redirect link that submitted them is attached under `REDIRECT_LINK`. */
  onSubmit: (values: SubmittedValues) => void;
}

/**
 * The lead form (widget spec sections 3 and 5): labelled fields from the record, checked on
 * submit with the spec's messages under each field. On failure the form shakes (not on mobile),
 * the email field (else the first) is marked empty until it is edited, and focus goes to the
 * first bad field. Field kinds beyond the plain ones load on demand (form/fields.tsx).
 */
export function PoptinForm({ fields, buttonText, lang, country, sent, busy, error, onSubmit }: PoptinFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [shaking, setShaking] = useState(false);
  const [noValues, setNoValues] = useState(false);
  /** The field marked empty after a failed submit (the email, else the first). */
  const [emptyTarget, setEmptyTarget] = useState<string | null>(null);
  const checking = useRef(false);
  const needsExtra = needsExtraFields(fields);
  const [extra, setExtra] = useState<Extra | null>(extraLoaded);
  const visible = fields.filter((field) => field.kind !== 'hidden');

  useEffect(() => {
    if (!checksLoaded) loadChecks().catch((failure: Error) => console.warn(`Kite: form checks did not load: ${failure.message}`));
  }, []);

  useEffect(() => {
    if (needsExtra && !extra) loadExtra().then(setExtra, (failure: Error) => console.warn(`Kite: form fields did not load: ${failure.message}`));
    // A business-email check downloads its list shard at submit: fetch the code for it now.
    if (fields.some(isBusiness)) void import('./form/business-email.ts').catch(() => undefined);
  }, [needsExtra, extra, fields]);

  const inputOf = (field: FormField) => form.current?.elements.namedItem(field.name) as Control | null;

  async function submit(event: SyntheticEvent | null, how: { link?: RedirectLink; call?: boolean } = {}) {
    event?.preventDefault();
    const element = form.current;
    if (busy || sent || checking.current || !element) return;
    checking.current = true;
    try {
      const { checkCore, valueOfCore } = checksLoaded ?? (await loadChecks());
      const module = needsExtra ? (extra ?? (await loadExtra())) : null;
      const found: FieldErrors = {};
      const values: SubmittedValues = {};
      let anyValue = false;
      for (const field of fields) {
        const input = isCoreField(field) ? inputOf(field) : null;
        if (!input) continue;
        const problem = checkCore(field, input);
        const value = valueOfCore(field, input) || (field.kind === 'hidden' ? String(field.value ?? '') : '');
        if (problem) found[field.name] = problem;
        if (value) values[field.extra?.property_name ?? field.key ?? CORE_FORM_KEY[field.kind]!] = value;
        // The form counts only with at least one value; a checkbox counts when checked (widget spec section 5).
        if (field.kind === 'checkbox' ? value === '1' : field.kind !== 'hidden' && value) anyValue = true;
      }
      // The other kinds, and newExtraFields for custom fields.
      if (module && (await module.collectFields(fields, element, values, found, isCoreField))) anyValue = true;
      // Business mode: the domain against its downloaded list shard (never blocks when the shard is unreachable).
      if (fields.some(isBusiness)) await (await import('./form/business-email.ts')).checkBusinessEmails(fields, values, found, apiOf(element));

      // A call button's tap is the conversion itself: it is sent whatever the other fields hold.
      if (!how.call && (Object.keys(found).length || !anyValue)) {
        setErrors(found);
        setNoValues(!anyValue);
        const target = (visible.find((field) => field.kind === 'email') ?? visible[0])?.name ?? null;
        setEmptyTarget(target);
        if (!matchMedia(FORM.MOBILE_QUERY).matches) {
          setShaking(false);
          requestAnimationFrame(() => setShaking(true));
        }
        const first = visible.find((field) => found[field.name]) ?? visible.find((field) => field.name === target);
        if (first) element.querySelector<HTMLElement>(`[name="${CSS.escape(first.name)}"]`)?.focus();
        return;
      }
      setErrors({});
      setNoValues(false);
      setEmptyTarget(null);
      if (how.link) values[REDIRECT_LINK] = how.link;
      onSubmit(values);
    } finally {
      checking.current = false;
    }
  }

  function clearOnKeyUp(field: FormField) {
    if (!errors[field.name] && !noValues && emptyTarget !== field.name) return;
    const { [field.name]: _cleared, ...rest } = errors;
    setErrors(rest);
    setNoValues(false);
    if (emptyTarget === field.name) setEmptyTarget(null);
  }

  function acceptSuggestion(event: KeyboardEvent<HTMLInputElement>) {
    // Tab or right arrow autofills the suggested domain (widget spec section 5).
    if (!suggestion || (event.key !== 'Tab' && event.key !== 'ArrowRight')) return;
    event.currentTarget.value = suggestion;
    setSuggestion(null);
  }

  const message = (problem: Problem) =>
    'text' in problem ? problem.text : t(problem.lang ?? lang, problem.key, problem.values);

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => void submit(event)}
      className={shaking ? 'shake' : undefined}
      onAnimationEnd={() => setShaking(false)}
    >
      {fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const problem = errors[field.name];
        const errorId = `${fieldId}-error`;
        const describedBy = problem ? errorId : suggestion && field.kind === 'email' ? `${fieldId}-hint` : undefined;
        if (field.kind === 'hidden') {
          return <input key={field.name} type="hidden" name={field.name} value={String(field.value ?? '')} />;
        }
        const marked = emptyTarget === field.name;
        const className = `field${field.kind === 'checkbox' ? ' checkbox' : ''}${problem || marked ? ' error' : ''}${marked ? ' empty' : ''}`;
        const errorText = problem && (
          <p id={errorId} className="message error" lang={problem.lang}>
            {message(problem)}
          </p>
        );
        if (!isCoreField(field)) {
          // Until its code has arrived the field takes its place, so nothing below it moves.
          return extra ? (
            <extra.ExtraField
              key={field.name}
              field={field}
              id={fieldId}
              className={className}
              describedBy={describedBy}
              invalid={Boolean(problem)}
              lang={lang}
              country={country}
              error={errorText}
              onEdit={() => clearOnKeyUp(field)}
              onLink={(link) => void submit(null, { link })}
              onCall={() => void submit(null, { call: true })}
            />
          ) : (
            <div key={field.name} className="field" aria-busy="true" />
          );
        }
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
              {errorText}
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
                maxLength={field.kind === 'email' ? FORM.EMAIL_MAX_LENGTH : field.kind === 'phone' ? undefined : FORM.NAME_MAX_LENGTH}
                dir={field.kind === 'email' || field.kind === 'phone' ? 'ltr' : undefined}
                onInput={(event) => {
                  const input = event.currentTarget;
                  if (field.kind === 'phone') input.value = filterPhoneInput(input.value);
                  if (field.kind === 'email') {
                    const suggest = ({ emailSuggestion }: Checks) => setSuggestion(emailSuggestion(field, input.value));
                    if (checksLoaded) suggest(checksLoaded);
                    else loadChecks().then(suggest, () => undefined);
                  }
                }}
                onKeyDown={field.kind === 'email' ? acceptSuggestion : undefined}
              />
            )}
            {field.kind === 'email' && suggestion && !problem && (
              <p id={`${fieldId}-hint`} className="message hint" aria-live="polite">
                {t(lang, 'didYouMean', { suggestion })}
              </p>
            )}
            {errorText}
          </div>
        );
      })}
      {noValues && (
        <p className="message error" role="alert">
          {t(lang, 'formEmpty')}
        </p>
      )}
      {error && (
        <p part="alert" role="alert">
          {t(lang, 'sendFailed', { reason: error })}
        </p>
      )}
      {/* The click submits, not the form's submit event: a frame sandboxed without allow-forms never fires that. */}
      <button part="button" type="submit" aria-disabled={busy || sent ? true : undefined} onClick={(event) => void submit(event)}>
        {sent ? t(lang, 'sentSuccessfully') : buttonText}
      </button>
    </form>
  );
}
