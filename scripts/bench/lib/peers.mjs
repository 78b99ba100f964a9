// The peer libraries Kite is measured against: installed at bench time into a temp directory
// (never the project) with npm, bundled and minified with esbuild as a site would ship them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './process.mjs';
import { LIMIT } from './settings.mjs';

/** How the peers are bundled, like our build: for current browsers, production mode. */
export const PEER_BUNDLE = { target: 'es2020', define: { 'process.env.NODE_ENV': '"production"' } };

/** The first lines of npm's error, without its warnings and the pointer to its log file. */
const npmError = (text, n = 2) =>
  text
    .trim()
    .split('\n')
    .filter((line) => line.trim() && !/^npm warn/i.test(line) && !/complete log of this run/i.test(line))
    .slice(0, n)
    .join(' ');

const packageName = (spec) => spec.replace(/@[^@]*$/, '');

/**
 * Installs `specs` (pinned `name@range`) into `dir`; resolves the packages that failed, by name,
 * with why. One bad package fails a whole install: then each is tried alone to find it, and the
 * others installed together (an install with --no-save removes what an earlier one put there).
 */
export async function installPeers(dir, specs, label) {
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = (list) => run(npm, ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...list], { timeoutMs: LIMIT.NPM_INSTALL_MS });
  console.log(`bench: installing ${label} into ${dir} (${specs.join(', ')})`);
  const all = await install(specs);
  const failures = {};
  if (all.code === 0) return failures;
  console.log(`bench: the install of ${label} failed (${npmError(all.output)}); trying each package alone`);
  for (const spec of specs) {
    const one = await install([spec]);
    if (one.code !== 0) failures[packageName(spec)] = `npm install ${spec} failed: ${npmError(one.output)}`;
  }
  const good = specs.filter((spec) => !failures[packageName(spec)]);
  if (good.length) {
    const rest = await install(good);
    if (rest.code !== 0) for (const spec of good) failures[packageName(spec)] = `npm install failed: ${npmError(rest.output)}`;
  }
  return failures;
}

/** The installed version of `pkg` under `dir`, or null. */
export function versionOf(dir, pkg) {
  try {
    return JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** Bundles and minifies the script `entry` (resolved from `resolveDir`) into one file; resolves esbuild's result. */
export async function bundle(entry, resolveDir, options = {}) {
  const { build } = await import('esbuild');
  return build({ stdin: { contents: entry, resolveDir, loader: 'js' }, bundle: true, minify: true, format: 'iife', write: false, logLevel: 'silent', ...options });
}

/** The bundle's bytes. */
export const bundleBytes = (result) => Buffer.from(result.outputFiles[0].contents);

/** A stylesheet minified by esbuild. */
export async function minifyCss(source) {
  const { transform } = await import('esbuild');
  return Buffer.from((await transform(source, { loader: 'css', minify: true, logLevel: 'silent' })).code);
}
