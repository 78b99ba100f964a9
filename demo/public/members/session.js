// What the members page and its callback share: the SDK's client for the demo's identity service
// (this server, under /identity), the tokens kept for the tab, and opening an SDK request (a URL,
// or a form POST when its parameters are over the SDK's length limit).
import { createIdentityClient } from '/kite/identity.js';

export const identity = createIdentityClient({ baseUrl: `${location.origin}/identity`, clientId: 'kite-demo' });
export const CALLBACK_URI = `${location.origin}/members/callback.html`;
export const MEMBERS_URI = `${location.origin}/members/`;

const TOKENS_KEY = 'kite-demo-identity-tokens';
const FLOW_KEY = 'kite-demo-identity-flow';

export const readTokens = () => JSON.parse(sessionStorage.getItem(TOKENS_KEY) ?? 'null');
export const saveTokens = (tokens) => (tokens ? sessionStorage.setItem(TOKENS_KEY, JSON.stringify(tokens)) : sessionStorage.removeItem(TOKENS_KEY));
/** The PKCE verifier and state of the sign-in on its way (the callback checks the state and uses the verifier). */
export const readFlow = () => JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? 'null');
export const saveFlow = (flow) => (flow ? sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow)) : sessionStorage.removeItem(FLOW_KEY));

/** Opens `request` (`{ method: 'GET', url }` or `{ method: 'POST', url, fields }`) in this tab. */
export function open(request) {
  if (request.method === 'GET') {
    location.assign(request.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = request.url;
  for (const [name, value] of Object.entries(request.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
