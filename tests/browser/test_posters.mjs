// Before the wasm has arrived (issue 24: something true on screen at once): the page shows the lesson's
// title, its lead with the source's tag, and a poster of its figure, as HTML (web/posenc-poster.js, from
// the build's src/tools/poster_tool.cpp), and the first frame replaces them in the canvas's box.
//   - the poster is the figure's: the live page's own SVG export of the same state is the poster, but
//     for the embedded fonts (the one difference the poster tool asks for);
//   - held back wasm: title and lead are the lesson file's (src/lessons/<id>/<id>.txt, read here), in
//     the accessibility tree; the poster's text alternative names the lesson; the poster image loaded; no layout shift when the
//     first frame comes (CLS 0) and the poster is gone then;
//   - no poster for a state it does not show (another key, an unknown view, the dark theme), the title
//     and lead still where the view is known;
//   - a wasm that never arrives (404) leaves the true title and lead, with the reason.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, DIST, ROOT, trackErrors } from './harness.mjs';
import { posterData } from '../../scripts/page_files.mjs';

let server, browser;
const posters = posterData(DIST);
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// The lesson file's value of `key` (continuation lines joined), read independently of the app.
function lessonText(id, key) {
  const lines = readFileSync(join(ROOT, 'src', 'lessons', id, id + '.txt'), 'utf8').split('\n');
  let out = null;
  for (const l of lines) {
    if (out !== null) {
      if (/^\s+\S/.test(l)) { out += ' ' + l.trim(); continue; }
      break;
    }
    if (l.startsWith(key + ':')) out = l.slice(key.length + 1).trim();
  }
  return out;
}

// A page whose wasm request is held until release() (or answered 404 with fail: true).
async function heldPage(query, { width = 1280, height = 800, fail = false, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  const errors = trackErrors(page);
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/(posenc_app|lessons\/[a-z_]+)\.wasm$/, async (route) => {  // the view's module, or the whole one
    if (fail) { await route.fulfill({ status: 404, body: 'not here' }); return; }
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    window.__shifts = 0;
    window.__moved = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__shifts += e.value;
        for (const s of e.sources || []) window.__moved.push((s.node && (s.node.id || s.node.nodeName)) + ' ' + JSON.stringify(s.previousRect) + ' -> ' + JSON.stringify(s.currentRect));
      }
    })
      .observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(server.url + query);
  return { page, context, errors, release };
}

// The words and numbers of an SVG, in drawing order (each <text>'s characters).
const texts = (svg) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

test('each poster is the figure: the live SVG export of ?view=<id> at 1280x800 and 360x640, but for the embedded fonts', async () => {
  const stripFonts = (svg) => svg.replace(/<style>@font-face[^<]*<\/style>\n?/g, '');
  const wrongWords = [], moved = [];
  let exact = 0;
  for (const size of ['wide', 'narrow']) {
    const first = Object.values(posters.views)[0][size].window;
    const context = await browser.newContext({ viewport: { width: first[0], height: first[1] } });
    const page = await context.newPage();
    for (const [id, v] of Object.entries(posters.views)) {
      await page.goto(server.url + '?' + v.query);
      await page.evaluate(() => window.PosEnc.ready);
      // The poster is the state the link opens, at its first frame: pos where it starts, before Play has
      // moved it (set back and exported in one task, so that no frame moves it in between).
      const live = stripFonts(await page.evaluate(() => { window.PosEnc.setState({ pos: 0 }); return window.PosEnc.exportText('svg'); }));
      const poster = stripFonts(readFileSync(join(DIST, 'posters', v[size].file), 'utf8'));
      assert.ok(texts(poster).length > 0, `${id} (${size}): the poster has words`);
      if (live === poster) { ++exact; continue; }
      // Dear ImGui sizes a stretching table's columns from the widths its first frames saw, and the
      // page's first frames are not the tool's: there a column may sit a few pixels over. The words
      // and numbers must still be the same, in the same order.
      moved.push(`${id} (${size})`);
      if (JSON.stringify(texts(live)) !== JSON.stringify(texts(poster))) wrongWords.push(`${id} (${size})`);
    }
    await context.close();
  }
  console.log(`posters identical to the live figure: ${exact} of ${exact + moved.length}; same words, shapes moved: ${moved.join(', ') || 'none'}`);
  assert.deepEqual(wrongWords, [], 'posters whose words or numbers are not the live figure\'s');
});

test('with the wasm held back: the lesson title, tag and lead as HTML, the poster shown, then replaced in place', async () => {
  for (const [id, query, width, height] of [['clock', '?view=clock', 1280, 800], [posters.start, '', 360, 640], ['heatmap', '?view=heatmap&embed=1', 600, 400]]) {
    const { page, context, errors, release } = await heldPage(query, { width, height });
    await page.waitForFunction(() => { const i = document.getElementById('poster-figure'); return i && i.complete && i.naturalWidth > 0; });
    const shown = await page.evaluate(() => ({
      poster: !document.getElementById('poster').hidden,
      title: document.getElementById('poster-title').textContent,
      tag: document.getElementById('poster-tag').textContent,
      lead: document.getElementById('poster-lead-text').textContent,
      src: document.getElementById('poster-figure').getAttribute('src'),
      canvas: JSON.stringify(document.getElementById('canvas').getBoundingClientRect()),
      alt: document.getElementById('poster-figure').alt,
    }));
    assert.ok(shown.poster, id);
    assert.equal(shown.title, lessonText(id, 'title'), id);
    assert.equal(shown.lead, lessonText(id, 'claim'), id);
    assert.ok(shown.tag.length > 0, id);
    assert.ok(shown.alt.includes(lessonText(id, 'title')), `${id}: the poster's text alternative names the lesson`);
    assert.equal(shown.src, 'posters/' + posters.views[id][width < 800 ? 'narrow' : 'wide'].file, id);
    const tree = await page.accessibility.snapshot();
    const names = JSON.stringify(tree);
    assert.ok(names.includes(JSON.stringify(lessonText(id, 'title')).slice(1, -1)), `${id}: the title is in the accessibility tree`);
    release();
    await page.evaluate(() => window.PosEnc.ready);
    const after = await page.evaluate(() => ({
      poster: !document.getElementById('poster').hidden,
      canvas: JSON.stringify(document.getElementById('canvas').getBoundingClientRect()),
      shifts: window.__shifts,
      moved: window.__moved,
    }));
    assert.equal(after.poster, false, `${id}: the first frame replaced the poster`);
    assert.equal(after.canvas, shown.canvas, `${id}: the canvas kept its box`);
    assert.equal(after.shifts, 0, `${id}: no layout shift (${after.moved.join('; ')})`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('no poster for a state it does not show; the title and lead where the view is known', async () => {
  const cases = [
    ['?view=clock&d=128', 'clock', false],
    ['?view=clock&theme=dark', 'clock', false],
    ['?view=nosuchview', null, false],
    ['?view=clock&view=heatmap', null, false],
  ];
  for (const [query, id, image] of cases) {
    const { page, context, release } = await heldPage(query);
    await page.waitForFunction(() => document.readyState !== 'loading');
    const s = await page.evaluate(() => ({
      poster: !document.getElementById('poster').hidden,
      title: document.getElementById('poster-title').textContent,
      image: !document.getElementById('poster-figure').hidden && !!document.getElementById('poster-figure').getAttribute('src'),
    }));
    assert.equal(s.poster, id !== null, query);
    if (id) assert.equal(s.title, lessonText(id, 'title'), query);
    assert.equal(s.image, image, query);
    release();
    await context.close();
  }
  // The reader's dark system with theme=auto: no light poster on a dark page.
  const { page, context, release } = await heldPage('?view=clock&theme=auto', { colorScheme: 'dark' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  assert.equal(await page.evaluate(() => !!document.getElementById('poster-figure').getAttribute('src')), false);
  release();
  await context.close();
});

test('a wasm that never arrives (404): the true title and lead stay, with the reason', async () => {
  const { page, context } = await heldPage('?view=clock', { fail: true });
  await page.waitForFunction(() => document.getElementById('status').classList.contains('error'));
  const s = await page.evaluate(() => ({
    title: document.getElementById('poster-title').textContent,
    status: document.getElementById('status').textContent,
  }));
  assert.equal(s.title, lessonText('clock', 'title'));
  assert.match(s.status, /404/);
  await context.close();
});
