import { visuallyHidden } from '../../shared/dom/visually-hidden.ts';

/** Shadow-root CSS of `kite-product-recommendations`, and of the same block inside a pop-up. */
export const productRecommendationsStyles = `
:host {
  --kite-product-recommendations-gap: 1rem;
  --kite-product-recommendations-card-background: #ffffff;
  --kite-product-recommendations-card-border: 1px solid #d0d4dc;
  --kite-product-recommendations-radius: 0.5rem;
  --kite-product-recommendations-accent: #1f5eff;
  --kite-product-recommendations-accent-text: #ffffff;
  --kite-product-recommendations-muted: #4a5160;
  --kite-product-recommendations-error: #b00020;
  display: block;
}
:host([hidden]) { display: none; }
[part~='products'] { font-family: inherit; color: inherit; }
[part~='products'][data-state='empty'] { display: none; }
[part~='product-list'] {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: var(--kite-product-recommendations-gap);
  margin: 0;
  padding: 0;
  list-style: none;
}
[part~='product-card'] {
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  padding: 0.75rem;
  border: var(--kite-product-recommendations-card-border);
  border-radius: var(--kite-product-recommendations-radius);
  background: var(--kite-product-recommendations-card-background);
  color: #1b1f27;
  text-align: start;
}
[part~='product-image'] { inline-size: 100%; max-block-size: 10rem; aspect-ratio: 1; object-fit: contain; }
[part~='product-title'] { margin: 0; font-size: 1rem; line-height: 1.3; }
[part~='product-description'], [part~='product-stock'] { margin: 0; font-size: 0.875rem; color: var(--kite-product-recommendations-muted); }
[part~='product-price'] { margin: 0; font-weight: 600; display: flex; gap: 0.5em; flex-wrap: wrap; }
[part~='product-compare-at-price'] { font-weight: 400; color: var(--kite-product-recommendations-muted); }
[part~='product-button'] {
  box-sizing: border-box;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  /* WCAG 2.5.5: a 44 px touch target. */
  min-block-size: 44px;
  min-inline-size: 44px;
  margin-block-start: auto;
  padding: 0.5rem 1rem;
  border: 0;
  border-radius: var(--kite-product-recommendations-radius);
  background: var(--kite-product-recommendations-accent);
  color: var(--kite-product-recommendations-accent-text);
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
}
[part~='product-button'][aria-disabled='true'] { cursor: progress; opacity: 0.8; }
[part~='product-button']:focus-visible {
  outline: 3px solid var(--kite-product-recommendations-accent);
  outline-offset: 2px;
}
[part~='product-outcome'] { margin: 0; font-size: 0.875rem; min-block-size: 1.25em; }
[part~='product-outcome'][data-outcome='out-of-stock'], [part~='product-outcome'][data-outcome='failed'] { color: var(--kite-product-recommendations-error); }
${visuallyHidden('.visually-hidden')}
@media (prefers-reduced-motion: no-preference) {
  [part~='product-button'] { transition: background-color 150ms ease-out; }
}
`;
