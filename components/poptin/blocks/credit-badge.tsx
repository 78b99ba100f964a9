import { normaliseButtonUrl } from '../../../shared/logic/button-url.ts';
import { CONTENT } from '../../../shared/constants/content.ts';
import { t } from '../../../shared/i18n/blocks.ts';
import { adoptsStyles } from '../../../shared/dom/adopt-styles.ts';
import { creditBadgeStyles } from './credit-badge.styles.ts';

// Its own: a pop-up may have the badge and no content block, whose CSS would bring it.
const adoptCreditBadgeStyles = adoptsStyles(creditBadgeStyles);

export interface CreditBadgeProps {
  /** The record's `if_poptin_credit`: nothing renders unless true. Default true. */
  show?: boolean;
  /** Page language of "Powered by Kite"; default `en`. */
  lang?: string;
  /** The provider's site; default `CONTENT.CREDIT_URL`. A refused address falls back to it. */
  href?: string;
}

/** The credit badge: a small "Powered by Kite" link to the provider's site, in a new tab (widget spec section 2). */
export function CreditBadge({ show = true, lang = 'en', href = CONTENT.CREDIT_URL }: CreditBadgeProps) {
  if (!show) return null;
  return (
    <a part="credit" ref={adoptCreditBadgeStyles} href={normaliseButtonUrl(href) ?? CONTENT.CREDIT_URL} target="_blank" rel="noopener">
      {t(lang, 'poweredBy', { brand: CONTENT.CREDIT_BRAND })}
    </a>
  );
}
