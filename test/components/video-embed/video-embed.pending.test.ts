/**
 * kite-video-embed on a page whose language file has not arrived yet (a file of its own: the
 * element's other tests load Hebrew first). The theme's link shows as written meanwhile, but
 * already in the video's box, so nothing below moves when the words arrive (issue 22, item 8).
 */
import { expect } from '@open-wc/testing';
import '../../../components/video-embed/video-embed.element.ts';
import { hasMessages, loadMessages } from '../../../shared/i18n/index.ts';
import { waitUntil } from '../helpers.ts';

declare function it(title: string, body: () => Promise<void> | void): void;

const WIDTH_PX = 320;
/** 16:9, the embed's box. */
const HEIGHT_PX = (WIDTH_PX * 9) / 16;

it('keeps the video\'s box while the page\'s language file loads, the theme\'s link inside it, and the same box after', async () => {
  expect(hasMessages('he'), 'Hebrew was loaded before the test').to.equal(false);
  const embed = document.createElement('kite-video-embed');
  embed.setAttribute('lang', 'he');
  embed.style.width = `${WIDTH_PX}px`;
  const link = Object.assign(document.createElement('a'), { href: 'https://vimeo.com/76979871', textContent: 'צפייה ב־Vimeo' });
  embed.append(link);
  document.body.append(embed);
  await embed.updateComplete;
  expect(embed.getBoundingClientRect().height).to.equal(HEIGHT_PX);
  expect(link.getBoundingClientRect().width, 'the theme\'s link is not shown').to.be.greaterThan(0);

  await loadMessages('he');
  await waitUntil(() => embed.shadowRoot!.querySelector('[part~="base"]'), 'the embed never rendered its box');
  expect(embed.getBoundingClientRect().height).to.equal(HEIGHT_PX);
  embed.remove();
});
