// The guided tour walks every lesson: by API (step=N), by keyboard (PageDown/PageUp, as a
// presentation clicker sends) and by URL; each step shows its view and the tour bar. Which view each
// step shows comes from the page's lesson registry (PosEnc.views()[i].tourSteps), and the number of
// steps from its settings table (the `step` row of PosEnc.schema()): this file keeps no list of views.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, settle, shot } from './harness.mjs';
import { colorStats } from './png.mjs';

const TOUR_BAR = [235, 245, 255];  // the tour bar's background
const TOP = { x: 310, y: 10, w: 960, h: 90 };

let session, page, errors;
let registry;    // PosEnc.views()
let lastStep;    // the `step` row's max: the tour's last step
let viewOfStep;  // viewOfStep[n] = the id of the view that lists step n in its tourSteps (index 0 unused)
before(async () => {
  ({ page, errors } = session = await startSession('?step=1'));
  registry = await page.evaluate(() => window.PosEnc.views());
  lastStep = (await page.evaluate(() => window.PosEnc.schema())).find((row) => row.key === 'step').max;
  viewOfStep = [];
  for (const v of registry) for (const n of v.tourSteps) viewOfStep[n] = v.id;
});
after(() => session?.close());

const state = () => page.evaluate(() => window.PosEnc.getState());

test('the registry covers the tour: every step 1..last shows exactly one view, every lesson is in the tour', () => {
  assert.ok(Number.isInteger(lastStep) && lastStep >= 1, `last step ${lastStep}`);
  const claims = new Map();  // step -> views that list it
  for (const v of registry) {
    assert.ok(Array.isArray(v.tourSteps) && v.tourSteps.length > 0, `lesson ${v.id} is in some tour step`);
    for (const n of v.tourSteps) {
      assert.ok(Number.isInteger(n) && n >= 1 && n <= lastStep, `${v.id}: step ${n} is within 1..${lastStep}`);
      claims.set(n, [...(claims.get(n) || []), v.id]);
    }
  }
  for (let n = 1; n <= lastStep; n++) assert.equal((claims.get(n) || []).length, 1, `step ${n} is shown by one view: ${claims.get(n)}`);
});

test('the URL starts the tour at step 1 with its preset', async () => {
  const s = await state();
  assert.equal(s.step, 1);
  assert.equal(s.view, viewOfStep[1]);
  assert.equal(s.d, 16);  // step 1's preset
  await settle(page);
  const img = await shot(page, 'tour-step01');
  assert.ok(colorStats(img, TOUR_BAR, TOP, 4).count > 5000, 'tour bar drawn');
});

test('PageDown walks all the steps in order, each on its view', async () => {
  await page.focus('#canvas');
  for (let step = 2; step <= lastStep; step++) {
    await page.keyboard.press('PageDown');
    await settle(page, 3);
    const s = await state();
    assert.equal(s.step, step, `after ${step - 1} presses`);
    assert.equal(s.view, viewOfStep[step], `step ${step}`);
    const img = await shot(page, 'tour-step' + String(step).padStart(2, '0'));
    assert.ok(colorStats(img, TOUR_BAR, TOP, 4).count > 5000, `tour bar at step ${step}`);
  }
  await page.keyboard.press('PageDown');  // past the end stays on the last step
  await settle(page, 3);
  assert.equal((await state()).step, lastStep);
  await page.keyboard.press('PageUp');
  await settle(page, 3);
  assert.equal((await state()).step, lastStep - 1);
});

test('setState({step}) applies the preset; explicit fields in the same call win', async () => {
  let s = await page.evaluate(() => window.PosEnc.setState({ step: 10 }));
  assert.equal(s.view, viewOfStep[10]);
  assert.equal(s.view, 'similarity');  // step 10's preset is about the similarity lesson (d 512, k 37)
  assert.equal(s.d, 512);
  assert.equal(s.k, 37);
  s = await page.evaluate(() => window.PosEnc.setState({ step: 6, d: 256 }));
  assert.equal(s.view, viewOfStep[6]);
  assert.equal(s.d, 256);
  s = await page.evaluate((n) => window.PosEnc.setState({ step: n }), lastStep + 1);
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
