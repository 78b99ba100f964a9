export function languageCodes(dir: string): string[];
export function languageSwitch(variable: string, codes: string[]): string;
export function languageFiles(): import('rollup').Plugin;
