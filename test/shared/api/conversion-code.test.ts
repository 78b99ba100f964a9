// The lead answer's missing pixel code: the spec's console note, for the site owner only when asked.
import { afterEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { MISSING_PIXEL_NOTE, appendConversionCode } from '../../../shared/api/conversion-code.ts';

const page = globalThis as { kite?: { debug?: boolean } };
/** Without code nothing is appended, so no page is needed (this runs in Node). */
const NO_DOCUMENT = {} as Document;

describe('a lead whose answer has no pixel code', () => {
  afterEach(() => {
    delete page.kite;
    mock.restoreAll();
  });

  test("says nothing in a visitor's console", async () => {
    const info = mock.method(console, 'info', () => {});
    assert.equal(await appendConversionCode('  ', NO_DOCUMENT), 0);
    assert.equal(info.mock.callCount(), 0);
  });

  test("notes 'Poptin pixel Code not exist' when the site owner turned on window.kite.debug", async () => {
    page.kite = { debug: true };
    const info = mock.method(console, 'info', () => {});
    assert.equal(await appendConversionCode('', NO_DOCUMENT), 0);
    assert.deepEqual(info.mock.calls.map((call) => call.arguments), [['Poptin pixel Code not exist']]);
    assert.equal(MISSING_PIXEL_NOTE, 'Poptin pixel Code not exist');
  });
});
