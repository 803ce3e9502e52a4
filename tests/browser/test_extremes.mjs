// Every view (PosEnc.views(), never a list of our own) at the two extremes issue 11 names: the page
// loaded at pos = 1,000,000, and loaded at UI scale 2, both at 1280x800. One browser and one page; the
// page is loaded once per extreme and the views are changed with setState. Each view's screenshot is
// kept as artifacts/browser/extremes-<pos1e6|scale2>-<view>.png, for looking at.
//
// Checked per view, against what the browser shows:
//   - the figure is drawn, read from the screenshot's pixels: at least 12 distinct colours (16 levels
//     per channel) and 2% of its pixels away from the background (a blank or one-colour canvas fails);
//   - no "nan" or "inf" (as a word, any case) in PosEnc.describe(), in the text mirror beside the canvas
//     (#describe and the key-numbers table, once it has caught up with the state) nor in the text of
//     the figure as drawn (the <text> of PosEnc.exportText('svg'));
//   - the state the page was loaded with holds (pos = 10^6 or scale = 2), and no console or page error.
// The exact layout (no glyph over another, nothing cut) is checked from the draw lists at the same
// extremes in tests/views/test_layout_extremes.cpp.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, launch, serve, waitUntil, colourCounts, trackErrors } from './harness.mjs';
import { decodePng } from './png.mjs';

const WIDTH = 1280, HEIGHT = 800;
const EXTREMES = [
  { name: 'pos1e6', query: '?playing=0&pos=1000000', holds: (s) => s.pos === 1000000 },
  { name: 'scale2', query: '?playing=0&scale=2', holds: (s) => s.scale === 2 },
];
// "nan", "-nan", "NaN", "inf", "-inf", "Infinity" as words; not "information" or "infer".
const NOT_A_NUMBER = /\b(nan|inf|infinity)\b/i;

let server, browser, page, errors;
before(async () => {
  server = await serve();
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
  page = await context.newPage();
  errors = trackErrors(page);
  mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  server?.close();
});

// Distinct colours (16 levels per channel) and the fraction of pixels away from the most common
// colour (the background) inside `rect` of a decoded screenshot.
function drawnStats(img, rect) {
  const { counts, mode: bg } = colourCounts(img, rect);
  const levels = new Set();
  let away = 0;
  for (const [k, n] of counts) {
    levels.add(((k >> 20) & 15) << 8 | ((k >> 12) & 15) << 4 | ((k >> 4) & 15));
    const d = Math.max(Math.abs(((k >> 16) & 255) - ((bg >> 16) & 255)), Math.abs(((k >> 8) & 255) - ((bg >> 8) & 255)),
      Math.abs((k & 255) - (bg & 255)));
    if (d > 24) away += n;
  }
  return { colours: levels.size, drawn: away / (rect.w * rect.h) };
}

// The figure's size in device pixels (the PNG header of PosEnc.exportImage('figure'), after the next frame).
async function figureSize() {
  return page.evaluate(async () => {
    const blob = await window.PosEnc.exportImage('figure');
    const head = new DataView(await blob.slice(0, 24).arrayBuffer());
    return { w: head.getUint32(16), h: head.getUint32(20) };
  });
}

// The words of the figure as drawn: the character data of the SVG export's <text> elements.
async function figureWords() {
  return page.evaluate(() => {
    const doc = new DOMParser().parseFromString(window.PosEnc.exportText('svg'), 'image/svg+xml');
    return [...doc.querySelectorAll('text')].map((t) => t.textContent).join(' ');
  });
}

for (const extreme of EXTREMES) {
  test(`every view loaded with ${extreme.query.slice(1)}: drawn, and no nan or inf in its words`, async () => {
    await page.goto(server.url + extreme.query);
    await page.evaluate(() => window.PosEnc.ready.then(() => true));
    const views = (await page.evaluate(() => window.PosEnc.views())).map((v) => v.id);
    assert.ok(views.length >= 19, `${views.length} views`);
    for (const view of views) {
      const before = await page.evaluate(() => window.PosEnc._framesDrawn());
      const r = await page.evaluate((v) => window.PosEnc.setState({ view: v }), view);
      assert.deepEqual(r.rejected, [], `${extreme.name} ${view}: ${JSON.stringify(r.rejected)}`);
      assert.ok(extreme.holds(r), `${extreme.name} ${view}: the loaded state holds (${JSON.stringify(r)})`);
      // The pointer rests in the bottom right corner, where no view shows a tooltip.
      await page.mouse.move(WIDTH - 2, HEIGHT - 2);
      // The layout settles within a few frames (ImGui sizes some columns from the frame before).
      assert.ok(await waitUntil(page, (n) => window.PosEnc._framesDrawn() >= n + 3, before), `${extreme.name} ${view}: frames drawn`);
      const fig = await figureSize();
      const buf = await page.screenshot();
      writeFileSync(join(ARTIFACTS, `extremes-${extreme.name}-${view}.png`), buf);
      const img = decodePng(buf);

      // The figure's region of the screenshot: it ends at the main area's bottom right, inside the
      // window's padding (as in test_responsive.mjs).
      assert.ok(fig.w >= 0.45 * WIDTH && fig.h >= 0.4 * HEIGHT, `${extreme.name} ${view}: the figure is ${fig.w}x${fig.h}`);
      const pad = 8;
      const rect = { x: Math.max(0, img.width - fig.w - pad), y: Math.max(0, img.height - fig.h - pad) };
      rect.w = Math.min(fig.w, img.width - rect.x);
      rect.h = Math.min(fig.h, img.height - rect.y);
      const stats = drawnStats(img, rect);
      assert.ok(stats.colours >= 12, `${extreme.name} ${view}: ${stats.colours} distinct colours in the figure`);
      assert.ok(stats.drawn >= 0.02, `${extreme.name} ${view}: ${(100 * stats.drawn).toFixed(1)}% of the figure drawn`);

      // The words: the description, the text mirror once it shows this view's description (it is
      // updated at most once a second), and the figure's own text.
      const described = await page.evaluate(() => window.PosEnc.describe());
      assert.ok(described.length > 40, `${extreme.name} ${view}: described as "${described}"`);
      assert.doesNotMatch(described, NOT_A_NUMBER, `${extreme.name} ${view}: describe()`);
      assert.ok(await waitUntil(page, (t) => document.getElementById('describe').textContent === t, described),
        `${extreme.name} ${view}: the text mirror caught up`);
      const mirror = await page.evaluate(() => document.getElementById('mirror').textContent);
      assert.doesNotMatch(mirror, NOT_A_NUMBER, `${extreme.name} ${view}: the text mirror`);
      const words = await figureWords();
      assert.ok(words.length > 40, `${extreme.name} ${view}: the figure's words "${words}"`);
      assert.doesNotMatch(words, NOT_A_NUMBER, `${extreme.name} ${view}: the figure's words`);
    }
    assert.deepEqual(errors, [], `${extreme.name}: console errors`);
  });
}

test('the checks can fail: a blank region is not drawn, and "nan" or "-inf" are caught where "information" is not', () => {
  const blank = { width: 40, height: 40, data: new Uint8Array(40 * 40 * 4).fill(255) };
  const stats = drawnStats(blank, { x: 0, y: 0, w: 40, h: 40 });
  assert.ok(stats.colours < 12 && stats.drawn < 0.02);
  assert.match('PE(pos, 2) = nan', NOT_A_NUMBER);
  assert.match('score -inf', NOT_A_NUMBER);
  assert.match('Infinity', NOT_A_NUMBER);
  assert.doesNotMatch('information, infer, finance, nano', NOT_A_NUMBER);
});
