/** Shadow-root CSS of the credit badge: a link at least 44 px tall, in the pop-up's own colour. */

export const creditBadgeStyles = `
[part~='credit'] { display: grid; place-items: center; min-block-size: 44px; margin-top: 0.75em; font-size: 0.75em; text-align: center; color: inherit; opacity: 0.75; }
`;
