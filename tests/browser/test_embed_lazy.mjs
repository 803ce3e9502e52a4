// Figures that never die: a course page on origin A with figures from origin B far below the fold.
// Chromium runs no requestAnimationFrame in a cross-origin iframe out of view, so such a figure draws no
// first frame until the reader scrolls to it; its handle must still work:
//   - an eager figure answers getState/setState while off-screen (the embed answers once its runtime is
//     up, not after the first frame); a call's timer (the default timeout) ends with its answer, so the
//     loader leaves no timer that could give up on the figure;
//   - a lazy figure (loading="lazy": not even loaded yet) queues the calls made on its handle, however
//     long it waits; a short `timeout` option does not apply to them; they are answered once it runs;
//   - scrolled into view, each draws the state set while it was away: its pixels match a figure opened
//     directly in that state, and differ from its URL's first state;
//   - an iframe that reloads reconnects, and the figure gets back its last state;
//   - a figure that truly fails (no WebGL2) rejects ready and the calls waiting with its reason, and
//     on('error') fires.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, threeOrigins, waitUntil, pollUntil, ARTIFACTS } from './harness.mjs';
import { decodePng, diffFraction, drawnFraction } from './png.mjs';

let origins, browser, noGl;
const W = 800, H = 500;
const FIRST = { view: 'clock', d: 64, k: 4, pos: 3, pair: 0, playing: false };
const LATER = { k: 37, pair: 3 };

function writePages(dir, { B }) {
  // Two figures far below the fold (one eager, one lazy), mounted by host.js with the URL state FIRST.
  writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Long course page</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="host.css"></head><body>
<h1>Chapter 1</h1><div class="tall"></div>
<div id="eager" class="fig"></div><div class="tall"></div>
<div id="lazy" class="fig"></div><div class="tall"></div>
<script src="${B.url}posenc-embed.js"></script><script src="host.js"></script>
</body></html>`);
  writeFileSync(join(dir, 'host.css'), `body{margin:0;font:16px sans-serif} .tall{height:6000px} .fig{width:${W}px;height:${H}px}`);
  writeFileSync(join(dir, 'host.js'), `
const first = ${JSON.stringify(FIRST)};
window.log = [];
window.eager = PosEncEmbed.mount(document.getElementById('eager'), { state: first });
window.lazy = PosEncEmbed.mount(document.getElementById('lazy'), { state: first, lazy: true, timeout: 300 });
for (const name of ['eager', 'lazy']) {
  window[name].on('ready', () => window.log.push(name + ':ready'));
  window[name].on('error', (e) => window.log.push(name + ':error ' + e.message));
}
`);
}

before(async () => {
  origins = await threeOrigins('posenc-lazy-', writePages);
  browser = await launch();
  noGl = await launch(['--disable-webgl', '--disable-3d-apis']);
});
after(async () => { await browser?.close(); await noGl?.close(); origins?.close(); });

// Records the timers of the host page (top frame only) that are still pending, with their delays: the
// loader must leave none that could give up on a figure (a call's timer ends with its answer).
function recordTimers() {
  if (window.top !== window) return;
  const live = new Map();
  window.liveTimers = () => [...live.values()];
  for (const name of ['setTimeout', 'setInterval']) {
    const original = window[name];
    window[name] = function (fn, ms, ...rest) {
      let id = 0;
      const run = typeof fn === 'function' && name === 'setTimeout' ? function (...a) { live.delete(id); return fn.apply(this, a); } : fn;
      id = original.call(this, run, ms, ...rest);
      live.set(id, name + ' ' + (Number(ms) || 0));
      return id;
    };
  }
  for (const name of ['clearTimeout', 'clearInterval']) {
    const original = window[name];
    window[name] = function (id) { live.delete(id); return original.call(this, id); };
  }
}

// The figure's frame inside element #id, once it has loaded PosEnc Lab from B (null before).
async function frameOf(page, id) {
  const el = await page.$('#' + id + ' iframe');
  const f = el && await el.contentFrame();
  return f && f.url().startsWith(origins.B.url) ? f : null;
}

async function figureShot(page, id, name) {
  await page.mouse.move(0, 0);
  const buf = await page.locator('#' + id).screenshot({ path: join(ARTIFACTS, name + '.png') });
  return decodePng(buf);
}

// diffFraction of a and b, the smallest over shifts of b by up to 2 px (an element on a page and the
// same figure drawn at the top of a window may sit a sub-pixel row apart).
function shiftedDiff(a, b) {
  let best = 1;
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const rect = { x: 2, y: 2, w: Math.min(a.width, b.width) - 4, h: Math.min(a.height, b.height) - 4 };
      const moved = { width: a.width, height: a.height, data: Buffer.alloc(a.data.length) };
      for (let y = rect.y; y < rect.y + rect.h; y++)
        b.data.copy(moved.data, (y * a.width + rect.x) * 4, ((y + dy) * b.width + rect.x + dx) * 4, ((y + dy) * b.width + rect.x + dx + rect.w) * 4);
      best = Math.min(best, diffFraction(a, moved, rect));
    }
  }
  return best;
}

// The same figure opened directly (top level, the same size) in `state`: what it must look like.
async function reference(state, name) {
  const ctx = await browser.newContext({ viewport: { width: W, height: H } });
  const p = await ctx.newPage();
  const q = new URLSearchParams(Object.entries(state).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]));
  await p.goto(origins.B.url + 'index.html?embed=1&' + q);
  await p.evaluate(() => window.PosEnc.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
  const img = decodePng(await p.screenshot({ path: join(ARTIFACTS, name + '.png') }));
  await ctx.close();
  return img;
}

test('off-screen figures keep their handles: answers while away, queued calls, no timer, the state drawn when seen', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordTimers);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(origins.A.url + 'host.html');

  // The eager figure, 6000 px below the fold: it answers although it has drawn nothing yet.
  const s0 = await page.evaluate(() => window.eager.ready);
  assert.deepEqual([s0.view, s0.d, s0.k, s0.pair], ['clock', 64, 4, 0]);
  const eagerFrame = await frameOf(page, 'eager');
  assert.ok(eagerFrame, 'the eager figure is loaded');
  const firstFrame = await eagerFrame.evaluate(() => Promise.race([window.PosEnc.ready.then(() => 'drawn'),
    new Promise((r) => setTimeout(() => r('not drawn'), 1000))]));
  console.log(`eager figure off-screen: first frame ${firstFrame}, handle ready`);
  const set = await page.evaluate((s) => window.eager.setState(s), LATER);
  assert.deepEqual([set.k, set.pair, set.rejected], [37, 3, []]);
  assert.deepEqual([(await page.evaluate(() => window.eager.getState())).k], [37]);

  // The lazy figure is not loaded; calls on it wait, well past its 300 ms `timeout` (which only limits
  // the wait for an answer from a running figure), and its ready neither resolves nor rejects.
  assert.equal(await frameOf(page, 'lazy'), null, 'the lazy figure is not loaded yet');
  await page.evaluate((s) => {
    window.outcomes = { ready: 'pending', set: 'pending', get: 'pending' };
    const note = (k) => [(v) => { window.outcomes[k] = v; }, (e) => { window.outcomes[k] = 'rejected: ' + e.message; }];
    window.lazy.ready.then(...note('ready'));
    window.lazy.setState(s).then(...note('set'));
    window.lazy.getState().then(...note('get'));
  }, LATER);
  await new Promise((r) => setTimeout(r, 3000));  // deliberate: 10x the timeout, in which nothing may settle
  assert.deepEqual(await page.evaluate(() => window.outcomes), { ready: 'pending', set: 'pending', get: 'pending' });

  // No timer in the host page could reject anything later: none of a second or more is pending (the
  // eager figure's calls were answered, the lazy figure's page has not loaded, so its calls have none).
  const timers = await page.evaluate(() => window.liveTimers());
  assert.ok(!timers.some((t) => Number(t.split(' ')[1]) >= 1000), 'timers pending in the host page: ' + timers.join(', '));

  // Scrolled into view: each draws, in the state set while it was away.
  const want = await reference(Object.assign({}, FIRST, LATER), 'lazy-reference-k37');
  const initial = await reference(FIRST, 'lazy-reference-first');
  const full = { x: 0, y: 0, w: W, h: H };
  const firstDiff = shiftedDiff(want, initial);
  for (const id of ['eager', 'lazy']) {
    await page.evaluate((i) => document.getElementById(i).scrollIntoView({ block: 'center' }), id);
    assert.ok(await pollUntil(() => frameOf(page, id)), id + ' loaded');
    const frame = await frameOf(page, id);
    const drawing = () => { try { return window.PosEnc._framesDrawn() > 2; } catch (e) { return false; } };
    assert.ok(await waitUntil(frame, drawing, null, { timeout: 30000 }), id + ' draws');
    if (id === 'lazy') {
      await waitUntil(page, () => window.outcomes.set !== 'pending' && window.outcomes.get !== 'pending');
      const o = await page.evaluate(() => window.outcomes);
      assert.equal(o.set.k, 37, JSON.stringify(o)); assert.equal(o.set.pair, 3); assert.deepEqual(o.set.rejected, []);
      assert.equal(o.get.k, 37); assert.equal(o.ready.d, 64);
    }
    await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const got = await figureShot(page, id, 'lazy-' + id + '-seen');
    const diff = shiftedDiff(got, want), drawn = drawnFraction(got, full);
    console.log(`${id}: ${(100 * diff).toFixed(2)}% of pixels differ from the reference in the state set (${(100 * firstDiff).toFixed(2)}% between that and the first state), ${(100 * drawn).toFixed(1)}% drawn`);
    assert.ok(drawn > 0.05, `${id} drew something (${drawn})`);
    assert.ok(diff < firstDiff / 4, `${id} shows the state set while away (${diff} vs ${firstDiff})`);
  }
  assert.deepEqual(await page.evaluate(() => window.log.sort()), ['eager:ready', 'lazy:ready']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an iframe that reloads reconnects, and the figure comes back in its last state', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(origins.A.url + 'host.html');
  await page.evaluate(() => window.eager.ready);
  await page.evaluate(() => window.eager.setState({ k: 21, view: 'similarity' }));
  // The host moves the element: the browser reloads the iframe from its src (the first state).
  await page.evaluate(() => { const el = document.getElementById('eager'); document.body.insertBefore(el, document.body.firstChild); });
  assert.ok(await waitUntil(page, () => window.log.filter((x) => x === 'eager:ready').length === 2), 'a second ready event');
  const s = await page.evaluate(() => window.eager.getState());
  assert.deepEqual([s.k, s.view], [21, 'similarity']);
  const inFrame = await (await frameOf(page, 'eager')).evaluate(() => window.PosEnc.getState());
  assert.deepEqual([inFrame.k, inFrame.view], [21, 'similarity'], 'the figure itself has its last state back');
  await context.close();
});

test('a figure that truly fails (no WebGL2): ready, waiting calls and later calls reject with its reason; error fires', async () => {
  const context = await noGl.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(origins.A.url + 'host.html');
  const r = await page.evaluate(() => Promise.all([
    window.eager.ready.then(() => 'ready', (e) => e.message),
    window.eager.getState().then(() => 'answered', (e) => e.message),
  ]));
  assert.match(r[0], /could not start.*WebGL2/);
  assert.equal(r[1], r[0], 'a call made before the answer rejects with the same reason');
  assert.equal(await page.evaluate(() => window.eager.setState({ k: 1 }).then(() => 'answered', (e) => e.message)), r[0]);
  // on('error') (subscribed when host.js mounted the figure) fired once, with the same reason.
  assert.deepEqual(await page.evaluate(() => window.log.filter((x) => x.startsWith('eager:'))), ['eager:error ' + r[0]]);
  const text = await (await frameOf(page, 'eager')).evaluate(() => document.getElementById('status').textContent);
  assert.match(text, /WebGL2/, 'the frame says why');
  assert.deepEqual(errors, []);
  await context.close();
});
