import { FORMAT_AVAILABLE_COUNT, FORMAT_OLD_STYLE_UP_TO, LAYOUT } from '../constants/widget.ts';
import type { PoptinLocation, PoptinType } from '../schema/poptin-record.ts';

/**
 * Where and how each pop-up type sits on the page (widget spec section 2): pure, so the
 * element and the tests read the same rules.
 */
export interface Placement {
  /** Modal types take the page: one at a time, focus trapped, a backdrop. */
  modal: boolean;
  /**
   * overlay: centred box over a backdrop; fullpage: the whole window; bar: full width at the top
   * or bottom; corner: a fixed box at the location, no backdrop; embedded: in the page's flow.
   */
  frame: 'overlay' | 'fullpage' | 'bar' | 'corner' | 'embedded';
  x: 'left' | 'center' | 'right';
  y: 'top' | 'middle' | 'bottom';
}

const MODAL_TYPES: ReadonlySet<PoptinType> = new Set(['lightbox', 'gamified', 'fullpage']);

/** Lightbox, gamified and fullpage pop-ups are one at a time (widget spec section 4). */
export const isModalType = (type: PoptinType) => MODAL_TYPES.has(type);

export function placementOf(type: PoptinType, location: PoptinLocation = 'center-middle'): Placement {
  const [x, y] = location.split('-') as [Placement['x'], Placement['y']];
  switch (type) {
    case 'lightbox':
    case 'gamified':
      return { modal: true, frame: 'overlay', x, y };
    case 'fullpage':
      return { modal: true, frame: 'fullpage', x: 'center', y: 'middle' };
    case 'bar':
      // A bar sits at the top or the bottom; a top bar pushes the page down.
      return { modal: false, frame: 'bar', x: 'center', y: y === 'bottom' ? 'bottom' : 'top' };
    case 'mobile':
      // Mobile pop-ups sit top, middle or bottom: the middle one is a small lightbox.
      return y === 'middle' ? { modal: true, frame: 'overlay', x: 'center', y } : { modal: false, frame: 'bar', x: 'center', y };
    case 'bside':
      // Bottom left or bottom right.
      return { modal: false, frame: 'corner', x: x === 'left' ? 'left' : 'right', y: 'bottom' };
    case 'sside':
      return { modal: false, frame: 'corner', x: x === 'left' ? 'left' : 'right', y };
    case 'embedded':
      return { modal: false, frame: 'embedded', x: 'center', y: 'middle' };
    default:
      // browsing, content and social: a box at the location, the page stays usable.
      return { modal: false, frame: 'corner', x, y };
  }
}

export interface Format {
  /** The format's number, 1-based, within the type's available formats. */
  number: number;
  /** Formats up to the type's `FORMAT_OLD_STYLE_UP_TO` are old-style pop-ups (widget spec section 2). */
  oldStyle: boolean;
  layout: 'vertical' | 'horizontal';
}

/**
 * Reads `poptin_format` (for example `lightbox_format_3`). A number outside the type's
 * available formats falls back to format 1.
 */
export function formatOf(type: PoptinType, poptinFormat = '', layout: Format['layout'] = 'vertical'): Format {
  const match = /_format_(\d+)$/.exec(poptinFormat);
  const available = FORMAT_AVAILABLE_COUNT[type as keyof typeof FORMAT_AVAILABLE_COUNT] ?? 1;
  const parsed = match ? Number(match[1]) : 1;
  const number = parsed >= 1 && parsed <= available ? parsed : 1;
  return { number, oldStyle: number <= (FORMAT_OLD_STYLE_UP_TO[type] ?? 0), layout };
}

/** The fullpage design size (widget spec section 9), which scales to the window. */
export const FULLPAGE_SIZE = { width: LAYOUT.FULLPAGE_WIDTH_PX, height: LAYOUT.FULLPAGE_HEIGHT_PX };

/** How much a fixed design shrinks to fit the window: never grows (the spec's cap of 1). */
export function scaleToFit(design: { width: number; height: number }, viewport: { width: number; height: number }): number {
  const byWidth = design.width > 0 ? viewport.width / design.width : Infinity;
  const byHeight = design.height > 0 ? viewport.height / design.height : Infinity;
  return Math.min(LAYOUT.MAX_SCALE, byWidth, byHeight);
}
