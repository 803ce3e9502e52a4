// The module in the student's language (README "Languages"), as a browser meets it:
//   - lang=es: the lesson's words are the Spanish file's, on the screen's text mirror and in describe();
//     its catalogue (text/es.txt) is fetched once, and an English page fetches none;
//   - lang=auto (the default) follows navigator.languages (playwright's locale): es-MX reads Spanish,
//     and is shown no poster (the posters are drawn in English);
//   - a catalogue that cannot be fetched (404) leaves the English words and a working page;
//   - lang=zh-CN fetches its font (fonts/zh-CN.ttf) and only then shows Chinese, drawn from the rebuilt
//     atlas; a font that cannot be fetched leaves English, with the reason in the sidebar;
//   - numbers as each reader writes them: Spanish 19,87 on screen, in describe() and the key numbers, and
//     typed as 19,5 into a field; the link and the state keep the C locale (pos=19.87);
//   - the single-file build carries the catalogues inline and reads Spanish offline;
//   - xx, the pseudo-locale, at 1280x800, 360x640 and scale 2: screenshots in artifacts/ to look at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, serve, settle, shot, waitUntil, pollUntil, keyTo, PARK, ROOT } from './harness.mjs';
import { countPixels } from './png.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// The translation of `key` in the clock lesson's file for `lang` (the pair after its English entry).
function translated(lang, key) {
  const text = readFileSync(join(ROOT, 'src', 'lessons', 'clock', 'clock.' + lang + '.txt'), 'utf8');
  const m = new RegExp('^' + key + ': .*\\n(?:  .*\\n)*tr: (.*(?:\\n  .*)*)', 'm').exec(text);
  assert.ok(m, 'clock.' + lang + '.txt translates ' + key);
  return m[1].replace(/\n {2}/g, ' ');
}
const spanish = (key) => translated('es', key);
// describe()'s first words in `lang`: its `describe_view` entry (src/state/interface.<lang>.txt) with the title.
function viewWords(lang, title) {
  const text = readFileSync(join(ROOT, 'src', 'state', 'interface.' + lang + '.txt'), 'utf8');
  const m = /^describe_view: .*\ntr: (.*)$/m.exec(text);
  assert.ok(m, 'interface.' + lang + '.txt translates describe_view');
  return m[1].replace('{title}', title);
}

async function open(url, { locale, width = 1280, height = 800, deviceScaleFactor = 1, route } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor, ...(locale ? { locale } : {}) });
  const page = await context.newPage();
  const texts = [], fonts = [];
  // a language's catalogue (text/<lang>.txt), not the lessons' English texts (text/lessons*)
  const catalogue = /\/text\/(?!lessons)[^/]+\.txt$/;
  page.on('request', (r) => { if (catalogue.test(r.url())) texts.push(r.url()); });
  page.on('request', (r) => { if (/\/fonts\/[^/]+\.ttf$/.test(r.url())) fonts.push(r.url()); });
  if (route) await page.route(route.url || catalogue, route.handler || route);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  return { page, context, texts, fonts, errors };
}

const describeStarts = (page, words) => waitUntil(page, (w) => window.PosEnc.describe().startsWith(w), words, { timeout: 20000 });

test('lang=es: the Spanish words on screen and in describe(), its catalogue fetched once; English fetches none', async () => {
  const title = spanish('title');
  const { page, context, texts, errors } = await open(server.url + '?view=clock&lang=es&playing=0');
  assert.ok(await describeStarts(page, viewWords('es', title)), await page.evaluate(() => window.PosEnc.describe().slice(0, 200)));
  // The text mirror the screen reader reads is the same words.
  assert.ok(await waitUntil(page, (c) => document.getElementById('describe').textContent.includes(c), spanish('claim').slice(0, 40)));
  assert.equal(texts.length, 1, 'text/es.txt fetched once: ' + texts.join(', '));
  assert.match(texts[0], /\/text\/es\.txt$/);
  // The URL keeps the language and its keys in the C locale.
  assert.match(await page.evaluate(() => window.PosEnc.link()), /lang=es/);
  await page.mouse.move(PARK.x, PARK.y);
  await settle(page, 4);
  await shot(page, 'lang-es-clock');
  // Back to English, at once (its words are built in).
  await page.evaluate(() => window.PosEnc.setState({ lang: 'en' }));
  assert.ok(await describeStarts(page, 'View: Clock hands'));
  assert.deepEqual(errors, []);
  await context.close();

  const en = await open(server.url + '?view=clock&playing=0', { locale: 'en-GB' });
  await settle(en.page, 6);
  assert.deepEqual(en.texts, [], 'an English page fetches no catalogue');
  assert.deepEqual(en.fonts, [], 'nor a language\'s font');
  await en.context.close();
});

// The canvas drawn with its font atlas: ImGui's fills and glyphs sample the atlas, so an atlas that did
// not reach the GPU draws every control and every word as a black block. Near-black pixels stay a small
// part of the figure (text strokes, the dials' hands).
async function atlasDrawn(page, name) {
  const img = await shot(page, name);
  const dark = countPixels(img, { x: 0, y: 0, w: img.width, h: img.height }, (r, g, b) => r < 40 && g < 40 && b < 40);
  return dark / (img.width * img.height);
}

test('lang=es writes numbers with a decimal comma, reads 19,5 typed into a field, and keeps the link in the C locale', async () => {
  const { page, context, errors } = await open(server.url + '?view=clock&lang=es&playing=0&pos=19.87&base=10000');
  assert.ok(await waitUntil(page, () => /posici\u00f3n 19,87/.test(window.PosEnc.describe()), null, { timeout: 20000 }),
    'describe() in Spanish marks: ' + await page.evaluate(() => window.PosEnc.describe()));
  assert.ok(await waitUntil(page, () => /posici\u00f3n pos19,87/.test(document.getElementById('numbers-body').textContent)), 'the key numbers table');
  const rows = await page.evaluate(() => [...document.querySelectorAll('#numbers-body tr')].map((tr) => [...tr.cells].map((c) => c.textContent)));
  const row = (label) => (rows.find((r) => r[0] === label) || [])[1];
  assert.equal(row('posici\u00f3n pos'), '19,87', 'the key numbers: ' + JSON.stringify(rows));
  assert.match(row('su seno y coseno en pos'), /^-?\d,\d{4}; -?\d,\d{4}$/, 'a list of decimals is split by semicolons');
  assert.match(await page.evaluate(() => window.PosEnc.link()), /pos=19\.87/);
  assert.equal(await page.evaluate(() => window.PosEnc.getState().pos), 19.87);
  // Typed the Spanish way into the position's field, read as 19.5.
  await page.focus('#canvas');
  assert.ok(await keyTo(page, page.keyboard, /^posici\u00f3n\s+pos: escribe un valor/) >= 0, 'the pos field is reachable, named in Spanish');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('19,5');
  await page.keyboard.press('Enter');
  assert.ok(await waitUntil(page, () => window.PosEnc.getState().pos === 19.5), 'pos = ' + await page.evaluate(() => window.PosEnc.getState().pos));
  assert.match(await page.evaluate(() => window.PosEnc.link()), /pos=19\.5(&|$)/);
  await shot(page, 'lang-es-numbers');
  assert.deepEqual(errors, []);
  await context.close();
});

test('lang=zh-CN: its font is fetched only then, the words are Chinese, and the atlas rebuilt with it is drawn', async () => {
  const { page, context, texts, fonts, errors } = await open(server.url + '?view=clock&lang=zh-CN&playing=0');
  assert.ok(await describeStarts(page, viewWords('zh-CN', translated('zh-CN', 'title'))), await page.evaluate(() => window.PosEnc.describe().slice(0, 120)));
  assert.equal(fonts.length, 1, 'fonts/zh-CN.ttf fetched once: ' + fonts.join(', '));
  assert.match(fonts[0], /\/fonts\/zh-CN\.ttf$/);
  assert.equal(texts.length, 1);
  await page.mouse.move(PARK.x, PARK.y);
  await settle(page, 6);
  const dark = await atlasDrawn(page, 'lang-zh-CN-clock');
  assert.ok(dark < 0.1, `${(100 * dark).toFixed(1)}% of the page near black: the atlas with the Chinese glyphs is not drawn`);
  // A rebuild at run time (a larger UI scale) is drawn too.
  await page.evaluate(() => window.PosEnc.setState({ scale: 1.5 }));
  await settle(page, 6);
  const dark2 = await atlasDrawn(page, 'lang-zh-CN-clock-scale1.5');
  assert.ok(dark2 < 0.1, `${(100 * dark2).toFixed(1)}% near black after a scale change`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a language font that cannot be fetched leaves English, says why in the sidebar, and the page keeps working', async () => {
  const { page, context, fonts } = await open(server.url + '?view=clock&lang=zh-CN&playing=0',
    { route: { url: /\/fonts\/[^/]+\.ttf$/, handler: (r) => r.fulfill({ status: 404, body: '' }) } });
  assert.ok(await pollUntil(() => fonts.length > 0), 'it was asked for');
  assert.ok(await waitUntil(page, () => /^lang = "zh-CN": its font could not be fetched \(HTTP 404\)/.test(document.getElementById('notice-list').textContent)),
    'the reason is in the page\'s text notice (and the sidebar says the same)');
  assert.match(await page.evaluate(() => window.PosEnc.describe()), /^View: Clock hands/);
  const r = await page.evaluate(() => window.PosEnc.setState({ k: 7 }));
  assert.deepEqual(r.rejected, []);
  await settle(page, 4);
  assert.ok(await atlasDrawn(page, 'lang-zh-CN-font-404') < 0.1);
  await context.close();
});

test('lang=auto follows the browser\'s languages: es-MX reads Spanish', async () => {
  const { page, context } = await open(server.url + '?view=clock&playing=0', { locale: 'es-MX' });
  assert.equal(await page.evaluate(() => navigator.language), 'es-MX');
  assert.ok(await describeStarts(page, viewWords('es', spanish('title'))));
  assert.doesNotMatch(await page.evaluate(() => window.PosEnc.link()), /lang=/, 'auto is the default: not in the link');
  await context.close();
});

test('the English poster is shown only to a browser whose first language is English', async () => {
  // The posters are drawn in English: a Spanish browser gets the title and lead, and no picture.
  const posterOf = async (locale) => {
    const { page, context } = await open(server.url + '?view=clock', { locale });
    const src = await page.evaluate(() => document.getElementById('poster-figure').getAttribute('src'));
    const title = await page.evaluate(() => document.getElementById('poster-title').textContent);
    await context.close();
    return { src, title };
  };
  const en = await posterOf('en-US'), es = await posterOf('es-MX');
  assert.match(en.src || '', /^posters\//, 'en-US: the poster');
  assert.equal(es.src, null, 'es-MX: no English picture');
  assert.ok(es.title.length > 0, 'es-MX: the title is still there');
});

test('a catalogue that cannot be fetched leaves English and a working page', async () => {
  const { page, context, texts } = await open(server.url + '?view=clock&lang=es&playing=0', { route: (r) => r.fulfill({ status: 404, body: '' }) });
  assert.ok(await pollUntil(() => texts.length > 0), 'it was asked for');
  await settle(page, 6);
  assert.match(await page.evaluate(() => window.PosEnc.describe()), /^View: Clock hands/);
  const r = await page.evaluate(() => window.PosEnc.setState({ k: 7 }));
  assert.deepEqual(r.rejected, []);
  assert.equal((await page.evaluate(() => window.PosEnc.getState())).k, 7);
  await context.close();
});

test('the single-file build reads Spanish and Chinese offline (its catalogues and fonts are inline)', async () => {
  const single = join(ROOT, 'build', 'web', 'single', 'posenc-lab.html');
  const { page, context, texts } = await open('file://' + single + '?view=clock&lang=es&playing=0');
  assert.ok(await describeStarts(page, viewWords('es', spanish('title'))));
  assert.deepEqual(texts, [], 'nothing fetched');
  await context.close();
  const zh = await open('file://' + single + '?view=clock&lang=zh-CN&playing=0');
  assert.ok(await describeStarts(zh.page, viewWords('zh-CN', translated('zh-CN', 'title'))));
  assert.deepEqual([zh.texts, zh.fonts], [[], []], 'nothing fetched');
  await settle(zh.page, 4);
  assert.ok(await atlasDrawn(zh.page, 'lang-zh-CN-single-file') < 0.1);
  await zh.context.close();
});

test('xx, the pseudo-locale: every view at 1280x800, as a phone and at scale 2 (screenshots to look at)', async () => {
  for (const size of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 360, height: 640, deviceScaleFactor: 2 },
    { name: 'scale2', width: 1920, height: 1080, q: '&scale=2' }]) {
    const { page, context, errors } = await open(server.url + '?view=clock&lang=xx&playing=0' + (size.q || ''), size);
    assert.match(await page.evaluate(() => window.PosEnc.describe()), /^\[/);
    for (const view of ['clock', 'heatmap', 'experiment']) {
      await page.evaluate((v) => window.PosEnc.setState({ view: v }), view);
      await page.mouse.move(PARK.x, size.height - 5);
      await settle(page, 6);
      await shot(page, `lang-xx-${size.name}-${view}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});
