// The normal build in <iframe sandbox="allow-scripts"> (mount option `sandbox: true`): the frame has an
// opaque origin, so it fetches its wasm cross-origin (scripts/serve.py sends Access-Control-Allow-Origin)
// and its messages come from origin "null". Checked: it runs and draws the state set through the handle
// (pixels against the same figure opened directly), answers setState/getState and sends change events;
// the loader takes "null"-origin messages from its own iframe only (not from another sandboxed frame);
// the figure still trusts only its parent's real origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, threeOrigins, waitUntil, ARTIFACTS, trackErrors } from './harness.mjs';
import { decodePng, diffFraction, drawnFraction } from './png.mjs';

let origins, browser;
const W = 800, H = 500;
const STATE = { view: 'clock', d: 64, k: 4, pos: 3, playing: false };

function writePages(dir, { B, C }) {
  writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandboxed figure</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="host.css"></head><body>
<div id="fig"></div>
<iframe id="other" sandbox="allow-scripts" src="${C.url}evil.html" title="another sandboxed site"></iframe>
<script src="${B.url}posenc-embed.js"></script><script src="host.js"></script>
</body></html>`);
  writeFileSync(join(dir, 'host.css'), `body{margin:0} #fig{width:${W}px;height:${H}px} #other{width:200px;height:40px}`);
  writeFileSync(join(dir, 'host.js'), `
window.changes = [];
window.fig = PosEncEmbed.mount(document.getElementById('fig'), { state: ${JSON.stringify(STATE)}, sandbox: true });
window.fig.on('change', (s) => window.changes.push(s));
`);
  // Another sandboxed frame (also origin "null") that forges answers and events to the host page, and
  // tries to drive the figure.
  writeFileSync(join(dir, 'evil.html'), '<!doctype html><meta charset="utf-8"><title>Other</title><link rel="icon" href="data:,"><script src="evil.js"></script>');
  writeFileSync(join(dir, 'evil.js'), `
addEventListener('message', (e) => {
  if (e.data !== 'go') return;
  parent.postMessage({ posenc: 1, type: 'change', state: { view: 'clock', k: 666 } }, '*');
  for (let id = 0; id < 20; id++) parent.postMessage({ posenc: 1, id, type: 'result', state: { k: 666 }, rejected: [] }, '*');
  for (let i = 0; i < parent.frames.length; i++) {
    if (parent.frames[i] !== window) parent.frames[i].postMessage({ posenc: 1, id: 9, type: 'setState', state: { k: 99 } }, '*');
  }
});`);
}

before(async () => {
  origins = await threeOrigins('posenc-sandbox-', writePages);
  browser = await launch();
});
after(async () => { await browser?.close(); origins?.close(); });

test('sandbox: the figure runs in <iframe sandbox="allow-scripts">, draws, and talks to its handle only', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = trackErrors(page);
  await page.goto(origins.A.url + 'host.html');
  const ready = await page.evaluate(() => window.fig.ready.then((s) => s, (e) => ({ error: e.message })));
  assert.equal(ready.error, undefined, 'ready: ' + ready.error);
  assert.deepEqual([ready.view, ready.d, ready.k], ['clock', 64, 4]);
  assert.equal(await page.evaluate(() => window.fig.iframe.getAttribute('sandbox')), 'allow-scripts');

  const frame = await (await page.$('#fig iframe')).contentFrame();
  assert.equal(await frame.evaluate(() => self.origin), 'null', 'an opaque origin');
  const set = await page.evaluate(() => window.fig.setState({ k: 37, pair: 3 }));
  assert.deepEqual([set.k, set.pair, set.rejected], [37, 3, []]);
  assert.equal((await page.evaluate(() => window.fig.getState())).k, 37);
  assert.ok(await waitUntil(page, () => window.changes.some((s) => s.k === 37)), 'change events arrive from origin "null"');

  // Another opaque-origin frame forges answers and events, and tries to set the figure's state.
  await page.evaluate(() => document.getElementById('other').contentWindow.postMessage('go', '*'));
  await new Promise((r) => setTimeout(r, 800));  // deliberate: a window in which the forgeries would land
  assert.ok(!(await page.evaluate(() => window.changes)).some((s) => s.k === 666), 'the loader ignored the other frame');
  assert.equal((await page.evaluate(() => window.fig.getState())).k, 37, 'the figure ignored it too');

  // It draws the state set through the handle: the same pixels as the figure opened directly.
  assert.ok(await waitUntil(frame, () => { try { return window.PosEnc._framesDrawn() > 2; } catch (e) { return false; } }), 'it draws');
  await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.mouse.move(1200, 780);
  const got = decodePng(await page.locator('#fig').screenshot({ path: join(ARTIFACTS, 'sandbox-figure.png') }));
  const ref = await browser.newContext({ viewport: { width: W, height: H } });
  const p2 = await ref.newPage();
  await p2.goto(origins.B.url + 'index.html?embed=1&view=clock&d=64&k=37&pair=3&pos=3&playing=0');
  await p2.evaluate(() => window.PosEnc.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
  const want = decodePng(await p2.screenshot());
  await ref.close();
  const rect = { x: 0, y: 0, w: W, h: H };
  const diff = diffFraction(got, want, rect), drawn = drawnFraction(got, rect);
  console.log(`sandboxed figure: ${(100 * drawn).toFixed(1)}% drawn, ${(100 * diff).toFixed(2)}% of pixels differ from the figure opened directly`);
  assert.ok(drawn > 0.05 && diff < 0.01, `drawn ${drawn}, differs ${diff}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('sandbox: without allow-same-origin nothing of the host is reachable from the figure', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(origins.A.url + 'host.html');
  await page.evaluate(() => window.fig.ready);
  const frame = await (await page.$('#fig iframe')).contentFrame();
  const reach = await frame.evaluate(() => {
    const out = {};
    try { out.parentDoc = !!parent.document; } catch (e) { out.parentDoc = 'blocked'; }
    try { out.cookie = document.cookie; } catch (e) { out.cookie = 'blocked'; }
    try { out.storage = !!localStorage; } catch (e) { out.storage = 'blocked'; }
    return out;
  });
  assert.deepEqual(reach, { parentDoc: 'blocked', cookie: 'blocked', storage: 'blocked' });
  await context.close();
});
