/**
 * The shapes of the identity service's answers, spec 001 section 3: login and register answers
 * carry an identity (with createdDate, updatedDate and a profile with addresses and custom
 * fields), mfaChallengeData and additionalData; an access token is a value and an expiry in epoch
 * seconds.
 */
import type { AddressTag, AuthStateType, EmailTag, FactorType, IdentityStatus, PhoneTag, SubjectType, TokenRole } from './enums.ts';

export interface TaggedEmail {
  email: string;
  tag: EmailTag;
}

export interface TaggedPhone {
  phone: string;
  tag: PhoneTag;
}

export interface TaggedAddress {
  tag: AddressTag;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
}

/** A custom field of the profile: its key and value. */
export interface CustomField {
  name: string;
  value: string | number | boolean | null;
}

export interface IdentityProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  emails?: TaggedEmail[];
  phones?: TaggedPhone[];
  addresses?: TaggedAddress[];
  customFields?: CustomField[];
}

export interface Identity {
  id: string;
  /** ISO 8601. */
  createdDate: string;
  /** ISO 8601. */
  updatedDate: string;
  status: IdentityStatus;
  /** The login email. */
  email: string;
  emailVerified: boolean;
  identityProfile: IdentityProfile;
}

/** What a second factor asks: which factor, and the token the verify call quotes. */
export interface MfaChallengeData {
  factorType: FactorType;
  stateToken: string;
}

/**
 * The answer of login, register and the verify calls. `SUCCESS` carries a `sessionToken` to
 * exchange at the authorize call; the other states carry the `stateToken` the next call quotes.
 */
export interface StateMachineResponse {
  state: AuthStateType;
  sessionToken?: string;
  stateToken?: string;
  identity?: Identity;
  mfaChallengeData?: MfaChallengeData;
  additionalData?: Record<string, unknown>;
}

/** An access token: its value and its expiry, in seconds since the epoch. */
export interface AccessToken {
  value: string;
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRole;
}

/** Both tokens of a signed-in (or visiting) caller. */
export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** The token endpoint's answer (RFC 6749 section 5.1). */
export interface OAuthTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds from now. */
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

/** The token-info answer: who a token speaks for. */
export interface TokenInfo {
  active: boolean;
  subjectType: SubjectType;
  subjectId: string;
  /** Seconds since the epoch. */
  exp: number;
  iat: number;
  clientId: string;
  /** Set on app tokens issued for an installed instance (section 6, the app strategy's check). */
  instanceId?: string;
  role: TokenRole;
}

