import { expect } from '@open-wc/testing';
import { readLanguageCookie, writeLanguageCookie } from '../../../shared/i18n/language-cookie.ts';
import { LANGUAGE_COOKIE } from '../../../shared/constants/site.ts';
import { COOKIE } from '../../../shared/constants/widget.ts';
import { SECOND_MS } from '../../../shared/constants/time.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => unknown): void;

/** The real cookie jar of the test page: every write is visible through document.cookie. */
const clear = () => (document.cookie = `${LANGUAGE_COOKIE.NAME}=; Max-Age=0; Path=/`);

describe('language cookie', () => {
  afterEach(clear);

  it('reads English when there is no cookie', () => {
    clear();
    expect(readLanguageCookie()).to.equal(LANGUAGE_COOKIE.DEFAULT);
  });

  it('reads back the language the switcher wrote', () => {
    writeLanguageCookie('he');
    expect(readLanguageCookie()).to.equal('he');
  });

  it('reads English for a value that is no language code', () => {
    document.cookie = `${LANGUAGE_COOKIE.NAME}=${encodeURIComponent('<b>x</b>')}; Path=/`;
    expect(readLanguageCookie()).to.equal('en');
  });

  it('refuses an invalid code and keeps the cookie as it was', () => {
    writeLanguageCookie('he');
    expect(() => writeLanguageCookie('he; Path=/evil')).to.throw(RangeError);
    expect(readLanguageCookie()).to.equal('he');
  });

  it('writes a cookie that expires after one day', async () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor.get!.call(document),
      set: (value: string) => {
        written.push(value);
        descriptor.set!.call(document, value);
      },
    });
    const before = Date.now();
    try {
      writeLanguageCookie('he');
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(written).to.have.length(1);
    expect(written[0]).to.contain(`${LANGUAGE_COOKIE.NAME}=he;`);
    expect(written[0]).to.contain(`Max-Age=${LANGUAGE_COOKIE.MAX_AGE_DAYS * COOKIE.SECONDS_PER_DAY};`);
    // And the browser keeps it with that expiry (cookieStore reports it in ms since the epoch): a
    // day from when it was written, give or take the second the browser's own clock may round it by.
    const stored = await (globalThis as unknown as { cookieStore: { get(name: string): Promise<{ expires: number } | null> } }).cookieStore.get(LANGUAGE_COOKIE.NAME);
    const after = Date.now();
    const maxAgeMs = LANGUAGE_COOKIE.MAX_AGE_DAYS * COOKIE.SECONDS_PER_DAY * SECOND_MS;
    expect(stored!.expires).to.be.within(before + maxAgeMs - SECOND_MS, after + maxAgeMs + SECOND_MS);
  });
});
