// `npm run size` measures each demo record by the chunk graph and the widget's own tests of its
// lazy parts (RECORD_CODE): a record whose feature pulls a lazy chunk counts that chunk and its
// static imports, a record without it does not, and a part whose module is in no chunk is reported.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recordFileSet } from '../../scripts/sizes.mjs';
import { RECORD_CODE_MODULES } from '../../scripts/record-code-modules.mjs';
import { RECORD_CODE } from '../../shared/widget/record-code.ts';
import { parsePoptinRecord } from '../../shared/schema/poptin-record.schema.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A demo record as stored and as the widget parses it. */
function demoRecord(name: string) {
  const raw: unknown = JSON.parse(readFileSync(`${REPO_ROOT}demo/poptins/${name}.json`, 'utf8'));
  const parsed = parsePoptinRecord(raw);
  assert.ok(parsed.ok, `demo/poptins/${name}.json parses`);
  return { raw, record: parsed.value };
}

/** A small chunk graph in the build's shape: the runtime and the pop-up share React; the frames' CSS has a static import of its own. */
const graph = [
  { fileName: 'widget-runtime.js', facadeModuleId: 'components/widget/widget.runtime.ts', imports: ['chunks/react.js'], modules: [] },
  { fileName: 'chunks/react.js', imports: [], modules: ['node_modules/react/index.js'] },
  { fileName: 'chunks/poptin.js', facadeModuleId: 'components/poptin/poptin.element.ts', imports: ['chunks/react.js'], modules: [] },
  { fileName: 'chunks/frames.js', facadeModuleId: 'components/poptin/poptin.frames.styles.ts', imports: ['chunks/css-kit.js'], modules: [] },
  { fileName: 'chunks/css-kit.js', imports: [], modules: ['shared/dom/adopt-styles.ts'] },
];
const frameStylesOnly = { needs: { frameStyles: RECORD_CODE.frameStyles }, modules: RECORD_CODE_MODULES };

describe('the script a record fetches before its pop-up is visible (npm run size)', () => {
  it('counts a lazy chunk, with its static imports, only for a record whose feature needs it', () => {
    const lightbox = demoRecord('lightbox');
    const bar = demoRecord('bar-top');

    const overlay = recordFileSet(graph, frameStylesOnly, lightbox.record, lightbox.raw);
    const framed = recordFileSet(graph, frameStylesOnly, bar.record, bar.raw);

    assert.deepEqual(overlay.files, ['chunks/poptin.js', 'chunks/react.js', 'widget-runtime.js', 'widget.js']);
    assert.deepEqual(overlay.parts, []);
    assert.deepEqual(framed.files, ['chunks/css-kit.js', 'chunks/frames.js', 'chunks/poptin.js', 'chunks/react.js', 'widget-runtime.js', 'widget.js']);
    assert.deepEqual(framed.parts, ['frameStyles']);
    assert.deepEqual(framed.missing, []);
  });

  it('names a needed part whose module is in no chunk, rather than leaving it uncounted', () => {
    const markup = demoRecord('markup');
    const { missing, parts } = recordFileSet(graph, { needs: { markup: RECORD_CODE.markup }, modules: RECORD_CODE_MODULES }, markup.record, markup.raw);
    assert.deepEqual(parts, ['markup']);
    assert.deepEqual(missing, RECORD_CODE_MODULES.markup.map((module) => `a chunk holding ${module}`));
  });

  it("counts an 'after close' tab teaser's life watch but not its tab, which is fetched once the pop-up is on screen; the other modes' tabs come before it", () => {
    const teaserParts = (name: string) => {
      const { record, raw } = demoRecord(name);
      const needs = { teaserLife: RECORD_CODE.teaserLife, teaserTab: RECORD_CODE.teaserTab };
      return recordFileSet(graph, { needs, modules: RECORD_CODE_MODULES }, record, raw).parts;
    };
    assert.deepEqual(teaserParts('teaser-after-close'), ['teaserLife']);
    assert.deepEqual(teaserParts('teaser-always'), ['teaserLife', 'teaserTab']);
    assert.deepEqual(teaserParts('teaser-before-show'), ['teaserLife', 'teaserTab']);
    assert.deepEqual(teaserParts('lightbox'), []);
  });

  it('names the modules of every part the widget decides, and only files that exist', () => {
    assert.deepEqual(Object.keys(RECORD_CODE_MODULES).sort(), Object.keys(RECORD_CODE).sort());
    for (const [name, modules] of Object.entries(RECORD_CODE_MODULES)) {
      for (const module of modules) assert.ok(existsSync(`${REPO_ROOT}${module}`), `${name}: ${module} exists`);
    }
  });
});
