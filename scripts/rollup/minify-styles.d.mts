export function minifyCss(css: string): string;
export function minifyStyleTemplates(source: string): string;
export function minifyStyles(): import('rollup').Plugin;
