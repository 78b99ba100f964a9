/**
 * The dashboard editor's record check: the schema the server validates a PUT's record with
 * (shared/api/schemas.ts), so a draft's problem shows at its field before it is sent.
 */
import { poptinRecordSchema } from '../../shared/api/schemas.ts';
import { validate } from '../../shared/schema/validate.ts';
import { DRAFT_ROOT } from '../../machines/dashboard/dashboard.draft.ts';
import type { RecordCheck } from '../../machines/dashboard/dashboard.types.ts';

export const checkRecord: RecordCheck = (value) => {
  const result = validate(poptinRecordSchema, value, DRAFT_ROOT);
  return result.ok ? null : { path: result.path, message: result.message };
};
