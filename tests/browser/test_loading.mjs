// How the page loads (issue 14: a first frame within a second on a school's connection):
//   - scripts/serve.py --compress sends every file of the page gzip -9 or brotli compressed, the wasm as
//     application/wasm, and the bytes decode to the files in dist;
//   - the wasm is requested once, by posenc.js before anything else it does (before the WebGL2 probe's
//     getContext), and compiled from the stream (WebAssembly.instantiateStreaming on an application/wasm
//     response; no compile from a downloaded buffer);
//   - the same holds behind Chromium's throttling (10 Mbit/s, 40 ms), and the page then draws;
//   - Dear ImGui's built-in font is not in the wasm (src/ui/default_font.cpp), yet text is drawn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { serve, launch, shot, colourCounts, DIST } from './harness.mjs';

import { pageFiles } from '../../scripts/page_files.mjs';

const PAGE_FILES = pageFiles(DIST);
let server, browser;
before(async () => { server = await serve(undefined, ['--compress']); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

function get(url, headers) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('serve.py --compress sends each page file gzip or brotli compressed, decoding to the file in dist', async () => {
  for (const f of PAGE_FILES) {
    const raw = readFileSync(join(DIST, f));
    const gz = await get(server.url + f, { 'Accept-Encoding': 'gzip' });
    assert.equal(gz.status, 200, f);
    assert.equal(gz.headers['content-encoding'], 'gzip', f);
    assert.equal(Number(gz.headers['content-length']), gz.body.length, f);
    assert.ok(gunzipSync(gz.body).equals(raw), `${f}: gzip body decodes to the file`);
    if (f.endsWith('.wasm')) assert.equal(gz.headers['content-type'], 'application/wasm');
    const br = await get(server.url + f, { 'Accept-Encoding': 'gzip, deflate, br' });
    if (br.headers['content-encoding'] === 'br') assert.ok(brotliDecompressSync(br.body).equals(raw), `${f}: brotli body`);
    else assert.equal(br.headers['content-encoding'], 'gzip', `${f}: brotli needs python3-brotli, else gzip`);
    const plain = await get(server.url + f, {});
    assert.equal(plain.headers['content-encoding'], undefined, `${f}: no encoding unless asked for`);
    assert.ok(plain.body.equals(raw), f);
  }
  const dir = await get(server.url, { 'Accept-Encoding': 'gzip' });
  assert.ok(gunzipSync(dir.body).equals(readFileSync(join(DIST, 'index.html'))), 'the folder URL serves index.html');
  assert.equal((await get(server.url + 'no-such-file.js', { 'Accept-Encoding': 'gzip' })).status, 404);
});

// Runs before any page script: records the first getContext call (the WebGL2 probe in posenc.js, then
// SDL's context), and how the wasm is compiled.
function recordLoading() {
  window.__load = { getContext: null, streaming: [], buffers: 0 };
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (...args) {
    if (window.__load.getContext === null) window.__load.getContext = performance.now();
    return getContext.apply(this, args);
  };
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = function (source, imports) {
    const entry = { type: null };
    window.__load.streaming.push(entry);
    Promise.resolve(source).then((r) => { entry.type = r.headers.get('Content-Type'); entry.url = r.url; });
    return streaming.call(this, source, imports);
  };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = function (source, imports) {
    if (!(source instanceof WebAssembly.Module)) window.__load.buffers++;
    return instantiate.call(this, source, imports);
  };
}

async function load(throttle) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordLoading);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: -1 });
  }
  await page.goto(server.url + '?playing=0');
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  const r = await page.evaluate(() => ({
    load: window.__load,
    wasm: performance.getEntriesByType('resource').filter((e) => /\.wasm$/.test(e.name))
      .map((e) => ({ file: e.name.split('/').slice(-2).join('/'), start: e.startTime, end: e.responseEnd, initiator: e.initiatorType, encoded: e.encodedBodySize })),
    firstFrameMs: window.PosEnc.timing.firstFrameMs,
  }));
  return { context, page, errors, ...r };
}

for (const throttle of [false, true]) {
  test(`the view's module is fetched once, then the rest after the first frame, each compiled as it streams in${throttle ? ' (10 Mbit/s, 40 ms)' : ''}`, async () => {
    const { context, page, errors, load: l, wasm: all, firstFrameMs } = await load(throttle);
    try {
      // A link that names no view (here ?playing=0) opens the view key's default, `clock`: its module
      // (the shell and that lesson), then the rest after the first frame; never the whole module
      // (README "Lessons on demand").
      assert.deepEqual(all.map((w) => w.file), ['lessons/clock.wasm', 'lessons/clock.rest.wasm']);
      const wasm = all.slice(0, 1);
      assert.equal(wasm[0].initiator, 'fetch');
      assert.ok(all[1].start > firstFrameMs, `the rest (${all[1].start.toFixed(0)} ms) after the first frame (${firstFrameMs.toFixed(0)} ms)`);
      assert.ok(l.getContext !== null, 'the page probed WebGL2');
      assert.ok(wasm[0].start < l.getContext,
        `the wasm request (${wasm[0].start.toFixed(1)} ms) starts before the WebGL2 probe (${l.getContext.toFixed(1)} ms)`);
      assert.equal(l.streaming.length, 2, 'each module compiled once, by instantiateStreaming');
      for (const st of l.streaming) assert.equal(st.type, 'application/wasm');
      assert.equal(l.buffers, 0, 'no compile from a downloaded buffer');
      assert.ok(wasm[0].encoded < readFileSync(join(DIST, 'lessons', 'clock.wasm')).length, 'sent compressed');
      assert.ok(firstFrameMs > wasm[0].start);
      const img = await shot(page, throttle ? 'loading_throttled' : 'loading');
      const { counts } = colourCounts(img, { x: 0, y: 0, w: img.width, h: img.height });
      assert.ok(counts.size > 20, `the page drew (${counts.size} colours)`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('Dear ImGui\'s built-in font (ProggyClean) is not in the wasm, DejaVu is', () => {
  const wasm = readFileSync(join(DIST, 'posenc_app.wasm'));
  // The opening characters of ProggyClean's base85 data in imgui_draw.cpp (1.86 and 1.90 alike).
  assert.equal(wasm.indexOf(Buffer.from('7])#######hV0qs')), -1);
  // The DejaVu subset the page draws with: its family name in the font's name table (UTF-16BE).
  assert.ok(wasm.indexOf(Buffer.from('DejaVu Sans', 'utf16le').swap16()) >= 0);
});

test('SDL\'s game controller code is not in the wasm (Dear ImGui\'s gamepad calls are answered by src/platform/no_gamepad.cpp)', () => {
  const wasm = readFileSync(join(DIST, 'posenc_app.wasm'));
  // SDL's built-in controller mappings (SDL_gamecontrollerdb.h), linked whenever anything calls SDL_GameControllerOpen.
  assert.equal(wasm.indexOf(Buffer.from('leftshoulder:b')), -1);
  assert.equal(wasm.indexOf(Buffer.from('SDL_GAMECONTROLLERCONFIG')), -1);
});

test('the page\'s wasm needs no wasm SIMD (a browser without it still starts the page; the worker\'s engine has it)', () => {
  // binaryen's validator with the features the page may use and SIMD off: it names the first SIMD
  // instruction it meets (this failed in train::parse_option_lines before the page's own engine copy).
  execFileSync('wasm-opt', [join(DIST, 'posenc_app.wasm'), '--mvp-features', '--enable-mutable-globals', '--enable-sign-ext',
    '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '-o', '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'] });  // throws, with the message, if not
});
