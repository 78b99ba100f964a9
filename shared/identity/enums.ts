/**
 * The identity SDK's enumerations, spec 001 section 3 ("Identity SDK enumerations (values only)")
 * and section 6. Each is a frozen object of its values, with a type of the same name for its
 * union, so a site writes `SUBJECT_TYPE.MEMBER` or the plain string.
 */

const values = <const T extends readonly string[]>(...names: T) =>
  Object.freeze(Object.fromEntries(names.map((name) => [name.toUpperCase(), name]))) as { readonly [K in T[number] as Uppercase<K>]: K };

/** Who a token speaks for. */
export const SUBJECT_TYPE = values('UNKNOWN', 'USER', 'VISITOR', 'MEMBER', 'APP');
export type SubjectType = (typeof SUBJECT_TYPE)[keyof typeof SUBJECT_TYPE];

/** Where a redirect session sends the visitor back from. */
export const REDIRECT_CALLBACK_TYPE = values('LOGOUT', 'CHECKOUT', 'AUTHORIZE');
export type RedirectCallbackType = (typeof REDIRECT_CALLBACK_TYPE)[keyof typeof REDIRECT_CALLBACK_TYPE];

/** The authorize call's `prompt`: `none` is the silent flow (no page shown). */
export const PROMPT = values('login', 'none');
export type Prompt = (typeof PROMPT)[keyof typeof PROMPT];

/** A section of the members' account pages. */
export const MEMBERS_ACCOUNT_SECTION = values('ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS');
export type MembersAccountSection = (typeof MEMBERS_ACCOUNT_SECTION)[keyof typeof MEMBERS_ACCOUNT_SECTION];

/** The state a login or register answer leaves the member in (section 4 "Identity SDK login states"). */
export const AUTH_STATE_TYPE = values('SUCCESS', 'REQUIRE_OWNER_APPROVAL', 'REQUIRE_EMAIL_VERIFICATION', 'STATUS_CHECK');
export type AuthStateType = (typeof AUTH_STATE_TYPE)[keyof typeof AUTH_STATE_TYPE];

/** An identity's status. */
export const IDENTITY_STATUS = values('PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE');
export type IdentityStatus = (typeof IDENTITY_STATUS)[keyof typeof IDENTITY_STATUS];

/** A second factor's kind: the `{factorType}` of `POST /v2/{factorType}/verify`. */
export const FACTOR_TYPE = values('PASSWORD', 'SMS', 'CALL', 'EMAIL', 'TOTP', 'PUSH', 'WEBAUTHN', 'RECOVERY_CODE');
export type FactorType = (typeof FACTOR_TYPE)[keyof typeof FACTOR_TYPE];

/** The role a token grants (section 6). */
export const TOKEN_ROLE = values('none', 'visitor', 'member');
export type TokenRole = (typeof TOKEN_ROLE)[keyof typeof TOKEN_ROLE];

/** The tag of a profile's email (section 3 "Tag values for email, phone and address"; the values the site builder's contacts use). */
export const EMAIL_TAG = values('UNTAGGED', 'MAIN', 'HOME', 'WORK');
export type EmailTag = (typeof EMAIL_TAG)[keyof typeof EMAIL_TAG];

/** The tag of a profile's phone. */
export const PHONE_TAG = values('UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX');
export type PhoneTag = (typeof PHONE_TAG)[keyof typeof PHONE_TAG];

/** The tag of a profile's address. */
export const ADDRESS_TAG = values('UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING');
export type AddressTag = (typeof ADDRESS_TAG)[keyof typeof ADDRESS_TAG];

/** The OAuth grants of the token endpoint (section 7 "The OAuth access endpoint"). */
export const GRANT_TYPE = values('authorization_code', 'refresh_token', 'client_credentials', 'strip_bound_session');
export type GrantType = (typeof GRANT_TYPE)[keyof typeof GRANT_TYPE];

/** True when `value` is one of `enumeration`'s values (input from the network is checked with it). */
export const isValueOf = <T extends string>(enumeration: Readonly<Record<string, T>>, value: unknown): value is T =>
  typeof value === 'string' && Object.values(enumeration).includes(value as T);
