export function preloadImports(options: { isEntry: (moduleId: string) => boolean; isUnhurried?: (targetModuleId: string) => boolean }): import('rollup').Plugin;
