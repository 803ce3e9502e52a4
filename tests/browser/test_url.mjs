// The state in the URL: read at load through the validated path (rejections listed as text), kept
// current with history.replaceState (throttled, defaults left out), PosEnc.link() and the copy-link
// button. Truths: the state set through the API (round trip through a fresh page), the C++ defaults
// (src/app/state.hpp: d 32, k 4, view clock), and a count of history calls.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, settle, shot, waitUntil } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const state = (page) => page.evaluate(() => window.PosEnc.getState());
// Waits (with a deadline) until the address bar's query holds exactly these parameters, in any order.
const searchIs = (page, params) => waitUntil(page, (want) => {
  const got = Object.fromEntries(new URLSearchParams(location.search));
  return Object.keys(got).length === Object.keys(want).length && Object.entries(want).every(([k, v]) => got[k] === v);
}, params);

test('round trip: setState -> URL (defaults left out) -> reload -> the same state', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0');
  const want = { view: 'similarity', d: 64, k: 37, pair: 5, pos: 2.5, base: 500, n: 200, speed: 3 };
  await page.evaluate((s) => window.PosEnc.setState(s), want);
  const inUrl = { view: 'similarity', d: '64', base: '500', pos: '2.5', k: '37', playing: '0', speed: '3', pair: '5', n: '200' };
  await searchIs(page, inUrl);  // the address bar follows (throttled to every 250 ms)
  const url = new URL(page.url());
  const q = Object.fromEntries(url.searchParams);
  assert.deepEqual(q, inUrl);
  assert.equal(await page.evaluate(() => window.PosEnc.link()), page.url());

  const before = await state(page);
  const second = await context.newPage();
  await second.goto(url.href);
  await second.evaluate(() => window.PosEnc.ready.then(() => true));
  const after = await state(second);
  assert.deepEqual(after, before);
  for (const [k, v] of Object.entries(want)) assert.equal(after[k], v, k);
  assert.equal(await second.evaluate(() => document.getElementById('notice').hidden), true, 'no notice for a clean URL');

  // Back to the defaults: only view (always kept) and playing=0 remain.
  await page.evaluate(() => window.PosEnc.setState({ view: 'clock', d: 32, k: 4, pair: 0, pos: 0, base: 10000, n: 64, speed: 1 }));
  await waitUntil(page, () => location.search === '?view=clock&playing=0');
  assert.equal(new URL(page.url()).search, '?view=clock&playing=0');
  assert.deepEqual(errors, []);
  await context.close();
});

test('while playing the URL is rewritten at most every 250 ms, with replaceState only', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    window.__calls = { replace: 0, push: 0 };
    const r = history.replaceState.bind(history), p = history.pushState.bind(history);
    history.replaceState = (...a) => { window.__calls.replace++; return r(...a); };
    history.pushState = (...a) => { window.__calls.push++; return p(...a); };
  });
  const page = await context.newPage();
  await page.goto(server.url + '?speed=5&playing=1');
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  // Playing has begun once the address bar was first rewritten (pos is no longer the URL's 0).
  await waitUntil(page, () => window.__calls.replace >= 1);
  const c0 = await page.evaluate(() => ({ ...window.__calls }));
  const p0 = (await state(page)).pos;
  await sleep(2000);  // deliberate: the measurement window (URL rewrites per 2 s of playing)
  const c1 = await page.evaluate(() => ({ ...window.__calls }));
  const s = await state(page);
  const calls = c1.replace - c0.replace;
  console.log(`replaceState calls in 2 s of playing: ${calls} (pos ${p0.toFixed(2)} -> ${s.pos.toFixed(2)})`);
  assert.ok(s.pos > p0 + 5, 'it played');
  assert.ok(calls >= 2 && calls <= 2000 / 250 + 1, `replaceState called ${calls} times in 2 s`);
  assert.equal(c1.push, 0, 'never pushState');
  const urlPos = Number(new URL(page.url()).searchParams.get('pos'));
  assert.ok(Number.isFinite(urlPos) && Math.abs(urlPos - s.pos) < 5 * 1.0, `URL pos ${urlPos} is recent (state ${s.pos})`);
  await context.close();
});

test('bad URL values: the page runs, a text notice lists d, k, view, zzz, the state stays valid', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?d=3&k=abc&view=<script>alert(1)</script>&zzz=1&pos=NaN&playing=0');
  await settle(page);
  const s = await state(page);
  assert.equal(s.d, 32); assert.equal(s.k, 4); assert.equal(s.view, 'clock'); assert.equal(s.pos, 0);
  for (const [k, v] of Object.entries(s)) {
    if (typeof v === 'number') assert.ok(Number.isFinite(v), `${k} = ${v}`);
    assert.ok(v !== null && v !== undefined, k);
  }
  assert.ok(!JSON.stringify(s).includes('NaN'));
  const notice = await page.evaluate(() => {
    const el = document.getElementById('notice');
    return { hidden: el.hidden, role: el.getAttribute('role'), items: [...el.querySelectorAll('li')].map((li) => li.textContent),
             elements: el.querySelectorAll('script, img, iframe, a').length, visible: el.getBoundingClientRect().height > 20 };
  });
  assert.equal(notice.hidden, false);
  assert.equal(notice.visible, true);
  assert.equal(notice.role, 'status');
  const keys = notice.items.map((t) => t.split(' ')[0]).sort();
  assert.deepEqual(keys, ['d', 'k', 'pos', 'view', 'zzz']);
  assert.ok(notice.items.some((t) => t.includes('<script>')), 'the bad value is shown as text');
  assert.equal(notice.elements, 0, 'nothing from the URL became markup');
  // The page's own five: posenc-theme.js, the posters' list and posenc-poster.js, posenc_app.js, posenc.js.
  assert.equal(await page.evaluate(() => window.__injected === undefined && document.querySelectorAll('script').length), 5);

  await shot(page, 'url-bad-values-notice');
  // The cleaned URL replaces the bad one; the notice can be dismissed.
  await waitUntil(page, () => location.search === '?view=clock&playing=0');
  assert.equal(new URL(page.url()).search, '?view=clock&playing=0');
  await page.click('#notice-close');
  assert.equal(await page.evaluate(() => document.getElementById('notice').hidden), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('page-level keys (embed, origins) never reach the state path; a bad embed value is reported', async () => {
  const { page, context } = await openPage(browser, server.url + '?embed=1&origins=http://127.0.0.1:1&d=64&playing=0');
  assert.equal(await page.evaluate(() => document.getElementById('notice').hidden), true, 'no "unknown key" notice');
  assert.equal((await state(page)).d, 64);
  await page.evaluate(() => window.PosEnc.setState({ k: 9 }));
  await waitUntil(page, () => new URLSearchParams(location.search).get('k') === '9');
  const q = new URL(page.url()).searchParams;
  assert.equal(q.get('embed'), '1'); assert.equal(q.get('origins'), 'http://127.0.0.1:1'); assert.equal(q.get('k'), '9');
  assert.ok(!(await page.evaluate(() => window.PosEnc.link())).includes('embed'), 'link() opens the full page');
  await page.goto(server.url + '?embed=maybe&origins=nope&playing=0');
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  const items = await page.evaluate(() => [...document.querySelectorAll('#notice li')].map((li) => li.textContent));
  assert.deepEqual(items.map((t) => t.split(' ')[0]).sort(), ['embed', 'origins']);
  await context.close();
});

test('copy link: the button copies PosEnc.link() to the clipboard', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?view=clock&d=64&k=37&playing=0');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await settle(page);
  const box = await page.locator('#copy-link').boundingBox();
  assert.ok(box && box.width > 40 && box.x + box.width <= 300 && box.y < 50, `top-right of the control column: ${JSON.stringify(box)}`);
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('copy-link').textContent === 'Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await page.evaluate(() => window.PosEnc.link()));
  assert.equal(new URL(copied).search, '?view=clock&d=64&k=37&playing=0');
  await shot(page, 'url-copy-link');
  assert.deepEqual(errors, []);
  await context.close();
});
