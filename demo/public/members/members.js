// The demo's members page (members/index.html), built on kite-elements/identity: register or sign
// in, verify the emailed code or open the mailed link (the outbox shows both), solve the captcha
// after wrong passwords, wait for the owner's approval, reset a forgotten password through the
// mailed link, then the OAuth code flow with PKCE (members/callback.html finishes it).
// Signed in, it reads the member and the members list through the GraphQL API client, refreshes the
// tokens and signs out. No inline script or markup: the page runs under the demo's strict policy.
import { AUTH_ERROR_CODE, AUTH_STATE_TYPE, createApiClient, createPkce } from '/kite/identity.js';
import { CALLBACK_URI, MEMBERS_URI, identity, open, readTokens, saveFlow, saveTokens } from '/members/session.js';

const $ = (id) => document.getElementById(id);
const status = $('member-status');
const credentials = $('member-credentials');
const panels = { verify: $('member-verify'), captcha: $('member-captcha'), approval: $('member-approval'), recover: $('member-recover') };
const CAPTCHA_CODES = [AUTH_ERROR_CODE.MISSING_CAPTCHA, AUTH_ERROR_CODE.INVALID_CAPTCHA];

/** The last login or register sent (resent with a captcha, or after the owner's approval), and the verification's state token. */
let pending = null;
let stateToken = null;
let captchaId = null;
let recoveryToken = null;
/** The part of a mail that is a link on this site (the members page, with a verification or recovery token). */
const SITE_LINK = /(\/members\/\S*)/;

/** Shows `state` and its panel; the panel's field takes the focus, so a keyboard user types on. */
function show(state, text, panel) {
  status.dataset.state = state;
  status.textContent = text;
  for (const [name, element] of Object.entries(panels)) element.hidden = name !== panel;
  panels[panel]?.querySelector('input')?.focus();
}

async function showOutbox() {
  const email = $('member-email').value.trim();
  const list = $('member-outbox');
  list.replaceChildren();
  if (!email) return;
  const response = await fetch(`/identity/v1/demo/outbox?email=${encodeURIComponent(email)}`);
  if (!response.ok) return;
  for (const mail of (await response.json()).mails) {
    const item = document.createElement('li');
    // Text nodes and one link built here: nothing of the mail is read as markup.
    const [before, link, after] = mail.body.split(SITE_LINK);
    item.append(`${mail.subject}: ${before}`);
    if (link) {
      const anchor = document.createElement('a');
      anchor.href = link;
      anchor.textContent = link;
      item.append(anchor, after ?? '');
    }
    list.append(item);
  }
}

/** A SUCCESS answer: the OAuth code flow with PKCE, through this service's authorize page. */
async function authorize(sessionToken) {
  const pkce = await createPkce();
  const state = crypto.randomUUID();
  saveFlow({ verifier: pkce.verifier, state });
  open(identity.authorizeRequest({ redirectUri: CALLBACK_URI, codeChallenge: pkce.challenge, state, sessionToken }));
}

async function answered(answer) {
  stateToken = answer.stateToken ?? null;
  if (answer.state === AUTH_STATE_TYPE.SUCCESS) {
    show('success', 'Signing you in…');
    await authorize(answer.sessionToken);
  } else if (answer.state === AUTH_STATE_TYPE.REQUIRE_EMAIL_VERIFICATION) {
    show('email-verification-required', 'Check your email for the verification code.', 'verify');
  } else if (answer.state === AUTH_STATE_TYPE.REQUIRE_OWNER_APPROVAL) {
    show('owner-approval-required', "Your account waits for the owner's approval.", 'approval');
  } else {
    show('failure', `The service has not decided yet (${answer.state}): try again later.`);
  }
}

async function failed(error) {
  if (CAPTCHA_CODES.includes(error.code)) {
    const captcha = await identity.captcha();
    captchaId = captcha.captchaId;
    $('member-captcha-question').textContent = `What is ${captcha.question}?`;
    show('captcha-required', error.code === AUTH_ERROR_CODE.INVALID_CAPTCHA ? 'That answer was wrong: try this one.' : 'Please solve the captcha.', 'captcha');
  } else {
    show('failure', error.message);
  }
}

/** Runs one call of the SDK and moves the page to the state its answer or error names. */
async function step(call, onError = failed) {
  try {
    await answered(await call());
  } catch (error) {
    await onError(error);
  }
  await showOutbox();
}

/** A wrong or expired code: the member types it again (the machine's verifying -> emailVerificationRequired). */
const verifyFailed = (error) => show('email-verification-required', error.message, 'verify');

const send = () => (pending.kind === 'register' ? identity.register(pending.body) : identity.login(pending.body));

credentials.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(credentials);
  const kind = event.submitter?.value === 'register' ? 'register' : 'login';
  const body = { loginId: { email: String(data.get('email')) }, password: String(data.get('password')) };
  if (kind === 'register' && data.get('firstName')) body.profile = { firstName: String(data.get('firstName')) };
  pending = { kind, body };
  show('submitting', kind === 'register' ? 'Registering…' : 'Signing in…');
  void step(send);
});

panels.verify.addEventListener('submit', (event) => {
  event.preventDefault();
  void step(() => identity.verify({ code: $('member-code').value.trim(), stateToken }), verifyFailed);
});

$('member-forgot').addEventListener('click', async () => {
  const email = $('member-email');
  if (!email.value.trim() || !email.checkValidity()) {
    show('failure', 'Type the email of your account first, then ask again.');
    email.focus();
    return;
  }
  try {
    await identity.sendRecoveryEmail({ email: email.value.trim() });
    show('recovery-sent', 'If an account uses this email, a link to set a new password is on its way (see the outbox below).');
  } catch (error) {
    show('failure', error.message);
  }
  await showOutbox();
});

panels.recover.addEventListener('submit', async (event) => {
  event.preventDefault();
  try {
    await identity.recover({ recoveryToken, password: $('member-new-password').value });
    recoveryToken = null;
    show('password-reset', 'Your new password is set: sign in with it.');
    $('member-email').focus();
  } catch (error) {
    show('failure', `The password was not set: ${error.message}`);
  }
});

panels.captcha.addEventListener('submit', (event) => {
  event.preventDefault();
  pending.body.captchaTokens = [`${captchaId}:${$('member-captcha-answer').value.trim()}`];
  $('member-captcha-answer').value = '';
  void step(send);
});

// Once approved, the member signs in: the last call is resent as a login (a register again would meet -19995).
$('member-retry').addEventListener('click', () => {
  if (!pending) {
    show('owner-approval-required', "Your account waits for the owner's approval: sign in with your email and password to see whether it came.");
    $('member-email').focus();
    return;
  }
  pending = { kind: 'login', body: { ...pending.body, profile: undefined } };
  show('submitting', 'Signing in…');
  void step(send);
});

/** Signed in: the member and the members list through the GraphQL API client. */
async function showArea(tokens) {
  $('member-forms').hidden = true;
  $('member-area').hidden = false;
  const api = createApiClient({ apiHost: location.origin, accessToken: () => readTokens()?.accessToken.value });
  const { data } = await api.graphql('{ me { email profile { firstName } } members(limit: 10) { items { email profile { firstName } } } }');
  const name = data.me.profile.firstName ?? data.me.email;
  show('signed-in', `Signed in as ${data.me.email}.`);
  $('member-profile').textContent = `Welcome, ${name}. Your access token runs until ${new Date(tokens.accessToken.expiresAt * 1000).toLocaleTimeString()}.`;
  $('member-list').replaceChildren(
    ...data.members.items.map((member) => {
      const item = document.createElement('li');
      item.textContent = member.profile.firstName ? `${member.profile.firstName} (${member.email})` : member.email;
      return item;
    }),
  );
}

$('member-refresh').addEventListener('click', async () => {
  try {
    const tokens = await identity.refresh(readTokens().refreshToken.value);
    saveTokens(tokens);
    await showArea(tokens);
    status.textContent = `${status.textContent} Session refreshed.`;
  } catch (error) {
    saveTokens(null);
    show('failure', error.message);
  }
});

$('member-sign-out').addEventListener('click', () => {
  saveTokens(null);
  open(identity.logoutRequest(MEMBERS_URI));
});

// A mailed link: finish the verification, or ask for the new password. The token leaves the address bar.
const linked = new URLSearchParams(location.search);
if (linked.has('stateToken') || linked.has('recoveryToken')) history.replaceState(null, '', MEMBERS_URI);
if (linked.has('stateToken')) {
  stateToken = linked.get('stateToken');
  void step(() => identity.verify({ code: linked.get('code') ?? '', stateToken }), verifyFailed);
} else if (linked.has('recoveryToken')) {
  recoveryToken = linked.get('recoveryToken');
  show('recovery', 'Choose a new password.', 'recover');
}

/** Signed in from the tab's tokens; an access token the API refuses (past its expiry) is renewed once with the refresh token, which lives much longer. */
async function resume(tokens) {
  try {
    await showArea(tokens);
  } catch (error) {
    if (error.status !== 401) throw error;
    const renewed = await identity.refresh(tokens.refreshToken.value);
    saveTokens(renewed);
    await showArea(renewed);
  }
}

const tokens = readTokens();
if (tokens) {
  resume(tokens).catch((error) => {
    saveTokens(null);
    $('member-forms').hidden = false;
    $('member-area').hidden = true;
    show('failure', `Your session ended (${error.message}): sign in again.`);
  });
}
