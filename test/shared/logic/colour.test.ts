// isCssColour: a record's colour values accept colours and nothing that could load or break out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { COLOUR_MAX_LENGTH, isColourSyntax, isCssColour } from '../../../shared/logic/colour.ts';

describe('isCssColour', () => {
  it('accepts hex, rgb(), rgba(), hsl(), hsla(), named colours, transparent and currentcolor', () => {
    for (const colour of [
      '#fff', '#FFFA', '#1f5eff', '#1F5EFF80',
      'rgb(31, 94, 255)', 'rgba(31,94,255,0.5)', 'rgb(12% 37% 100%)', 'rgb(31 94 255 / 50%)', 'RGB(0,0,0)', 'rgba(0, 0, 0, .25)',
      'hsl(225, 100%, 56%)', 'hsla(225deg, 100%, 56%, 0.4)', 'hsl(0.6turn 100% 56% / 0.5)', 'hsl(-30 50% 50%)',
      'red', 'RebeccaPurple', 'transparent', 'currentcolor', 'currentColor',
    ]) {
      assert.equal(isCssColour(colour), true, colour);
    }
  });

  it('refuses url(), expression(), var(), breakouts and anything else (isColourSyntax too, but for single words)', () => {
    for (const value of [
      'url(https://tracker.example/p.png)', 'url(//tracker.example/p.png)', 'URL(x)', 'red url(x)', 'expression(alert(1))',
      'red;background:url(x)', 'red}body{display:none', 'red;', '#fff;', 'var(--x)', 'image-set("x.png" 1x)',
      'rgb(1, 2)', 'rgb(1,2,3', 'rgb(1deg, 2, 3)', 'rgb(1, 2, 3) url(x)', 'rgb(1,2,3);x:y', 'hsl(a, b, c)', 'calc(1px)',
      '#ff', '#fffff', '#ggg', 'notacolour', ' red', 'red ', 'inherit', 'initial', '', 'r\\65 d', '"red"',
      `#${'f'.repeat(COLOUR_MAX_LENGTH)}`, `rgb(${'0'.repeat(COLOUR_MAX_LENGTH)}, 0, 0)`,
    ]) {
      assert.equal(isCssColour(value), false, value);
      if (!/^[a-z]+$/i.test(value)) assert.equal(isColourSyntax(value), false, value);
    }
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 0, 255, true, {}, ['red'], { toString: () => 'red' }]) {
      assert.equal(isCssColour(value), false);
      assert.equal(isColourSyntax(value), false);
    }
  });

  it('isColourSyntax takes any one word for a name (the widget carries no list); isCssColour only the names', () => {
    for (const word of ['red', 'notacolour', 'inherit']) assert.equal(isColourSyntax(word), true, word);
    assert.equal(isCssColour('notacolour'), false);
    assert.equal(isCssColour('inherit'), false);
  });

  it('isColourSyntax accepts everything isCssColour does', () => {
    fc.assert(fc.property(fc.string({ maxLength: COLOUR_MAX_LENGTH + 8 }), (value) => !isCssColour(value) || isColourSyntax(value)));
  });

  it('never throws, and nothing either check accepts can load, call or leave its declaration', () => {
    const cssish = fc.string({ unit: fc.constantFrom(...'#()urlexpsionvarbgdh,;:{}/\\%.-+ 0123456789abcdef\'"'.split('')), maxLength: COLOUR_MAX_LENGTH + 8 });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), cssish), (value) => {
        const accepted = isCssColour(value);
        const shaped = isColourSyntax(value);
        if (accepted || shaped) {
          assert.equal(typeof value, 'string');
          assert.doesNotMatch(value as string, /[;:{}\\'"]|url|expression|var|image/i);
          assert.ok((value as string).length <= COLOUR_MAX_LENGTH);
        }
      }),
    );
  });

  it('accepts every generated hex and rgb() colour', () => {
    const byte = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(byte, byte, byte), fc.boolean(), ([r, g, b], spaces) => {
        const hex = `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
        assert.ok(isCssColour(hex), hex);
        const rgb = spaces ? `rgb(${r} ${g} ${b} / 50%)` : `rgb(${r}, ${g}, ${b})`;
        assert.ok(isCssColour(rgb), rgb);
      }),
    );
  });
});
