// The "order", "input" and "formula" lessons in a real browser: each view draws its plot (pixels of
// the expected colours in the view area), the order view's PE checkbox turns an exact permutation
// into visibly different weights, and the formula view shows the primer's example state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, showState, clickSpread, controlAt, shot, HAND, GHOST } from './harness.mjs';
import { colorStats, countPixels as count, drawnFraction } from './png.mjs';

const MAIN = { x: 320, y: 100, w: 940, h: 680 };  // right of the 290 px sidebar, below the tab bar
const SELECTED = [30, 160, 90];   // colors::selected
const PURPLE = [125, 60, 170];    // the input view's sum strip
const FRAME_BG = [222, 227, 237]; // ImGuiCol_FrameBg of the light theme (an unchecked checkbox)
const BUTTON = [179, 213, 253];   // ImGuiCol_Button of the light theme over white

let session, page, errors, api;

before(async () => ({ page, errors, api } = session = await startSession('?playing=0')));
after(() => session?.close());

const show = (state, name) => showState(page, state, name);
const click = ({ x, y }) => clickSpread(page, x, y, { rest: 6 });

const near = (c, tol = 10) => (r, g, b) => Math.abs(r - c[0]) <= tol && Math.abs(g - c[1]) <= tol && Math.abs(b - c[2]) <= tol;
const content = (img) => drawnFraction(img, MAIN);

// The first unchecked-checkbox-coloured square at the left edge of the view below the token chips.
function findCheckbox(img) {
  for (let y = 130; y < 300; y++) {
    let run = 0;
    for (let x = 305; x < 360; x++) {
      const o = (y * img.width + x) * 4;
      run = near(FRAME_BG, 6)(img.data[o], img.data[o + 1], img.data[o + 2]) ? run + 1 : 0;
      if (run >= 16) return { x: x - 8, y: y + 8 };
    }
  }
  return null;
}

test('order: the weight grids are drawn; adding PE makes the swapped weights differ (orange frames)', async () => {
  const img = await show({ view: 'order' }, 'order');
  const frac = content(img);
  assert.ok(frac > 0.08, `drawn content ${frac}`);
  // Weight cells: white-to-blue shades (blue clearly above red).
  const cells = count(img, MAIN, (r, g, b) => b > 150 && b - r > 50 && g < b);
  assert.ok(cells > 20000, `blue weight cells ${cells} px`);
  // Without PE the swap only moves the weights: no orange difference frames.
  const framesOff = colorStats(img, GHOST, MAIN, 30).count;
  assert.ok(framesOff < 100, `orange without PE: ${framesOff} px`);

  const box = findCheckbox(img);
  assert.ok(box, 'found the "add positional encoding" checkbox');
  await click(box);
  const withPe = await shot(page, 'order-pe');
  const framesOn = colorStats(withPe, GHOST, MAIN, 30).count;
  // 23 of 25 cells differ in both right-hand grids, each frame ~4 x 50 x 2.5 px.
  assert.ok(framesOn > 3000, `orange with PE: ${framesOn} px`);
  await click(box);  // back to the view's default
});

test('input: four strips on one scale, with the scaled embedding, PE and sum bars (d = 512)', async () => {
  const img = await show({ view: 'input', d: 512, pos: 3, pair: 0 }, 'input');
  assert.ok(content(img) > 0.08, `drawn content ${content(img)}`);
  const scaled = colorStats(img, GHOST, MAIN, 20), pos = colorStats(img, HAND, MAIN, 20), sum = colorStats(img, PURPLE, MAIN, 20);
  assert.ok(scaled.count > 1500, `E*sqrt(d) bars ${scaled.count} px`);
  assert.ok(pos.count > 1000, `PE bars ${pos.count} px`);
  assert.ok(sum.count > 1500, `sum bars ${sum.count} px`);
  // Strip order top to bottom: scaled embedding, PE, sum.
  assert.ok(scaled.cy < pos.cy && pos.cy < sum.cy, `strip order ${scaled.cy}, ${pos.cy}, ${sum.cy}`);
  // PE entries lie in [-1, 1] while E*sqrt(d) reaches about 3: the PE bars span a shorter band.
  const extent = (rgb, c) => {
    let lo = Infinity, hi = -Infinity;
    for (let y = Math.round(c.cy) - 60; y < Math.round(c.cy) + 60; y++)
      for (let x = 365; x < 1100; x++) {  // the bars only: labels sit left of x = 360
        const o = (y * img.width + x) * 4;
        if (near(rgb, 20)(img.data[o], img.data[o + 1], img.data[o + 2])) { lo = Math.min(lo, y); hi = Math.max(hi, y); }
      }
    return hi - lo;
  };
  const hScaled = extent(GHOST, scaled), hPos = extent(HAND, pos);
  assert.ok(hScaled > 1.5 * hPos, `bar heights: E*sqrt(d) ${hScaled} px vs PE ${hPos} px`);
});

test('formula: the primer example d = 4, pos = 1 shows the worked steps and the wave', async () => {
  const img = await show({ view: 'formula', d: 4, pos: 1, playing: false, pair: 0 }, 'formula');
  const s = await api('getState');
  assert.equal(s.view, 'formula');
  assert.equal(s.d, 4);
  assert.equal(s.pos, 1);
  assert.ok(content(img) > 0.04, `drawn content ${content(img)}`);
  // Dimension 0 is a sine: the wave is drawn in the hand colour, the point at pos in green.
  const wave = colorStats(img, HAND, MAIN, 24);
  assert.ok(wave.count > 400, `wave ${wave.count} px`);
  assert.ok(wave.cx > MAIN.x + MAIN.w / 2, `wave on the right (${wave.cx})`);
  const green = colorStats(img, SELECTED, MAIN, 24);
  assert.ok(green.count > 150, `green value/marker ${green.count} px`);
  // The numbers the view prints, from the same core through the page API.
  const v = await page.evaluate(() => Array.from(window.PosEnc.encoding(1, 4)).map((x) => x.toFixed(4)));
  assert.deepEqual(v, ['0.8415', '0.5403', '0.0100', '1.0000']);
  // Another dimension of a wider model changes the picture.
  const other = await show({ d: 64, pos: 37, pair: 5 }, 'formula-d64');
  assert.ok(Math.abs(colorStats(other, HAND, MAIN, 24).count - wave.count) > 50, 'the wave changed');
});

test('formula: the primer-example button sets d = 4, pos = 1 and stops the animation', async () => {
  const img = await show({ view: 'formula', d: 64, pos: 37, playing: true }, 'formula-before-button');
  const best = await controlAt(page, 'd = 4, pos = 1 (primer example)');
  assert.ok(best, 'found the primer button');
  await click(best);
  const s = await api('getState');
  assert.equal(s.d, 4);
  assert.equal(s.pos, 1);
  assert.equal(s.playing, false);
  await shot(page, 'formula-after-button');
});

test('no console errors', () => assert.deepEqual(errors, []));
