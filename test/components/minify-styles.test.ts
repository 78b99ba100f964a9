// The build squeezes the CSS of every `*.styles.ts` (scripts/rollup/minify-styles.mjs): Chromium
// must read the squeezed text as exactly the same rules.
import { expect } from '@open-wc/testing';
import { minifyCss, minifyStyleTemplates } from '../../scripts/rollup/minify-styles.mjs';
import { contactFormLightStyles, contactFormStyles } from '../../components/contact-form/contact-form.styles.ts';
import { foldSectionStyles } from '../../components/fold-section/fold-section.styles.ts';
import { lightboxStyles } from '../../components/lightbox/lightbox.styles.ts';
import { playerStyles } from '../../components/player/player.styles.ts';
import { poptinStyles } from '../../components/poptin/poptin.styles.ts';
import { tabTeaserStyles } from '../../components/tab-teaser/tab-teaser.styles.ts';
import { blockStyles, countdownStyles, couponStyles, creditBadgeStyles, extraButtonsStyles, tickerStyles, videoStyles } from '../../components/poptin/blocks/index.ts';
import { fieldStyles } from '../../components/poptin/form/fields.styles.ts';
import { horizontalLayoutStyles } from '../../components/poptin/poptin.layout.styles.ts';
import { backgroundStyles } from '../../components/poptin/poptin.background.styles.ts';
import { closeNoteStyles } from '../../components/poptin/poptin.note.styles.ts';
import { landingPageStyles, settingsStyles } from '../../components/poptin/poptin.settings.styles.ts';

const rulesOf = (css: string): string[] => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return [...sheet.cssRules].map((rule) => rule.cssText);
};

const STYLES = {
  contactFormStyles, contactFormLightStyles, foldSectionStyles, lightboxStyles, playerStyles, poptinStyles, tabTeaserStyles, blockStyles, countdownStyles, couponStyles, tickerStyles, videoStyles, extraButtonsStyles, creditBadgeStyles, fieldStyles,
  horizontalLayoutStyles, backgroundStyles, closeNoteStyles, settingsStyles, landingPageStyles,
};

describe('CSS minified at build time', () => {
  for (const [name, css] of Object.entries(STYLES)) {
    it(`${name}: the same rules, in fewer bytes`, () => {
      const squeezed = minifyStyleTemplates(`\`${css}\``).slice(1, -1);
      expect(rulesOf(squeezed)).to.deep.equal(rulesOf(css));
      expect(rulesOf(css).length).to.be.above(0);
      expect(squeezed.length).to.be.below(css.length);
    });
  }

  it('keeps quoted text exactly, and the ${} holes of a template', () => {
    expect(minifyCss(`a::before { content: '  two  spaces, { kept }  '; }`)).to.equal(`a::before{content:'  two  spaces, { kept }  '}`);
    expect(minifyStyleTemplates('`a {\n  /* the spec\'s size */\n  width: ${SIZE}px;\n}`')).to.equal('`a{width:${SIZE}px}`');
  });

  it('drops the quotes of attribute selector values that are identifiers, and only those', () => {
    expect(minifyCss(`[part='close'], [data-x="left"] { a: b; }`)).to.equal(`[part=close], [data-x=left]{a:b}`);
    expect(minifyCss(`[data-n='1'], [a='b c'], a::before { content: 'x=y'; }`)).to.equal(`[data-n='1'], [a='b c'], a::before{content:'x=y'}`);
  });
});
