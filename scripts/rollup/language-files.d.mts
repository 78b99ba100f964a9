export function languageFiles(): import('rollup').Plugin;
