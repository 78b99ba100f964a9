/**
 * Starts the owner dashboard (demo/public/admin.html, served at /admin; built by
 * rollup.config.mjs into demo/public/app/dashboard.js). `?lang=he` shows it in Hebrew,
 * right to left. `kite-poptin` is loaded before the first render, so React sets the live
 * preview's record as a property.
 */
import { loadElement } from 'kite-elements';
import { createRoot } from 'react-dom/client';
import { DashboardView } from './dashboard.view.tsx';
import { DASHBOARD_MESSAGES, type DashboardLanguage } from './messages.ts';

const ROOT_ID = 'dashboard';
const RIGHT_TO_LEFT: ReadonlySet<DashboardLanguage> = new Set(['he']);

async function start() {
  const lang: DashboardLanguage = new URLSearchParams(location.search).get('lang') === 'he' ? 'he' : 'en';
  const t = DASHBOARD_MESSAGES[lang];
  document.documentElement.lang = lang;
  document.documentElement.dir = RIGHT_TO_LEFT.has(lang) ? 'rtl' : 'ltr';
  document.title = t.title;
  await loadElement('kite-poptin');
  createRoot(document.getElementById(ROOT_ID)!).render(<DashboardView t={t} lang={lang} />);
}

void start();
