/** Flags every Chromium start uses here (headless, no sandbox as root, no background networking). */
export declare const CHROMIUM_ARGS: string[];
/** The Chromium binary: CHROME_PATH, /usr/bin/chromium, or Debian's package installed on demand. */
export declare function findChromium(options?: { install?: boolean }): string;
