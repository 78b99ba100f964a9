// The demo's theme shell: written once in demo/shell/, served inside every page that includes it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { loadShells, withShell } from '../../../demo/server/shell.ts';
import { DEFAULTS } from '../../../demo/server/constants.ts';
import { call, harnessPerSuite } from './helpers.ts';

const currentLinks = (html: string) => [...html.matchAll(/<a href="([^"]*)"[^>]*aria-current="page"[^>]*>([^<]*)</g)].map((m) => `${m[1]} ${m[2]}`);

describe('the demo pages get the theme shell from the server', () => {
  const h = harnessPerSuite(undefined, { publicDir: resolve(DEFAULTS.PUBLIC_DIR) });

  test('an English page: the whole shell in place of its include, its own menu link and language link current', async () => {
    const res = await call(h.base, '/gallery');
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.text, /kite:shell/);
    assert.match(res.text, /<kite-header[\s\S]*<kite-menu[\s\S]*<kite-preloader><\/kite-preloader>[\s\S]*<kite-scroll-top>/);
    assert.deepEqual(currentLinks(res.text), ['/gallery Gallery', '/gallery English']);
  });

  test('the Hebrew page gets the Hebrew shell, its guides link current, English linking to the English guide', async () => {
    const res = await call(h.base, '/article-he');
    assert.deepEqual(currentLinks(res.text), ['/article-he מדריכים', '/article-he עברית']);
    assert.match(res.text, /<a href="\/article" hreflang="en" lang="en">English<\/a>/);
  });

  test('the language links lead to the page in the other language where it has one (its rel=alternate link), else to the guide', async () => {
    const languageLinks = (html: string) => [...(/<nav class="site-languages"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/<a href="([^"]*)" hreflang="(en|he)" lang="\2"/g)].map((m) => `${m[2]} ${m[1]}`);
    assert.deepEqual(languageLinks((await call(h.base, '/portfolio-he')).text), ['en /portfolio', 'he /portfolio-he']);
    assert.deepEqual(languageLinks((await call(h.base, '/portfolio-grid')).text), ['en /portfolio-grid', 'he /portfolio-grid-he']);
    assert.deepEqual(languageLinks((await call(h.base, '/gallery')).text), ['en /gallery', 'he /article-he']);
  });

  test('the offers page (the pop-up triggers demo) is a page of the site: its header with the main navigation', async () => {
    const res = await call(h.base, '/rules.html');
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.text, /kite:shell/);
    assert.match(res.text, /<body>\s*<!-- Theme shell[^\n]*\n\s*<header class="site-header">[\s\S]*<nav aria-label="Main">[\s\S]*<\/header>[\s\S]*<main class="page types-page">/);
  });

  test('a store page gets the store header (shell-shop.html), not the site shell', async () => {
    const res = await call(h.base, '/shop/cart');
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.text, /kite:shell/);
    assert.match(res.text, /<main class="page shop-page">\s*<!-- The Shopify-style[^\n]*\n\s*<header class="shop-header">[\s\S]*data-cart-count[\s\S]*data-shop-status[\s\S]*<h1>Your cart<\/h1>/);
    assert.doesNotMatch(res.text, /<kite-header/);
  });

  test('a Wix-style store page gets its own store header (shell-wix.html)', async () => {
    const res = await call(h.base, '/wix/diamond');
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.text, /kite:shell|<kite-header/);
    assert.match(res.text, /<header class="shop-header">\s*<a href="\/wix\/">Kite Wind Shop<\/a>\s*<a href="\/wix\/cart-page">Cart<\/a>/);
  });

  test('a page without an include is served as written', async () => {
    const res = await call(h.base, '/store');
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.text, /<kite-header/);
  });
});

describe('withShell', () => {
  const shells = loadShells(resolve(DEFAULTS.SHELL_DIR));
  test('keeps the include line\'s indentation and marks only the first menu link to the page', () => {
    const page = withShell('<body>\n  <!-- kite:shell -->\n</body>', '/product.html', shells);
    assert.match(page, /^<body>\n  <!-- Theme shell/);
    assert.deepEqual(currentLinks(page), ['/product Kites', '/product.html English']);
  });
  test('refuses a language it has no shell for', () => {
    assert.throws(() => withShell('<!-- kite:shell fr -->', '/', shells), /no shell for language fr/);
  });
});
