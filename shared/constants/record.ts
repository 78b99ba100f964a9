/**
 * Limits of a pop-up record (docs/poptin-record.md) that other limits follow from: the reference
 * server sizes the request bodies of the record and of a lead from them.
 */
export const RECORD_LIMITS = {
  /** A markup design (`poptin`): generous for a designed pop-up, small enough that one record cannot flood the page. */
  MARKUP_MAX_CHARS: 200_000,
  /** Fields of one form (and of the list-shaped settings beside it). */
  FORM_FIELDS_MAX: 30,
} as const;
