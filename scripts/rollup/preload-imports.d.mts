export function preloadImports(options: { isEntry: (moduleId: string) => boolean }): import('rollup').Plugin;
