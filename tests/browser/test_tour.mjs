// The guided tour walks every lesson: by API (step=N), by keyboard (PageDown/PageUp, as a
// presentation clicker sends) and by URL; each step shows its view and the tour bar.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, settle, shot } from './harness.mjs';
import { colorStats } from './png.mjs';

const VIEWS = ['clock', 'clock', 'order', 'input', 'formula', 'heatmap', 'waves', 'periods', 'ranges', 'similarity',
  'learned', 'adding', 'rope', 'gotcha', 'precision', 'clock'];
const TOUR_BAR = [235, 245, 255];  // the tour bar's background
const TOP = { x: 310, y: 10, w: 960, h: 90 };

let session, page, errors;
before(async () => ({ page, errors } = session = await startSession('?step=1')));
after(() => session?.close());

const state = () => page.evaluate(() => window.PosEnc.getState());

test('the URL starts the tour at step 1 with its preset', async () => {
  const s = await state();
  assert.equal(s.step, 1);
  assert.equal(s.view, 'clock');
  assert.equal(s.d, 16);  // step 1's preset
  await settle(page);
  const img = await shot(page, 'tour-step01');
  assert.ok(colorStats(img, TOUR_BAR, TOP, 4).count > 5000, 'tour bar drawn');
});

test('PageDown walks all 16 steps in order, each on its view', async () => {
  await page.focus('#canvas');
  for (let step = 2; step <= VIEWS.length; step++) {
    await page.keyboard.press('PageDown');
    await settle(page, 3);
    const s = await state();
    assert.equal(s.step, step, `after ${step - 1} presses`);
    assert.equal(s.view, VIEWS[step - 1], `step ${step}`);
    const img = await shot(page, 'tour-step' + String(step).padStart(2, '0'));
    assert.ok(colorStats(img, TOUR_BAR, TOP, 4).count > 5000, `tour bar at step ${step}`);
  }
  await page.keyboard.press('PageDown');  // past the end stays on the last step
  await settle(page, 3);
  assert.equal((await state()).step, VIEWS.length);
  await page.keyboard.press('PageUp');
  await settle(page, 3);
  assert.equal((await state()).step, VIEWS.length - 1);
});

test('setState({step}) applies the preset; explicit fields in the same call win', async () => {
  let s = await page.evaluate(() => window.PosEnc.setState({ step: 10 }));
  assert.equal(s.view, 'similarity');
  assert.equal(s.d, 512);
  assert.equal(s.k, 37);
  s = await page.evaluate(() => window.PosEnc.setState({ step: 6, d: 256 }));
  assert.equal(s.view, 'heatmap');
  assert.equal(s.d, 256);
  s = await page.evaluate(() => window.PosEnc.setState({ step: 17 }));
  assert.equal(s.step, 6);
  assert.equal(s.rejected[0].key, 'step');
});

test('ending the tour hides the bar', async () => {
  await page.evaluate(() => window.PosEnc.setState({ step: 0, view: 'clock' }));
  await settle(page);
  const img = await shot(page, 'tour-ended');
  assert.ok(colorStats(img, TOUR_BAR, TOP, 4).count < 500, 'no tour bar');
});

test('no console errors', () => assert.deepEqual(errors, []));
