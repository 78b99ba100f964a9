// The redirect URI of the demo's sign-in (members/callback.html): checks the state it sent, trades
// the code and the PKCE verifier for tokens, keeps them for the tab and goes back to the members page.
import { CALLBACK_URI, MEMBERS_URI, identity, readFlow, saveFlow, saveTokens } from '/members/session.js';

const status = document.getElementById('callback-status');
const params = new URLSearchParams(location.search);
const flow = readFlow();
saveFlow(null);

if (params.get('error')) {
  status.textContent = `Sign-in failed: ${params.get('error')}`;
} else if (!flow || params.get('state') !== flow.state) {
  status.textContent = 'Sign-in failed: this answer is not for a sign-in started here.';
} else {
  try {
    saveTokens(await identity.exchangeCode({ code: params.get('code'), codeVerifier: flow.verifier, redirectUri: CALLBACK_URI }));
    location.replace(MEMBERS_URI);
  } catch (error) {
    status.textContent = `Sign-in failed: ${error.message}`;
  }
}
