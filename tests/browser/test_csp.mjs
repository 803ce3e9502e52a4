// Under a strict Content-Security-Policy (scripts/serve.py --csp:
//   default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self')
// the main page, an embed (?embed=1) and the example course page (three embeds) start, reach
// PosEnc.ready and draw, with no console error and no `securitypolicyviolation` event in any frame
// (a listener is installed before any page script runs). A last test shows the listener does see a
// violation, so "none" means none.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { serve, launch, settle, shot } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(undefined, ['--csp']); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// Runs in every frame before its scripts: records CSP violations where the test can read them.
function recordViolations() {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber,
                        sample: e.sample });
  });
}

async function open(path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordViolations);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const response = await page.goto(server.url + path);
  return { context, page, errors, response };
}

const violations = (page) => Promise.all(page.frames().map((f) => f.evaluate(() => window.__csp || null).catch(() => 'gone')));

// Distinct colours and the share of pixels away from the most common colour in a region.
function drawn(img, rect = { x: 0, y: 0, w: img.width, h: img.height }) {
  const counts = new Map();
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const o = (y * img.width + x) * 4;
      const key = (img.data[o] << 16) | (img.data[o + 1] << 8) | img.data[o + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  let top = 0;
  for (const c of counts.values()) top = Math.max(top, c);
  return { colours: counts.size, off: 1 - top / (rect.w * rect.h) };
}

test('the server sends the strict policy', async () => {
  const header = await new Promise((res, rej) => {
    http.get(server.url + 'index.html', (r) => { r.resume(); res(r.headers['content-security-policy']); }).on('error', rej);
  });
  assert.equal(header, "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'");
});

for (const [name, path] of [['main page', '?playing=0&view=clock&d=64&k=37'], ['embed', '?embed=1&playing=0&view=waves']]) {
  test(`${name} under the strict CSP: ready, drawn, no violation, no console error`, async () => {
    const { context, page, errors, response } = await open(path);
    assert.match(response.headers()['content-security-policy'] || '', /script-src 'self' 'wasm-unsafe-eval'/);
    await page.evaluate(() => window.PosEnc.ready.then(() => true));
    await settle(page, 6);
    const img = await shot(page, 'csp-' + name.replace(' ', '-'));
    const d = drawn(img);
    console.log(`${name}: ${d.colours} colours, ${(100 * d.off).toFixed(1)}% away from the background`);
    assert.ok(d.colours > 50 && d.off > 0.05, `the canvas is drawn (${JSON.stringify(d)})`);
    assert.equal(await page.evaluate(() => document.getElementById('status').hidden), true, 'no loading/error message left');
    assert.deepEqual(await violations(page), [[]]);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('examples/course.html under the strict CSP: three embeds answer and draw, no violation anywhere', async () => {
  const { context, page, errors } = await open('examples/course.html');
  await page.waitForFunction(() => window.PosEncEmbed && document.querySelectorAll('[data-posenc] iframe').length === 3);
  const states = await page.evaluate(() => Promise.all([...document.querySelectorAll('[data-posenc]')]
    .map((el) => window.PosEncEmbed.get(el).ready)));
  assert.deepEqual(states.map((s) => s.view), ['clock', 'similarity', 'heatmap']);
  // A button in the text drives a figure (the course page's own script, under the same policy).
  await page.click('button[data-state="k=37"]');
  await page.waitForFunction(() => window.PosEncEmbed.get(document.getElementById('clock-embed')).getState().then((s) => s.k === 37),
    null, { timeout: 5000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const clock = await page.locator('#clock-embed');
  await clock.scrollIntoViewIfNeeded();
  await settle(page, 6);
  const { decodePng } = await import('./png.mjs');
  const img = decodePng(await clock.screenshot());
  const d = drawn(img);
  console.log(`course clock figure: ${d.colours} colours, ${(100 * d.off).toFixed(1)}% away from the background`);
  assert.ok(d.colours > 50 && d.off > 0.05, `the clock figure is drawn (${JSON.stringify(d)})`);
  const frames = page.frames();
  assert.equal(frames.length, 4, 'the page and three embeds');
  assert.deepEqual(await violations(page), [[], [], [], []]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the violation listener works: an inline style attribute is reported', async () => {
  const { context, page } = await open('?playing=0');
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  await page.evaluate(() => {
    const el = document.createElement('div');
    el.setAttribute('style', 'color: red');  // blocked by style-src 'self' (no 'unsafe-inline')
    document.body.appendChild(el);
  });
  await page.waitForFunction(() => window.__csp.length > 0, null, { timeout: 3000 });
  const [v] = await page.evaluate(() => window.__csp);
  assert.match(v.directive, /^style-src/);
  await context.close();
});
