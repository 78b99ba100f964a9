/**
 * Content blocks' pure logic (widget spec sections 3, 4, 5 and 9): date tags, countdown timers, the
 * ticker's speed and button URLs. Fixed dates in the local calendar (so the suite passes in any
 * TZ), both languages, timezones with and without daylight saving, and fast-check properties.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyDateTags, DATE_TAGS } from '../../../shared/logic/index.ts';
import { countdownEnd, isPast, remaining, shouldCloseFlipClock, type CountdownSpec } from '../../../shared/logic/countdown.ts';
import { isKnownTimezone, isValidTimerDate, parseUtcOffset } from '../../../shared/logic/timer-dates.ts';
import { normaliseButtonUrl, urlScheme } from '../../../shared/logic/button-url.ts';
import { tickerAnimationSeconds } from '../../../shared/logic/ticker.ts';
import { SECOND_MS } from '../../../shared/constants/widget.ts';
import { CONTENT } from '../../../shared/constants/content.ts';
import { WHEEL_SEGMENTS } from '../../../shared/logic/prize.ts';
import { validate, type Schema } from '../../../shared/schema/validate.ts';
import { blockSchemas, contentBlockSchema } from '../../../shared/schema/blocks.schema.ts';

const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------------------------------------

describe('applyDateTags', () => {
  /** Wednesday 15 January 2025, local time. */
  const WEDNESDAY = new Date(2025, 0, 15, 10, 30);
  const ALL = DATE_TAGS.map((tag) => `{{${tag}}}`).join('|');

  it('replaces every tag in English', () => {
    assert.equal(
      applyDateTags(ALL, WEDNESDAY, 'en'),
      '2025|December|January|February|Tuesday|Wednesday|Thursday|15/01/2025|01/15/2025',
    );
  });
  it('replaces every tag in Hebrew', () => {
    assert.equal(
      applyDateTags(ALL, WEDNESDAY, 'he'),
      '2025|דצמבר|ינואר|פברואר|יום שלישי|יום רביעי|יום חמישי|15/01/2025|01/15/2025',
    );
  });
  it('wraps months at the year boundary: December 31 -> next month January', () => {
    const newYearsEve = new Date(2024, 11, 31, 23, 59);
    assert.equal(applyDateTags('{{previous_month}} {{current_month}} {{next_month}} {{current_year}}', newYearsEve, 'en'), 'November December January 2024');
    assert.equal(applyDateTags('{{previous_month}}', new Date(2025, 0, 1), 'en'), 'December');
    // Tuesday 31 Dec 2024: tomorrow is Wednesday (1 Jan 2025) and the dates are that day's.
    assert.equal(applyDateTags('{{yesterday}} {{today}} {{tomorrow}} {{date_dmy}}', newYearsEve, 'en'), 'Monday Tuesday Wednesday 31/12/2024');
  });
  it('wraps weekdays: Sunday -> yesterday Saturday, Saturday -> tomorrow Sunday', () => {
    const sunday = new Date(2025, 5, 1);
    const saturday = new Date(2025, 5, 7);
    assert.equal(applyDateTags('{{yesterday}}/{{today}}', sunday, 'en'), 'Saturday/Sunday');
    assert.equal(applyDateTags('{{today}}/{{tomorrow}}', saturday, 'he'), 'יום שבת/יום ראשון');
  });
  it('takes any page language from the locale data, with no table here: French names on a French page', () => {
    assert.equal(applyDateTags('{{today}} {{current_month}}', WEDNESDAY, 'fr'), 'mercredi janvier');
  });
  it('reads English for a language the locale data does not know, or a malformed one', () => {
    const english = applyDateTags('{{today}} {{current_month}}', WEDNESDAY, 'en');
    assert.equal(english, 'Wednesday January');
    assert.equal(applyDateTags('{{today}} {{current_month}}', WEDNESDAY, 'zz'), english);
    assert.equal(applyDateTags('{{today}} {{current_month}}', WEDNESDAY, '!!'), english);
  });
  it('pads day and month to two digits, and reads leap days', () => {
    assert.equal(applyDateTags('{{date_dmy}} {{date_mdy}}', new Date(2024, 1, 29), 'en'), '29/02/2024 02/29/2024');
    assert.equal(applyDateTags('{{date_dmy}}', new Date(2025, 8, 3), 'he'), '03/09/2025');
  });
  it('accepts spaces and any case inside the braces; leaves unknown tags and other text alone', () => {
    assert.equal(applyDateTags('Sale ends {{ Tomorrow }}!', WEDNESDAY, 'en'), 'Sale ends Thursday!');
    assert.equal(applyDateTags('{{CURRENT_YEAR}}', WEDNESDAY, 'en'), '2025');
    assert.equal(applyDateTags('{{name}} {today} {{ today', WEDNESDAY, 'en'), '{{name}} {today} {{ today');
    assert.equal(applyDateTags('no tags here', WEDNESDAY, 'en'), 'no tags here');
  });
  it('replaces every occurrence', () => {
    assert.equal(applyDateTags('{{today}}, {{today}}', WEDNESDAY, 'en'), 'Wednesday, Wednesday');
  });
  it('an invalid date leaves the text as written', () => {
    assert.equal(applyDateTags('{{today}}', new Date(NaN), 'en'), '{{today}}');
  });
  it('never throws, and text without tags is returned unchanged', () => {
    fc.assert(
      fc.property(fc.string(), fc.date({ noInvalidDate: true }), fc.constantFrom('en' as const, 'he' as const), (text, now, lang) => {
        const out = applyDateTags(text, now, lang);
        if (!text.includes('{{')) assert.equal(out, text);
      }),
    );
  });
  it('a result holds no tag any more', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...DATE_TAGS)), fc.date({ noInvalidDate: true, min: new Date(1900, 0, 1), max: new Date(9999, 0, 1) }), (tags, now) => {
        const out = applyDateTags(tags.map((tag) => `{{${tag}}}`).join(' '), now, 'he');
        assert.ok(!out.includes('{{'), out);
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('countdownEnd', () => {
  const SHOWN = new Date(Date.UTC(2025, 0, 15, 12, 0, 0));

  it('from_now ends minutes and seconds after the pop-up was shown', () => {
    const end = countdownEnd({ kind: 'from_now', minutes: 5, seconds: 30 }, SHOWN);
    assert.equal(end.getTime() - SHOWN.getTime(), 5 * MINUTE_MS + 30 * SECOND_MS);
  });
  it('a date in UTC', () => {
    const end = countdownEnd({ kind: 'date', date: '2025-12-31', time: '23:59', timezone: 'UTC' }, SHOWN);
    assert.equal(end.toISOString(), '2025-12-31T23:59:00.000Z');
  });
  it('a date with a UTC offset, in its forms', () => {
    const at = (timezone: string) => countdownEnd({ kind: 'date', date: '2025-07-01', time: '12:00', timezone }, SHOWN).toISOString();
    assert.equal(at('+02:00'), '2025-07-01T10:00:00.000Z');
    assert.equal(at('-05:00'), '2025-07-01T17:00:00.000Z');
    assert.equal(at('+0530'), '2025-07-01T06:30:00.000Z');
    assert.equal(at('GMT+3'), '2025-07-01T09:00:00.000Z');
    assert.equal(at('UTC-09:30'), '2025-07-01T21:30:00.000Z');
  });
  it('an IANA timezone follows its daylight saving time', () => {
    const at = (date: string, timezone: string) => countdownEnd({ kind: 'date', date, time: '12:00', timezone }, SHOWN).toISOString();
    // Israel: +02:00 in winter, +03:00 in summer.
    assert.equal(at('2025-01-20', 'Asia/Jerusalem'), '2025-01-20T10:00:00.000Z');
    assert.equal(at('2025-07-20', 'Asia/Jerusalem'), '2025-07-20T09:00:00.000Z');
    // New York: -05:00 in winter, -04:00 in summer.
    assert.equal(at('2025-01-20', 'America/New_York'), '2025-01-20T17:00:00.000Z');
    assert.equal(at('2025-07-20', 'America/New_York'), '2025-07-20T16:00:00.000Z');
    // No daylight saving: Tokyo is +09:00 all year.
    assert.equal(at('2025-07-20', 'Asia/Tokyo'), '2025-07-20T03:00:00.000Z');
  });
  it('just after a daylight saving change (Jerusalem springs forward on 28 March 2025)', () => {
    const end = countdownEnd({ kind: 'date', date: '2025-03-28', time: '03:30', timezone: 'Asia/Jerusalem' }, SHOWN);
    assert.equal(end.toISOString(), '2025-03-28T00:30:00.000Z');
  });
  it('a wall time that does not exist (the hour skipped in spring) still gives a real instant', () => {
    const end = countdownEnd({ kind: 'date', date: '2025-03-09', time: '02:30', timezone: 'America/New_York' }, SHOWN);
    assert.ok(Number.isFinite(end.getTime()));
    // Within the skipped hour's neighbourhood: 06:30Z (read as -04:00) or 07:30Z (as -05:00).
    assert.ok(['2025-03-09T06:30:00.000Z', '2025-03-09T07:30:00.000Z'].includes(end.toISOString()), end.toISOString());
  });
  it('an unknown timezone counts as UTC', () => {
    const end = countdownEnd({ kind: 'date', date: '2025-07-01', time: '12:00', timezone: 'Mars/Olympus_Mons' }, SHOWN);
    assert.equal(end.toISOString(), '2025-07-01T12:00:00.000Z');
    assert.equal(isKnownTimezone('Mars/Olympus_Mons'), false);
    assert.equal(isKnownTimezone('Europe/London'), true);
    assert.equal(isKnownTimezone('+02:00'), true);
  });
  it('an impossible date or time gives an invalid Date', () => {
    for (const [date, time] of [['2025-02-30', '12:00'], ['2025-13-01', '12:00'], ['2025-01-01', '24:00'], ['2025-01-01', '12:60'], ['1/1/2025', '12:00'], ['2025-01-01', '9:00']]) {
      assert.ok(Number.isNaN(countdownEnd({ kind: 'date', date: date!, time: time!, timezone: 'UTC' }, SHOWN).getTime()), `${date} ${time}`);
      assert.equal(isValidTimerDate(date!, time!), false);
    }
    assert.equal(isValidTimerDate('2024-02-29', '00:00'), true);
  });
});

describe('parseUtcOffset', () => {
  it('reads offsets in minutes east of UTC, refuses the rest', () => {
    assert.equal(parseUtcOffset('+02:00'), 120);
    assert.equal(parseUtcOffset('-03:30'), -210);
    assert.equal(parseUtcOffset('+14:00'), 840);
    assert.equal(parseUtcOffset('UTC'), 0);
    assert.equal(parseUtcOffset('Z'), 0);
    assert.equal(parseUtcOffset('+15:00'), null);
    assert.equal(parseUtcOffset('+02:75'), null);
    assert.equal(parseUtcOffset('Europe/Paris'), null);
  });
});

describe('remaining', () => {
  const NOW = new Date(Date.UTC(2025, 0, 1));
  const after = (ms: number) => new Date(NOW.getTime() + ms);

  it('splits into days, hours, minutes and seconds', () => {
    assert.deepEqual(remaining(after(2 * DAY_MS + 3 * HOUR_MS + 4 * MINUTE_MS + 5 * SECOND_MS), NOW), {
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      totalMs: 2 * DAY_MS + 3 * HOUR_MS + 4 * MINUTE_MS + 5 * SECOND_MS,
    });
  });
  it('rounds a part second up, so the display reaches 0 only at the end', () => {
    assert.deepEqual(remaining(after(SECOND_MS / 2), NOW), { days: 0, hours: 0, minutes: 0, seconds: 1, totalMs: SECOND_MS / 2 });
    assert.deepEqual(remaining(after(59 * SECOND_MS + 1), NOW), { days: 0, hours: 0, minutes: 1, seconds: 0, totalMs: 59 * SECOND_MS + 1 });
  });
  it('is zero once ended, and for an invalid end', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0 };
    assert.deepEqual(remaining(NOW, NOW), zero);
    assert.deepEqual(remaining(after(-DAY_MS), NOW), zero);
    assert.deepEqual(remaining(new Date(NaN), NOW), zero);
  });
  it('parts always add back up to the rounded-up whole seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -DAY_MS, max: 400 * DAY_MS }), (ms) => {
        const r = remaining(after(ms), NOW);
        assert.ok(r.hours < 24 && r.minutes < 60 && r.seconds < 60 && r.totalMs >= 0);
        const seconds = ((r.days * 24 + r.hours) * 60 + r.minutes) * 60 + r.seconds;
        assert.equal(seconds, Math.ceil(Math.max(0, ms) / SECOND_MS));
      }),
    );
  });
});

describe('isPast', () => {
  const NOW = new Date(Date.UTC(2025, 5, 15, 12, 0));
  const dateTimer = (date: string, time: string, timezone = 'UTC'): CountdownSpec => ({ kind: 'date', date, time, timezone });

  it('a date already past prevents showing; a future one does not', () => {
    assert.equal(isPast(dateTimer('2025-06-15', '11:59'), NOW), true);
    assert.equal(isPast(dateTimer('2025-06-15', '12:00'), NOW), true);
    assert.equal(isPast(dateTimer('2025-06-15', '12:01'), NOW), false);
  });
  it('depends on the timezone: 14:30 in Jerusalem (UTC+3 in June) is already past at 12:00 UTC', () => {
    assert.equal(isPast(dateTimer('2025-06-15', '14:30', 'Asia/Jerusalem'), NOW), true);
    assert.equal(isPast(dateTimer('2025-06-15', '15:30', 'Asia/Jerusalem'), NOW), false);
    assert.equal(isPast(dateTimer('2025-06-15', '07:30', '-04:00'), NOW), true);
    assert.equal(isPast(dateTimer('2025-06-15', '07:30', '-05:00'), NOW), false);
  });
  it('a from-now timer starts when shown, so it is never past before', () => {
    assert.equal(isPast({ kind: 'from_now', minutes: 0, seconds: 0 }, NOW), false);
  });
  it('an unreadable date counts as past', () => {
    assert.equal(isPast(dateTimer('2025-02-30', '12:00'), NOW), true);
  });
});

describe('shouldCloseFlipClock', () => {
  it('closes when under one second remains (timer type 2)', () => {
    assert.equal(shouldCloseFlipClock(CONTENT.FLIP_CLOSE_UNDER_MS), false);
    assert.equal(shouldCloseFlipClock(CONTENT.FLIP_CLOSE_UNDER_MS - 1), true);
    assert.equal(shouldCloseFlipClock(0), true);
    assert.equal(shouldCloseFlipClock(NaN), true);
    assert.equal(shouldCloseFlipClock(DAY_MS), false);
  });
});

// ---------------------------------------------------------------------------------------------

describe('tickerAnimationSeconds', () => {
  it('is the duration divided by 400, default 7000 ms', () => {
    assert.equal(tickerAnimationSeconds(), CONTENT.TICKER_DEFAULT_MS / CONTENT.TICKER_DURATION_DIVISOR);
    assert.equal(tickerAnimationSeconds(), 17.5);
    assert.equal(tickerAnimationSeconds(CONTENT.TICKER_DURATION_DIVISOR * 10), 10);
  });
  it('falls back to the default for a duration that is not positive and finite', () => {
    for (const bad of [0, -1, NaN, Infinity]) assert.equal(tickerAnimationSeconds(bad), tickerAnimationSeconds());
  });
});

// ---------------------------------------------------------------------------------------------

describe('normaliseButtonUrl', () => {
  it('prepends // to URLs without a scheme', () => {
    assert.equal(normaliseButtonUrl('example.com'), '//example.com');
    assert.equal(normaliseButtonUrl('www.example.com/sale?x=1'), '//www.example.com/sale?x=1');
    assert.equal(normaliseButtonUrl('localhost:8080/offer'), '//localhost:8080/offer');
    assert.equal(normaliseButtonUrl('  example.com  '), '//example.com');
  });
  it('keeps http(s), mailto, tel and sms links', () => {
    for (const url of ['https://example.com/a?b#c', 'http://example.com', 'HTTPS://EXAMPLE.COM', 'mailto:ann@example.com', 'tel:+972501234567', 'sms:+15550101']) {
      assert.equal(normaliseButtonUrl(url), url);
    }
  });
  it('keeps paths, references and protocol-relative links', () => {
    for (const url of ['/offer', './offer', '../offer', '?coupon=1', '#terms', '//cdn.example.com/x']) {
      assert.equal(normaliseButtonUrl(url), url);
    }
  });
  it('refuses javascript:, data: and vbscript:, in any case and with tricks', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\r\nscript:alert(1)',
      'jav\u0000ascript:alert(1)',
      '\u200bjavascript:alert(1)',
      'java\u00adscript:alert(1)',
      '\ufeffjavascript:alert(1)',
      'javascript :alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'DATA:image/svg+xml;base64,AAAA',
      'vbscript:msgbox(1)',
      'VBScript:msgbox(1)',
    ]) {
      assert.equal(normaliseButtonUrl(url), null, JSON.stringify(url));
    }
  });
  it('refuses other schemes, empty values and non-strings', () => {
    for (const url of ['file:///etc/passwd', 'blob:https://x/1', 'chrome://settings', '', '   ', '\t\n']) {
      assert.equal(normaliseButtonUrl(url), null, JSON.stringify(url));
    }
    assert.equal(normaliseButtonUrl(undefined), null);
    assert.equal(normaliseButtonUrl(42), null);
  });
  it('removes tabs and newlines, as the browser would', () => {
    assert.equal(normaliseButtonUrl('https://exa\tmple.com/\nx'), 'https://example.com/x');
  });
  it('never throws, a result never starts with a script scheme, and normalising twice changes nothing', () => {
    const scheme = fc.constantFrom('', 'javascript:', 'JAVASCRIPT:', 'data:', 'vbscript:', 'http://', 'https://', 'mailto:', 'tel:', 'ftp:', 'x:', '//', '/', '#');
    const noise = fc.constantFrom('', ' ', '\t', '\n', '\u0000', '\u200b', '\u00a0', '\ufeff');
    const url = fc.oneof(fc.string(), fc.tuple(noise, scheme, noise, fc.string()).map((parts) => parts.join('')), fc.webUrl());
    fc.assert(
      fc.property(url, (input) => {
        const once = normaliseButtonUrl(input);
        if (once === null) return;
        assert.equal(normaliseButtonUrl(once), once);
        assert.ok(!/^\s*(javascript|data|vbscript):/i.test(once.replace(/[^\x21-\x7e]/g, '')), once);
        assert.ok(urlScheme(once) === null || ['http', 'https', 'mailto', 'tel', 'sms', 'callto', 'ftp', 'whatsapp'].includes(urlScheme(once)!));
      }),
      { numRuns: 1_000 },
    );
  });
  it('web URLs are kept as they are', () => {
    fc.assert(fc.property(fc.webUrl(), (url) => assert.equal(normaliseButtonUrl(url), url)));
  });
});

// ---------------------------------------------------------------------------------------------

describe('content block schemas', () => {
  it('accepts each block type', () => {
    const blocks = [
      { type: 'countdown', timer: { kind: 'from_now', minutes: 10, seconds: 0 }, timer_ver: CONTENT.TIMER_VER.FLIP },
      { type: 'countdown', timer: { kind: 'date', date: '2030-01-01', time: '00:00', timezone: 'Asia/Jerusalem' } },
      { type: 'coupon', code: 'SAVE10', coupon_type: 'static' },
      { type: 'ticker', text: 'Free shipping until {{tomorrow}}', duration_ms: CONTENT.TICKER_DEFAULT_MS },
      { type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Our story' },
      { type: 'video', url: '/media/offer.webm', captions: [{ src: '/media/offer.en.vtt', srclang: 'en', default: true }, { src: '/media/offer.pt.vtt', srclang: 'pt-BR', label: 'Português' }] },
      { type: 'extra_buttons', buttons: [{ text: 'Shop', url: 'example.com', target: '_blank' }, { text: 'No thanks', action: 'close' }] },
      {
        type: 'game',
        play_text: 'Spin!',
        prizes: [
          { label: '10% off', code: 'TEN', chances: 60, loosing_option: 0, prize_id: 'p1', redirect_to: true, redirect_to_options: { redirect_to_url: '/shop', redirect_close: true, redirect_close_delay: 2 } },
          { label: 'Try again', chances: 40, loosing_option: 1 },
        ],
      },
    ];
    for (const block of blocks) {
      const result = validate(contentBlockSchema, block, 'block');
      assert.ok(result.ok, JSON.stringify(result));
      const own = validate(blockSchemas[block.type as keyof typeof blockSchemas] as Schema<unknown>, block, 'block');
      assert.ok(own.ok, JSON.stringify(own));
    }
  });
  it('names the bad field', () => {
    const bad = (block: unknown) => {
      const result = validate(contentBlockSchema, block, 'block');
      return result.ok ? 'ok' : result.error;
    };
    assert.match(bad({ type: 'countdown', timer: { kind: 'date', date: '2030-02-30', time: '00:00', timezone: 'UTC' } }), /^timer/);
    assert.match(bad({ type: 'countdown', timer: { kind: 'date', date: '2030-01-01', time: '00:00', timezone: 'Nowhere/City' } }), /^timer\.timezone/);
    assert.match(bad({ type: 'countdown', timer: { kind: 'from_now', minutes: 1, seconds: 0 }, timer_ver: 3 }), /^timer_ver/);
    assert.match(bad({ type: 'coupon', code: '' }), /^code/);
    assert.match(bad({ type: 'ticker', text: 'x', duration_ms: 0 }), /^duration_ms/);
    assert.match(bad({ type: 'video', url: 'javascript:alert(1)' }), /^url/);
    const track = { src: '/c.vtt', srclang: 'en' };
    assert.match(bad({ type: 'video', url: '/v.webm', captions: [{ ...track, src: 'javascript:alert(1)' }] }), /^captions\[0\]\.src/);
    assert.match(bad({ type: 'video', url: '/v.webm', captions: [{ ...track, srclang: 'english please' }] }), /^captions\[0\]\.srclang: must be a language tag/);
    assert.match(bad({ type: 'video', url: '/v.webm', captions: [{ ...track, default: true }, { ...track, srclang: 'he', default: true }] }), /^captions: may mark at most one track default/);
    const tracks = Array.from({ length: CONTENT.VIDEO_CAPTIONS_MAX + 1 }, () => track);
    assert.match(bad({ type: 'video', url: '/v.webm', captions: tracks }), /^captions: must have at most/);
    assert.match(bad({ type: 'extra_buttons', buttons: [{ text: 'x', target: '_top' }] }), /^buttons\[0\]\.target/);
    const tooMany = Array.from({ length: CONTENT.EXTRA_BUTTON_LAST - CONTENT.EXTRA_BUTTON_FIRST + 3 }, (_, i) => ({ text: `b${i}`, url: '/x' }));
    assert.match(bad({ type: 'extra_buttons', buttons: tooMany }), /^buttons: must have at most 6 items/);
    assert.match(bad({ type: 'extra_buttons', buttons: [{ text: 'a', action: 'close' }, { text: 'b', action: 'close' }] }), /^buttons/);
    const sixLinks = Array.from({ length: CONTENT.EXTRA_BUTTON_LAST - CONTENT.EXTRA_BUTTON_FIRST + 2 }, (_, i) => ({ text: `b${i}`, url: '/x' }));
    assert.match(bad({ type: 'extra_buttons', buttons: sixLinks }), /^buttons: must have at most 5 link buttons/);
    assert.equal(bad({ type: 'extra_buttons', buttons: [...sixLinks.slice(1), { text: 'Close', action: 'close' }] }), 'ok');
    assert.match(bad({ type: 'teleport' }), /^type: expected one of "countdown"/);
    const prize = { label: 'A', chances: 50, loosing_option: 0 };
    assert.match(bad({ type: 'game', prizes: [] }), /^prizes: must have at least 1/);
    assert.match(bad({ type: 'game', prizes: Array.from({ length: WHEEL_SEGMENTS + 1 }, () => prize) }), /^prizes: must have at most 12 items/);
    assert.match(bad({ type: 'game', prizes: [{ ...prize, chances: 0 }] }), /^prizes: must have a prize with chances above 0/);
    assert.match(bad({ type: 'game', prizes: [{ ...prize, chances: 101 }] }), /^prizes\[0\]\.chances/);
    assert.match(bad({ type: 'game', prizes: [{ ...prize, redirect_to: true, redirect_to_options: { redirect_to_url: 'javascript:alert(1)' } }] }), /^prizes\[0\]\.redirect_to_options\.redirect_to_url/);
  });
  it('never throws on anything', () => {
    fc.assert(fc.property(fc.anything(), (value) => void validate(contentBlockSchema, value, 'block')));
  });
});
