import { normaliseButtonUrl } from '../../../shared/logic/button-url.ts';
import { CONTENT } from '../../../shared/constants/content.ts';
import { t } from '../../../shared/i18n/blocks.ts';
import type { ExtraButton } from '../../../shared/schema/blocks.ts';
import { extraButtonsStyles } from './extra-buttons.styles.ts';
import { adoptsStyles } from '../../../shared/dom/adopt-styles.ts';

const adoptExtraButtonsStyles = adoptsStyles(extraButtonsStyles);

export interface ExtraButtonsProps {
  /** In the owner's order: link or plain buttons (numbered 2 to 6) and at most one close button. */
  buttons: ExtraButton[];
  /** Page language of the close button's default text; default `en`. */
  lang?: string;
  /** A link or plain button was clicked: its number (2 to 6, the conversion's `extra_button`) and the button. */
  onButton?: (number: number, button: ExtraButton) => void;
  /** The close button was clicked: the pop-up closes with close trigger `close_button`. */
  onClose?: () => void;
}

/**
 * Extra buttons 2 to 6 plus a close button (widget spec section 2). A button with a URL is a link:
 * a URL without a scheme gets `//`, and one that is refused (`javascript:`, `data:`, ...) renders
 * as text with no `href`. A button without a URL is a plain button that reports its click.
 * Buttons past number 6 are not rendered.
 */
export function ExtraButtons({ buttons, lang = 'en', onButton, onClose }: ExtraButtonsProps) {
  let number = CONTENT.EXTRA_BUTTON_FIRST - 1;
  const items = buttons.map((button, index) => {
    if (button.action === 'close') {
      return (
        <button part="extra-button close-button" type="button" data-action="close" key={`close-${index}`} onClick={() => onClose?.()}>
          {button.text || t(lang, 'closeButton')}
        </button>
      );
    }
    number += 1;
    if (number > CONTENT.EXTRA_BUTTON_LAST) return null;
    const own = number;
    const report = () => onButton?.(own, button);
    if (!button.url) {
      return (
        <button part="extra-button" type="button" data-button={own} key={own} onClick={report}>
          {button.text}
        </button>
      );
    }
    const href = normaliseButtonUrl(button.url);
    if (href === null) {
      // A refused address: the text stays, the link does not (an <a> without href is not a link).
      return (
        <a part="extra-button" data-button={own} data-refused-url="" key={own}>
          {button.text}
        </a>
      );
    }
    const target = button.target ?? '_self';
    return (
      <a part="extra-button" data-button={own} key={own} href={href} target={target} rel={target === '_blank' ? 'noopener' : undefined} onClick={report}>
        {button.text}
      </a>
    );
  });
  return <div part="extra-buttons" ref={adoptExtraButtonsStyles}>{items}</div>;
}
