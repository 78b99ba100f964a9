// The guarded storage (issue 13 items 1 and 6) where no browser storage exists at all (node, like
// a browser that refuses it): values are kept for the page, nothing throws; and the metadata
// limits the widget cuts to fit what the display API takes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserStorage, safeSessionStorage, safeStorage } from '../../../shared/storage/storage.ts';
import { clipText } from '../../../shared/api/url.ts';
import { METADATA, VISITED_PAGES } from '../../../shared/constants/widget.ts';
import { API_LIMITS } from '../../../shared/api/schemas.ts';

describe('guarded storage without browser storage', () => {
  it('has no storage to offer, and says so without throwing', () => {
    assert.equal(browserStorage('localStorage'), null);
    assert.equal(browserStorage('indexedDB'), null);
  });

  it('keeps what is written for the page, each area apart, and forgets what is removed', () => {
    safeStorage.set('kite-test-key', 'local');
    safeSessionStorage.set('kite-test-key', 'session');
    assert.equal(safeStorage.get('kite-test-key'), 'local');
    assert.equal(safeSessionStorage.get('kite-test-key'), 'session');
    safeStorage.remove('kite-test-key');
    assert.equal(safeStorage.get('kite-test-key'), null);
    assert.equal(safeSessionStorage.get('kite-test-key'), 'session');
  });
});

describe('page metadata limits', () => {
  it('cut long text to METADATA.TEXT_MAX_CHARS and leave short text alone', () => {
    assert.equal(clipText('x'.repeat(METADATA.TEXT_MAX_CHARS * 3)).length, METADATA.TEXT_MAX_CHARS);
    assert.equal(clipText('/store'), '/store');
  });

  it('fit what the display API takes: a text field, and the whole visited-pages list as one lead value', () => {
    assert.ok(METADATA.TEXT_MAX_CHARS <= API_LIMITS.TEXT_MAX_CHARS);
    assert.ok(VISITED_PAGES.MAX_ENTRIES * (METADATA.PATH_MAX_CHARS + VISITED_PAGES.SEPARATOR.length) <= API_LIMITS.LONG_MAX_CHARS);
  });
});
