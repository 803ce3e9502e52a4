// The theme key (light / dark / auto) in a real browser: what the canvas and the page around it look
// like, measured from screenshots with the WCAG relative luminance (0 black .. 1 white):
//   - a region's background is its most common colour; its "ink" is every pixel at least 0.3 away
//     from that in luminance (text, lines, marks). Dark: background below 0.05 and at least 90% of the
//     ink lighter than it. Light: background above 0.8 and at least 90% of the ink darker.
//   - theme=auto follows playwright's emulated prefers-color-scheme, also when it changes at run time
//     (no reload), and the page is dark before the module has even loaded (no white flash).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, serve, settle, shot, waitUntil, pollUntil, apiOf, PARK, threeOrigins, colourCounts } from './harness.mjs';
import { decodePng } from './png.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const SIDEBAR = { x: 8, y: 60, w: 270, h: 700 };   // the controls column
const MAIN = { x: 320, y: 60, w: 940, h: 720 };    // the lesson

function lum(r, g, b) {
  const lin = (v) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

// {bg: luminance of the most common colour, ink, lighter: share of the ink lighter than bg}.
function tone(img, rect) {
  const { counts, mode } = colourCounts(img, rect);
  const bg = lum(mode >> 16, (mode >> 8) & 255, mode & 255);
  let ink = 0, lighter = 0;
  for (const [k, n] of counts) {
    const l = lum(k >> 16, (k >> 8) & 255, k & 255);
    if (Math.abs(l - bg) < 0.3) continue;
    ink += n;
    if (l > bg) lighter += n;
  }
  return { bg, ink, lighter: ink ? lighter / ink : NaN, rgb: [mode >> 16, (mode >> 8) & 255, mode & 255] };
}

function assertDark(img, rect, what) {
  const t = tone(img, rect);
  assert.ok(t.bg < 0.05, `${what}: background ${t.rgb} is dark (luminance ${t.bg.toFixed(3)})`);
  assert.ok(t.ink > 500, `${what}: there is text and ink (${t.ink} px)`);
  assert.ok(t.lighter > 0.9, `${what}: text and ink are light (${(100 * t.lighter).toFixed(1)}% lighter than the background)`);
  return t;
}
function assertLight(img, rect, what) {
  const t = tone(img, rect);
  assert.ok(t.bg > 0.8, `${what}: background ${t.rgb} is light (luminance ${t.bg.toFixed(3)})`);
  assert.ok(t.ink > 500, `${what}: there is text and ink (${t.ink} px)`);
  assert.ok(t.lighter < 0.1, `${what}: text and ink are dark (${(100 * t.lighter).toFixed(1)}% lighter than the background)`);
  return t;
}
const isDark = (img) => tone(img, SIDEBAR).bg < 0.05 && tone(img, MAIN).bg < 0.05;
const isLight = (img) => tone(img, SIDEBAR).bg > 0.8 && tone(img, MAIN).bg > 0.8;

// A page in its own context with the given prefers-color-scheme, at 1280x800, ready.
async function open(query, colorScheme = 'light') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(server.url + query);
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  await page.mouse.move(PARK.x, PARK.y);
  await settle(page, 6);
  return { page, context, errors, api: apiOf(page) };
}
const pageIsDark = (page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const bodyLuminance = (page) => page.evaluate(() => {
  const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(document.body).backgroundColor);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}).then((c) => lum(...c));

test('theme=dark: dark backgrounds with light text on the canvas and around it; the state round-trips', async () => {
  const { page, context, errors, api } = await open('?playing=0&theme=dark');
  try {
    const img = await shot(page, 'theme-dark-clock');
    assertDark(img, SIDEBAR, 'sidebar');
    assertDark(img, MAIN, 'lesson');
    assert.equal(await pageIsDark(page), true);
    assert.ok(await bodyLuminance(page) < 0.05, 'the page behind the canvas is dark');

    assert.equal((await api('getState')).theme, 'dark');
    assert.ok(await waitUntil(page, () => new URLSearchParams(location.search).get('theme') === 'dark'), 'the address bar keeps theme=dark');
    assert.match(await api('link'), /[?&]theme=dark(&|$)/);
    const bad = await api('setState', { theme: 'sepia' });
    assert.equal(bad.theme, 'dark');
    assert.deepEqual(bad.rejected.map((r) => r.key), ['theme']);

    // Switching to light at run time repaints canvas and page.
    const r = await api('setState', { theme: 'light' });
    assert.deepEqual(r.rejected, []);
    await settle(page, 4);
    const light = await shot(page, 'theme-dark-to-light');
    assertLight(light, SIDEBAR, 'sidebar after setState light');
    assertLight(light, MAIN, 'lesson after setState light');
    assert.equal(await pageIsDark(page), false);
    assert.ok(!(new URL(await api('link')).searchParams.has('theme')), 'light is the default: left out of the link');
    assert.deepEqual(errors, []);
  } finally { await context.close(); }
});

test('every view is dark under theme=dark (no white panel left)', async () => {
  const { page, context, errors, api } = await open('?playing=0&theme=dark');
  try {
    const views = (await api('views')).map((v) => v.id);
    for (const view of views) {
      assert.deepEqual((await api('setState', { view })).rejected, []);
      await page.mouse.move(PARK.x, PARK.y);
      await settle(page, 6);
      const img = decodePng(await page.screenshot());
      const t = tone(img, MAIN);
      assert.ok(t.bg < 0.05, `${view}: lesson background ${t.rgb} is dark`);
      assert.ok(t.lighter > 0.75, `${view}: ink is mostly light (${(100 * t.lighter).toFixed(1)}%)`);
    }
    assert.deepEqual(errors, []);
  } finally { await context.close(); }
});

test('theme=auto follows prefers-color-scheme, and a change at run time without a reload', async () => {
  const { page, context, errors, api } = await open('?playing=0&theme=auto', 'dark');
  try {
    const firstFrame = await page.evaluate(() => window.PosEnc.timing.firstFrameMs);
    assertDark(await shot(page, 'theme-auto-dark'), MAIN, 'auto under a dark preference');
    assert.equal(await pageIsDark(page), true);

    await page.emulateMedia({ colorScheme: 'light' });
    assert.ok(await waitUntil(page, () => !document.documentElement.classList.contains('dark')), 'the page turned light');
    assert.ok(await pollUntil(async () => isLight(decodePng(await page.screenshot())), { timeout: 20000, interval: 100 }),
      'the canvas turned light');
    const light = await shot(page, 'theme-auto-light');
    assertLight(light, SIDEBAR, 'sidebar, auto under a light preference');
    assertLight(light, MAIN, 'lesson, auto under a light preference');

    await page.emulateMedia({ colorScheme: 'dark' });
    assert.ok(await pollUntil(async () => isDark(decodePng(await page.screenshot())), { timeout: 20000, interval: 100 }),
      'and dark again');
    assert.equal(await pageIsDark(page), true);
    assert.equal(await page.evaluate(() => window.PosEnc.timing.firstFrameMs), firstFrame, 'no reload');
    assert.equal((await api('getState')).theme, 'auto', 'the preference is not a setting: theme stays auto');
    assert.deepEqual(errors, []);
  } finally { await context.close(); }
});

test('theme=light stays light under a dark preference; contrast=1 with theme=dark is white on black', async () => {
  let { page, context, errors } = await open('?playing=0&theme=light', 'dark');
  try {
    const img = await shot(page, 'theme-light-under-dark');
    assertLight(img, SIDEBAR, 'sidebar');
    assertLight(img, MAIN, 'lesson');
    assert.equal(await pageIsDark(page), false);
    assert.deepEqual(errors, []);
  } finally { await context.close(); }

  ({ page, context, errors } = await open('?playing=0&theme=dark&contrast=1&view=waves'));
  try {
    const img = await shot(page, 'theme-dark-contrast');
    for (const [rect, what] of [[SIDEBAR, 'sidebar'], [MAIN, 'lesson']]) {
      const t = assertDark(img, rect, what);
      assert.ok(t.bg < 0.002, `${what}: black background in high contrast (${t.rgb})`);
    }
    // The text is white: the lightest common colour of the sidebar is (near) white.
    let white = 0;
    for (let y = SIDEBAR.y; y < SIDEBAR.y + SIDEBAR.h; y++)
      for (let x = SIDEBAR.x; x < SIDEBAR.x + SIDEBAR.w; x++) {
        const o = (y * img.width + x) * 4;
        if (lum(img.data[o], img.data[o + 1], img.data[o + 2]) > 0.95) white++;
      }
    assert.ok(white > 300, `white text in the sidebar (${white} px)`);
    assert.deepEqual(errors, []);
  } finally { await context.close(); }
});

// The page is held before posenc_app.js arrives: what the reader sees while the module loads.
async function loadingLook(query, colorScheme) {
  const context = await browser.newContext({ viewport: { width: 800, height: 500 }, colorScheme });
  const page = await context.newPage();
  let release;
  const gate = new Promise((r) => { release = r; });
  await page.route('**/posenc_app.js', async (route) => { await gate; await route.continue(); });
  try {
    await page.goto(server.url + query, { waitUntil: 'commit' });
    assert.ok(await waitUntil(page, () => document.getElementById('status') !== null), 'the status text is there');
    // Through CDP: playwright's screenshot waits for document.fonts.ready, which a page that is still
    // loading does not reach.
    const cdp = await context.newCDPSession(page);
    const img = decodePng(Buffer.from((await cdp.send('Page.captureScreenshot', { format: 'png' })).data, 'base64'));
    const corner
 = tone(img, { x: 0, y: 0, w: 800, h: 40 });
    const box = await page.evaluate(() => {
      const r = document.getElementById('status').getBoundingClientRect();
      return { x: Math.round(r.x) + 4, y: Math.round(r.y) + 4, w: Math.round(r.width) - 8, h: Math.round(r.height) - 8 };
    });
    const status = tone(img, box);
    const hint = await pageIsDark(page);
    release();
    assert.ok(await waitUntil(page, () => window.PosEnc !== undefined), 'the page script ran');
    await page.evaluate(() => window.PosEnc.ready.then(() => true));

    const after = await pageIsDark(page);
    return { corner, status, hint, after };
  } finally { release(); await context.close(); }
}

test('while the module loads the page is already in its theme (no white flash), and the module agrees', async () => {
  for (const [query, scheme, dark] of [['?theme=dark', 'light', true], ['?theme=auto', 'dark', true],
    ['?theme=auto', 'light', false], ['?theme=light', 'dark', false], ['?', 'dark', false],
    ['?theme=light&theme=dark', 'light', true]]) {
    const what = `${query} under ${scheme}`;
    const look = await loadingLook(query, scheme);
    assert.equal(look.hint, dark, `${what}: html.dark before the module`);
    assert.equal(look.after, dark, `${what}: html.dark once the module runs (the module's answer)`);
    if (dark) {
      assert.ok(look.corner.bg < 0.05, `${what}: the page is dark while loading (${look.corner.rgb})`);
      assert.ok(look.status.bg < 0.05 && look.status.lighter > 0.9, `${what}: the loading text is light on dark (${look.status.rgb})`);
    } else {
      assert.ok(look.corner.bg > 0.8, `${what}: the page is light while loading (${look.corner.rgb})`);
      assert.ok(look.status.bg > 0.8 && look.status.lighter < 0.1, `${what}: the loading text is dark on light`);
    }
  }
});

test('an embed (embed=1) takes theme=dark from its URL too', async () => {
  const { page, context, errors } = await open('?embed=1&playing=0&theme=dark&view=similarity');
  try {
    const img = await shot(page, 'theme-dark-embed');
    assertDark(img, MAIN, 'embedded lesson');
    assert.equal(await pageIsDark(page), true);
    assert.deepEqual(errors, []);
  } finally { await context.close(); }
});

test('a figure on a dark course page (loader, another origin, data-posenc-theme=auto): dark while loading, then follows the reader', async () => {
  const origins = await threeOrigins('posenc-theme-', (dir, { B }) => {
    writeFileSync(join(dir, 'host.html'), `<!doctype html><html><head><meta charset="utf-8"><title>dark course page</title>
<link rel="stylesheet" href="host.css"></head><body><h1>A dark course page</h1>
<div id="fig" data-posenc="view=clock&playing=0" data-posenc-theme="auto" data-posenc-src="${B.url}index.html"></div>
<script src="${B.url}posenc-embed.js"></script></body></html>`);
    writeFileSync(join(dir, 'host.css'), 'html, body { background: #101114; color: #ddd; margin: 0; } #fig { height: 560px; margin: 20px; }');
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    let release;
    const gate = new Promise((r) => { release = r; });
    await page.route('**/posenc_app.js', async (route) => { await gate; await route.continue(); });
    await page.goto(origins.A.url + 'host.html', { waitUntil: 'commit' });
    // The frame has its document (the status text) but not the module yet.
    assert.ok(await pollUntil(() => page.frames().some((f) => f.url().includes('embed=1'))), 'the loader made its frame');
    const frame = page.frames().find((f) => f.url().includes('embed=1'));
    assert.ok(await waitUntil(frame, () => document.getElementById('status') !== null), 'the frame shows its status');
    const box = await page.evaluate(() => {
      const r = document.querySelector('#fig iframe').getBoundingClientRect();
      return { x: Math.round(r.x) + 2, y: Math.round(r.y) + 2, w: Math.round(r.width) - 4, h: Math.round(r.height) - 4 };
    });
    const cdp = await context.newCDPSession(page);
    const loading = decodePng(Buffer.from((await cdp.send('Page.captureScreenshot', { format: 'png' })).data, 'base64'));
    const t = tone(loading, box);
    assert.ok(t.bg < 0.05, `the frame is dark while its module loads (${t.rgb})`);
    release();

    await page.waitForFunction(() => window.PosEncEmbed && window.PosEncEmbed.get(document.getElementById('fig')));
    await page.evaluate(() => window.PosEncEmbed.get(document.getElementById('fig')).ready.then(() => true));
    assert.ok(await pollUntil(async () => tone(decodePng(await page.screenshot()), box).bg < 0.05), 'the figure draws dark');
    assertDark(await shot(page, 'theme-auto-embed-dark'), box, 'the embedded figure');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.ok(await pollUntil(async () => tone(decodePng(await page.screenshot()), box).bg > 0.8), 'and light when the reader switches');
    assert.deepEqual(errors, []);
  } finally { await context.close(); origins.close(); }
});
