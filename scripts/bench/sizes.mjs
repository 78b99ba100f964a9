// Sections "Sizes" and "Peers, measured the same way": min+gzip and brotli of every dist file and
// of the lightbox chunk set; the same for sweetalert2 and a11y-dialog, installed into a temp dir.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressedSizes, kb, lightboxFileSet, measureDist, readChunkGraph, sumSizes } from '../sizes.mjs';
import { runAlone } from './lib/alone.mjs';
import { ratio, section, table } from './lib/markdown.mjs';
import { firstLine } from './lib/measure.mjs';
import { PEER_BUNDLE, bundle, bundleBytes, installPeers, versionOf } from './lib/peers.mjs';
import { benchTempDir } from './lib/setup.mjs';

/** Peer libraries, pinned by major version, with the entry that puts their API on `window`. */
const PEERS = [
  {
    name: 'sweetalert2',
    spec: 'sweetalert2@11',
    entry: "import Swal from 'sweetalert2'; window.Swal = Swal;",
    what: 'alert and prompt dialogs',
  },
  {
    name: 'a11y-dialog',
    spec: 'a11y-dialog@8',
    entry: "import A11yDialog from 'a11y-dialog'; window.A11yDialog = A11yDialog;",
    what: 'dialog behaviour only: no styles, markup or form',
  },
];

export function measureKiteSizes() {
  const files = measureDist();
  const { files: lightbox, missing } = lightboxFileSet(readChunkGraph());
  const total = sumSizes(files, lightbox);
  const kite = { files, lightbox: { ...total, count: lightbox.length, missing: [...missing, ...total.absent] } };
  console.log(`bench: sizes measured (${files.length} files, lightbox set ${kb(kite.lightbox.gzip)} min+gzip)`);
  return kite;
}

/** Installs the peers into the run's temp dir and bundles each like our build: minified, one file. */
export async function preparePeers() {
  const dir = benchTempDir('peers');
  const failures = await installPeers(dir, PEERS.map((peer) => peer.spec), 'the pop-up peers');
  const peers = [];
  for (const peer of PEERS) {
    if (failures[peer.name]) {
      peers.push({ ...peer, error: failures[peer.name] });
      continue;
    }
    try {
      const result = await bundle(peer.entry, dir, { ...PEER_BUNDLE, metafile: true });
      const bytes = bundleBytes(result);
      const file = join(dir, `${peer.name}.bundle.js`);
      writeFileSync(file, bytes);
      // Which of the package's files esbuild picked (sweetalert2's `.all` build carries its CSS), shown in the report.
      const prefix = `node_modules/${peer.name}/`;
      const sources = Object.keys(result.metafile.inputs)
        .filter((input) => input.includes(prefix))
        .map((input) => input.slice(input.lastIndexOf(prefix) + prefix.length))
        .filter((input, i, all) => all.indexOf(input) === i);
      peers.push({ ...peer, version: versionOf(dir, peer.name), file, sources, ...compressedSizes(bytes) });
    } catch (error) {
      peers.push({ ...peer, error: firstLine(error) });
    }
  }
  return { peers };
}

/** The sweetalert2 bundle the pop-up timing compares against, when it was installed. */
export const sweetAlertOf = (peerSizes) => peerSizes.peers?.find((peer) => peer.name === 'sweetalert2' && !peer.error);

export function renderSizes(kite) {
  const { lightbox } = kite;
  return section(
    'Sizes',
    'Every JS file of `dist/` (already minified by the build), compressed with gzip level 9 and brotli quality 11. ' +
      'The lightbox set is everything a page fetches to show the lightbox pop-up with its form: `widget.js`, the static imports of ' +
      '`widget-runtime.js` and those of the poptin element chunk, each file once.',
    table(
      ['file', 'minified', 'min+gzip', 'min+brotli'],
      [
        ...kite.files.map((file) => [`\`${file.file}\``, `${file.raw} B`, `${file.gzip} B`, `${file.brotli} B`]),
        [
          `**lightbox set** (${lightbox.count} files)${lightbox.missing.length ? `, missing: ${lightbox.missing.join(', ')}` : ''}`,
          `${lightbox.raw} B`,
          `**${lightbox.gzip} B (${kb(lightbox.gzip)})**`,
          `${lightbox.brotli} B (${kb(lightbox.brotli)})`,
        ],
      ],
    ),
  );
}

/** `peerSizes`: `{ peers }` from preparePeers, or `{ error }` when skipped. */
export function renderPeers(peerSizes, kite) {
  if (peerSizes.error) return section('Peers, measured the same way', `Peer rows unavailable: ${peerSizes.error}`);
  return section(
    'Peers, measured the same way',
    'Installed at bench time into a temp directory (never into the project), bundled and minified with esbuild into one file, ' +
      'compressed as above. The ratio compares the Kite lightbox set (loader, runtime, React, XState, the pop-up and its form) with the peer.',
    table(
      ['library', 'what it covers', 'minified', 'min+gzip', 'min+brotli', 'Kite lightbox set / peer (gzip)'],
      peerSizes.peers.map((peer) =>
        peer.error
          ? [`${peer.name}`, peer.what, `unavailable: ${peer.error}`, '', '', '']
          : [`${peer.name} ${peer.version}`, `${peer.what}; bundled from ${peer.sources.map((source) => `\`${source}\``).join(', ')}`, `${peer.raw} B`, `${peer.gzip} B (${kb(peer.gzip)})`, `${peer.brotli} B`, ratio(kite.lightbox.gzip, peer.gzip)],
      ),
    ),
  );
}

runAlone(import.meta.url, async () => {
  const kite = measureKiteSizes();
  return [renderSizes(kite), renderPeers(await preparePeers(), kite)].join('\n\n');
});
