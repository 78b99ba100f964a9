// Types of scripts/jsx-types.mjs for the TypeScript tests.
/** Where the generated declarations live in the sources (and, under dist/types/, in the package). */
export const JSX_TYPES_FILE: string;
/** The JSX type of a manifest attribute: string, number, boolean or a string enumeration; else string. */
export function attributeType(attribute: { type?: { text?: string } }): string;
/** The text of components/jsx.d.ts for a Custom Elements Manifest. */
export function renderJsxTypes(manifest: unknown): string;
