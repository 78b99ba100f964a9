/**
 * The silent OAuth flow (spec 001 sections 5 and 8): the authorize request with `prompt=none` and
 * `response_mode=web_message` in a hidden frame; the service's page posts the result to this
 * window, and only a message from the authorization server's exact origin, from that frame, with
 * this flow's state is taken. No answer within IDENTITY.OAUTH_TIMEOUT_MS fails with 'OAuth flow
 * timed out'. The code is then exchanged with the PKCE verifier this flow kept.
 */
import { IDENTITY, IDENTITY_MESSAGE } from '../constants/identity.ts';
import type { IdentityClient } from './client.ts';
import { PROMPT } from './enums.ts';
import { IdentityError, sdkError } from './errors.ts';
import { base64Url, createPkce } from './pkce.ts';
import type { Tokens } from './types.ts';

/** Bytes of the flow's random state. */
const STATE_BYTES = 16;
/** The `type` of the service's message (OAuth 2.0 web_message response mode). */
const RESPONSE_TYPE = 'authorization_response';

export interface SilentSignInOptions {
  client: IdentityClient;
  /** A redirect URI registered for the client; its origin is where the service posts the answer. */
  redirectUri: string;
  /** A SUCCESS answer's session token: signs the browser in on the service on the way. */
  sessionToken?: string;
  /** Default IDENTITY.OAUTH_TIMEOUT_MS. */
  timeoutMs?: number;
}

interface AuthorizationResponse {
  state: string;
  code?: string;
  error?: string;
}

/** True for the service's answer to this flow: exact origin, from our frame, with our state. */
export function isFlowAnswer(event: MessageEvent, origin: string, frame: Window | null, state: string): boolean {
  const data = event.data as { type?: unknown; response?: { state?: unknown } } | null;
  return event.origin === origin && event.source === frame && data?.type === RESPONSE_TYPE && data.response?.state === state;
}

/**
 * Sends a request's fallback form POST (its parameters were over the URL limit) to `target`: a
 * frame's name, or `_self` to leave the page (a site's sign-in or sign-out).
 */
export function postFields(request: { url: string; fields: Record<string, string> }, target = '_self'): void {
  const form = document.createElement('form');
  form.method = 'POST';
  // The service reads the body as UTF-8: a page in another charset would otherwise encode é as its own byte.
  form.acceptCharset = 'UTF-8';
  form.action = request.url;
  form.target = target;
  form.hidden = true;
  for (const [name, value] of Object.entries(request.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}

/** Loads the authorize request in `frame` (a form POST in the frame when the URL is over the limit). */
function load(frame: HTMLIFrameElement, request: ReturnType<IdentityClient['authorizeRequest']>): void {
  if (request.method === 'GET') frame.src = request.url;
  else postFields(request, frame.name);
}

/** Signs in without showing anything: the member's tokens, or the service's error (`login_required`). */
export async function silentSignIn({ client, redirectUri, sessionToken, timeoutMs = IDENTITY.OAUTH_TIMEOUT_MS }: SilentSignInOptions): Promise<Tokens> {
  const pkce = await createPkce();
  const state = base64Url(crypto.getRandomValues(new Uint8Array(STATE_BYTES)));
  const origin = new URL(client.baseUrl, location.href).origin;
  const request = client.authorizeRequest({ redirectUri, codeChallenge: pkce.challenge, state, prompt: PROMPT.NONE, responseMode: 'web_message', sessionToken });

  const frame = document.createElement('iframe');
  frame.name = `kite-identity-${state}`;
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  document.body.append(frame);

  let onMessage: (event: MessageEvent) => void = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = await new Promise<AuthorizationResponse>((resolve, reject) => {
      onMessage = (event) => {
        if (isFlowAnswer(event, origin, frame.contentWindow, state)) resolve((event.data as { response: AuthorizationResponse }).response);
      };
      window.addEventListener('message', onMessage);
      timer = setTimeout(() => reject(sdkError(IDENTITY_MESSAGE.OAUTH_TIMED_OUT, 'OAUTH_TIMEOUT')), timeoutMs);
      load(frame, request);
    });
    if (!answer.code) throw new IdentityError(answer.error ?? IDENTITY_MESSAGE.AUTH_TOKEN_UNRESOLVED, answer.error ?? 'NO_CODE', 0, undefined);
    return await client.exchangeCode({ code: answer.code, codeVerifier: pkce.verifier, redirectUri });
  } finally {
    clearTimeout(timer);
    window.removeEventListener('message', onMessage);
    frame.remove();
  }
}
