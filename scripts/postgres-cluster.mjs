// A throwaway PostgreSQL cluster for a test or bench run: the system's initdb and pg_ctl (Debian's
// postgresql package keeps them in /usr/lib/postgresql/<version>/bin, off PATH) on a temp
// directory and a free port, trusted on 127.0.0.1 only, stopped and deleted by `stop()`.
// initdb refuses to run as root, so as root (CI) the cluster runs as the package's `postgres` user.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian installs each major version's server binaries. */
const DEBIAN_ROOT = '/usr/lib/postgresql';
/** The system user Debian's package creates, which runs the cluster when we are root. */
const SERVICE_USER = 'postgres';
/** The cluster's superuser, whom the URL names. */
const SUPERUSER = 'postgres';
/** How long pg_ctl waits for the server to start or stop, seconds. */
const PG_CTL_WAIT_S = 60;
/**
 * A test cluster's data is thrown away: no fsync, no synchronous commit (as PostgreSQL's own
 * documentation advises for disposable data), and room for every pool of a test run's servers.
 */
const SERVER_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=200'];

/** The directory of initdb and pg_ctl: pg_config's, else the newest version under /usr/lib/postgresql; null when none is installed. */
export async function postgresBinDir() {
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    const dir = stdout.trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // No pg_config on PATH (Debian's postgresql package alone does not put it there): look below.
  }
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(DEBIAN_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(DEBIAN_ROOT, versions[0], 'bin') : null;
}

/** A TCP port free on 127.0.0.1 now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster; answers `{ url, stop }` (`url` is the superuser's `postgres://` URL of the
 * `postgres` database). Throws, saying why, when PostgreSQL is not installed or will not start.
 */
export async function startPostgresCluster() {
  const bin = await postgresBinDir();
  if (!bin) throw new Error(`PostgreSQL is not installed: no initdb from pg_config or under ${DEBIAN_ROOT} (Debian: apt-get install postgresql)`);
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'kite-postgres-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const { uid, gid } = await serviceUser();
    chownSync(dir, uid, gid);
  }
  // As root, each binary runs as the service user; otherwise as ourselves.
  const pg = (tool, args) => (asRoot ? run('runuser', ['-u', SERVICE_USER, '--', join(bin, tool), ...args]) : run(join(bin, tool), args));
  const port = await freePort();
  let started = false;
  const stop = async () => {
    if (started) await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', String(PG_CTL_WAIT_S), 'stop']).catch(() => undefined);
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', data, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
    const options = ['-c listen_addresses=127.0.0.1', `-p ${port}`, `-k ${dir}`, ...SERVER_SETTINGS.map((setting) => `-c ${setting}`)].join(' ');
    started = true;
    await pg('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', String(PG_CTL_WAIT_S), 'start']);
  } catch (error) {
    await stop();
    throw new Error(`PostgreSQL did not start: ${error.stderr || error.message}`);
  }
  return { url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`, stop, user: asRoot ? SERVICE_USER : userInfo().username };
}

async function serviceUser() {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', SERVICE_USER]), run('id', ['-g', SERVICE_USER])]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  } catch {
    throw new Error(`running as root, and there is no ${SERVICE_USER} user to run PostgreSQL as (initdb refuses root; Debian's postgresql package creates it)`);
  }
}
