/** Shadow-root CSS of the video block. */

export const videoStyles = `
[part~='video'] { display: block; width: 100%; aspect-ratio: 16 / 9; border: 0; background: #000; }
`;
