/**
 * Types of the contact form machine (content-site spec 001, sections 4, 5, 7 and 8).
 */
import type { ContactRule } from '../../shared/logic/contact.ts';

/** The outcome of one field's checks, as the view ran them on submit. */
export interface ContactFieldCheck {
  /** The field's `name` (its key in the post). */
  name: string;
  /** What the visitor reads as the field's name: its label text, for the error message. */
  label: string;
  /**
   * `true`: it passed every check of its classes (or has none and holds a value): valid style.
   * `false`: a check failed: error style. `null`: no check and no value: neither style.
   */
  valid: boolean | null;
  /** The first check that failed, or `null`. */
  failed: ContactRule | null;
}

/** One `name=value` pair of the post, in form order, not yet encoded. Checkboxes are `'true'` or `''`. */
export type ContactField = readonly [name: string, value: string];

/**
 * What the send answered, read by the view (the machine never sees the network). The HTML is the
 * server's, unsanitized: the view sanitizes it where it inserts it.
 */
export type ContactSendResult =
  /** The answer held the response container (or, for a plain ajax answer, was one): its inner HTML. */
  | { ok: true; response: string }
  /** The answer held the error container (its outer HTML), or nothing usable (`null`). */
  | { ok: false; error: string | null };

/** What the view knows when the form starts. */
export interface ContactFormInput {
  /**
   * Where to send the visitor after a successful send (`redirect`), or `null`/empty to show the
   * response instead. Anything but an http(s) or relative address is ignored (see `safeRedirectUrl`).
   */
  redirect?: string | null;
}

export interface ContactFormContext {
  /** The checks of the last submit, one per field; empty before the first submit. */
  checks: ContactFieldCheck[];
  /** The fields being sent (set when a send starts). */
  fields: ContactField[];
  /** The redirect address when it is safe to follow, else `null`. */
  redirect: string | null;
  /** The response container's HTML after a successful send, else `null`. */
  response: string | null;
  /** The error container's HTML after a failed send (`null`: the answer had none, or the network failed). */
  error: string | null;
}

export type ContactFormEvent =
  /**
   * The visitor submitted the form (button, Enter). `checks` are the fields' checks the view ran,
   * `fields` what would be sent, `inactive` whether the submit button is marked inactive.
   * Ignored while sending and after success.
   */
  | { type: 'SUBMIT'; checks: ContactFieldCheck[]; fields: ContactField[]; inactive: boolean }
  /**
   * One field checked again after the visitor changed it (only fields of the last submit's checks
   * are updated, so a pristine form shows no styles).
   */
  | { type: 'FIELD.CHECK'; check: ContactFieldCheck }
  /** The `redirect` setting changed. */
  | { type: 'REDIRECT.SET'; redirect: string | null };

/** Emitted events; the element dispatches each as `kite-contact-form-<type>`. */
export type ContactFormEmitted =
  /** A submit found failing checks; nothing is sent. `fields`: the failing fields' names, `labels`: their labels, in form order. */
  | { type: 'invalid'; fields: string[]; labels: string[] }
  /** The send started. `fields`: the names being sent. */
  | { type: 'sending'; fields: string[] }
  /** The server accepted the message. `redirect`: where the visitor goes next, or `null` (the response is shown). */
  | { type: 'success'; redirect: string | null }
  /** The send failed: `rejected` (the server answered an error container or an unusable answer) or `network`. */
  | { type: 'error'; reason: 'rejected' | 'network' }
  /** After `success`, when a redirect is set: the view sends the visitor to `url`. */
  | { type: 'redirect'; url: string };
