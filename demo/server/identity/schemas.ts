/**
 * Request fields of the identity service (spec 001 section 7, identity calls), as object shapes
 * for `readFields` (wire.ts), which names every wrong field. Limits are ours.
 */
import { EMAIL_PATTERN } from '../../../shared/api/schemas.ts';
import { ADDRESS_TAG, EMAIL_TAG, PHONE_TAG } from '../../../shared/identity/enums.ts';
import { array, boolean, object, oneOf, optional, record, string, union, number, unknown } from '../../../shared/schema/validate.ts';
import { IDENTITY } from '../../../shared/constants/identity.ts';
import { IDENTITY_SERVICE } from './constants.ts';

const SHORT = 256;
const TEXT = 2048;
const LONG = 16_384;

export const email = string({ min: 1, max: SHORT, pattern: EMAIL_PATTERN, patternMessage: 'must look like an email address' });
export const password = string({ min: IDENTITY_SERVICE.PASSWORD_MIN_LENGTH, max: IDENTITY_SERVICE.PASSWORD_MAX_LENGTH });
export const token = string({ min: 1, max: TEXT });
export const id = string({ min: 1, max: SHORT });
const text = optional(string({ max: SHORT }));

const profile = object({
  firstName: text,
  lastName: text,
  nickname: text,
  emails: optional(array(object({ email, tag: oneOf(...Object.values(EMAIL_TAG)) }), { max: 10 })),
  phones: optional(array(object({ phone: string({ min: 1, max: 64 }), tag: oneOf(...Object.values(PHONE_TAG)) }), { max: 10 })),
  addresses: optional(
    array(object({ tag: oneOf(...Object.values(ADDRESS_TAG)), country: text, city: text, postalCode: text, addressLine: text }), { max: 10 }),
  ),
  customFields: optional(array(object({ name: string({ min: 1, max: SHORT }), value: union(string({ max: TEXT }), number(), boolean()) }), { max: 50 })),
});

/** Captcha tokens: `<captchaId>:<answer>` from GET /v1/captcha. */
const captchaTokens = optional(array(string({ min: 1, max: SHORT }), { max: 3 }));
const clientMetaData = optional(record(string({ max: TEXT }), { maxKeys: 20 }));
const loginId = object({ email });

export const REGISTER = { loginId, password, profile: optional(profile), captchaTokens, clientMetaData };
export const LOGIN = { loginId, password: string({ min: 1, max: IDENTITY_SERVICE.PASSWORD_MAX_LENGTH }), captchaTokens, clientMetaData };
export const CHANGE_PASSWORD = { newPassword: password };
export const SIGN_ON = { loginId, profile: optional(profile), verifyEmail: optional(boolean()), mergeExistingContact: optional(boolean()) };
export const FACTOR_VERIFY = { stateToken: token, rememberThisDevice: optional(boolean()), data: optional(record(unknown(), { maxKeys: 10 })) };
export const SEND_EMAIL = { email, language: optional(string({ max: 16 })), redirect: optional(object({ url: optional(string({ max: TEXT })), clientId: optional(id) })) };
export const ACTIVATION_EMAIL = { identityId: id, emailOptions: optional(record(unknown(), { maxKeys: 10 })) };
export const RECOVER = { recoveryToken: token, password };
export const START = { identityId: id, target: oneOf('EMAIL') };
export const VERIFY = { code: string({ min: 1, max: 32 }), stateToken: token };
export const TOKEN_INFO = { token };

const verifier = string({ min: IDENTITY.PKCE_VERIFIER_MIN_LENGTH, max: IDENTITY.PKCE_VERIFIER_MAX_LENGTH, pattern: /^[A-Za-z0-9\-._~]+$/ });
export const AUTHORIZE = {
  client_id: id,
  redirect_uri: string({ min: 1, max: TEXT }),
  response_type: oneOf('code'),
  code_challenge: string({ min: 1, max: SHORT }),
  code_challenge_method: oneOf('S256'),
  // Long enough for a site's own state that pushes the URL past the SDK's fallback limit.
  state: string({ min: 1, max: LONG }),
  prompt: optional(oneOf('login', 'none')),
  response_mode: optional(oneOf('query', 'web_message')),
  sessionToken: optional(token),
};
export const GRANTS = {
  authorization_code: { grant_type: oneOf('authorization_code'), client_id: id, code: token, code_verifier: verifier, redirect_uri: string({ min: 1, max: TEXT }) },
  refresh_token: { grant_type: oneOf('refresh_token'), client_id: id, refresh_token: token },
  client_credentials: { grant_type: oneOf('client_credentials'), client_id: id, client_secret: token, instance_id: optional(id) },
  strip_bound_session: { grant_type: oneOf('strip_bound_session'), client_id: id, refresh_token: token },
};
export const LOGOUT = { clientId: id, postLogoutRedirectUri: optional(string({ max: TEXT })) };
export const REDIRECT_SESSION = {
  clientId: id,
  auth: optional(object({ authRequest: object({ redirectUri: string({ min: 1, max: TEXT }), codeChallenge: string({ min: 1, max: SHORT }), state: string({ min: 1, max: TEXT }), prompt: optional(oneOf('login', 'none')), responseMode: optional(oneOf('query', 'web_message')) }) })),
  logout: optional(object({ postLogoutRedirectUri: string({ min: 1, max: TEXT }) })),
};
