// The example pages in dist/examples/: the course page (several embeds driven by buttons and links
// in the text, served under the strict Content-Security-Policy of scripts/serve.py --csp) and the
// reveal.js slide deck (figures mounted by the loader from data-posenc, loaded with their slide and
// unloaded when it is left, ready again in the state they were left in; keys, scale: test_deck.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serve, launch, ARTIFACTS, settle, scrollSettled, pollUntil } from './harness.mjs';

let csp, plain, browser;
before(async () => { csp = await serve(undefined, ['--csp']); plain = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); csp?.close(); plain?.close(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function open(url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  return { page, context, errors };
}

// The frame whose URL has `view=<view>`, once its PosEnc is ready.
async function figure(page, view, timeout = 20000) {
  const t0 = Date.now();
  for (;;) {
    const f = page.frames().find((x) => x.url().includes('embed=1') && x.url().includes('view=' + view));
    if (f) {
      try { await f.evaluate(() => window.PosEnc.ready.then(() => true)); return f; } catch (e) { /* navigating */ }
    }
    if (Date.now() - t0 > timeout) throw new Error('no ready figure for view=' + view);
    await sleep(100);  // the poll interval of this wait (bounded by `timeout`)
  }
}

// True when the element with this id lies inside the viewport's height (the course page scrolls it to the centre).
const inView = (page, id) => page.evaluate((i) => {
  const r = document.getElementById(i).getBoundingClientRect();
  return r.top > -100 && r.bottom < 900;
}, id);

const handleState = (page, id) => page.evaluate((i) => window.PosEncEmbed.get(document.getElementById(i)).getState(), id);

test('course page under a strict CSP: three embeds, driven by buttons and links in the text', async () => {
  const { page, context, errors } = await open(csp.url + 'examples/course.html');
  const ids = ['clock-embed', 'similarity-embed', 'heatmap-embed'];
  await page.waitForFunction((list) => window.PosEncEmbed && list.every((i) => window.PosEncEmbed.get(document.getElementById(i))), ids);
  const ready = await page.evaluate((list) => Promise.all(list.map((i) => window.PosEncEmbed.get(document.getElementById(i)).ready)), ids);
  assert.deepEqual(ready.map((s) => s.view), ['clock', 'similarity', 'heatmap']);
  assert.equal(ready[0].k, 4); assert.equal(ready[0].d, 64);

  await page.click('text=Show k = 37');
  await page.waitForFunction(() => document.getElementById('clock-readout').textContent.includes('k = 37'));
  assert.equal((await handleState(page, 'clock-embed')).k, 37);
  await page.click('text=select pair 5');
  await page.waitForFunction(() => document.getElementById('clock-readout').textContent.includes('pair 5'));
  assert.equal((await handleState(page, 'clock-embed')).pair, 5);
  await scrollSettled(page);  // the smooth scroll to the clock figure has ended
  await page.screenshot({ path: join(ARTIFACTS, 'course-clock-k37-pair5.png') });

  await page.click('text=Go to the heatmap');
  await pollUntil(() => inView(page, 'heatmap-embed'));  // smooth scroll: wait for the figure to arrive ...
  await scrollSettled(page);                              // ... and for the scroll to end
  const box = await page.locator('#heatmap-embed').boundingBox();
  assert.ok(box.y > -100 && box.y + box.height < 900, `heatmap scrolled into view (${box.y})`);
  assert.equal((await handleState(page, 'heatmap-embed')).view, 'heatmap');
  await page.screenshot({ path: join(ARTIFACTS, 'course-heatmap.png') });

  // The export buttons: the handle's exportText / exportImage, saved as downloads by the page.
  for (const [label, name, check] of [['the table as CSV', 'posenc-table.csv', (b) => /dim0,dim1/.test(b.subarray(0, 2000).toString('utf8'))],
    ['save the figure as PNG', 'posenc-figure.png', (b) => b.subarray(1, 4).toString() === 'PNG']]) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=' + label)]);
    assert.equal(download.suggestedFilename(), name);
    const chunks = [];
    for await (const c of await download.createReadStream()) chunks.push(c);
    const body = Buffer.concat(chunks);
    assert.ok(body.length > 100 && check(body), `${name}: ${body.length} bytes`);
  }

  // Idle: all three paused; none draws a frame in 2 s, and the ones scrolled away stop their loop.
  await page.mouse.move(0, 0);
  const frames = async () => Promise.all(['clock', 'similarity', 'heatmap'].map(async (v) =>
    (await figure(page, v)).evaluate(() => [window.PosEnc._framesDrawn(), window.PosEnc._loopPaused()])));
  // Wait until every figure has stopped its loop (idle once nothing is left to draw, or off-screen).
  await pollUntil(async () => (await frames()).every((x) => x[1]), { interval: 100 });
  const a = await frames();
  await sleep(2000);  // deliberate: the measurement window (idle figures draw nothing in 2 s)
  const b = await frames();
  console.log('course page, frames drawn in 2 s idle (clock, similarity, heatmap):', b.map((x, i) => x[0] - a[i][0]).join(', '),
    '; loop stopped off-screen:', b.map((x) => x[1]).join(', '));
  b.forEach((x, i) => assert.equal(x[0] - a[i][0], 0, `figure ${i} drew no frames`));
  assert.equal(b[0][1], true, 'the clock, scrolled away, stopped its loop');

  assert.deepEqual(errors.filter((e) => !/favicon/.test(e)), [], 'no CSP violations or errors');
  await context.close();
});

test('slides: figures load with their slide, unload when it is left, and come back in the state they were left in', async () => {
  const { page, context, errors } = await open(plain.url + 'examples/slides.html');
  await page.waitForFunction(() => window.Reveal && window.Reveal.isReady());
  assert.equal(await page.evaluate(() => document.querySelectorAll('iframe[src]').length), 0, 'title slide: nothing loaded');
  await page.evaluate(() => window.Reveal.slide(1));
  let clock = await figure(page, 'clock');
  let s = await clock.evaluate(() => window.PosEnc.getState());
  assert.deepEqual([s.d, s.k, s.pos, s.pair, s.playing], [16, 2, 3, 1, false]);
  await clock.evaluate(() => window.PosEnc.setState({ k: 9 }));  // a lecturer's change on the slide
  await settle(clock);  // a few frames: the figure shows it
  await page.screenshot({ path: join(ARTIFACTS, 'slides-clock.png') });

  await page.evaluate(() => window.Reveal.next());
  const sim = await figure(page, 'similarity');
  assert.equal((await sim.evaluate(() => window.PosEnc.getState())).k, 37);
  const clockSrc = await page.evaluate(() => document.querySelector('#clock iframe').getAttribute('src'));
  assert.ok(!clockSrc || clockSrc === 'about:blank', `the clock slide's figure is unloaded (src ${clockSrc})`);

  await page.evaluate(() => window.Reveal.prev());
  clock = await figure(page, 'clock');
  s = await clock.evaluate(() => window.PosEnc.getState());
  // Reloaded by reveal.js, with the in-slide change kept (the loader keeps the figure's last state).
  assert.deepEqual([s.d, s.k, s.pos, s.pair, s.playing], [16, 9, 3, 1, false]);
  assert.ok((await clock.evaluate(() => window.PosEnc._framesDrawn())) >= 1, 'it drew again');
  await page.evaluate(() => window.Reveal.slide(3));
  const heat = await figure(page, 'heatmap');
  await settle(heat);  // a few frames: the figure is drawn
  await page.screenshot({ path: join(ARTIFACTS, 'slides-heatmap.png') });
  assert.deepEqual(errors.filter((e) => !/favicon/.test(e)), []);
  await context.close();
});
