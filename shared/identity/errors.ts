/**
 * The identity SDK's errors, spec 001 section 8 ("Identity SDK"): every non-200 answer throws an
 * {@link IdentityError} carrying the call's request id. A validation error becomes
 * INVALID_ARGUMENT with the per-field descriptions sorted by field; an application error carries
 * its description, code and data; another 4xx is named by its status text in constant case; the
 * rest read "System error occurred, request-id: ...".
 */
import { IDENTITY_MESSAGE } from '../constants/identity.ts';

/** The header carrying the id the service gave a call (also on its error answers). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** One field's problem in a validation error. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** The error body of the identity service (and of the site builder's APIs). */
export interface ErrorBody {
  message?: string;
  details?: {
    validationError?: { fieldViolations?: FieldViolation[] };
    applicationError?: { code: string; description: string; data?: Record<string, unknown> };
  };
}

export class IdentityError extends Error {
  constructor(
    message: string,
    /** INVALID_ARGUMENT, an application error's code (the auth codes), or the status text in constant case. */
    readonly code: string,
    /** The HTTP status; 0 when the error came from no answer. */
    readonly status: number,
    /** The id of the failed call, when the answer named one. */
    readonly requestId: string | undefined,
    /** An application error's data, or a validation error's fields sorted by field. */
    readonly data?: Record<string, unknown> | { fieldViolations: FieldViolation[] },
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/** `Not Found` -> `NOT_FOUND`; `I'm a Teapot` -> `I_M_A_TEAPOT`. */
export const constantCase = (text: string) =>
  text
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase();

const byField = (a: FieldViolation, b: FieldViolation) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0);

/** The error of a non-200 answer whose body has been read (`body` undefined when it was not JSON). */
export function errorOf(status: number, statusText: string, requestId: string | undefined, body: ErrorBody | undefined): IdentityError {
  const violations = body?.details?.validationError?.fieldViolations;
  if (violations?.length) {
    const sorted = [...violations].sort(byField);
    const message = `${IDENTITY_MESSAGE.INVALID_ARGUMENT}: ${sorted.map(({ field, description }) => `${field}: ${description}`).join(', ')}`;
    return new IdentityError(message, IDENTITY_MESSAGE.INVALID_ARGUMENT, status, requestId, { fieldViolations: sorted });
  }
  const application = body?.details?.applicationError;
  if (application) return new IdentityError(application.description, application.code, status, requestId, application.data);
  if (status >= 400 && status < 500) {
    const code = constantCase(statusText) || String(status);
    return new IdentityError(code, code, status, requestId);
  }
  return new IdentityError(`${IDENTITY_MESSAGE.SYSTEM_ERROR_PREFIX}${requestId ?? ''}`, constantCase(statusText), status, requestId);
}

/** Throws the {@link IdentityError} of `response` unless it is a 200. */
export async function assertOk(response: Response): Promise<void> {
  if (response.status === 200) return;
  let body: ErrorBody | undefined;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  throw errorOf(response.status, response.statusText, response.headers.get(REQUEST_ID_HEADER) ?? undefined, body);
}

/** An SDK misuse or state error (no answer involved): one of IDENTITY_MESSAGE's texts. */
export const sdkError = (message: string, code = 'SDK_ERROR') => new IdentityError(message, code, 0, undefined);
