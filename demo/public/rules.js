// The shop's offers page (rules.html), one offer per trigger or display rule: `?demo=<name>`
// loads the widget, as the site owner's script tag would, for that demo's client of the reference
// server (demo/server/migrations/004 creates them; demo/poptins/rule-*.json are their pop-ups). The buttons reset the visitor's cookies,
// start a new visit and set what the filters read. No inline script or style: the page runs
// under `script-src 'self'; style-src 'self'`.

/** Each demo: its client, and what the script tag carries besides `data-client-id`. */
const DEMOS = {
  seconds: {},
  scroll: {},
  exit: {},
  'mobile-exit': {},
  inactivity: {},
  clicks: {},
  pages: {},
  'click-id': {},
  queue: {},
  session: {},
  day: {},
  days: {},
  visits: {},
  new: {},
  returning: {},
  converted: {},
  engagement: {},
  cookie: {},
  js: {},
  adblock: {},
  ab: {},
  upgrade: { client: 'demo-upgrade' },
  remind: { client: 'demo-remind' },
  spa: { data: { spa: '' } },
  consent: { data: { consent: 'required' } },
};

import { forgetVisitor } from './demo-reset.js';

const JS_PLAN_KEY = 'kite_demo_js_plan';

const params = new URLSearchParams(location.search);
const name = params.get('demo');
const demo = name !== null && Object.hasOwn(DEMOS, name) ? DEMOS[name] : null;
const status = document.getElementById('rules-status');

function deleteCookie(cookie) {
  document.cookie = `${cookie}=; Max-Age=0; Path=/; SameSite=Lax`;
}

function on(id, handler) {
  document.getElementById(id)?.addEventListener('click', handler);
}

on('rules-reset', forgetVisitor);
on('rules-new-visit', () => {
  // A visit is a session: the session cookie (30 minutes) is what ends with it.
  deleteCookie('poptin_session');
  sessionStorage.clear();
  location.reload();
});
on('rules-reload', () => location.reload());
on('rules-cookie-pro', () => {
  document.cookie = 'kite_demo_plan=pro; Path=/; SameSite=Lax';
  location.reload();
});
on('rules-cookie-free', () => {
  document.cookie = 'kite_demo_plan=free; Path=/; SameSite=Lax';
  location.reload();
});
on('rules-js-pro', () => {
  localStorage.setItem(JS_PLAN_KEY, 'pro');
  location.reload();
});
on('rules-js-free', () => {
  localStorage.setItem(JS_PLAN_KEY, 'free');
  location.reload();
});

// The single-page app: navigations through the History API, and a re-render of its content.
let appPage = Number(params.get('page')) || 1;
on('rules-spa-next', () => {
  appPage += 1;
  history.pushState({ page: appPage }, '', `/rules?demo=spa&page=${appPage}#demo-spa`);
  status.textContent = `Single-page app: page ${appPage} of the app (the address changed, the widget ran again).`;
});
on('rules-spa-render', () => {
  const app = document.getElementById('rules-spa-app');
  const host = document.createElement('div');
  host.id = 'kiterulespaem';
  app.replaceChildren(host);
  status.textContent = 'Single-page app: the app re-rendered; the embedded form comes back within 5 seconds.';
});
on('rules-consent-yes', () => window.kite?.consent?.(true));
on('rules-consent-no', () => window.kite?.consent?.(false));

/** The widget's own address, the one script this page adds. */
const WIDGET_URL = '/kite/widget.js';

/**
 * The widget's address for a script's `src`. A page that requires Trusted Types (the end-to-end
 * suite's second run serves this one so) refuses a plain string there; like any site owner's page
 * adding the script tag itself, it makes that value with a policy of its own, which allows only
 * the widget's address.
 */
function widgetScriptURL() {
  const policy = window.trustedTypes?.createPolicy('kite-demo-loader', {
    createScriptURL: (url) => {
      if (url !== WIDGET_URL) throw new TypeError(`not the widget: ${url}`);
      return url;
    },
  });
  return policy ? policy.createScriptURL(WIDGET_URL) : WIDGET_URL;
}

if (demo) {
  const section = document.getElementById(`demo-${name}`);
  section?.setAttribute('aria-current', 'true');
  if (section) Object.assign(section.style, { borderInlineStart: '4px solid #1f5eff', paddingInlineStart: '0.75rem' });
  const heading = section?.querySelector('h3')?.textContent ?? name;
  status.textContent = `Trying: ${heading}. Do what its line says, and watch.`;
  // The scroll demo needs a page to scroll.
  if (name === 'scroll') document.getElementById('rules-spacer').style.height = '300vh';
  // What the site's own scripts would have set up for the global value filter.
  if (name === 'js') window.kiteDemo = { plan: localStorage.getItem(JS_PLAN_KEY) ?? 'free' };
  const script = document.createElement('script');
  script.src = widgetScriptURL();
  script.async = true;
  script.dataset.clientId = demo.client ?? `demo-rule-${name}`;
  for (const [key, value] of Object.entries(demo.data ?? {})) script.dataset[key] = value;
  document.head.append(script);
}
