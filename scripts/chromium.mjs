// Finds the Chromium the browser tests use: CHROME_PATH, else /usr/bin/chromium. On Debian as
// root it installs the `chromium` package when missing; anywhere else it says how to get one.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const DEFAULT_PATH = '/usr/bin/chromium';

export function findChromium({ install = true } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
  }
  if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && isRoot && existsSync('/etc/debian_version')) {
    console.log('Chromium not found: installing Debian package "chromium" (about a minute)...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;
  }
  throw new Error(
    'No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or point CHROME_PATH at a Chromium or Chrome binary.',
  );
}
