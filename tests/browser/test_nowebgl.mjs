// Without WebGL2 the page says so in plain HTML instead of showing a blank canvas:
//   1. Chromium started with --disable-webgl --disable-3d-apis;
//   2. a context init script that makes getContext('webgl2'/'webgl') return null;
//   3. WebGL2 works for the page's probe (its own context on #canvas, made while the module downloads)
//      but not when the wasm side asks for it: the page must not stay on "Loading..." for ever.
// Each: #status is visible, says what is missing and what to try, PosEnc.ready rejects, no uncaught
// error. And an embed in a course page answers the loader with an error, so its handle rejects.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, shot } from './harness.mjs';
import { colorStats } from './png.mjs';

let server, hostServer, noGl, browser;
before(async () => {
  server = await serve();
  const dir = mkdtempSync(join(tmpdir(), 'posenc-nowebgl-'));
  writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<link rel="icon" href="data:,"></head><body><div id="fig" data-posenc="view=clock&playing=0" style="width:640px;height:400px"></div>
<script src="${server.url}posenc-embed.js"></script></body></html>`);
  hostServer = await serve(dir);
  noGl = await launch(['--disable-webgl', '--disable-3d-apis']);
  browser = await launch();
});
after(async () => { await noGl?.close(); await browser?.close(); server?.close(); hostServer?.close(); });

const STATUS_TEXT = [140, 40, 30];  // #status.error text colour (#7b1d12), with tolerance below

async function openWithout(b, initScript) {
  const context = await b.newContext({ viewport: { width: 1280, height: 800 } });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push('uncaught: ' + String(e)));
  await page.goto(server.url + '?playing=0');
  const outcome = await page.evaluate(() => Promise.race([
    window.PosEnc.ready.then(() => 'resolved', (e) => 'rejected: ' + e.message),
    new Promise((r) => setTimeout(() => r('still pending after 10 s'), 10000)),
  ]));
  return { context, page, errors, outcome };
}

async function checkMessage(page, name, want) {
  const st = await page.evaluate(() => {
    const el = document.getElementById('status');
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    return { hidden: el.hidden, text: el.textContent, error: el.classList.contains('error'), role: el.getAttribute('role'),
             x: r.x, y: r.y, w: r.width, h: r.height, display: cs.display, visibility: cs.visibility,
             vw: innerWidth, vh: innerHeight };
  });
  assert.equal(st.hidden, false);
  assert.equal(st.error, true);
  assert.equal(st.role, 'status');
  assert.ok(st.display !== 'none' && st.visibility === 'visible', JSON.stringify(st));
  assert.ok(st.w > 200 && st.h > 40 && st.x >= 0 && st.y >= 0 && st.x + st.w <= st.vw && st.y + st.h <= st.vh,
            `on screen: ${JSON.stringify(st)}`);
  assert.match(st.text, want, 'says what is missing');
  assert.match(st.text, /Try /, 'says what to try');
  const img = await shot(page, 'nowebgl-' + name);
  const ink = colorStats(img, STATUS_TEXT, { x: Math.round(st.x), y: Math.round(st.y), w: Math.round(st.w), h: Math.round(st.h) }, 60);
  assert.ok(ink.count > 300, `the message is drawn as text (${ink.count} text-coloured pixels)`);
}

test('WebGL switched off in the browser: a clear message, ready rejects, no uncaught error', async () => {
  const { context, page, errors, outcome } = await openWithout(noGl);
  assert.equal(await page.evaluate(() => !!document.createElement('canvas').getContext('webgl2')), false, 'no WebGL2 here');
  assert.equal(outcome, 'rejected: no WebGL2');
  await checkMessage(page, 'flags', /WebGL2/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('getContext returns null for WebGL: the same message', async () => {
  const { context, page, errors, outcome } = await openWithout(browser, () => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return /webgl/i.test(type) ? null : original.call(this, type, ...rest);
    };
  });
  assert.equal(outcome, 'rejected: no WebGL2');
  await checkMessage(page, 'nullcontext', /WebGL2/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('WebGL2 for the page\'s probe but not when SDL asks for it: an error message, not "Loading..." for ever', async () => {
  // posenc.js makes the canvas's context itself while the module downloads (its probe); a browser that
  // then refuses SDL's request (a lost GPU process, a blocklist decided late) must still end in words.
  const { context, page, errors, outcome } = await openWithout(browser, () => {
    const original = HTMLCanvasElement.prototype.getContext;
    let asked = 0;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      if (this.id === 'canvas' && /webgl/i.test(type) && ++asked > 1) return null;
      return original.call(this, type, ...rest);
    };
  });
  assert.match(outcome, /^rejected: .*WebGL2 context/);
  await checkMessage(page, 'canvas-context', /could not start.*WebGL2/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an embed without WebGL2 answers the loader with an error; the host page keeps working', async () => {
  const context = await noGl.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push('uncaught: ' + String(e)));
  await page.goto(hostServer.url + 'host.html');
  await page.waitForFunction(() => window.PosEncEmbed && window.PosEncEmbed.get(document.getElementById('fig')));
  const why = await page.evaluate(() => window.PosEncEmbed.get(document.getElementById('fig')).ready.then(() => 'ready', (e) => e.message));
  assert.match(why, /could not start/);
  assert.match(why, /WebGL2/);
  const frame = page.frames().find((f) => f.url().includes('embed=1'));
  const text = await frame.evaluate(() => !document.getElementById('status').hidden && document.getElementById('status').textContent);
  assert.match(text, /WebGL2/);
  assert.equal(await page.evaluate(() => document.title), 'Host');
  assert.deepEqual(errors, []);
  await context.close();
});
