import { REDIRECT } from '../constants/redirect.ts';
import { APP_SCHEMES, redirectUrl, redirectWithFormData } from '../logic/redirect.ts';
import { urlScheme } from '../logic/button-url.ts';

/** How a redirect went: in this tab, in a new window, through the hidden link, or not at all (refused address). */
export type RedirectOutcome = 'same-tab' | 'new-window' | 'link' | 'refused';

export interface RedirectOptions {
  /** `_blank`: a new tab (`poptin_design_redirect_target`). Default this tab. */
  target?: '_self' | '_blank' | string;
  /** A mobile pop-up: an address of only digits and symbols is a number to call. */
  mobile?: boolean;
  /** `poptin_design_redirect_send_form_data`: these values go into the address's query. */
  formData?: Record<string, string> | null;
}

/**
 * Redirects the visitor (widget spec section 4 "Redirect"): the address is checked and completed
 * by `redirectUrl` (never a `javascript:`, `data:` or `vbscript:` URL). A new tab is opened with
 * `window.open`; if the browser blocks it, a hidden link with a named target is clicked; if that
 * opened nothing either (the name finds no window `REDIRECT.LINK_FALLBACK_MS` later), this tab
 * goes. `tel:`, `sms:` and `mailto:` always go in this tab. Resolves with how it went.
 */
export function redirect(raw: unknown, options: RedirectOptions = {}): Promise<RedirectOutcome> {
  let url = redirectUrl(raw, { mobile: options.mobile });
  if (url === null) {
    console.warn('Kite: redirect refused: not an address that may be followed');
    return Promise.resolve('refused');
  }
  if (options.formData) url = redirectWithFormData(url, options.formData);
  const scheme = urlScheme(url);
  if (options.target !== '_blank' || (scheme !== null && APP_SCHEMES.has(scheme))) {
    location.assign(url);
    return Promise.resolve('same-tab');
  }
  const opened = window.open(url, '_blank');
  if (opened) {
    try {
      opened.opener = null;
    } catch {
      /* the new page is on another origin already: it cannot reach us either */
    }
    return Promise.resolve('new-window');
  }
  // Blocked: a link the visitor could have clicked, with a name, so we can tell whether it opened.
  const name = `${REDIRECT.WINDOW_NAME_PREFIX}${Math.random().toString(36).slice(2)}`;
  const link = document.createElement('a');
  link.href = url;
  link.target = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  return new Promise((resolve) => {
    setTimeout(() => {
      let found: Window | null = null;
      try {
        found = window.open('', name);
      } catch {
        found = null;
      }
      if (!found) {
        location.assign(url!);
        return resolve('same-tab');
      }
      try {
        // Not the link's window but a fresh blank one: send it where the link should have.
        if (found.location.href === 'about:blank') found.location.replace(url!);
      } catch {
        /* another origin: the link's page is loading there */
      }
      try {
        found.opener = null;
      } catch {
        /* another origin */
      }
      resolve('link');
    }, REDIRECT.LINK_FALLBACK_MS);
  });
}

/**
 * The redirect after a submit, from a pop-up record's settings (`poptin_design_redirect`,
 * `poptin_design_redirect_url`, `poptin_design_redirect_target`,
 * `poptin_design_redirect_send_form_data`; a `mobile` pop-up's digits become `tel:`). Returns
 * null when the record asks for no redirect.
 */
export function redirectAfterSubmit(
  record: { poptin_type: string; design_properties: object },
  values: Record<string, string>,
): Promise<RedirectOutcome> | null {
  const settings = record.design_properties as {
    poptin_design_redirect?: boolean;
    poptin_design_redirect_url?: string;
    poptin_design_redirect_target?: string;
    poptin_design_redirect_send_form_data?: boolean;
  };
  if (!settings.poptin_design_redirect || !settings.poptin_design_redirect_url) return null;
  return redirect(settings.poptin_design_redirect_url, {
    target: settings.poptin_design_redirect_target,
    mobile: record.poptin_type === 'mobile',
    formData: settings.poptin_design_redirect_send_form_data ? values : null,
  });
}
