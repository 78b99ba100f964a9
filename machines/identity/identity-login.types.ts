import type { IdentityProfile, StateMachineResponse, Tokens } from '../../shared/identity/types.ts';

/** What a login or register call sends (the SDK's `Credentials`, with the profile of a register). */
export interface IdentitySubmission {
  /** `login` or `register` (spec 001 section 7: POST /v2/login, POST /v2/register). */
  kind: 'login' | 'register';
  email: string;
  password: string;
  profile?: IdentityProfile;
  /** Set by the machine once the member solved a captcha. */
  captchaTokens?: string[];
}

/** An error as the machine keeps it: the SDK error's code (an auth code, INVALID_ARGUMENT...) and message. */
export interface IdentityLoginError {
  code: string;
  message: string;
}

export interface IdentityLoginInput {
  /** How long the OAuth step may take before 'OAuth flow timed out'; default IDENTITY.OAUTH_TIMEOUT_MS. */
  oauthTimeoutMs?: number;
}

export interface IdentityLoginContext {
  /** The last login or register sent: resent with the captcha token, or when the owner approved. */
  submission: IdentitySubmission | null;
  /** The state token of a verification or approval in progress. */
  stateToken: string | null;
  /** The last answer of the service. */
  answer: StateMachineResponse | null;
  /** The member's tokens once signed in. */
  tokens: Tokens | null;
  /** Why the last step failed (kept in `failure`, and shown beside a retry in the other states). */
  error: IdentityLoginError | null;
  oauthTimeoutMs: number;
}

export type IdentityLoginEvent =
  | ({ type: 'LOGIN' } & Omit<IdentitySubmission, 'kind' | 'captchaTokens'>)
  | ({ type: 'REGISTER' } & Omit<IdentitySubmission, 'kind' | 'captchaTokens'>)
  /** The captcha's token (`<captchaId>:<answer>` on the reference service). */
  | { type: 'CAPTCHA.SOLVED'; token: string }
  /** The code of the verification mail. */
  | { type: 'VERIFY'; code: string }
  /** Ask again after the owner's approval (the last submission's credentials, sent as a login). */
  | { type: 'RETRY' }
  | { type: 'RESET' }
  | { type: 'LOGOUT' };

/** Mapped to `kite-identity-<type>` DOM events by a view. */
export type IdentityLoginEmitted =
  | { type: 'signed-in'; tokens: Tokens; answer: StateMachineResponse }
  | { type: 'failed'; error: IdentityLoginError }
  | { type: 'signed-out' };

/** Input of the `verify` actor. */
export interface IdentityVerifyRequest {
  code: string;
  stateToken: string;
}

/** Input of the `authorize` actor: the session token of a SUCCESS answer, to exchange (PKCE) for tokens. */
export interface IdentityAuthorizeRequest {
  sessionToken: string;
}
