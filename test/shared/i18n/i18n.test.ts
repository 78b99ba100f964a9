// Languages in the browser: English is built in, every other language is one file fetched by its
// code the first time the page needs it (shared/i18n/translate.ts), and a page whose language has
// no file reads English without an error.
import { expect } from '@open-wc/testing';
import { hasMessages, isRightToLeft, loadMessages, pageLanguage, t } from '../../../shared/i18n/index.ts';
import { t as siteText } from '../../../shared/i18n/site.ts';
import { en, he } from '../../messages.ts';

/** Text in `lang` reads `messages` in the widget and site areas, in the direction given. */
function expectReads(lang: string, messages: Pick<typeof he, 'close' | 'lightboxLabel'>, rightToLeft: boolean) {
  expect(t(lang, 'close')).to.equal(messages.close);
  expect(siteText(lang, 'lightboxLabel')).to.equal(messages.lightboxLabel);
  expect(isRightToLeft(lang)).to.equal(rightToLeft);
}

describe('languages', () => {
  it('reduces a page language to its primary code, and anything malformed to English', () => {
    expect(pageLanguage('pt-BR')).to.equal('pt');
    expect(pageLanguage('HE_il')).to.equal('he');
    expect(pageLanguage('../x')).to.equal('en');
    expect(pageLanguage('<b>')).to.equal('en');
  });

  it('takes the document language when the element has none', () => {
    const before = document.documentElement.lang;
    document.documentElement.lang = 'he-IL';
    try {
      expect(pageLanguage()).to.equal('he');
      expect(pageLanguage('en')).to.equal('en');
    } finally {
      document.documentElement.lang = before;
    }
  });

  it('fetches Hebrew the first time, then speaks it right to left in every area', async () => {
    await loadMessages('he');
    expect(hasMessages('he')).to.equal(true);
    expect(pageLanguage('he')).to.equal('he');
    expectReads('he', he, true);
    expectReads('en', en, false);
  });

  it('reads English on a page whose language has no file, and settles without an error', async () => {
    const errors: unknown[] = [];
    const onError = (event: PromiseRejectionEvent) => errors.push(event.reason);
    window.addEventListener('unhandledrejection', onError);
    try {
      expect(pageLanguage('fr')).to.equal('fr');
      expect(hasMessages('fr')).to.equal(false);
      await loadMessages('fr');
      expect(hasMessages('fr')).to.equal(true);
      expect(pageLanguage('fr')).to.equal('en');
      expectReads('fr', en, false);
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('unhandledrejection', onError);
    }
  });

  it('fills placeholders in any language', async () => {
    await loadMessages('he');
    expect(t('en', 'didYouMean', { suggestion: 'a@b.co' })).to.equal(en.didYouMean.replace('{suggestion}', 'a@b.co'));
    expect(t('he', 'didYouMean', { suggestion: 'a@b.co' })).to.equal(he.didYouMean.replace('{suggestion}', 'a@b.co'));
  });
});
