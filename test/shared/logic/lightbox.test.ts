/**
 * The lightbox's pure logic (content-site spec 001, sections 2, 3, 5 and 9): video links, the
 * classification of links (types and exclusions) and the title fallback chain. Examples for each
 * rule, then fast-check properties: never throws on a string, parsing a canonical address gives
 * the same video back, ids always have the spec's shape.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { classifyLightboxLink, FILE_SHARING_HOSTS, lightboxTitle, type LightboxLink } from '../../../shared/logic/lightbox-links.ts';
import { parseVideoUrl } from '../../../shared/logic/index.ts';
import { videoEmbedUrl, videoPageUrl } from '../../../shared/logic/video-url.ts';
import { lightboxIframeSandbox } from '../../../shared/logic/lightbox-links.ts';
import { decodeEntities } from '../../../shared/logic/entities.ts';

const YT = 'dQw4w9WgXcQ';
const VIMEO = '76979871';

describe('parseVideoUrl', () => {
  describe('YouTube', () => {
    const cases: Array<[string, string]> = [
      ['watch link', `https://www.youtube.com/watch?v=${YT}`],
      ['watch link with more parameters', `https://www.youtube.com/watch?feature=share&v=${YT}&t=42`],
      ['watch link without www', `https://youtube.com/watch?v=${YT}`],
      ['mobile watch link', `https://m.youtube.com/watch?v=${YT}`],
      ['http', `http://www.youtube.com/watch?v=${YT}`],
      ['protocol-relative', `//www.youtube.com/watch?v=${YT}`],
      ['without a scheme', `www.youtube.com/watch?v=${YT}`],
      ['shorts link', `https://www.youtube.com/shorts/${YT}`],
      ['shorts link with a query', `https://youtube.com/shorts/${YT}?feature=share`],
      ['shortened link', `https://youtu.be/${YT}`],
      ['shortened link with a time', `https://youtu.be/${YT}?t=10`],
      ['upper-case host', `https://WWW.YOUTUBE.COM/watch?v=${YT}`],
      ['surrounding spaces', `  https://youtu.be/${YT}  `],
    ];
    for (const [name, url] of cases) {
      it(`reads the id from a ${name}`, () => assert.deepEqual(parseVideoUrl(url), { provider: 'youtube', id: YT }));
    }

    it('gives no id for a watch link without a v parameter (spec section 5)', () => {
      assert.equal(parseVideoUrl('https://www.youtube.com/watch'), null);
      assert.equal(parseVideoUrl('https://www.youtube.com/watch?list=PL123'), null);
      assert.equal(parseVideoUrl('https://www.youtube.com/watch?v='), null);
    });

    it('refuses ids of the wrong shape, so nothing unchecked reaches the embed', () => {
      assert.equal(parseVideoUrl('https://www.youtube.com/watch?v=short'), null);
      assert.equal(parseVideoUrl(`https://www.youtube.com/watch?v=${YT}x`), null);
      assert.equal(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgX%22'), null);
      assert.equal(parseVideoUrl('https://youtu.be/<script>xx'), null);
      assert.equal(parseVideoUrl('https://youtu.be/'), null);
    });

    it('refuses other pages and hosts', () => {
      assert.equal(parseVideoUrl(`https://www.youtube.com/channel/${YT}`), null);
      assert.equal(parseVideoUrl(`https://www.youtube.com/shorts/`), null);
      assert.equal(parseVideoUrl(`https://youtube.com.evil.example/watch?v=${YT}`), null);
      assert.equal(parseVideoUrl(`https://evil.example/youtube.com/watch?v=${YT}`), null);
      assert.equal(parseVideoUrl(`https://evil.example/?u=youtu.be/${YT}`), null);
    });

    it('refuses schemes other than http and https', () => {
      assert.equal(parseVideoUrl(`javascript://www.youtube.com/watch?v=${YT}`), null);
      assert.equal(parseVideoUrl(`ftp://youtu.be/${YT}`), null);
      assert.equal(parseVideoUrl(`data:text/html,youtu.be/${YT}`), null);
    });
  });

  describe('Vimeo', () => {
    it('reads the id from a video page and a player link', () => {
      assert.deepEqual(parseVideoUrl(`https://vimeo.com/${VIMEO}`), { provider: 'vimeo', id: VIMEO });
      assert.deepEqual(parseVideoUrl(`https://www.vimeo.com/${VIMEO}`), { provider: 'vimeo', id: VIMEO });
      assert.deepEqual(parseVideoUrl(`https://player.vimeo.com/video/${VIMEO}`), { provider: 'vimeo', id: VIMEO });
      assert.deepEqual(parseVideoUrl(`https://vimeo.com/channels/staffpicks/${VIMEO}`), { provider: 'vimeo', id: VIMEO });
      assert.deepEqual(parseVideoUrl(`https://vimeo.com/groups/shortfilms/videos/${VIMEO}`), { provider: 'vimeo', id: VIMEO });
    });

    it('takes ids of 6 to 11 digits only', () => {
      assert.deepEqual(parseVideoUrl('https://vimeo.com/123456'), { provider: 'vimeo', id: '123456' });
      assert.deepEqual(parseVideoUrl('https://vimeo.com/12345678901'), { provider: 'vimeo', id: '12345678901' });
      assert.equal(parseVideoUrl('https://vimeo.com/12345'), null);
      assert.equal(parseVideoUrl('https://vimeo.com/123456789012'), null);
      assert.equal(parseVideoUrl('https://player.vimeo.com/video/12345'), null);
      assert.equal(parseVideoUrl('https://vimeo.com/about'), null);
    });

    it('keeps an optional hash of 6 to 11 word characters, from the path or the h parameter', () => {
      assert.deepEqual(parseVideoUrl(`https://vimeo.com/${VIMEO}/abc123`), { provider: 'vimeo', id: VIMEO, hash: 'abc123' });
      assert.deepEqual(parseVideoUrl(`https://player.vimeo.com/video/${VIMEO}?h=a_b_c_d_e_f`), {
        provider: 'vimeo',
        id: VIMEO,
        hash: 'a_b_c_d_e_f',
      });
      assert.equal(parseVideoUrl(`https://vimeo.com/${VIMEO}/abc12`), null, 'hash of 5');
      assert.equal(parseVideoUrl(`https://vimeo.com/${VIMEO}/abcdef123456`), null, 'hash of 12');
      assert.equal(parseVideoUrl(`https://player.vimeo.com/video/${VIMEO}?h=ab-cd-ef`), null, 'not word characters');
      assert.equal(parseVideoUrl(`https://vimeo.com/${VIMEO}/abc123/more`), null, 'more after the hash');
    });

    it('refuses other hosts and player paths', () => {
      assert.equal(parseVideoUrl(`https://vimeo.com.evil.example/${VIMEO}`), null);
      assert.equal(parseVideoUrl(`https://player.vimeo.com/${VIMEO}`), null);
    });
  });

  it('throws on a URL that is not a string (spec section 5)', () => {
    for (const value of [undefined, null, 42, {}, ['https://youtu.be/x'], new URL(`https://youtu.be/${YT}`)]) {
      assert.throws(() => parseVideoUrl(value as unknown as string), TypeError);
    }
  });

  it('gives null for text that is no address', () => {
    for (const value of ['', ' ', 'not a url', '/images/photo.jpg', '#inline', 'http://', '://youtu.be']) assert.equal(parseVideoUrl(value), null, value);
  });

  it('never throws on any string, and any id found has the spec shape', () => {
    const tails = fc.oneof(fc.string(), fc.webPath(), fc.stringMatching(/^[\w\-?=&/#%.]{0,30}$/));
    const prefixes = fc.constantFrom('', 'https://', '//', 'https://www.youtube.com/watch?v=', 'https://youtu.be/', 'https://vimeo.com/', 'https://player.vimeo.com/video/', 'https://www.youtube.com/shorts/');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.tuple(prefixes, tails).map(([a, b]) => a + b)), (url) => {
        const video = parseVideoUrl(url);
        if (!video) return true;
        if (video.provider === 'youtube') return /^[A-Za-z0-9_-]{11}$/.test(video.id) && video.hash === undefined;
        return /^\d{6,11}$/.test(video.id) && (video.hash === undefined || /^\w{6,11}$/.test(video.hash));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back the same video from its canonical page address (parsing twice changes nothing)', () => {
    const youtubeId = fc.stringMatching(/^[A-Za-z0-9_-]{11}$/);
    const vimeoId = fc.stringMatching(/^[1-9]\d{5,10}$/);
    const hash = fc.option(fc.stringMatching(/^\w{6,11}$/), { nil: undefined });
    const urls = fc.oneof(
      youtubeId.map((id) => `https://youtu.be/${id}`),
      youtubeId.map((id) => `https://www.youtube.com/shorts/${id}`),
      fc.tuple(vimeoId, hash).map(([id, h]) => `https://player.vimeo.com/video/${id}${h ? `?h=${h}` : ''}`),
    );
    fc.assert(
      fc.property(urls, (url) => {
        const video = parseVideoUrl(url)!;
        assert.ok(video, url);
        assert.deepEqual(parseVideoUrl(videoPageUrl(video)), video);
      }),
    );
  });

  describe('videoEmbedUrl', () => {
    it('embeds YouTube through youtube-nocookie.com and Vimeo through its player', () => {
      assert.equal(videoEmbedUrl({ provider: 'youtube', id: YT }), `https://www.youtube-nocookie.com/embed/${YT}?rel=0`);
      assert.equal(videoEmbedUrl({ provider: 'youtube', id: YT }, { autoplay: true }), `https://www.youtube-nocookie.com/embed/${YT}?rel=0&autoplay=1`);
      assert.equal(videoEmbedUrl({ provider: 'vimeo', id: VIMEO }), `https://player.vimeo.com/video/${VIMEO}`);
      assert.equal(videoEmbedUrl({ provider: 'vimeo', id: VIMEO, hash: 'abc123' }, { autoplay: true }), `https://player.vimeo.com/video/${VIMEO}?h=abc123&autoplay=1`);
    });
  });
});

describe('classifyLightboxLink', () => {
  const BASE = 'https://site.example/products/drill.html';
  const kind = (link: LightboxLink) => (link.kind === 'excluded' ? `excluded:${link.reason}` : link.kind);

  describe('types', () => {
    it('opens image files as images, with or without a query, in any case', () => {
      for (const href of ['big.jpg', 'big.JPEG', '/media/a.png?v=2', 'https://cdn.example/a.webp', 'a.gif', 'a.avif', 'a.svg', 'a.bmp#x']) {
        assert.equal(kind(classifyLightboxLink(href)), 'image', href);
      }
    });

    it('resolves the address against the page when given one', () => {
      assert.deepEqual(classifyLightboxLink('../media/big.jpg', '', { base: BASE }), { kind: 'image', src: 'https://site.example/media/big.jpg' });
      assert.deepEqual(classifyLightboxLink('../media/big.jpg'), { kind: 'image', src: '../media/big.jpg' });
    });

    it('opens video-site links as videos', () => {
      assert.deepEqual(classifyLightboxLink(`https://www.youtube.com/watch?v=${YT}`), {
        kind: 'video',
        src: `https://www.youtube.com/watch?v=${YT}`,
        video: { provider: 'youtube', id: YT },
      });
      assert.equal(kind(classifyLightboxLink(`https://youtu.be/${YT}`)), 'video');
      assert.equal(kind(classifyLightboxLink(`https://www.youtube.com/shorts/${YT}`)), 'video');
      assert.equal(kind(classifyLightboxLink(`https://player.vimeo.com/video/${VIMEO}`)), 'video');
      assert.equal(kind(classifyLightboxLink('https://www.youtube.com/watch')), 'excluded:not-lightbox', 'no v: an ordinary link');
    });

    it('plays video files (the legacy .mov too) in the browser', () => {
      for (const href of ['clip.mp4', 'clip.mov', 'clip.webm', 'clip.m4v', 'clip.ogv']) {
        assert.deepEqual(classifyLightboxLink(href), { kind: 'video', src: href, video: { provider: 'file' } }, href);
      }
    });

    it('leaves Flash and Screenr links alone (obsolete legacy types)', () => {
      assert.equal(kind(classifyLightboxLink('movie.swf')), 'excluded:obsolete');
      assert.equal(kind(classifyLightboxLink('movie.flv')), 'excluded:obsolete');
      assert.equal(kind(classifyLightboxLink('https://www.screenr.com/abc')), 'excluded:obsolete');
    });

    it('opens links marked iframe as iframes, and a marked video link as a video', () => {
      assert.equal(kind(classifyLightboxLink('https://maps.example/embed?q=1', 'mfp-iframe')), 'iframe');
      assert.equal(kind(classifyLightboxLink('/page', 'lightbox-iframe')), 'iframe');
      assert.equal(kind(classifyLightboxLink('/page', '', { type: 'iframe' })), 'iframe');
      assert.equal(kind(classifyLightboxLink('/page?iframe=true')), 'iframe', 'the legacy prettyPhoto mark');
      assert.equal(kind(classifyLightboxLink(`https://vimeo.com/${VIMEO}`, 'mfp-iframe')), 'video');
    });

    it('takes the type from data-type or a type class', () => {
      assert.equal(kind(classifyLightboxLink('/fragments/spec.html', '', { type: 'ajax' })), 'ajax');
      assert.equal(kind(classifyLightboxLink('/fragments/spec.html', 'mfp-ajax')), 'ajax');
      assert.equal(kind(classifyLightboxLink('/photo?id=3', '', { type: ' IMAGE ' })), 'image');
      assert.equal(kind(classifyLightboxLink('/photo?id=3', 'mfp-image')), 'image');
      assert.equal(kind(classifyLightboxLink('/photo?id=3', '', { type: 'video' })), 'excluded:not-lightbox', 'unknown data-type ignored');
    });

    it('opens marked same-page #id links inline, and hidden targets without a mark', () => {
      assert.deepEqual(classifyLightboxLink('#specs', '', { type: 'inline' }), { kind: 'inline', src: '#specs', target: 'specs' });
      assert.deepEqual(classifyLightboxLink('#specs', 'mfp-inline'), { kind: 'inline', src: '#specs', target: 'specs' });
      assert.deepEqual(classifyLightboxLink('#specs', '', { inlineTargetHidden: true }), { kind: 'inline', src: '#specs', target: 'specs' });
      assert.deepEqual(classifyLightboxLink(`${BASE}#caf%C3%A9`, '', { base: BASE, type: 'inline' }), {
        kind: 'inline',
        src: `${BASE}#caf%C3%A9`,
        target: 'café',
      });
      assert.equal(kind(classifyLightboxLink('#section-2')), 'excluded:not-lightbox', 'an in-page anchor keeps scrolling');
      assert.equal(kind(classifyLightboxLink('other.html#specs', '', { base: BASE, type: 'inline' })), 'excluded:not-lightbox', 'another page');
      assert.equal(kind(classifyLightboxLink('#', '', { type: 'inline' })), 'excluded:not-lightbox');
    });

    it('opens links marked lightbox as images, and leaves ordinary links alone', () => {
      assert.equal(kind(classifyLightboxLink('/photo?id=3', 'lightbox')), 'image');
      assert.equal(kind(classifyLightboxLink('/photo?id=3', '', { rel: 'lightbox[gallery]' })), 'image');
      assert.equal(kind(classifyLightboxLink('/photo?id=3', '', { rel: 'prettyPhoto[g1]' })), 'image');
      assert.equal(kind(classifyLightboxLink('/about')), 'excluded:not-lightbox');
      assert.equal(kind(classifyLightboxLink('/manual.pdf')), 'excluded:not-lightbox');
      assert.equal(kind(classifyLightboxLink('mailto:sales@site.example')), 'excluded:unsafe-address');
    });
  });

  describe('exclusions (spec section 5)', () => {
    it('excludes links marked no-lightbox, on the link or an ancestor', () => {
      assert.equal(kind(classifyLightboxLink('big.jpg', 'noLightbox')), 'excluded:no-lightbox');
      assert.equal(kind(classifyLightboxLink('big.jpg', 'x no-lightbox y')), 'excluded:no-lightbox');
      assert.equal(kind(classifyLightboxLink('big.jpg', ['no_lightbox'])), 'excluded:no-lightbox');
      assert.equal(kind(classifyLightboxLink('big.jpg', '', { ancestorClasses: ['gallery', 'noLightbox'] })), 'excluded:no-lightbox');
    });

    it('excludes links marked fake-lightbox', () => {
      assert.equal(kind(classifyLightboxLink('big.jpg', 'fakeLightbox')), 'excluded:fake-lightbox');
      assert.equal(kind(classifyLightboxLink('big.jpg', 'fake-lightbox')), 'excluded:fake-lightbox');
    });

    it('excludes links to file-sharing hosts and their subdomains', () => {
      for (const host of FILE_SHARING_HOSTS) assert.equal(kind(classifyLightboxLink(`https://${host}/s/abc/photo.jpg`)), 'excluded:file-sharing', host);
      assert.equal(kind(classifyLightboxLink('https://www.dropbox.com/s/abc/photo.jpg?dl=0')), 'excluded:file-sharing');
      assert.equal(kind(classifyLightboxLink('https://notdropbox.com/photo.jpg')), 'image', 'only the host itself and its subdomains');
    });

    it('excludes pagination links', () => {
      assert.equal(kind(classifyLightboxLink('/gallery/page/2/', '', { rel: 'next' })), 'excluded:pagination');
      assert.equal(kind(classifyLightboxLink('/gallery/page/1/', '', { rel: 'prev' })), 'excluded:pagination');
      assert.equal(kind(classifyLightboxLink('/gallery/page/2/', 'page-numbers')), 'excluded:pagination');
      assert.equal(kind(classifyLightboxLink('/gallery/page/2/big.jpg', 'lightbox', { ancestorClasses: ['pagination'] })), 'excluded:pagination');
      assert.equal(kind(classifyLightboxLink('/page/2/', 'next_page')), 'excluded:pagination');
    });

    it('excludes links already processed by another lightbox script', () => {
      assert.equal(kind(classifyLightboxLink('big.jpg', 'lightbox-added')), 'excluded:processed');
    });

    it('excludes addresses that are not http(s), however they are written', () => {
      for (const href of ['javascript:alert(1)//big.jpg', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:image/png;base64,AAAA', 'vbscript:x', 'file:///etc/big.jpg', '']) {
        assert.equal(kind(classifyLightboxLink(href)), 'excluded:unsafe-address', JSON.stringify(href));
      }
    });
  });

  it('never throws on any strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl(), fc.webPath()),
        fc.string(),
        fc.record({ type: fc.option(fc.string()), rel: fc.option(fc.string()), ancestorClasses: fc.array(fc.string()), base: fc.option(fc.webUrl(), { nil: undefined }) }),
        (href, classes, options) => {
          const link = classifyLightboxLink(href, classes, options);
          // Every item carries a safe address: http(s) or a same-page anchor.
          if (link.kind !== 'excluded' && link.kind !== 'inline') assert.match(new URL(link.src, 'https://x.invalid/').protocol, /^https?:$/);
          return true;
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('lightboxTitle', () => {
  const all = { title: 'Link title', imageTitle: 'Image title', caption: 'Caption', alt: 'Alt text' };

  it('falls back from the title attribute to the image title, the caption, then the alt (spec section 9)', () => {
    assert.equal(lightboxTitle(all, true), 'Link title');
    assert.equal(lightboxTitle({ ...all, title: '' }, true), 'Image title');
    assert.equal(lightboxTitle({ ...all, title: null, imageTitle: '  ' }, true), 'Caption');
    assert.equal(lightboxTitle({ alt: 'Alt text' }, true), 'Alt text');
  });

  it('uses the alt text only when enabled', () => {
    assert.equal(lightboxTitle({ alt: 'Alt text' }), '');
    assert.equal(lightboxTitle({ alt: 'Alt text' }, false), '');
  });

  it('collapses whitespace, and never throws', () => {
    assert.equal(lightboxTitle({ caption: '\n  Cordless   drill\t 18 V \n' }), 'Cordless drill 18 V');
    fc.assert(
      fc.property(fc.record({ title: fc.option(fc.string()), imageTitle: fc.option(fc.string()), caption: fc.option(fc.string()), alt: fc.option(fc.string()) }), fc.boolean(), (sources, useAlt) => {
        const title = lightboxTitle(sources, useAlt);
        return title === title.trim() && !/\s\s/.test(title) && lightboxTitle({ title }, useAlt) === title;
      }),
    );
  });
});

describe('lightboxIframeSandbox', () => {
  const page = 'https://shop.example';
  it('keeps the origin of a page of another origin only: scripts plus this origin would lift the sandbox', () => {
    assert.equal(lightboxIframeSandbox('https://maps.example/embed', page, false), 'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation allow-same-origin');
    assert.equal(lightboxIframeSandbox('/specs.html', page, false), 'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation');
    assert.equal(lightboxIframeSandbox('https://shop.example/specs.html', page, false), 'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation');
  });
  it('is none when the link opts out', () => {
    assert.equal(lightboxIframeSandbox('https://maps.example/embed', page, true), null);
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric references as often as they were encoded', () => {
    assert.equal(decodeEntities('Tom &amp;amp; Jerry'), 'Tom & Jerry');
    assert.equal(decodeEntities('caf&#233; &#x2013; &hellip;'), 'caf\u00e9 \u2013 \u2026');
    assert.equal(decodeEntities('&bogus; &#0; &#x110000; &#xD800;'), '&bogus; &#0; &#x110000; &#xD800;');
  });
  it('never throws, and decoding twice changes nothing', () => {
    fc.assert(fc.property(fc.string(), (text) => decodeEntities(decodeEntities(text)) === decodeEntities(text)));
  });
});
