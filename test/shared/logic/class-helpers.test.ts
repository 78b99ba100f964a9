/**
 * The theme's colour, font-size, animation-offset and minimum-height classes (content-site spec
 * 001, sections 5 and 9): the spec's rules by example, then fast-check properties (never throws;
 * what comes out is valid CSS of its kind, and a valid class always gives its value back).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { colourFromClass, fontSizeFromClass } from '../../../shared/logic/index.ts';
import { animationOffsetOf, minimumHeightOf } from '../../../shared/logic/class-helpers.ts';
import { ANIMATION, CLASS_HELPERS, MIN_HEIGHT } from '../../../shared/constants/site.ts';

const { COLOUR_PREFIX, FONT_SIZE_PREFIX, FONT_SIZE_UNITS, HEX_LENGTHS } = CLASS_HELPERS;
const HEX_DIGIT = fc.constantFrom(...'0123456789abcdefABCDEF');
const hexOf = (length: number) => fc.array(HEX_DIGIT, { minLength: length, maxLength: length }).map((digits) => digits.join(''));

describe('colourFromClass', () => {
  it('reads 3 or 6 hex digits as a colour, lowercased', () => {
    assert.equal(colourFromClass(`${COLOUR_PREFIX}C0392B`), '#c0392b');
    assert.equal(colourFromClass(`${COLOUR_PREFIX}f60`), '#f60');
  });

  it('ignores other digit counts, non-hex characters and other classes', () => {
    for (const hex of ['', 'f', 'ff', 'ff00', 'ff000', 'ff00000', 'ff00ff00', 'ggg', 'f60;x', '#f60']) {
      assert.equal(colourFromClass(`${COLOUR_PREFIX}${hex}`), null, hex);
    }
    assert.equal(colourFromClass('avia-color-theme'), null);
  });

  it('property: never throws, and gives null or a #hex of an allowed length', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((rest) => COLOUR_PREFIX + rest)), (name) => {
        const colour = colourFromClass(name);
        assert.ok(colour === null || (/^#[\da-f]+$/.test(colour) && (HEX_LENGTHS as readonly number[]).includes(colour.length - 1)));
      }),
    );
  });

  it('property: every valid class gives its colour back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HEX_LENGTHS).chain(hexOf), (hex) => {
        assert.equal(colourFromClass(COLOUR_PREFIX + hex), `#${hex.toLowerCase()}`);
      }),
    );
  });
});

describe('fontSizeFromClass', () => {
  it('reads exactly two parts, a number and a unit', () => {
    assert.equal(fontSizeFromClass(`${FONT_SIZE_PREFIX}24-px`), '24px');
    assert.equal(fontSizeFromClass(`${FONT_SIZE_PREFIX}1.5-rem`), '1.5rem');
    assert.equal(fontSizeFromClass(`${FONT_SIZE_PREFIX}010-em`), '10em');
  });

  it('ignores one part, three parts, a bad number or an unknown unit', () => {
    for (const rest of ['24', '24px', '24-px-x', '-24-px', 'x-px', '24-furlong', '1.-em', '.5-em', '24-', '-px', '']) {
      assert.equal(fontSizeFromClass(`${FONT_SIZE_PREFIX}${rest}`), null, rest);
    }
  });

  it('property: never throws, and gives null or a CSS length', () => {
    const unitPattern = new RegExp(`^\\d+(?:\\.\\d+)?(?:${FONT_SIZE_UNITS.join('|')})$`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((rest) => FONT_SIZE_PREFIX + rest)), (name) => {
        const size = fontSizeFromClass(name);
        assert.ok(size === null || unitPattern.test(size), String(size));
      }),
    );
  });

  it('property: every valid class gives its size back', () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...FONT_SIZE_UNITS), (number, unit) => {
        assert.equal(fontSizeFromClass(`${FONT_SIZE_PREFIX}${number}-${unit}`), `${number}${unit}`);
      }),
    );
  });
});

describe('animationOffsetOf', () => {
  const offsetClass = (n: number) => `av-animated-when-visible-${n}`;
  it('an offset class takes effect only below the limit', () => {
    assert.equal(animationOffsetOf([offsetClass(ANIMATION.OFFSET_LIMIT - 1)]), ANIMATION.OFFSET_LIMIT - 1);
    assert.equal(animationOffsetOf([offsetClass(0)]), 0);
    assert.equal(animationOffsetOf([offsetClass(ANIMATION.OFFSET_LIMIT)]), null);
    assert.equal(animationOffsetOf(['avia_animate_when_almost_visible', offsetClass(ANIMATION.OFFSET_LIMIT)]), ANIMATION.OFFSETS_PERCENT.avia_animate_when_almost_visible);
  });

  it("the theme's animation classes have their own offsets; other classes none", () => {
    for (const [name, percent] of Object.entries(ANIMATION.OFFSETS_PERCENT)) assert.equal(animationOffsetOf(['x', name]), percent);
    assert.equal(animationOffsetOf(['x', 'toString', 'constructor']), null);
  });

  it('property: never throws; an offset is null or within 0 and the limit', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.nat().map(offsetClass))), (names) => {
        const offset = animationOffsetOf(names);
        assert.ok(offset === null || (offset >= 0 && offset <= ANIMATION.OFFSET_LIMIT));
      }),
    );
  });
});

describe('minimumHeightOf', () => {
  it('reads the presets only', () => {
    for (const percent of MIN_HEIGHT.PRESETS_PERCENT) assert.equal(minimumHeightOf(`av-minimum-height-${percent}`), percent);
    for (const name of ['av-minimum-height-30', 'av-minimum-height-', 'av-minimum-height-025', 'av-minimum-height']) {
      assert.equal(minimumHeightOf(name), null, name);
    }
  });
});
