/**
 * The pop-up record as the display call returns it (widget spec section 3), documented in
 * docs/poptin-record.md. Field names keep the spec's words, so a record from the provider's
 * backend reads the same here.
 */

import type { ContentBlock } from './blocks.ts';

export type PoptinType =
  | 'lightbox'
  | 'bar'
  | 'sside'
  | 'bside'
  | 'browsing'
  | 'fullpage'
  | 'content'
  | 'social'
  | 'mobile'
  | 'embedded'
  | 'gamified';

/** Horizontal and vertical placement: `left|center|right` + `-` + `top|middle|bottom`. */
export type PoptinLocation = `${'left' | 'center' | 'right'}-${'top' | 'middle' | 'bottom'}`;

export type CloseOptionsType = 'closing_options-x' | 'closing_options-button' | 'closing_options-';

export type Effect =
  | 'none'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'blind'
  | 'fold'
  | 'bounce'
  | 'clip'
  | 'size'
  | 'scale-out'
  | 'explode'
  | 'fade'
  | 'highlight'
  | 'puff'
  | 'pulsate'
  | 'scale'
  | 'shake';

/**
 * What the visitor types into or picks; decides the input, its checks and its submission key
 * (widget spec sections 3 and 5, documented in docs/poptin-record.md "Form fields").
 */
export type FieldKind =
  | 'email'
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'phone'
  /** The consent checkbox: `checkbox_checked` 1 or 0. */
  | 'checkbox'
  | 'message'
  | 'hidden'
  /** A date in the past, sent as dd/mm/yyyy. */
  | 'birthday'
  /** A date, sent as dd/mm/yyyy. */
  | 'date'
  /** A website address (poptinDesignWebsiteField); `http://` added when it has no scheme. */
  | 'url'
  | 'radio'
  | 'select'
  /** Several checkboxes under one legend; the checked values are sent as a list. */
  | 'checkbox_group'
  /** Digits and one dot; rounded to 2 decimals on blur. */
  | 'number'
  /** Free text: gender, country, state, city, address, zip_postal_code, preferences, free fields. */
  | 'text'
  /** A mobile pop-up's call button: a `tel:` link to `value` whose tap is the conversion. */
  | 'call'
  /** A redirect link to `value`: its click submits the form after 1.5 s. */
  | 'redirect_link';

/** One choice of a radio group, select or checkbox group. */
export interface FieldOption {
  value: string;
  /** Shown text; default the value. */
  label?: string;
}

/**
 * A custom field's metadata, sent in `newExtraFields` with its value (widget spec section 3:
 * "Each extra field carries id, type, name, placeholder, value, created_as, created_version,
 * property_name").
 */
export interface ExtraFieldMeta {
  id?: string | number;
  /** The owner's field type (text, radio, checkbox, select, date, url, hidden, ...); default the kind. */
  type?: string;
  /** Default the label. */
  name?: string;
  created_as?: string;
  created_version?: string | number;
  /** The key its value is sent under; default the field's `key`, else its name. */
  property_name?: string;
}

export interface FormField {
  /** The spec's field name, for example `poptinDesignInputTextFieldEmail`. */
  name: string;
  kind: FieldKind;
  /** Visible label; also the accessible name (and the text of `call` and `redirect_link`). */
  label: string;
  placeholder?: string;
  required?: boolean;
  /**
   * Hidden fields submit it; a checkbox with `true` starts checked; radio, select and checkbox
   * groups start on it (a group: several values separated by commas); `call`: the number;
   * `redirect_link`: the address.
   */
  value?: string | boolean;
  /** The submission key, for free fields (`gender`, `country`, `city`, ...); default by kind. */
  key?: string;
  /** radio, select, checkbox_group: the choices in order. */
  options?: FieldOption[];
  /**
   * email: `check-typos` (default), `business-email`, `typos-business`;
   * phone: `basic` (default), `advanced` (Israeli), `international`.
   */
  mode?: 'check-typos' | 'business-email' | 'typos-business' | 'basic' | 'advanced' | 'international';
  /** International phone: the country picked at first, ISO 3166-1 alpha-2 (`IL`). */
  default_country?: string;
  /** Basic phone: which of the spec's two messages a wrong number shows (default `digits`). */
  phone_message?: 'digits' | 'valid';
  /** date and birthday: the native date picker (default) or a typed dd/mm/yyyy field. */
  picker?: 'native' | 'text';
  /** redirect_link: where the link opens (default `_self`). */
  target?: '_self' | '_blank';
  /** A custom field: sent in `newExtraFields` too. */
  extra?: ExtraFieldMeta;
}

export type Block =
  | { type: 'title'; text: string }
  | { type: 'text'; text: string }
  | { type: 'image'; src: string; alt: string }
  | { type: 'form'; fields: FormField[]; button: { text: string } }
  | ContentBlock;

/** Background animations drawn on a canvas behind the content (widget spec section 2). */
export type BackgroundAnimation = 'wheel' | 'starry-sky' | 'ball' | 'snow' | 'rain' | 'confetti';

export interface PoptinDesign {
  /** Blocks stacked (vertical, default) or an image beside the rest (horizontal). */
  layout?: 'vertical' | 'horizontal';
  /** A moving background behind the content; stops when the pop-up closes. */
  background_animation?: BackgroundAnimation;
  /** Design width and height in CSS pixels; the layout scales down to fit the window, never up. */
  width?: number;
  height?: number;
  background_color?: string;
  text_color?: string;
  button_color?: string;
  button_text_color?: string;
  /** The main screen. The first title block labels the dialog. */
  blocks: Block[];
  /** The thank-you screen, shown after a successful submit when `poptin_design_thank_screen` is on. */
  thank_you?: Block[];
  /** The optional welcome screen (widget spec section 2), shown before the main screen: its call to action leads to it. */
  welcome?: WelcomeScreen;
}

/** A first screen with a call to action; the main screen (the form) comes when the visitor takes it. */
export interface WelcomeScreen {
  blocks: Block[];
  /** The call to action's text. */
  button: { text: string };
}

/** When the pop-up shows: the first of these to fire wins (widget spec section 4). */
export interface PoptinTriggers {
  /** Show as soon as the page has loaded. */
  page_load?: boolean;
  /** Show this many seconds after load. */
  seconds?: number;
  /** Show once the visitor has scrolled this share (0 to 100) of the page. */
  scroll_percent?: number;
  /** Show when the mouse leaves through the top of the viewport (desktop). */
  exit_intent?: boolean;
  /**
   * Exit intent on touch devices, which have no mouse: a fast scroll up, or the back button
   * (through a history entry the widget adds after the first tap). Off by default.
   */
  exit_intent_mobile?: boolean;
  /** Show after this many seconds without a mouse move, key, touch, scroll or click. */
  inactivity_seconds?: number;
  /** Show at the visitor's this-many-th click on the page. */
  click_count?: number;
  /** Show from the this-many-th page of the visit (session) on. */
  page_visit_count?: number;
  /**
   * A click on a link or button carrying the pop-up id (its `data-poptin` attribute, a class,
   * or an `href` ending in `#{id}`) opens it, even after it closed. Default true; false ignores such clicks.
   */
  on_click?: boolean;
}

/** `cookie_filter` (widget spec section 3 "Filters"): show or hide by the page's cookies. */
export interface CookieFilter {
  /** The filter applies only when true. */
  display_if_specific_cookie_active?: boolean;
  /** Every rule must pass. `show`: role and match separated by `@` (`show@equals`, `hide@exists`, `show@contains`). */
  rules?: Array<{ name: string; value?: string; show?: string }>;
}

/** `js_filter`: the same with global values read by path (`dataLayer.0.plan`), never by evaluating code. */
export interface JsFilter {
  display_if_specific_js_active?: boolean;
  /** The paths, values and `show` settings, position by position. */
  js_name_pair?: string[];
  js_value_pair?: string[];
  js_show_pair?: string[];
}

/** design_properties, widget spec section 3: the settings the widget reads. */
export interface DesignProperties {
  poptin_location?: PoptinLocation;
  poptin_design_close_options_type?: CloseOptionsType;
  /** Skip button label for `closing_options-button`. */
  poptin_design_close_button_text?: string;
  poptin_design_show_x_comment?: string;
  poptin_design_show_x_after_sec?: number;
  poptin_design_auto_close?: boolean;
  poptin_design_auto_close_sec?: number;
  poptin_design_close_on_screen_click?: boolean;
  poptin_design_entry_effect?: Effect;
  poptin_design_exit_effect?: Effect;
  poptin_design_thank_screen?: boolean;
  thank_screen_auto_close?: boolean;
  auto_close_sec?: number;
  poptin_design_redirect?: boolean;
  poptin_design_redirect_url?: string;
  /** `_blank`: the redirect opens a new tab (blocked: a hidden link, then this tab). Default `_self`. */
  poptin_design_redirect_target?: '_self' | '_blank';
  /** Append the form's values to the redirect address as query parameters. */
  poptin_design_redirect_send_form_data?: boolean;
  /** The consent checkbox is required, unless the field says otherwise. */
  field_checkbox_required?: boolean;
  /** The consent checkbox starts checked, unless the field says otherwise. */
  field_checkbox_default_marked?: boolean;
  /** Gamified: no post-play screen; the result stays 8 s, then the pop-up closes. */
  disable_post_play_screen?: boolean;
  /** On a phone-sized window, `mobile_design` (the mobile editor's design) replaces `design`. */
  switch_mobile_editor?: boolean;
  /** The page's content is held back (inert and blurred) until the visitor converts; the pop-up cannot be closed before. */
  poptin_design_content_lock?: boolean;
  /** Shopify-style: the submit also adds this to the cart: `variant_id@quantity@redirect` (docs/poptin-record.md). */
  add_to_cart?: string;
  /** Wix-style: the submit also adds this to the cart: `variant_or_product_id@quantity@redirect@product_id`. */
  wix_add_to_cart?: string;
}

export interface PoptinRecord {
  /** 13 characters (widget spec section 1). */
  poptin_id: string;
  poptin_name?: string;
  poptin_type: PoptinType;
  /** For example `lightbox_format_1`. */
  poptin_format?: string;
  /** lead, click, social_proof and others. */
  poptin_target?: string;
  account_id?: string;
  /** The id the conversion call is addressed to: POST /api/display/conversion/{viewer_id}. */
  viewer_id: string;
  is_teasers_on?: boolean;
  stop_showing_to_converted_users?: boolean;
  /** Only for signed-in members: the display API leaves it out for other visitors (issue 20, docs/identity.md). */
  members_only?: boolean;
  /**
   * Display frequency rule `{audience}@{rule}`, for example `all@display_everytime_everypage_5`
   * or `new@display_once_every_days_3` (docs/poptin-record.md "Display rules").
   */
  d_f_r?: string;
  /**
   * Engagement with another pop-up, pipe-separated: `show` or `not`, then `seen`, `not_seen`,
   * `closed` or `converted`, then `embedded` or `other`, then a pop-up id or `any`.
   */
  engagement_with_other_poptin_filter?: string;
  cookie_filter?: CookieFilter;
  js_filter?: JsFilter;
  /** Show only to visitors with an ad blocker (a probe is loaded only for such pop-ups). */
  display_if_adblock_active?: boolean;
  /** Part of an A/B test: the server shows a visitor one pop-up of the test, always the same one. */
  ab_test?: boolean;
  /** The A/B test's first pop-up; its variants carry its id here. */
  ab_test_parent_id?: string;
  if_poptin_credit?: boolean;
  /** A wheel (gamified format 3) whose prizes carry coupons: its result stays 3 times the base auto-close time. */
  wheel_has_coupon?: boolean;
  triggers: PoptinTriggers;
  /** What the pop-up shows as data. A record may instead carry markup (`poptin` or `poptin_url`). */
  design?: PoptinDesign;
  /** The design as markup: sanitized before insertion; shown only if it carries `data-poptin-id` with this id. */
  poptin?: string;
  /** Where to fetch that markup from, when `poptin` is not given. */
  poptin_url?: string;
  design_properties: DesignProperties;
  /** The tab teaser that re-opens the pop-up, when `is_teasers_on`. */
  teaser?: TeaserSettings;
  /** `false`: switched off, never shown (not even by a click on its id). Default true. */
  display?: boolean;
  /** The older close setting: `false` shows no X when `poptin_design_close_options_type` is not set. */
  x_close_button?: boolean;
  /** Display frequency active: `false` sets `d_f_r` aside, so the pop-up shows whenever its trigger fires. Default true. */
  d_f_a?: boolean;
  /** Autopilot: the widget picks the moment (`AUTO_PILOT` triggers) instead of the record's `triggers`. */
  auto_pilot_trigger?: boolean;
  /** Days the pop-up stays away after the visitor closed it with the X (the closed marker's life); default `COOKIE.MARKER_DAYS`. */
  cookie?: number;
  /** The form's fields as the editor lists them (by `name`): the form shows those, in that order. */
  poptin_fields?: string[];
  /** The owner's plan limit for this pop-up: the upgrade pop-up shows in its place. */
  client_restriction_setting?: { upgrade_popup?: UpgradeSetting };
  /** Page-source targeting: on, the pop-up shows only where the page's markup contains `source_code_target_html` (or, with role `hide`, only where it does not). */
  source_code_target_active?: boolean;
  source_code_target_html?: string;
  /** `show` (default) or `hide`. */
  source_code_target_role?: 'show' | 'hide';
  /** The design a phone-sized window gets when `design_properties.switch_mobile_editor` is on. */
  mobile_design?: PoptinDesign;
  /** Landing-page mode: the pop-up fills the window as the page's content; it cannot be closed, and stays after a submit. */
  landing_page?: boolean;
}

export interface TeaserSettings {
  /** always, before_show (until the pop-up shows) or after_close (once it closed). Default after_close. */
  display_mode?: 'always' | 'before_show' | 'after_close';
  /** The tab's text. */
  label?: string;
  /** Bottom left or bottom right. Default right. */
  position?: 'left' | 'right';
}

/** The display call's answer (widget spec section 3 "Display response"). */
export interface DisplayResponse {
  poptins: unknown[];
  display: boolean | 'not_allowed';
  message?: string;
  country?: string;
  cc?: string;
  lang?: string;
  if_freemium?: boolean;
  ip?: string;
  wix_cart_details?: unknown;
  /** With `display: 'not_allowed'`: show the owner's upgrade pop-up (else the refusal is only logged). */
  is_client_restriction?: boolean;
  /** The upgrade pop-up's settings (widget spec section 3 "Upgrade setting"). */
  upgrade_setting?: UpgradeSetting;
  /** Only when the call carried a preview token: whether it was honoured (ours, issue 13). */
  preview?: PreviewAnswer;
}

/**
 * The display call's word on a preview token: shown (`poptins` is the one pop-up), or refused
 * (`poptins` are the page's normal pop-ups; the widget warns with `error` and shows those).
 */
export interface PreviewAnswer {
  shown: boolean;
  /** Shown: the preview's conversions are stored as leads. */
  store_leads?: boolean;
  /** Refused: always `bad_preview`. */
  code?: 'bad_preview';
  /** Refused: why, for the owner (unsigned, another pop-up's or client's, expired). */
  error?: string;
}

/** Widget spec section 3 "Upgrade setting"; the field names are the spec's, `mote` included. */
export interface UpgradeSetting {
  /** Sent as `id` with every limitLogs call. */
  id?: string;
  /** More than two days passed since the owner asked to be reminded: the reminder is due. */
  mote_than_two_days?: boolean;
  /** The owner asked to be reminded: the remind-me pop-up shows instead of the upgrade pop-up (when due). */
  remindme_popup?: boolean;
  /** Where the upgrade button leads; ours. */
  upgrade_url?: string;
}
