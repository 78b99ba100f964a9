/** The pop-up's add-to-cart outcome: a line under the content, its retry styled as the form's button (`part="button cart-retry"`). */
export const cartStyles = `
[part='cart'] { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 8px 16px; }
[part='cart-outcome'] { margin: 8px 0 0; font-weight: 600; }
/* Kept in the page while empty: a live region must be there before its text comes to be heard. */
[part='cart-outcome']:empty { margin: 0; }
[part='cart-outcome']:focus { outline: none; }
[part='cart-outcome']:focus-visible { outline: 2px solid currentColor; outline-offset: 2px; }
`;
