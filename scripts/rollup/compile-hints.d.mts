export const COMPILE_HINT: string;
export function compileHints(options: { runsEarly: (moduleId: string) => boolean }): import('rollup').Plugin;
