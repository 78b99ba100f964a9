export function runtimeFiles(options: { entryName: string }): { record: import('rollup').Plugin; inject: import('rollup').Plugin };
