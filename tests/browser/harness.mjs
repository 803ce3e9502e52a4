// Shared set-up for the browser tests: a local server for build/web/dist, Debian's Chromium through
// playwright-core, and helpers to open the page and take screenshots kept under artifacts/browser/.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { decodePng } from './png.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '..', '..');
export const DIST = process.env.POSENC_DIST || join(ROOT, 'build', 'web', 'dist');
export const ARTIFACTS = join(ROOT, 'artifacts', 'browser');
const require = createRequire(join(ROOT, '.cache', 'node', 'package.json'));
const { chromium } = require('playwright-core');

export const CHROMIUM_ARGS = ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

// Starts scripts/serve.py on a free port; resolves to {url, close}.
export function serve(root = DIST, extraArgs = []) {
  return new Promise((res, rej) => {
    const p = spawn('/usr/bin/python3', [join(ROOT, 'scripts', 'serve.py'), '--root', root, '--port', '0', ...extraArgs],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    p.on('error', rej);
    p.stdout.on('data', (chunk) => {
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(String(chunk));
      if (m) res({ url: m[0], port: Number(m[1]), close: () => p.kill() });
    });
    p.on('exit', (code) => rej(new Error('server exited ' + code)));
  });
}

export async function launch(extraArgs = []) {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

// The colours of `rect` in a decoded screenshot: a Map of 0xRRGGBB -> pixel count, and the most common
// colour (the background).
export function colourCounts(img, rect) {
  const counts = new Map();
  for (let y = rect.y; y < rect.y + rect.h; y++)
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const o = (y * img.width + x) * 4;
      const key = (img.data[o] << 16) | (img.data[o + 1] << 8) | img.data[o + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  let mode = 0, best = -1;
  for (const [k, n] of counts) if (n > best) { best = n; mode = k; }
  return { counts, mode };
}

// The page's uncaught errors and console errors, collected as they happen (check it is [] at the end).
export function trackErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return errors;
}

// Opens the page at `url` (1280x800 unless given), records console errors, waits for PosEnc.ready.
export async function openPage(browser, url, { width = 1280, height = 800, deviceScaleFactor = 1, ready = true } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  if (ready) await page.evaluate(() => window.PosEnc.ready.then(() => true));
  return { page, context, errors };
}

// A server, a browser and one page opened at `query` (see openPage for `options`): what most test
// files start in before() and end in after() with close(). api(name, ...args) calls window.PosEnc.
export async function startSession(query = '?playing=0', options = {}) {
  const server = await serve();
  let browser;
  try {
    browser = await launch();
    const opened = await openPage(browser, server.url + query, options);
    const close = async () => { await browser.close(); server.close(); };
    return { server, browser, ...opened, api: apiOf(opened.page), close };
  } catch (e) {
    await browser?.close();
    server.close();
    throw e;
  }
}

// api('setState', {...}) -> window.PosEnc.setState({...}) in the page, awaited.
export function apiOf(page) {
  return (fn, ...args) => page.evaluate(([f, a]) => window.PosEnc[f](...a), [fn, args]);
}

// Where the pointer rests between actions: the sidebar's bottom left, where no tooltip can appear.
export const PARK = { x: 5, y: 795 };

// Sets the state (asserting nothing is rejected), parks the pointer, waits for frames, takes a shot.
export async function showState(page, state, name) {
  const r = await apiOf(page)('setState', state);
  assert.deepEqual(r.rejected, [], JSON.stringify(r.rejected));
  await page.mouse.move(PARK.x, PARK.y);
  await settle(page, 6);
  return shot(page, name);
}

// A click spread over frames, as a person makes it: imgui 1.86 has no input queue, so a press and
// release within one frame can be lost, and its SDL backend reads the pointer position at the next
// frame, so the button is held for `press` frames and released where pressed. Then the pointer is
// parked (no tooltip over the view) and `rest` frames pass.
export async function clickSpread(page, x, y, { press = 2, release = 2, rest = 4 } = {}) {
  await page.mouse.move(x, y);
  await settle(page, 2);
  await page.mouse.down();
  await settle(page, press);
  await page.mouse.up();
  await settle(page, release);
  await page.mouse.move(PARK.x, PARK.y);
  await settle(page, rest);
}

// Where the figure's control named `label` is (its Tab-order name), in CSS pixels of the page: tests
// press controls by name, not by a position that moves whenever the layout does.
export async function controlAt(page, label) {
  let found = null;
  await pollUntil(async () => {
    found = (await page.evaluate(() => window.PosEnc._controls())).find((c) => c.label === label) || null;
    return !!found;
  });
  if (!found) throw new Error('no control named ' + JSON.stringify(label));
  return found;
}

// Waits for a few animation frames so the canvas shows the latest state.
export async function settle(page, frames = 4) {
  await page.evaluate((n) => new Promise((res) => {
    const step = () => (n-- <= 0 ? res() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  }), frames);
}

// Waits until fn(arg) is truthy inside `target` (a Page or a Frame), checking every `interval` ms, for
// at most `timeout` ms. Resolves to true once it held, false at the deadline: it does not throw, so
// the assertion that follows reports what was actually there. Use it instead of a fixed sleep before
// checking a state: a busy machine then only makes the test slower, never makes it fail.
export async function waitUntil(target, fn, arg, { timeout = 20000, interval = 50 } = {}) {
  try {
    await target.waitForFunction(fn, arg, { timeout, polling: interval });
    return true;
  } catch (e) {
    if (e && (e.name === 'TimeoutError' || /Timeout .*exceeded/.test(String(e.message)))) return false;
    throw e;
  }
}

// The same on the Node side: waits until `check()` (sync or async) is truthy, polling every `interval`
// ms for at most `timeout` ms; resolves to true or false (at the deadline).
export async function pollUntil(check, { timeout = 20000, interval = 50 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, interval));
  }
}

// Waits until the page has stopped scrolling (window.scrollY the same for `frames` animation frames
// in a row), e.g. after a smooth scrollIntoView.
export async function scrollSettled(page, frames = 10, timeout = 20000) {
  return page.evaluate(([n, ms]) => new Promise((res) => {
    const end = performance.now() + ms;
    let last = window.scrollY, same = 0;
    const step = () => {
      if (window.scrollY === last) { if (++same >= n) { res(true); return; } } else { same = 0; last = window.scrollY; }
      if (performance.now() > end) { res(false); return; }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }), [frames, timeout]);
}

// Screenshot of the page, saved as artifacts/browser/<name>.png and returned decoded.
export async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const buf = await page.screenshot();
  writeFileSync(join(ARTIFACTS, name + '.png'), buf);
  return decodePng(buf);
}

export const HAND = [40, 110, 220];
export const GHOST = [235, 120, 20];

// Three local origins for embed tests: B serves the module (dist); A (the trusted course page) and C
// (an untrusted site) serve one temporary folder of test pages. The pages name B and C, so all servers
// start before writePages(dir) fills the folder (files are read at request time).
export async function threeOrigins(prefix, writePages) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const B = await serve();
  const C = await serve(dir);
  const A = await serve(dir);
  writePages(dir, { A, B, C });
  return { dir, A, B, C, close: () => { A.close(); B.close(); C.close(); } };
}

// Opens A's host.html in a 1280x800 page and waits until the loader's figure (#fig) is ready.
export async function openHostPage(browser, A, onConsole) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); onConsole?.(m); });
  await page.goto(A.url + 'host.html');
  await page.waitForFunction(() => window.PosEncEmbed && window.PosEncEmbed.get(document.getElementById('fig')));
  await page.evaluate(() => window.PosEncEmbed.get(document.getElementById('fig')).ready.then(() => true));
  return { context, page, errors };
}

// The embed's frame (served by B, with embed=1) inside a page.
export const embedFrameOf = (page, B) => page.frames().find((f) => f.url().startsWith(B.url) && f.url().includes('embed=1'));

// The keyboard path into a figure (src/ui/focus.hpp): from the figure itself Enter enters its first
// region, the arrows walk a region (round at its ends) and F6 goes on to the next region. `target` is a
// Page or a Frame whose figure has the keyboard; `keys` presses a key (page.keyboard of the top page).
// Resolves to the key presses it took to put the ring on the control named `label` (a string, or a
// RegExp), or -1 if no region has it. Each press waits for the next frame, as a person's would.
export async function keyTo(target, keys, label, { perRegion = 300 } = {}) {
  const match = (t) => (label instanceof RegExp ? label.test(t) : t === label);
  const where = () => target.evaluate(() => window.PosEnc._focused());
  const page = typeof target.page === 'function' ? target.page() : target;
  let presses = 0;
  const press = async (k) => { await keys.press(k); presses++; await settle(page, 1); };
  let f = await where();
  if (f.index < 0) { await press('Enter'); f = await where(); }
  for (let r = 0; r < 5; r++) {
    const start = f.index;
    for (let i = 0; i < perRegion; i++) {
      if (match(f.label)) return presses;
      await press('ArrowDown');
      f = await where();
      if (f.index === start) break;
    }
    await press('F6');
    f = await where();
  }
  return -1;
}

// The controls of the region the ring is in, walked with ArrowDown from where it is until it comes
// round: [{label, index}] in order (the first is where it started).
export async function walkRegion(target, keys) {
  const where = () => target.evaluate(() => window.PosEnc._focused());
  const page = typeof target.page === 'function' ? target.page() : target;
  const first = await where();
  const out = [first];
  for (let i = 0; i < 600; i++) {
    await keys.press('ArrowDown');
    await settle(page, 1);
    const f = await where();
    if (f.index === first.index) break;
    out.push(f);
  }
  return out;
}
