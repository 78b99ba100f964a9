export function runtimeFiles(options: { entryName: string; popUpModule: string }): { record: import('rollup').Plugin; inject: import('rollup').Plugin };
