import { useEffect, useId, useRef, useState } from 'react';
import { restartableTimeout } from '../../../shared/logic/timers.ts';
import { CONTENT } from '../../../shared/constants/content.ts';
import { t } from '../../../shared/i18n/blocks.ts';
import { couponStyles } from './coupon.styles.ts';
import { adoptsStyles } from '../../../shared/dom/adopt-styles.ts';

const adoptCouponStyles = adoptsStyles(couponStyles);

export interface CouponProps {
  /** The coupon code, shown as text in a read-only field. */
  code: string;
  /** Page language of the labels; default `en`. */
  lang?: string;
  /** Called after the code was copied (the conversion call carries a `coupon` field). */
  onCopy?: (code: string) => void;
}

/**
 * Copies `text`: the async Clipboard API first, then, where it is missing or refused (no
 * permission, an insecure page), the selection of the code's own field with `execCommand('copy')`.
 * The field is already on screen, so there is no off-screen textarea to add and remove.
 */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused: fall through to the selection.
  }
  if (!field) return false;
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * A coupon code with a Copy button. Hovering or focusing the button shows the copy tooltip; a
 * copy shows "Copied" in it for 500 ms (widget spec section 9) and announces it in a polite live
 * region. When the browser refuses to copy, the code is left selected for the visitor to copy.
 */
export function Coupon({ code, lang = 'en', onCopy }: CouponProps) {
  const field = useRef<HTMLInputElement>(null);
  const tooltipId = useId();
  const [showCopied, setShowCopied] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Each copy starts the tooltip's 500 ms over.
  const [hideCopied] = useState(() => restartableTimeout(CONTENT.COUPON_TOOLTIP_MS, () => setShowCopied(false)));
  useEffect(() => hideCopied.stop, [hideCopied]);

  async function copy() {
    if (await copyText(code, field.current)) {
      setShowCopied(true);
      hideCopied.restart();
      setAnnouncement(t(lang, 'couponCopiedAnnouncement', { code }));
      onCopy?.(code);
    } else {
      field.current?.focus();
      field.current?.select();
      setAnnouncement(t(lang, 'couponCopyManual'));
    }
  }

  return (
    <div part="coupon" ref={adoptCouponStyles} data-copied={showCopied ? '' : undefined}>
      <input
        ref={field}
        part="coupon-code"
        type="text"
        readOnly
        value={code}
        size={Math.max(code.length, 1)}
        aria-label={t(lang, 'couponCode')}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
      <span part="coupon-action">
        <button part="coupon-copy" type="button" aria-describedby={tooltipId} onClick={() => void copy()}>
          {t(lang, 'couponCopy')}
        </button>
        <span part="coupon-tooltip" id={tooltipId} role="tooltip" data-visible={showCopied ? '' : undefined}>
          {showCopied ? t(lang, 'copied') : t(lang, 'couponCopyTooltip')}
        </span>
      </span>
      <span part="coupon-status" className="kite-visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
