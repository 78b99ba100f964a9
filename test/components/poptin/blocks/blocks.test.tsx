/**
 * The pop-up's content blocks in real Chromium (widget spec sections 2, 4, 5 and 9): each block is
 * rendered with React into a fresh fixture, with the blocks' stylesheet on the page. Timers use
 * short real durations; every spec number comes from shared/constants/widget.ts and every label
 * from the catalogues.
 */
import { aTimeout, expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../helpers.ts';
import { emulateMedia, resetMouse, sendMouse } from '@web/test-runner-commands';
import { createRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import {
  ContentBlockView,
  Countdown,
  Coupon,
  CreditBadge,
  ExtraButtons,
  Ticker,
  everyBlockStyles,
  Video,
} from '../../../../components/poptin/blocks/index.ts';
import { SECOND_MS } from '../../../../shared/constants/widget.ts';
import { CONTENT } from '../../../../shared/constants/content.ts';
import { tickerAnimationSeconds } from '../../../../shared/logic/ticker.ts';
import { en, he } from '../../../messages.ts';
import { loadMessages } from '../../../../shared/i18n/index.ts';
import type { ExtraButton } from '../../../../shared/schema/blocks.ts';

/** A render, a timer's wake-up and some slack for a loaded test machine. */
const SLACK_MS = 600;

const roots: Root[] = [];

// The pop-up fetches its page's language before it renders any block; these render blocks alone.
before(() => loadMessages('he'));

/** Renders `node` into a fresh fixture and waits for React to commit it. */
async function mount(node: ReactNode): Promise<HTMLElement> {
  if (!document.getElementById('kite-block-styles')) {
    const style = document.createElement('style');
    style.id = 'kite-block-styles';
    style.textContent = everyBlockStyles;
    document.head.append(style);
  }
  const host = await fixture<HTMLElement>(html`<div class="host"></div>`);
  const root = createRoot(host);
  roots.push(root);
  root.render(node);
  await waitUntil(() => host.childElementCount > 0, 'React did not render');
  return host;
}

/** Renders a node that is expected to render nothing. */
async function mountEmpty(node: ReactNode): Promise<HTMLElement> {
  const host = await fixture<HTMLElement>(html`<div class="host"></div>`);
  const root = createRoot(host);
  roots.push(root);
  root.render(node);
  await aTimeout(50);
  return host;
}

const part = (host: ParentNode, name: string) => host.querySelector<HTMLElement>(`[part~="${name}"]`);
const parts = (host: ParentNode, name: string) => [...host.querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
/** The shown value of one countdown unit, as text. */
const unit = (host: ParentNode, name: string) => host.querySelector(`[data-unit="${name}"] [part~="countdown-value"]`)!.textContent;

async function click(target: Element): Promise<void> {
  const rect = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
}

afterEach(async () => {
  for (const root of roots.splice(0)) root.unmount();
  await resetMouse();
});

// ---------------------------------------------------------------------------------------------

describe('Countdown', () => {
  it('shows days, hours, minutes and seconds with labels in an accessible timer', async () => {
    const host = await mount(<Countdown timer={{ kind: 'from_now', minutes: 61, seconds: 5 }} />);
    const timer = host.querySelector('[role="timer"]')!;
    expect(timer).to.exist;
    expect(timer.getAttribute('aria-label')).to.equal(en.timerLabel);
    expect([unit(host, 'days'), unit(host, 'hours'), unit(host, 'minutes'), unit(host, 'seconds')]).to.deep.equal(['00', '01', '01', '05']);
    expect(parts(host, 'countdown-label').map((label) => label.textContent)).to.deep.equal([en.timerDays, en.timerHours, en.timerMinutes, en.timerSeconds]);
    expect(timer.getAttribute('data-timer-ver')).to.equal(String(CONTENT.TIMER_VER.PLAIN));
    await expect(host).to.be.accessible();
  });

  it('labels the units in Hebrew', async () => {
    const host = await mount(<Countdown timer={{ kind: 'from_now', minutes: 1, seconds: 0 }} lang="he" />);
    expect(parts(host, 'countdown-label').map((label) => label.textContent)).to.deep.equal([he.timerDays, he.timerHours, he.timerMinutes, he.timerSeconds]);
    expect(host.querySelector('[role="timer"]')!.getAttribute('aria-label')).to.equal(he.timerLabel);
  });

  it('ticks every second', async () => {
    const host = await mount(<Countdown timer={{ kind: 'from_now', minutes: 0, seconds: 3 }} />);
    expect(unit(host, 'seconds')).to.equal('03');
    await waitUntil(() => unit(host, 'seconds') === '02', 'no tick to 02', { timeout: SECOND_MS + SLACK_MS });
    await waitUntil(() => unit(host, 'seconds') === '01', 'no tick to 01', { timeout: SECOND_MS + SLACK_MS });
  });

  it('calls onExpire once when it ends, showing zero', async () => {
    let expired = 0;
    const started = performance.now();
    let expiredAfter = 0;
    const host = await mount(
      <Countdown
        timer={{ kind: 'from_now', minutes: 0, seconds: 1 }}
        onExpire={() => {
          expired += 1;
          expiredAfter = performance.now() - started;
        }}
      />,
    );
    await waitUntil(() => expired === 1, 'did not expire', { timeout: SECOND_MS + SLACK_MS });
    expect(expiredAfter).to.be.at.least(SECOND_MS - SLACK_MS / 10);
    await waitUntil(() => unit(host, 'seconds') === '00');
    await aTimeout(SECOND_MS / 2);
    expect(expired).to.equal(1);
  });

  it('counts from shownAt: a from-now timer shown long ago has already ended', async () => {
    let expired = 0;
    const host = await mount(
      <Countdown timer={{ kind: 'from_now', minutes: 1, seconds: 0 }} shownAt={new Date(Date.now() - 2 * 60 * SECOND_MS)} onExpire={() => (expired += 1)} />,
    );
    await waitUntil(() => expired === 1);
    expect(unit(host, 'minutes')).to.equal('00');
  });

  it('counts down to a date, time and timezone', async () => {
    // Two days, three and a half hours from now (the minutes cut off by HH:mm cannot change the hour), as a wall clock at +02:00.
    const end = new Date(Date.now() + (2 * 24 + 3.5) * 60 * 60 * SECOND_MS);
    const wall = new Date(end.getTime() + 2 * 60 * 60 * SECOND_MS);
    const pad = (value: number) => String(value).padStart(2, '0');
    const date = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
    const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
    const host = await mount(<Countdown timer={{ kind: 'date', date, time, timezone: '+02:00' }} />);
    expect(unit(host, 'days')).to.equal('02');
    expect(unit(host, 'hours')).to.equal('03');
  });

  it('a date already past shows zero and expires at once', async () => {
    let expired = 0;
    const host = await mount(
      <Countdown timer={{ kind: 'date', date: '2020-01-01', time: '00:00', timezone: 'Asia/Jerusalem' }} onExpire={() => (expired += 1)} />,
    );
    await waitUntil(() => expired === 1);
    expect([unit(host, 'days'), unit(host, 'hours'), unit(host, 'minutes'), unit(host, 'seconds')]).to.deep.equal(['00', '00', '00', '00']);
  });

  it('timer_ver 1 is boxed', async () => {
    const host = await mount(<Countdown timer={{ kind: 'from_now', minutes: 5, seconds: 0 }} timerVer={CONTENT.TIMER_VER.BOXED} />);
    const value = part(host, 'countdown-value')!;
    expect(part(host, 'countdown')!.getAttribute('data-timer-ver')).to.equal('1');
    expect(getComputedStyle(value).borderTopStyle).to.equal('solid');
    expect(parts(host, 'countdown-card')).to.have.length(0);
  });

  it('timer_ver 2 is a flip clock of digit cards', async () => {
    const host = await mount(<Countdown timer={{ kind: 'from_now', minutes: 5, seconds: 0 }} timerVer={CONTENT.TIMER_VER.FLIP} />);
    // Four units of two digits each.
    expect(parts(host, 'countdown-card')).to.have.length(8);
    expect(unit(host, 'minutes')).to.equal('05');
    expect(getComputedStyle(part(host, 'countdown-card')!).animationName).to.equal('kite-flip');
    await expect(host).to.be.accessible();
  });

  it('the flip clock closes when under one second remains, a plain timer does not yet', async () => {
    const durationS = 2;
    let flipClosedAfter = 0;
    let plainExpired = false;
    const started = performance.now();
    await mount(
      <>
        <Countdown
          timer={{ kind: 'from_now', minutes: 0, seconds: durationS }}
          timerVer={CONTENT.TIMER_VER.FLIP}
          onExpire={() => (flipClosedAfter = performance.now() - started)}
        />
        <Countdown timer={{ kind: 'from_now', minutes: 0, seconds: durationS }} onExpire={() => (plainExpired = true)} />
      </>,
    );
    await waitUntil(() => flipClosedAfter > 0, 'the flip clock did not close', { timeout: durationS * SECOND_MS });
    // Closed once under one second was left: after durationS - 1 s, well before durationS.
    expect(flipClosedAfter).to.be.at.least(durationS * SECOND_MS - CONTENT.FLIP_CLOSE_UNDER_MS - SLACK_MS / 10);
    expect(flipClosedAfter).to.be.below(durationS * SECOND_MS);
    expect(plainExpired).to.equal(false);
    await waitUntil(() => plainExpired, 'the plain timer did not expire', { timeout: SECOND_MS + SLACK_MS });
  });

  it('under reduced motion the flip cards do not animate', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      const host = await mount(<Countdown timer={{ kind: 'from_now', minutes: 5, seconds: 0 }} timerVer={CONTENT.TIMER_VER.FLIP} />);
      expect(getComputedStyle(part(host, 'countdown-card')!).animationName).to.equal('none');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('Coupon', () => {
  const CODE = 'SAVE10-KITE';

  it('shows the code in a read-only field with a Copy button', async () => {
    const host = await mount(<Coupon code={CODE} />);
    const field = part(host, 'coupon-code') as HTMLInputElement;
    expect(field.value).to.equal(CODE);
    expect(field.readOnly).to.equal(true);
    expect(field.getAttribute('aria-label')).to.equal(en.couponCode);
    const button = part(host, 'coupon-copy')!;
    expect(button.textContent).to.equal(en.couponCopy);
    const tooltip = part(host, 'coupon-tooltip')!;
    expect(button.getAttribute('aria-describedby')).to.equal(tooltip.id);
    expect(tooltip.textContent).to.equal(en.couponCopyTooltip);
    expect(getComputedStyle(tooltip).visibility).to.equal('hidden');
    await expect(host).to.be.accessible();
  });

  it('copies the code, shows Copied for the tooltip time and announces it', async () => {
    const copied: string[] = [];
    const host = await mount(<Coupon code={CODE} onCopy={(code) => copied.push(code)} />);
    const tooltip = part(host, 'coupon-tooltip')!;
    await click(part(host, 'coupon-copy')!);
    await waitUntil(() => tooltip.textContent === en.copied, 'no Copied tooltip');
    const shownAt = performance.now();
    expect(getComputedStyle(tooltip).visibility).to.equal('visible');
    expect(copied).to.deep.equal([CODE]);
    expect(part(host, 'coupon-status')!.getAttribute('aria-live')).to.equal('polite');
    expect(part(host, 'coupon-status')!.textContent).to.equal(en.couponCopiedAnnouncement.replace('{code}', CODE));
    await waitUntil(() => tooltip.textContent !== en.copied, 'Copied never went away', { timeout: CONTENT.COUPON_TOOLTIP_MS + SLACK_MS });
    expect(performance.now() - shownAt).to.be.at.least(CONTENT.COUPON_TOOLTIP_MS - SLACK_MS / 4);
    expect(tooltip.hasAttribute('data-visible')).to.equal(false);
  });

  it('falls back to copying the selected field when the Clipboard API refuses', async () => {
    const clipboard = navigator.clipboard;
    const original = clipboard.writeText;
    clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    const commands: string[] = [];
    const execCommand = document.execCommand;
    document.execCommand = function (this: Document, command: string, ...rest: unknown[]) {
      commands.push(command);
      return (execCommand as (...args: unknown[]) => boolean).call(this, command, ...rest);
    } as typeof document.execCommand;
    try {
      const host = await mount(<Coupon code={CODE} lang="he" />);
      await click(part(host, 'coupon-copy')!);
      await waitUntil(() => commands.includes('copy'), 'execCommand copy not used');
      const field = part(host, 'coupon-code') as HTMLInputElement;
      expect(field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0)).to.equal(CODE);
      // In Hebrew: "Copied" when the browser copied, else the manual hint; never silence.
      await waitUntil(() => part(host, 'coupon-tooltip')!.textContent === he.copied || part(host, 'coupon-status')!.textContent === he.couponCopyManual);
      expect(part(host, 'coupon-tooltip')!.textContent).to.equal(he.copied);
    } finally {
      clipboard.writeText = original;
      document.execCommand = execCommand;
    }
  });

  it('labels the field, button and tooltip in Hebrew', async () => {
    const host = await mount(<Coupon code={CODE} lang="he" />);
    expect(part(host, 'coupon-code')!.getAttribute('aria-label')).to.equal(he.couponCode);
    expect(part(host, 'coupon-copy')!.textContent).to.equal(he.couponCopy);
    expect(part(host, 'coupon-tooltip')!.textContent).to.equal(he.couponCopyTooltip);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Ticker', () => {
  it('scrolls for duration / 400 seconds, 7000 ms by default', async () => {
    const host = await mount(<Ticker text="Free shipping today" />);
    const text = part(host, 'ticker-text')!;
    expect(getComputedStyle(text).animationDuration).to.equal(`${tickerAnimationSeconds(CONTENT.TICKER_DEFAULT_MS)}s`);
    expect(getComputedStyle(text).animationName).to.equal('kite-ticker');
    expect(getComputedStyle(text).animationIterationCount).to.equal('infinite');
    expect(part(host, 'ticker')!.getAttribute('role')).to.equal('marquee');
    await expect(host).to.be.accessible();
  });

  it('takes its own duration', async () => {
    const durationMs = CONTENT.TICKER_DURATION_DIVISOR * 10;
    const host = await mount(<Ticker text="Hurry" durationMs={durationMs} />);
    expect(getComputedStyle(part(host, 'ticker-text')!).animationDuration).to.equal('10s');
  });

  it('replaces date tags in both languages, and scrolls the other way in Hebrew', async () => {
    const wednesday = new Date(2025, 0, 15, 12);
    const english = await mount(<Ticker text="Ends {{tomorrow}}, {{date_dmy}}" now={wednesday} />);
    expect(part(english, 'ticker-text')!.textContent).to.equal('Ends Thursday, 15/01/2025');
    const hebrew = await mount(<Ticker text="מסתיים {{tomorrow}}" now={wednesday} lang="he" />);
    expect(part(hebrew, 'ticker-text')!.textContent).to.equal('מסתיים יום חמישי');
    expect(part(hebrew, 'ticker')!.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(part(hebrew, 'ticker-text')!).animationName).to.equal('kite-ticker-rtl');
  });

  it('stands still under reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      const host = await mount(<Ticker text="Free shipping today" />);
      expect(part(host, 'ticker')!.getAttribute('data-motion')).to.equal('static');
      expect(getComputedStyle(part(host, 'ticker-text')!).animationName).to.equal('none');
      expect(part(host, 'ticker')!.hasAttribute('tabindex')).to.equal(false);
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('starts scrolling when reduced motion is switched off', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const host = await mount(<Ticker text="Free shipping today" />);
    await emulateMedia({ reducedMotion: 'no-preference' });
    await waitUntil(() => part(host, 'ticker')!.getAttribute('data-motion') === 'scroll');
  });
});

// ---------------------------------------------------------------------------------------------

describe('Video', () => {
  it('embeds a YouTube page URL lazily, with a title', async () => {
    const host = await mount(<Video url="https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10" title="Our story" />);
    const frame = host.querySelector('iframe')!;
    expect(frame.getAttribute('src')).to.equal('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('title')).to.equal('Our story');
    expect(frame.getAttribute('loading')).to.equal('lazy');
    expect(frame.getAttribute('part')).to.equal('video');
  });

  it('embeds youtu.be, shorts and Vimeo links', async () => {
    const short = await mount(<Video url="youtu.be/dQw4w9WgXcQ" />);
    expect(short.querySelector('iframe')!.getAttribute('src')).to.equal('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(short.querySelector('iframe')!.getAttribute('title')).to.equal(en.video);
    const shorts = await mount(<Video url="https://youtube.com/shorts/dQw4w9WgXcQ" lang="he" />);
    expect(shorts.querySelector('iframe')!.getAttribute('title')).to.equal(he.video);
    const vimeo = await mount(<Video url="https://vimeo.com/channels/staffpicks/76979871" />);
    expect(vimeo.querySelector('iframe')!.getAttribute('src')).to.equal('https://player.vimeo.com/video/76979871?dnt=1');
  });

  it('plays a direct file in a <video> that loads nothing until played', async () => {
    // A refused poster is dropped (a valid one would be fetched, and this page has no image to show).
    const host = await mount(<Video url="/media/offer.mp4" title="The offer" poster="javascript:alert(1)" />);
    const video = host.querySelector('video')!;
    expect(video.getAttribute('src')).to.equal('/media/offer.mp4');
    expect(video.hasAttribute('poster')).to.equal(false);
    expect(video.getAttribute('title')).to.equal('The offer');
    expect(video.getAttribute('preload')).to.equal('none');
    expect(video.controls).to.equal(true);
  });

  it('carries caption tracks for a video file: the default one shows its cues, each named in the page language', async () => {
    const captions = [
      { src: '/demo/public/media/captions.vtt', srclang: 'en', default: true },
      { src: '/demo/public/media/captions-he.vtt', srclang: 'he', label: 'עברית' },
      { src: 'javascript:alert(1)', srclang: 'fr' },
    ];
    const host = await mount(<Video url="/demo/public/media/product.webm" captions={captions} />);
    const video = host.querySelector('video')!;
    const tracks = [...video.querySelectorAll('track')];
    expect(tracks.map((track) => [track.kind, track.srclang, track.label])).to.deep.equal([
      ['captions', 'en', 'English'],
      ['captions', 'he', 'עברית'],
    ]);
    expect(video.textTracks[0]!.mode).to.equal('showing');
    await waitUntil(() => (video.textTracks[0]!.cues?.length ?? 0) > 0, 'the default captions load');
  });

  it('renders nothing for a script or data address', async () => {
    for (const url of ['javascript:alert(1)', 'data:video/mp4;base64,AAAA', 'mailto:a@example.com']) {
      const host = await mountEmpty(<Video url={url} />);
      expect(host.childElementCount, url).to.equal(0);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('ExtraButtons', () => {
  const BUTTONS: ExtraButton[] = [
    { text: 'Shop now', url: 'example.com/sale' },
    { text: 'Read more', url: 'https://example.com/about', target: '_blank' },
    { text: 'Bad', url: 'javascript:alert(1)' },
    { text: 'Call us', url: 'tel:+972501234567' },
    { text: 'Count me', },
    { text: '', action: 'close' },
  ];

  it('links buttons 2 to 6: scheme-less URLs get //, refused ones render no link', async () => {
    const host = await mount(<ExtraButtons buttons={BUTTONS} />);
    const links = parts(host, 'extra-button').filter((element) => !element.matches('[part~="close-button"]'));
    expect(links.map((element) => element.dataset.button)).to.deep.equal(['2', '3', '4', '5', '6']);
    expect(links[0]!.getAttribute('href')).to.equal('//example.com/sale');
    expect(links[0]!.getAttribute('target')).to.equal('_self');
    expect(links[1]!.getAttribute('href')).to.equal('https://example.com/about');
    expect(links[1]!.getAttribute('target')).to.equal('_blank');
    expect(links[1]!.getAttribute('rel')).to.equal('noopener');
    expect(links[2]!.tagName).to.equal('A');
    expect(links[2]!.hasAttribute('href')).to.equal(false);
    expect(links[2]!.textContent).to.equal('Bad');
    expect(links[3]!.getAttribute('href')).to.equal('tel:+972501234567');
    expect(links[4]!.tagName).to.equal('BUTTON');
    expect(host.querySelector('a[href^="javascript" i]')).to.equal(null);
    await expect(host).to.be.accessible();
  });

  it('reports clicks with the button number, and the close button closes', async () => {
    const clicks: Array<[number, string]> = [];
    let closes = 0;
    const host = await mount(
      <ExtraButtons buttons={BUTTONS} onButton={(number, button) => clicks.push([number, button.text])} onClose={() => (closes += 1)} />,
    );
    await click(host.querySelector('[data-button="6"]')!);
    const close = part(host, 'close-button')!;
    expect(close.textContent).to.equal(en.closeButton);
    await click(close);
    expect(clicks).to.deep.equal([[6, 'Count me']]);
    expect(closes).to.equal(1);
  });

  it('the close button is labelled in Hebrew, and no more than buttons 2 to 6 render', async () => {
    const many: ExtraButton[] = Array.from({ length: CONTENT.EXTRA_BUTTON_LAST + 2 }, (_, i) => ({ text: `b${i}` }));
    const host = await mount(<ExtraButtons buttons={[...many, { text: '', action: 'close' }]} lang="he" />);
    expect(host.querySelectorAll('[data-button]')).to.have.length(CONTENT.EXTRA_BUTTON_LAST - CONTENT.EXTRA_BUTTON_FIRST + 1);
    expect(part(host, 'close-button')!.textContent).to.equal(he.closeButton);
  });
});

// ---------------------------------------------------------------------------------------------

describe('CreditBadge', () => {
  it("links to the provider's site in a new tab with rel=noopener", async () => {
    const host = await mount(<CreditBadge />);
    const link = host.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal(CONTENT.CREDIT_URL);
    expect(link.getAttribute('rel')).to.equal('noopener');
    expect(link.getAttribute('target')).to.equal('_blank');
    expect(link.textContent).to.equal(en.poweredBy.replace('{brand}', CONTENT.CREDIT_BRAND));
    await expect(host).to.be.accessible();
  });

  it('speaks Hebrew, and shows only when if_poptin_credit is on', async () => {
    const hebrew = await mount(<CreditBadge lang="he" />);
    expect(hebrew.textContent).to.equal(he.poweredBy.replace('{brand}', CONTENT.CREDIT_BRAND));
    const hidden = await mountEmpty(<CreditBadge show={false} />);
    expect(hidden.childElementCount).to.equal(0);
  });

  it('never links to a script', async () => {
    const host = await mount(<CreditBadge href="javascript:alert(1)" />);
    expect(host.querySelector('a')!.getAttribute('href')).to.equal(CONTENT.CREDIT_URL);
  });
});

// ---------------------------------------------------------------------------------------------

describe('ContentBlockView', () => {
  it('renders each block type from its JSON', async () => {
    let expired = false;
    const host = await mount(
      <>
        <ContentBlockView block={{ type: 'countdown', timer: { kind: 'from_now', minutes: 0, seconds: 1 }, timer_ver: CONTENT.TIMER_VER.BOXED }} onTimerExpire={() => (expired = true)} />
        <ContentBlockView block={{ type: 'coupon', code: 'X1' }} />
        <ContentBlockView block={{ type: 'ticker', text: 'Hi' }} />
        <ContentBlockView block={{ type: 'video', url: 'https://vimeo.com/76979871' }} />
        <ContentBlockView block={{ type: 'extra_buttons', buttons: [{ text: 'Go', url: 'example.com' }] }} />
      </>,
    );
    for (const name of ['countdown', 'coupon', 'ticker', 'video', 'extra-buttons']) expect(part(host, name), name).to.exist;
    await waitUntil(() => expired, 'countdown did not expire', { timeout: SECOND_MS + SLACK_MS });
  });
});
