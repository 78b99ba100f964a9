/** Widget spec values of the ad-block filter and the owners' limits (re-exported by widget.ts, where the others are). */
import { SECOND_MS } from './time.ts';

/** The ad-block probe (section 7 "an ad-block detection script"), loaded only for `display_if_adblock_active`. */
export const ADBLOCK = {
  /** A file name ad blockers refuse, served empty by the display API. */
  BAIT_PATH: '/api/display/ads/adsbygoogle.js?ad_type=banner&adunit=kite',
  /** Classes that cosmetic filters hide. */
  BAIT_CLASSES: 'adsbox ad-banner ad-placement pub_300x250 textads',
  /** A probe that has not answered by then counts as no ad blocker; ours. */
  TIMEOUT_MS: 2 * SECOND_MS,
} as const;

/** Owners' limits (section 8, the display answer `not_allowed`). */
export const UPGRADE = {
  /** The spec's two messages of `not_allowed`. */
  MESSAGE_RESTRICTED: 'Client restricted',
  MESSAGE_MAX_VIEWS: 'You have been reached the max poptins views number',
  /** `status` values of the limitLogs call: the upgrade button, remind me later, don't remind me. */
  STATUS_CLICK: 'click',
  STATUS_REMIND_ME: 'remind_me',
  STATUS_DONT_REMIND_ME: 'dont_remind_me',
} as const;
