// Accessibility of the page around the canvas: prefers-reduced-motion starts paused (unless the URL
// asks for playing=1) and nothing starts moving on its own; the visible Play/Pause control works; the
// text alternative (#describe, aria-live) carries posenc_describe() and follows the state; a click
// on the canvas gives it the keyboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, settle, shot, waitUntil } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const state = (page) => page.evaluate(() => window.PosEnc.getState());

async function reducedPage(query) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(server.url + query);
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  return { page, context };
}

test('prefers-reduced-motion: starts paused, draws nothing while idle, and never auto-starts', async () => {
  const { page, context } = await reducedPage('');
  assert.equal(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), true);
  const s = await state(page);
  assert.equal(s.playing, false, 'paused at load');
  // Wait until the page has gone idle (the loop stops itself once nothing is left to draw).
  await waitUntil(page, () => window.PosEnc._loopPaused());
  const f0 = await page.evaluate(() => window.PosEnc._framesDrawn());
  const p0 = (await state(page)).pos;
  await sleep(1500);  // deliberate: the measurement window (an idle page draws nothing in 1.5 s)
  assert.equal(await page.evaluate(() => window.PosEnc._framesDrawn()), f0, 'no frames drawn');
  assert.equal((await state(page)).pos, p0, 'no motion');
  await shot(page, 'a11y-reduced-motion');
  // A guided-tour step whose preset plays still starts paused under reduced motion.
  await page.goto(server.url + '?step=1');
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  assert.equal((await state(page)).step, 1);
  assert.equal((await state(page)).playing, false, 'tour step 1 does not start motion by itself');
  // Nor does starting the tour again from the UI path (step 0 -> 1, whose preset says playing=1).
  await page.evaluate(() => window.PosEnc.setState({ step: 0 }));
  await page.mouse.click(800, 60);
  await page.keyboard.press('t');
  await page.waitForFunction(() => window.PosEnc.getState().step === 1);
  // Wait until the page has gone idle again: it stops its loop only while paused and untouched, so a
  // tour that had started the motion would never get there (and the assertion below reports it).
  await waitUntil(page, () => window.PosEnc._loopPaused(), null, { timeout: 10000 });
  assert.equal((await state(page)).playing, false, 'the tour started by a key stays paused');
  await context.close();
});

test('prefers-reduced-motion: an explicit playing=1 in the URL still plays', async () => {
  const { page, context } = await reducedPage('?playing=1&speed=4');
  await waitUntil(page, () => window.PosEnc.getState().pos > 0.5);
  const s = await state(page);
  assert.equal(s.playing, true);
  assert.ok(s.pos > 0.5, `pos ${s.pos}`);
  await context.close();
});

test('without reduced motion the default is to play (the control case)', async () => {
  const { page, context } = await openPage(browser, server.url);
  assert.equal((await state(page)).playing, true);
  await context.close();
});

test('the visible Pause control in the canvas pauses and plays', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?speed=2');
  await settle(page);
  assert.equal((await state(page)).playing, true);
  await page.mouse.click(88, 91);  // the Play/Pause button at the top of the control column
  await settle(page);
  assert.equal((await state(page)).playing, false, 'Pause pressed');
  await shot(page, 'a11y-paused-by-button');
  await page.mouse.click(88, 91);
  await settle(page);
  assert.equal((await state(page)).playing, true, 'Play pressed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('text alternative: #describe is read by screen readers and follows the state (at most 1/s)', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0&d=64&k=37');
  const info = await page.evaluate(() => {
    const el = document.getElementById('describe');
    // Hidden by its visually-hidden box (the text mirror: this text and the key-number table).
    const r = el.closest('.visually-hidden').getBoundingClientRect();
    return { live: el.getAttribute('aria-live'), text: el.textContent, w: r.width, h: r.height,
             describedBy: document.getElementById('canvas').getAttribute('aria-describedby') };
  });
  assert.equal(info.live, 'polite');
  assert.equal(info.describedBy, 'describe');
  assert.ok(info.w <= 1 && info.h <= 1, 'visually hidden');
  assert.equal(info.text, await page.evaluate(() => window.PosEnc.describe()));
  assert.match(info.text, /Model width d = 64/);
  assert.match(info.text, /offset k 37\.00/);
  assert.match(info.text, /paused/);
  // In the accessibility tree (what a screen reader gets), not hidden from it.
  const snapshot = await page.locator('#describe').ariaSnapshot();
  assert.match(snapshot, /Model width d = 64/);

  await page.evaluate(() => window.PosEnc.setState({ view: 'similarity', d: 128, pair: 3 }));
  await page.waitForFunction(() => document.getElementById('describe').textContent.includes('d = 128'), null, { timeout: 3000 });
  const text = await page.evaluate(() => document.getElementById('describe').textContent);
  assert.match(text, /^View: Dot product/);
  assert.match(text, /selected pair 3/i);  // the shared settings sentence (every view has a selected pair)

  // While playing, pos alone moving does not rewrite the live region every second.
  await page.evaluate(() => window.PosEnc.setState({ playing: true, speed: 5 }));
  await waitUntil(page, () => /playing/.test(document.getElementById('describe').textContent));  // updated at most 1/s
  const t1 = await page.evaluate(() => document.getElementById('describe').textContent);
  await sleep(2200);  // deliberate: the measurement window (over 2.2 s of playing, 2+ throttle periods, no new text)
  const t2 = await page.evaluate(() => document.getElementById('describe').textContent);
  assert.equal(t2, t1, 'no announcement per animation step');
  assert.match(t1, /playing/);
  await page.evaluate(() => window.PosEnc.setState({ playing: false }));
  await page.waitForFunction(() => document.getElementById('describe').textContent.includes('paused'), null, { timeout: 3000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard: a click on the canvas focuses it, then Space toggles playing', async () => {
  const { page, context } = await openPage(browser, server.url + '?playing=0');
  assert.notEqual(await page.evaluate(() => document.activeElement && document.activeElement.id), 'canvas');
  await page.keyboard.press('Space');  // not focused: SDL listens on #canvas only
  await settle(page);
  assert.equal((await state(page)).playing, false);
  await page.mouse.click(800, 60);  // the caption text: not a control
  assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.id), 'canvas');
  await page.keyboard.press('Space');
  await settle(page);
  assert.equal((await state(page)).playing, true, 'Space after a click plays');
  await page.keyboard.press('Space');
  await settle(page);
  assert.equal((await state(page)).playing, false);
  await context.close();
});
