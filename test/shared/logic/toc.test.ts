/**
 * Table-of-contents ids (content-site spec 001, section 5 "Table of contents"): the spec's rules,
 * then fast-check properties (never throws, the shape of every slug, slugify twice changes nothing).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { slugifyHeading } from '../../../shared/logic/index.ts';
import { uniqueSlug } from '../../../shared/logic/toc.ts';
import { TOC } from '../../../shared/constants/site.ts';

describe('slugifyHeading', () => {
  it('transliterates German umlauts and ß, in either case', () => {
    assert.equal(slugifyHeading('Größe und Übersicht'), 'groesse-und-uebersicht');
    assert.equal(slugifyHeading('ÄÖÜ äöü ß'), 'aeoeue-aeoeue-ss');
    // The same letters written as a base letter and a combining mark.
    assert.equal(slugifyHeading('Mu\u0308ller'), 'mueller');
  });

  it('lowercases, turns every run of other characters into one hyphen, trims hyphens', () => {
    assert.equal(slugifyHeading('  Hello,   World!  '), 'hello-world');
    assert.equal(slugifyHeading('1. Step -- two / 3'), '1-step-two-3');
    assert.equal(slugifyHeading('---'), '');
    assert.equal(slugifyHeading(''), '');
  });

  it('keeps letters of any script, so a Hebrew heading gets an id', () => {
    assert.equal(slugifyHeading('מבוא: התחלה'), 'מבוא-התחלה');
  });

  it('never throws, gives only letters, digits and single inner hyphens, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const slug = slugifyHeading(text);
        assert.match(slug, /^(?:[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*)?$/u);
        assert.doesNotMatch(slug, /[A-ZÄÖÜäöüß]/);
        assert.equal(slugifyHeading(slug), slug);
      }),
    );
  });
});

describe('uniqueSlug', () => {
  it('keeps a free slug, numbers repeats from the first suffix on', () => {
    const taken = new Set<string>();
    const ids = ['intro', 'intro', 'intro'].map((slug) => {
      const id = uniqueSlug(slug, taken);
      taken.add(id);
      return id;
    });
    assert.deepEqual(ids, ['intro', `intro-${TOC.FIRST_REPEAT_SUFFIX}`, `intro-${TOC.FIRST_REPEAT_SUFFIX + 1}`]);
  });

  it('skips a numbered id the page already has', () => {
    assert.equal(uniqueSlug('a', new Set(['a', `a-${TOC.FIRST_REPEAT_SUFFIX}`])), `a-${TOC.FIRST_REPEAT_SUFFIX + 1}`);
  });
});
