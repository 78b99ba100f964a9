// The JSON view's "show the problem": a problem's path (as the schema names it) found in the
// draft's text as the owner typed it, so the editor can select it there.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkDraft, draftText, DRAFT_ROOT, locatePath, newRecord, setAt } from '../../../machines/dashboard/dashboard.draft.ts';
import { checkRecord } from '../../../demo/dashboard/record-check.ts';
import { GAMIFIED } from '../../../shared/constants/gamified.ts';

const at = (text: string, path: string) => {
  const span = locatePath(text, path);
  return span && text.slice(span.start, span.end);
};

/** A new pop-up with a wheel whose second prize's chances the schema refuses. */
const withGame = setAt(newRecord('drafttest0001'), ['design', 'blocks', 3], {
  type: 'game',
  prizes: [
    { label: 'Free shipping', code: 'SHIP', chances: 50, loosing_option: 0 },
    { label: 'Too likely', chances: GAMIFIED.CHANCES_TOTAL + 1, loosing_option: 0 },
  ],
});

describe('locatePath: a problem path in the JSON text', () => {
  it('finds the schema’s own problem at a game’s prize: its key and value', () => {
    const text = draftText(withGame);
    const { problem } = checkDraft(text, checkRecord);
    assert.equal(problem?.path, 'design.blocks[3].prizes[1].chances');
    assert.equal(at(text, problem.path), `"chances": ${GAMIFIED.CHANCES_TOTAL + 1}`);
    // The first prize has the same key; the span is the second one's.
    assert.ok(locatePath(text, problem.path)!.start > text.indexOf('"Too likely"'));
  });

  it('reads the text as typed: any spacing, on one line, with escaped quotes in strings', () => {
    const text = '{"a" : [ 1 ,{ "b\\"c":"x]}", "d":{"e" :true} } ] }';
    assert.equal(at(text, 'a[1].d.e'), '"e" :true');
    assert.equal(at(text, 'a[0]'), '1');
    assert.equal(at(text, 'a[1]["b\\"c"]'), '"b\\"c":"x]}"');
    // validate() writes a top-level key that is no identifier after the root's name.
    assert.equal(at('{"odd key": 2}', `${DRAFT_ROOT}["odd key"]`), '"odd key": 2');
  });

  it('a missing key (a required field) gives its enclosing object; an item past the end, its list', () => {
    const text = draftText({ design: { blocks: [{ type: 'coupon' }] } });
    assert.equal(at(text, 'design.blocks[0].code')?.replace(/\s+/g, ''), '{"type":"coupon"}');
    assert.equal(at(text, 'design.blocks[4].code')?.startsWith('['), true);
  });

  it('nothing for the whole record, text that is not JSON up to the path, or a path it cannot read', () => {
    assert.equal(locatePath('{}', DRAFT_ROOT), null);
    assert.equal(locatePath('{"a": {"b": tru', 'a.b.c'), null);
    assert.equal(locatePath('{"a": 1}', 'a..b'), null);
  });
});
