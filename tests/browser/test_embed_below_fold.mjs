// Every call answers below the fold (issue 26, deliverable 3): a figure from origin B far below the fold of
// a course page on origin A, never scrolled to, so it has drawn no frame at all (an embed starts its frame
// loop paused until its IntersectionObserver says it is seen; Chromium also runs no requestAnimationFrame
// in such a cross-origin iframe, though not always, which is why the embed does not rely on it):
//   - the calls that need no frame (link, exportText csv / numpy / pytorch, describe, getState, progress)
//     answer at once (they waited for a first frame, over 8 s, before);
//   - those that need one (exportText('svg'), exportImage('png' / 'figure'), animate) draw it off screen
//     by timer and answer well within the default timeout (they waited the full 60 s before), with real
//     content: an SVG, a PNG, the state at the animation's end;
//   - afterwards the figure stops drawing again (no CPU while unseen).
// The test prints each call's time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, threeOrigins, waitUntil } from './harness.mjs';

let origins, browser, context, page;

before(async () => {
  origins = await threeOrigins('posenc-fold-', (dir, { B }) => {
    writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Long course page</title>
<link rel="icon" href="data:,"><style>body{margin:0} .tall{height:8000px} .fig{width:800px;height:500px}</style></head><body>
<h1>Chapter 1</h1><div class="tall"></div><div id="fig" class="fig"></div>
<script src="${B.url}posenc-embed.js"></script>
<script>window.fig = PosEncEmbed.mount(document.getElementById('fig'), { state: { view: 'clock', d: 64, k: 4, playing: false } });</script>
</body></html>`);
  });
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await page.goto(origins.A.url + 'host.html');
  await page.evaluate(() => window.fig.ready.then(() => true));
});
after(async () => { await browser?.close(); origins?.close(); });

// Calls fig[method](...args) in the host page; resolves to {ms, value} (a Blob becomes {type, size}).
const timed = (method, ...args) => page.evaluate(async ([m, a]) => {
  const t0 = performance.now();
  let value = await window.fig[m](...a);
  if (value instanceof Blob) value = { type: value.type, size: value.size, head: [...new Uint8Array(await value.slice(0, 8).arrayBuffer())] };
  return { ms: performance.now() - t0, value };
}, [method, args]);

const frameOfFig = () => page.frames().find((f) => f.url().startsWith(origins.B.url) && f.url().includes('embed=1'));

test('below the fold, no frame drawn: the calls that need none answer at once', async () => {
  const frame = frameOfFig();
  assert.equal(await frame.evaluate(() => document.getElementById('status').hidden), false,
    'the figure has drawn no frame (its status line still shows): it is off screen');
  const times = {};
  for (const [method, ...args] of [['link'], ['exportText', 'csv'], ['exportText', 'numpy'], ['exportText', 'pytorch'],
    ['describe'], ['getState'], ['progress']]) {
    const { ms, value } = await timed(method, ...args);
    times[method + (args.length ? '(' + args[0] + ')' : '')] = Math.round(ms);
    assert.ok(ms < 2000, `${method}(${args}) took ${Math.round(ms)} ms`);
    if (method === 'link') assert.match(value, /index\.html\?.*view=clock/);
    if (method === 'exportText') assert.ok(value.length > 100, `${args[0]}: ${String(value).slice(0, 80)}`);
    if (method === 'describe') assert.match(value, /clock/i);
  }
  assert.match((await timed('exportText', 'numpy')).value, /import numpy|np\./);
  console.log('below the fold, answered at once (ms): ' + JSON.stringify(times));
});

test('below the fold: SVG, PNG and animate draw off screen and answer within the timeout', async () => {
  const svg = await timed('exportText', 'svg');
  assert.match(svg.value, /^<\?xml|^<svg/);
  assert.match(svg.value, /<svg[^>]*>/);
  const png = await timed('exportImage', 'png');
  assert.equal(png.value.type, 'image/png');
  assert.deepEqual(png.value.head, [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG');
  assert.ok(png.value.size > 2000, 'a PNG with a figure in it: ' + png.value.size + ' bytes');
  const figure = await timed('exportImage', 'figure');
  assert.equal(figure.value.type, 'image/png');
  const move = await timed('animate', 'k', { to: 12, seconds: 0.5 });
  assert.equal((await timed('getState')).value.k, 12, 'the animation ended at its target');
  console.log(`below the fold, drawn off screen (ms): svg ${Math.round(svg.ms)}, png ${Math.round(png.ms)}, ` +
    `figure ${Math.round(figure.ms)}, animate 0.5 s ${Math.round(move.ms)}`);
  for (const [name, r] of [['svg', svg], ['png', png], ['figure', figure], ['animate', move]])
    assert.ok(r.ms < 15000, `${name} took ${Math.round(r.ms)} ms (the default timeout is 30000)`);
  // And then it stops drawing again while unseen.
  const frame = frameOfFig();
  assert.ok(await waitUntil(frame, () => window.PosEnc._loopPaused()), 'the frame loop stopped again off screen');
});

test('scrolled into view afterwards, the figure draws as before', async () => {
  await page.locator('#fig').scrollIntoViewIfNeeded();
  const frame = frameOfFig();
  assert.ok(await waitUntil(frame, () => !window.PosEnc._loopPaused()), 'the frame loop runs again on screen');
  const s = await timed('getState');
  assert.equal(s.value.k, 12);
});
