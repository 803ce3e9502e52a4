// Lessons on demand (README "Lessons on demand", issue 24): the page starts from the shell and the one
// lesson its link opens (lessons/<id>.wasm, its text text/lessons/<id>.txt), and the other lessons arrive
// after the first frame (lessons/<id>.rest.wasm, every lesson's text text/lessons.txt). Checked as a
// reader meets it:
//   - before the first frame only the view's own module and text are fetched: not the whole module, not
//     another lesson's, not the rest;
//   - the lessons then show their whole texts (a caption from their text file), not only their titles;
//   - texts that fail say why like code that fails, and Retry brings them; a view's own text that fails
//     falls back to every lesson's;
//   - a lesson opened before the rest has arrived says it is loading, and draws once it has;
//   - a rest that fails (404) says why in the view, in describe(), in a refused figure export and in a
//     refused text export (whose code comes with the rest), and
//     the view's Retry brings it once the file is there;
//   - a view the posters do not know, and a host without the lessons/ folder, get the whole module.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serve, launch, trackErrors, waitUntil, controlAt, settle } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// 'lessons/clock.wasm', 'posenc_app.wasm', 'text/lessons/clock.txt', 'text/lessons.txt': a file's name in dist/.
const wasmName = (url) => new URL(url).pathname.split('/').filter(Boolean).slice(-3).join('/').replace(/^.*?((text\/)?lessons\/|posenc_app|text\/lessons\.txt)/, '$1');
// The start of a lesson's claim, from its text file: what only its whole text has (the module holds
// titles), and describe() says.
const claim = (id) => /\nclaim: ([^\n]{30})/.exec(readFileSync(new URL(`../../src/lessons/${id}/${id}.txt`, import.meta.url), 'utf8'))[1];
// A page at `query`; `route(name)` may answer a wasm or lesson text request itself: 'hold' (until
// release()), a status number, or nothing (served as it is). Records the wasm requests in `requests`, the
// texts' in `texts`, in the order they were made.
async function open(query, route = () => null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = trackErrors(page);
  const requests = [], texts = [];
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/\.wasm$|\/text\/lessons/, async (r) => {
    const name = wasmName(r.request().url());
    (name.startsWith('text/') ? texts : requests).push(name);
    const what = route(name);
    if (what === 'hold') { await held; await r.continue(); } else if (typeof what === 'number') await r.fulfill({ status: what, body: 'not here' });
    else await r.continue();
  });
  await page.goto(server.url + query);
  return { context, page, errors, requests, texts, release };
}
const firstFrame = (page) => waitUntil(page, () => window.PosEnc && window.PosEnc.timing.firstFrameMs > 0);
const describe = (page) => page.evaluate(() => window.PosEnc.describe());

test('before the first frame only the view\'s own module and text are fetched; the rest comes after, and every lesson then draws', async () => {
  const { context, page, errors, requests, texts } = await open('?view=clock&playing=0');
  try {
    await page.evaluate(() => window.PosEnc.ready.then(() => true));
    const t = await page.evaluate(() => ({
      frame: window.PosEnc.timing.firstFrameMs,
      files: performance.getEntriesByType('resource').filter((e) => /\.wasm$|\/text\/lessons/.test(e.name)).map((e) => ({ url: e.name, start: e.startTime })),
    }));
    t.files = t.files.map((w) => ({ name: wasmName(w.url), start: w.start }));
    assert.deepEqual(requests, ['lessons/clock.wasm', 'lessons/clock.rest.wasm'], 'the view\'s module, then the rest; never the whole module');
    assert.deepEqual(texts, ['text/lessons/clock.txt', 'text/lessons.txt'], 'the view\'s text, then every lesson\'s');
    const early = t.files.filter((w) => w.start < t.frame).map((w) => w.name).sort();
    assert.deepEqual(early, ['lessons/clock.wasm', 'text/lessons/clock.txt'], `fetched before the first frame (${t.frame.toFixed(0)} ms)`);
    assert.ok((await describe(page)).includes(claim('clock')), 'the clock shows its own text');
    for (const view of ['heatmap', 'experiment', 'schemes', 'rope_scores']) {
      await page.evaluate((v) => window.PosEnc.setState({ view: v }), view);
      await settle(page);
      const text = await describe(page);
      assert.ok(!/still loading|could not be loaded/.test(text), `${view}: ${text.slice(0, 120)}`);
      assert.match(text, /^View: /);
    }
    // its whole text, which came with the rest
    await page.evaluate(() => window.PosEnc.setState({ view: 'heatmap' }));
    await settle(page);
    assert.ok((await describe(page)).includes(claim('heatmap')), 'the heatmap shows its claim');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a lesson opened before the rest has arrived says it is loading, and draws once it has', async () => {
  const { context, page, errors, release } = await open('?view=clock&playing=0', (name) => (name.endsWith('.rest.wasm') ? 'hold' : null));
  try {
    assert.ok(await firstFrame(page), 'the clock drew with the rest held back');
    await page.evaluate(() => window.PosEnc.setState({ view: 'heatmap' }));
    await settle(page);
    assert.match(await describe(page), /Heatmap.*This lesson is still loading\./);
    // a call that needs the heatmap's code is refused with the reason, without reaching it
    const hook = await page.evaluate(() => { try { window.PosEnc._heatmapRect(); return 'answered'; } catch (e) { return String(e.message); } });
    assert.equal(hook, 'This lesson is still loading.');
    release();
    await page.evaluate(() => window.PosEnc.ready.then(() => true));
    assert.ok(await waitUntil(page, () => !/still loading/.test(window.PosEnc.describe())), 'the heatmap describes itself once the rest is here');
    assert.doesNotMatch(await describe(page), /still loading/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a rest that fails says why (view, describe, a refused export), and Retry brings it once it can', async () => {
  let missing = true;
  const { context, page, errors } = await open('?view=clock&playing=0', (name) => (name.endsWith('.rest.wasm') && missing ? 404 : null));
  try {
    await page.evaluate(() => window.PosEnc.ready.then(() => true));  // the handle answers: the clock is here
    // the text exports' code comes with the rest too: refused with the reason, while the clock's image is made
    const text = (kind) => page.evaluate((k) => Promise.resolve().then(() => window.PosEnc.exportText(k))
      .then((t) => 'text:' + t.slice(0, 40), (e) => String(e && e.message || e)), kind);
    for (const kind of ['csv', 'svg']) assert.match(await text(kind), /Downloads of text and SVG could not be loaded \(HTTP 404 for clock\.rest\.wasm\)\./);
    assert.ok(await page.evaluate(() => window.PosEnc.exportImage('figure').then((b) => b.size)) > 1000, 'the clock\'s figure as a PNG');
    // so does the public API's computing code: its calls say why, and the handle keeps answering
    const computed = () => page.evaluate(() => { try { return Array.from(window.PosEnc.encoding(1, 4)); } catch (e) { return String(e.message); } });
    assert.equal(await computed(), 'PosEnc Lab: the code of this call could not be loaded (HTTP 404 for clock.rest.wasm)');
    // (PosEnc.table stays in the first module: scripts/split_page.mjs SHARED_EXPORTS says why)
    assert.equal(await page.evaluate(() => { try { return String(window.PosEnc.table(2, 4).length); } catch (e) { return String(e.message); } }), '8');
    assert.match(await page.evaluate(() => window.PosEnc.link()), /view=clock/);
    await page.evaluate(() => window.PosEnc.setState({ view: 'heatmap' }));
    await settle(page);
    assert.match(await describe(page), /This lesson could not be loaded \(HTTP 404 for clock\.rest\.wasm\)\./);
    const refused = await page.evaluate(() => window.PosEnc.exportImage('figure').then(() => 'exported', (e) => String(e && e.message || e)));
    assert.match(refused, /could not be loaded \(HTTP 404/);
    const retry = await controlAt(page, 'Retry');
    missing = false;
    await page.mouse.click(retry.x, retry.y);
    assert.ok(await waitUntil(page, () => !/could not be loaded|still loading/.test(window.PosEnc.describe())), 'Retry brought the lessons');
    await settle(page);
    assert.match(await describe(page), /^View: Heatmap/);
    assert.match(await text('csv'), /^text:# PosEnc Lab/);
    // PE(1) for d = 4, base 10000: sin 1, cos 1, sin 0.01, cos 0.01 (worked by hand; to 1e-12)
    const pe = await computed();
    [Math.sin(1), Math.cos(1), Math.sin(0.01), Math.cos(0.01)].forEach((v, i) => assert.ok(Math.abs(pe[i] - v) < 1e-12, `PE(1)[${i}] = ${pe[i]}`));
    assert.match(await text('svg'), /^text:<svg|^text:<\?xml/);
    // the clock kept working all along, and a failed fetch is no page error
    assert.deepEqual(errors.filter((e) => !/404|Failed to load resource/.test(e)), []);
  } finally {
    await context.close();
  }
});

test('texts that fail: the others\' say why in the view and Retry brings them; the view\'s own falls back to every lesson\'s', async () => {
  let missing = true;
  const { context, page, errors, texts } = await open('?view=clock&playing=0', (name) => (name === 'text/lessons.txt' && missing ? 404 : null));
  try {
    await page.evaluate(() => window.PosEnc.ready.then(() => true));
    assert.ok((await describe(page)).includes(claim('clock')), 'the clock has its own text');
    await page.evaluate(() => window.PosEnc.setState({ view: 'heatmap' }));
    await settle(page);
    assert.match(await describe(page), /This lesson could not be loaded \(HTTP 404 for text\/lessons\.txt\)\./);
    const retry = await controlAt(page, 'Retry');
    missing = false;
    await page.mouse.click(retry.x, retry.y);
    assert.ok(await waitUntil(page, () => !/could not be loaded|still loading/.test(window.PosEnc.describe())), 'Retry brought the texts');
    await settle(page);
    assert.ok((await describe(page)).includes(claim('heatmap')), 'the heatmap shows its claim');
    assert.deepEqual(texts, ['text/lessons/clock.txt', 'text/lessons.txt', 'text/lessons.txt']);
    assert.deepEqual(errors.filter((e) => !/404|Failed to load resource/.test(e)), []);
  } finally {
    await context.close();
  }
  // the view's own text missing: every lesson's instead, before the first frame, and nothing after
  const own = await open('?view=clock&playing=0', (name) => (name === 'text/lessons/clock.txt' ? 404 : null));
  try {
    await own.page.evaluate(() => window.PosEnc.ready.then(() => true));
    assert.ok((await describe(own.page)).includes(claim('clock')), 'the clock has its text');
    assert.deepEqual(own.texts, ['text/lessons/clock.txt', 'text/lessons.txt']);
    assert.deepEqual(own.errors.filter((e) => !/404|Failed to load resource/.test(e)), []);
  } finally {
    await own.context.close();
  }
  // neither: the page cannot start, and says why instead of drawing a lesson without its words
  const none = await open('?view=clock&playing=0', (name) => (name.startsWith('text/') ? 404 : null));
  try {
    const why = await none.page.evaluate(() => window.PosEnc.ready.then(() => 'ready', (e) => e.message));
    assert.match(why, /texts could not be fetched \(HTTP 404 for text\/lessons\.txt\)/);
    assert.ok(await waitUntil(none.page, () => !document.getElementById('status').hidden &&
      /could not start: the lessons' texts could not be fetched/.test(document.getElementById('status').textContent)));
  } finally {
    await none.context.close();
  }
});

test('a link that names no view fetches the module of the view it opens: the path\'s start for no query, the view key\'s default for any other', async () => {
  for (const [query, module] of [['', 'lessons/order.wasm'], ['?playing=0', 'lessons/clock.wasm'], ['?embed=1', 'lessons/clock.wasm']]) {
    const { context, page, requests } = await open(query);
    try {
      assert.ok(await firstFrame(page));
      assert.equal(requests[0], module, query || '(no query)');
      const view = (await page.evaluate(() => window.PosEnc.getState())).view;
      assert.equal('lessons/' + view + '.wasm', module, 'the module is the view the page opened');
    } finally {
      await context.close();
    }
  }
});

test('a view the posters do not know, and a host without lessons/, get the whole module', async () => {
  {
    const { context, page, requests, texts } = await open('?view=nosuch');
    try {
      assert.ok(await firstFrame(page));
      assert.deepEqual(requests, ['posenc_app.wasm']);
      assert.deepEqual(texts, ['text/lessons.txt'], 'the whole module comes with every lesson\'s text');
    } finally {
      await context.close();
    }
  }
  const { context, page, errors, requests } = await open('?view=clock&playing=0', (name) => (name.startsWith('lessons/') ? 404 : null));
  try {
    await page.evaluate(() => window.PosEnc.ready.then(() => true));
    assert.deepEqual(requests, ['lessons/clock.wasm', 'posenc_app.wasm']);
    await page.evaluate(() => window.PosEnc.setState({ view: 'heatmap' }));
    await settle(page);
    assert.doesNotMatch(await describe(page), /still loading|could not be loaded/);
    assert.deepEqual(errors.filter((e) => !/404|Failed to load resource/.test(e)), []);
  } finally {
    await context.close();
  }
});
