/**
 * The demo store's fixed catalogue: 3 products, prices in cents (as the Shopify-style /cart.js
 * reports them). Served by the cart endpoints and the product-recommendation calls.
 */

export interface CatalogueVariant {
  variant_id: number;
  title: string;
  /** Cents. */
  price: number;
  /** Cents; the crossed-out price, when there is one. */
  compare_at_price: number | null;
  inventory_quantity: number;
}

export interface CatalogueProduct {
  product_id: number;
  handle: string;
  title: string;
  description: string;
  /** A small inline SVG, so the demo pages need no image files (and stay within `img-src data:`). */
  image: string;
  variants: CatalogueVariant[];
}

const swatch = (color: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><path d="M20 2 36 20 20 38 4 20Z" fill="${color}"/></svg>`,
  )}`;

export const CURRENCY = 'USD';

export const CATALOGUE: readonly CatalogueProduct[] = [
  {
    product_id: 7001,
    handle: 'classic-diamond-kite',
    title: 'Classic Diamond Kite',
    description: 'A steady single-line kite for light winds.',
    image: swatch('#d94f30'),
    variants: [{ variant_id: 41001, title: 'Red', price: 2900, compare_at_price: 3500, inventory_quantity: 12 }],
  },
  {
    product_id: 7002,
    handle: 'delta-stunt-kite',
    title: 'Delta Stunt Kite',
    description: 'Two lines, tight turns, made for gusty beaches.',
    image: swatch('#2f6fd9'),
    variants: [
      { variant_id: 41002, title: 'Blue', price: 5900, compare_at_price: null, inventory_quantity: 5 },
      { variant_id: 41003, title: 'Green', price: 6400, compare_at_price: null, inventory_quantity: 2 },
    ],
  },
  {
    product_id: 7003,
    handle: 'flying-line-50m',
    title: 'Flying Line, 50 m',
    description: 'Braided polyester line on a wooden winder.',
    image: swatch('#3a9d5d'),
    variants: [{ variant_id: 41004, title: 'Standard', price: 900, compare_at_price: null, inventory_quantity: 40 }],
  },
];

/** The product and variant of a variant id, or undefined. */
export function findVariant(variantId: number): { product: CatalogueProduct; variant: CatalogueVariant } | undefined {
  for (const product of CATALOGUE) {
    const variant = product.variants.find((v) => v.variant_id === variantId);
    if (variant) return { product, variant };
  }
  return undefined;
}

/** The product with this product id, or the product of this variant id. */
export function findProduct(id: number): CatalogueProduct | undefined {
  return CATALOGUE.find((p) => p.product_id === id) ?? findVariant(id)?.product;
}

/** Cents to the decimal string Shopify-style product JSON uses: 2900 -> "29.00". */
export const money = (cents: number) => (cents / 100).toFixed(2);

/** A product of the Wix-style demo store, which may be hidden from the storefront. */
export interface WixCatalogueProduct extends CatalogueProduct {
  /** Wix's `visible`: a hidden product is never recommended by the widget, nor sold. */
  visible: boolean;
}

/** The Wix-style demo store's currency: a second one, so the widget's currency formatting shows. */
export const WIX_CURRENCY = 'EUR';

/**
 * The Wix-style demo store: a hidden product, a sold-out one and one whose first variant is sold
 * out, listed first so the widget's filtering (only visible, in-stock products and variants) shows,
 * then the shared catalogue. The last in-stock variant of the Rokkaku has 1 left: a second add is refused.
 */
export const WIX_CATALOGUE: readonly WixCatalogueProduct[] = [
  {
    product_id: 7101,
    handle: 'prototype-box-kite',
    title: 'Prototype Box Kite',
    description: 'Not for sale yet: hidden from the storefront.',
    image: swatch('#7a4fd9'),
    visible: false,
    variants: [{ variant_id: 41101, title: 'Grey', price: 9900, compare_at_price: null, inventory_quantity: 5 }],
  },
  {
    product_id: 7102,
    handle: 'sled-kite',
    title: 'Sled Kite',
    description: 'Frameless and foldable. Back next season.',
    image: swatch('#d9a62f'),
    visible: true,
    variants: [{ variant_id: 41102, title: 'Yellow', price: 1900, compare_at_price: null, inventory_quantity: 0 }],
  },
  {
    product_id: 7103,
    handle: 'rokkaku-fighter-kite',
    title: 'Rokkaku Fighter Kite, hand-painted',
    description: '<p>A <strong>six-sided</strong> fighter kite &amp; its bridle, painted by hand.</p>',
    image: swatch('#c0306a'),
    visible: true,
    variants: [
      { variant_id: 41103, title: 'Crane', price: 4500, compare_at_price: 5200, inventory_quantity: 0 },
      { variant_id: 41104, title: 'Wave', price: 4500, compare_at_price: 5200, inventory_quantity: 1 },
    ],
  },
  ...CATALOGUE.map((product) => ({ ...product, visible: true })),
];

/** The Wix-style store's product with this product id, or the product of this variant id. */
export function findWixProduct(id: number): WixCatalogueProduct | undefined {
  return WIX_CATALOGUE.find((p) => p.product_id === id || p.variants.some((v) => v.variant_id === id));
}
