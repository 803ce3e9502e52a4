// The reveal.js example deck (dist/examples/slides.html) as a lecturer uses it on a 1920x1080 projector:
//   - each figure is mounted by posenc-embed.js from data-posenc; inside the deck it gets deck=1, loads
//     with its slide and is unloaded when the slide is left;
//   - reveal.js scales the 960x540 slide by ~2 with a CSS transform; the figure draws its canvas at that
//     scale (drawing buffer ~2x its CSS size), not blurred up from 1x;
//   - a clicker's PageDown on a focused figure turns the slide; after a click into the figure its keys act
//     on the figure (and PageDown still turns the slide); Esc gives the keys back to the deck;
//   - leaving a slide and coming back keeps the state set on it.
// The routing of keys inside the figure is web/posenc.js's keyboard section; the loader re-dispatches
// the keys it hands back and moves the focus out on Esc.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serve, launch, ARTIFACTS, waitUntil, pollUntil, trackErrors } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const slideIndex = (page) => page.evaluate(() => window.Reveal.getIndices().h);

// The figure's frame on slide #id, once its PosEnc has drawn.
async function figureFrame(page, id) {
  let frame = null;
  await pollUntil(async () => {
    const el = await page.$('#' + id + ' .posenc iframe');
    const f = el && await el.contentFrame();
    if (!f || !f.url().includes('embed=1')) return false;
    try { if (await f.evaluate(() => window.PosEnc.ready.then(() => true))) frame = f; } catch (e) { /* navigating */ }
    return !!frame;
  }, { interval: 100 });
  assert.ok(frame, 'the figure on #' + id + ' runs');
  return frame;
}

test('deck: loads with its slide, deck=1, drawn at the slide scale, clicker and Esc keys, state kept across slides', async () => {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const errors = trackErrors(page);
  await page.goto(server.url + 'examples/slides.html');
  await page.waitForFunction(() => window.Reveal && window.Reveal.isReady() && window.PosEncEmbed);
  assert.equal(await page.evaluate(() => document.querySelectorAll('.posenc').length), 4);
  assert.equal(await page.evaluate(() => document.querySelectorAll('.posenc iframe[src]').length), 0, 'title slide: no figure loaded');

  await page.evaluate(() => window.Reveal.slide(1));
  const ready = await page.evaluate(() => window.PosEncEmbed.get(document.querySelector('#clock .posenc')).ready);
  assert.deepEqual([ready.d, ready.k, ready.pos, ready.pair, ready.deck], [16, 2, 3, 1, true]);
  const src = await page.evaluate(() => document.querySelector('#clock iframe').src);
  assert.equal(new URL(src).searchParams.get('deck'), '1');
  let clock = await figureFrame(page, 'clock');

  // Sharp at the slide's real size: the drawing buffer follows reveal.js's scale.
  const scale = await page.evaluate(() => window.Reveal.getScale());
  assert.ok(scale > 1.9, `reveal.js scales the slide by ${scale} at 1920x1080`);
  const sharp = await waitUntil(clock, (s) => {
    const c = document.getElementById('canvas');
    return Math.abs(c.width / c.clientWidth - s) < 0.05 && Math.abs(c.height / c.clientHeight - s) < 0.05;
  }, scale);
  const c = await clock.evaluate(() => { const el = document.getElementById('canvas'); return { w: el.width, h: el.height, cw: el.clientWidth, ch: el.clientHeight }; });
  console.log(`deck figure: canvas ${c.w}x${c.h} for ${c.cw}x${c.ch} CSS px (slide scale ${scale})`);
  assert.ok(sharp, `drawing buffer ${c.w}x${c.h} is ${scale}x its CSS size ${c.cw}x${c.ch}`);
  await page.mouse.move(0, 0);
  await clock.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: join(ARTIFACTS, 'deck-1920x1080-clock.png') });

  // A clicker's PageDown while the figure has the keyboard (tabbed to, not clicked): the slide turns.
  await page.evaluate(() => document.querySelector('#clock iframe').focus());
  await clock.evaluate(() => document.getElementById('canvas').focus());
  await page.keyboard.press('PageDown');
  assert.ok(await waitUntil(page, () => window.Reveal.getIndices().h === 2), `PageDown in the figure turned the slide (at ${await slideIndex(page)})`);
  await page.keyboard.press('PageUp');  // the figure's slide was unloaded: the deck has the keys
  assert.ok(await waitUntil(page, () => window.Reveal.getIndices().h === 1), 'PageUp back');
  clock = await figureFrame(page, 'clock');

  // After a click into the figure, its keys act on it; the slide stays.
  const box = await page.locator('#clock .posenc').boundingBox();
  await page.mouse.click(box.x + box.width * 0.73, box.y + box.height * 0.1);  // the lesson text: focuses, changes nothing
  assert.equal(await clock.evaluate(() => document.activeElement && document.activeElement.id), 'canvas');
  await page.keyboard.press('ArrowRight');
  assert.ok(await waitUntil(clock, () => window.PosEnc.getState().pos === 4), 'ArrowRight moved the figure');
  assert.equal(await slideIndex(page), 1, 'and not the slide');

  // Esc gives the keys back: the mounted element has the focus, and → turns the slide. (An Esc first closes
  // what is open inside the figure, e.g. the keyboard-navigation ring the arrow key may have shown: press
  // until released, at most three times.)
  let released = false;
  for (let i = 0; i < 3 && !released; i++) {
    await page.keyboard.press('Escape');
    released = await waitUntil(page, () => document.activeElement === document.querySelector('#clock .posenc'), null, { timeout: 3000 });
  }
  assert.ok(released, 'focus back on the host page');
  await page.keyboard.press('ArrowRight');
  assert.ok(await waitUntil(page, () => window.Reveal.getIndices().h === 2), '→ turned the slide');
  // (The figure did not take that →: it comes back below at pos 4. A getState now would wait for it:
  // calls on a figure whose slide is away are answered when it runs again.)

  // Leaving and coming back keeps the state set on the slide (reveal.js unloaded and reloaded it).
  const clockSrc = await page.evaluate(() => document.querySelector('#clock iframe').getAttribute('src'));
  assert.ok(!clockSrc, `the clock's iframe is unloaded while its slide is away (src ${clockSrc})`);
  await page.evaluate(() => window.PosEncEmbed.get(document.querySelector('#similarity .posenc')).setState({ k: 5 }));
  await page.evaluate(() => window.Reveal.slide(1));
  clock = await figureFrame(page, 'clock');
  const back = await clock.evaluate(() => window.PosEnc.getState());
  assert.deepEqual([back.pos, back.k, back.d, back.pair], [4, 2, 16, 1], 'the clock came back as it was left');
  await page.evaluate(() => window.Reveal.slide(2));
  const sim = await figureFrame(page, 'similarity');
  assert.equal((await sim.evaluate(() => window.PosEnc.getState())).k, 5, 'and so did the similarity figure');
  await sim.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: join(ARTIFACTS, 'deck-1920x1080-similarity.png') });
  assert.deepEqual(errors.filter((e) => !/favicon/.test(e)), []);
  await context.close();
});
