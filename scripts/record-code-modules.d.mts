// Types of record-code-modules.mjs, for the TypeScript tests that import it.
import type { RecordCodeName } from '../shared/widget/record-code.ts';
export const RECORD_CODE_MODULES: Readonly<Record<RecordCodeName, readonly string[]>>;
