// What the members page and its callback share: the SDK's client for the demo's identity service
// (this server, under /identity), the tokens kept for the tab, and opening an SDK request (a URL,
// or a form POST when its parameters are over the SDK's length limit).
import { createIdentityClient, postFields } from '/kite/identity.js';

export const identity = createIdentityClient({ baseUrl: `${location.origin}/identity`, clientId: 'kite-demo' });
export const CALLBACK_URI = `${location.origin}/members/callback.html`;
export const MEMBERS_URI = `${location.origin}/members/`;

const TOKENS_KEY = 'kite-demo-identity-tokens';
const FLOW_KEY = 'kite-demo-identity-flow';

/**
 * The page cookie that tells the widget's display call this visitor is a member (the widget sends
 * the page's `poptin_` cookies; the display API verifies the token): demo/server/identity/constants.ts
 * MEMBER_COOKIE.
 */
const MEMBER_COOKIE = 'poptin_member';

export const readTokens = () => JSON.parse(sessionStorage.getItem(TOKENS_KEY) ?? 'null');
export function saveTokens(tokens) {
  if (tokens) {
    sessionStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
    document.cookie = `${MEMBER_COOKIE}=${tokens.accessToken.value}; path=/; SameSite=Lax`;
  } else {
    sessionStorage.removeItem(TOKENS_KEY);
    document.cookie = `${MEMBER_COOKIE}=; path=/; SameSite=Lax; max-age=0`;
  }
}
/** The PKCE verifier and state of the sign-in on its way (the callback checks the state and uses the verifier). */
export const readFlow = () => JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? 'null');
export const saveFlow = (flow) => (flow ? sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow)) : sessionStorage.removeItem(FLOW_KEY));

/** Opens `request` (`{ method: 'GET', url }` or `{ method: 'POST', url, fields }`) in this tab. */
export function open(request) {
  if (request.method === 'GET') location.assign(request.url);
  else postFields(request);
}
