/**
 * The page shell's pure rules (content-site spec 001): the smooth scroll's easeInOutQuint (section
 * 9), the page transition's link rule (section 5), the page classes (section 2) and the breakpoints
 * (section 9).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { easeInOutQuint, easedPosition } from '../../../shared/logic/easing.ts';
import { isPageTransition, type LeavingClick } from '../../../shared/logic/page-transition.ts';
import { BREAKPOINT_QUERIES, breakpointOf, pageClasses } from '../../../shared/logic/page-classes.ts';
import { BREAKPOINTS, SCROLL } from '../../../shared/constants/site.ts';

describe('easeInOutQuint', () => {
  it('starts at 0, ends at 1 and is half way at half time', () => {
    assert.equal(easeInOutQuint(0), 0);
    assert.equal(easeInOutQuint(0.5), 0.5);
    assert.equal(easeInOutQuint(1), 1);
  });

  it('is a quintic: 16t^5 in the first half, mirrored in the second', () => {
    assert.equal(easeInOutQuint(0.25), 16 * 0.25 ** 5);
    assert.ok(Math.abs(easeInOutQuint(0.75) - (1 - 16 * 0.25 ** 5)) < 1e-12);
  });

  it('clamps progress outside [0, 1]', () => {
    assert.equal(easeInOutQuint(-1), 0);
    assert.equal(easeInOutQuint(2), 1);
  });

  it('never goes back and stays within [0, 1]', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        assert.ok(easeInOutQuint(low) <= easeInOutQuint(high));
        assert.ok(easeInOutQuint(low) >= 0 && easeInOutQuint(high) <= 1);
      }),
    );
  });

  it('easedPosition moves from start to target over the smooth-scroll duration, either way', () => {
    assert.equal(easedPosition(100, 900, 0, SCROLL.SMOOTH_MS), 100);
    assert.equal(easedPosition(100, 900, SCROLL.SMOOTH_MS / 2, SCROLL.SMOOTH_MS), 500);
    assert.equal(easedPosition(100, 900, SCROLL.SMOOTH_MS, SCROLL.SMOOTH_MS), 900);
    assert.equal(easedPosition(900, 100, SCROLL.SMOOTH_MS, SCROLL.SMOOTH_MS), 100);
    assert.equal(easedPosition(100, 900, 10, 0), 900, 'a zero duration is a jump');
  });
});

describe('isPageTransition', () => {
  const HERE = 'https://maker.example/products/?tab=1#specs';
  const click = (href: string, extra: Partial<LeavingClick> = {}): LeavingClick => ({ href, target: '', className: '', modified: false, ...extra });

  it('shows the preloader for a plain link to another page of the same host', () => {
    assert.equal(isPageTransition(click('https://maker.example/contact/'), HERE), true);
    assert.equal(isPageTransition(click('/contact/'), HERE), true, 'relative');
    assert.equal(isPageTransition(click('https://maker.example/products/?tab=2'), HERE), true, 'another query is another page');
  });

  it('not for the same page, whatever the hash', () => {
    assert.equal(isPageTransition(click('https://maker.example/products/?tab=1#faq'), HERE), false);
    assert.equal(isPageTransition(click('https://maker.example/products/?tab=1'), HERE), false);
    assert.equal(isPageTransition(click('#top'), HERE), false);
  });

  it('not for another host, a target, mailto, tel or javascript', () => {
    assert.equal(isPageTransition(click('https://elsewhere.example/'), HERE), false);
    assert.equal(isPageTransition(click('https://maker.example:8443/contact/'), HERE), false, 'another port is another host');
    assert.equal(isPageTransition(click('/contact/', { target: '_blank' }), HERE), false);
    assert.equal(isPageTransition(click('/contact/', { target: '_self' }), HERE), false, 'any target, as the spec says');
    assert.equal(isPageTransition(click('mailto:sales@maker.example'), HERE), false);
    assert.equal(isPageTransition(click('tel:+4930123'), HERE), false);
    assert.equal(isPageTransition(click('javascript:void(0)'), HERE), false);
  });

  it('not for add-to-cart links, by class or by address', () => {
    assert.equal(isPageTransition(click('/shop/?add-to-cart=42'), HERE), false);
    assert.equal(isPageTransition(click('/shop/item/', { className: 'button add_to_cart_button' }), HERE), false);
  });

  it('not with a modifier key or another button', () => {
    assert.equal(isPageTransition(click('/contact/', { modified: true }), HERE), false);
  });

  it('never throws on a malformed address', () => {
    assert.equal(isPageTransition(click('http://[bad'), HERE), false);
    fc.assert(fc.property(fc.string(), (href) => typeof isPageTransition(click(href), HERE) === 'boolean'));
  });
});

describe('pageClasses', () => {
  const supportsAll = () => true;
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

  it('a mobile user agent with touch is avia_mobile, then js_active, then the transforms', () => {
    assert.deepEqual(pageClasses({ userAgent: IPHONE, touch: true, supportsTransform: supportsAll }), [
      'avia_mobile',
      'js_active',
      'avia_transform',
      'avia_transform3d',
    ]);
  });

  it('a desktop agent, or a mobile agent without touch, is avia_desktop', () => {
    assert.equal(pageClasses({ userAgent: DESKTOP, touch: true, supportsTransform: supportsAll })[0], 'avia_desktop');
    assert.equal(pageClasses({ userAgent: IPHONE, touch: false, supportsTransform: supportsAll })[0], 'avia_desktop');
  });

  it('adds each transform class only where supported', () => {
    const only2d = (value: string) => !value.includes('3d');
    assert.deepEqual(pageClasses({ userAgent: DESKTOP, touch: false, supportsTransform: only2d }), ['avia_desktop', 'js_active', 'avia_transform']);
    assert.deepEqual(pageClasses({ userAgent: DESKTOP, touch: false, supportsTransform: () => false }), ['avia_desktop', 'js_active']);
  });
});

describe('breakpointOf', () => {
  it('names each range at both of its edges', () => {
    assert.equal(breakpointOf(0), 'mini');
    assert.equal(breakpointOf(BREAKPOINTS.MINI_MAX_PX), 'mini');
    assert.equal(breakpointOf(BREAKPOINTS.MINI_MAX_PX + 1), 'small');
    assert.equal(breakpointOf(BREAKPOINTS.SMALL_MAX_PX), 'small');
    assert.equal(breakpointOf(BREAKPOINTS.SMALL_MAX_PX + 1), 'medium');
    assert.equal(breakpointOf(BREAKPOINTS.MEDIUM_MAX_PX), 'medium');
    assert.equal(breakpointOf(BREAKPOINTS.DESKTOP_MIN_PX), 'desktop');
  });

  it('the desktop minimum follows the medium maximum', () => {
    assert.equal(BREAKPOINTS.DESKTOP_MIN_PX, BREAKPOINTS.MEDIUM_MAX_PX + 1);
  });

  it('has one max-width query per breakpoint but desktop, narrowest first', () => {
    assert.deepEqual(BREAKPOINT_QUERIES, [
      ['mini', `(max-width: ${BREAKPOINTS.MINI_MAX_PX}px)`],
      ['small', `(max-width: ${BREAKPOINTS.SMALL_MAX_PX}px)`],
      ['medium', `(max-width: ${BREAKPOINTS.MEDIUM_MAX_PX}px)`],
    ]);
  });
});
