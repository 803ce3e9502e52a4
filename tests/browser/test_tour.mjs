// The guided tour walks every lesson: by API (step=N), by keyboard (PageDown/PageUp, as a
// presentation clicker sends) and by URL; each step shows its view and the tour bar. Which view each
// step shows comes from the page's lesson registry (PosEnc.views()[i].tourSteps), and the number of
// steps from its settings table (the `step` row of PosEnc.schema()): this file keeps no list of views.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, settle, shot, waitUntil, keyTo } from './harness.mjs';
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
  assert.equal(s.view, viewOfStep[1]);  // step 1's preset: not the default view
  assert.notEqual(viewOfStep[1], (await page.evaluate(() => window.PosEnc.schema())).find((r) => r.key === 'view').default);
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
  const sim = viewOfStep.indexOf('similarity');  // its preset: d 512, k 37 (src/state/tour.txt)
  let s = await page.evaluate((n) => window.PosEnc.setState({ step: n }), sim);
  assert.equal(s.view, 'similarity');
  assert.equal(s.d, 512);
  assert.equal(s.k, 37);
  s = await page.evaluate(() => window.PosEnc.setState({ step: 6, d: 256 }));
  assert.equal(s.view, viewOfStep[6]);
  assert.equal(s.d, 256);
  s = await page.evaluate((n) => window.PosEnc.setState({ step: n }), lastStep + 1);
  assert.equal(s.step, 6);
  assert.equal(s.rejected[0].key, 'step');
});

// A prediction prompt answered with the keyboard alone: Enter and the arrows to a choice, Space presses it;
// a value question: the arrow keys set k, then Enter and the arrows to Check, Space. The answer appears only after the attempt, and
// the text alternative (PosEnc.describe()) says where the student is.
const describeText = () => page.evaluate(() => window.PosEnc.describe());
async function tabTo(label) {
  await page.focus('#canvas');
  // The keyboard's path (Enter into the figure, arrows within a region, F6 to the next: harness keyTo).
  return (await keyTo(page, page.keyboard, label)) >= 0;
}

test('a choice question: wrong first, then right, by keyboard; the answer shows only after the right choice', async () => {
  await page.evaluate((n) => window.PosEnc.setState({ step: n }), viewOfStep.indexOf('order'));
  assert.ok(await waitUntil(page, () => window.PosEnc.describe().includes('Not answered yet.')), await describeText());
  assert.doesNotMatch(await describeText(), /Answered: right/);
  assert.ok(await tabTo('New numbers'), 'the wrong choice is reachable by the keyboard');
  await page.keyboard.press('Space');
  assert.ok(await waitUntil(page, () => window.PosEnc.describe().includes('Not "New numbers". Try again')), await describeText());
  assert.ok(await tabTo('Same numbers, moved with the words'), 'the right choice is reachable by the keyboard');
  await page.keyboard.press('Space');
  assert.ok(await waitUntil(page, () => window.PosEnc.describe().includes('Answered: right.')), await describeText());
  await settle(page);
  await shot(page, 'tour-prompt-choice-answered');
});

test('a value question: k set with the arrow keys, then Check by keyboard, judged against the core', async () => {
  // The first step that asks for k (the clock's full turn of the selected pair).
  let step = 0;
  for (let n = 1; n <= lastStep && !step; n++) {
    await page.evaluate((m) => window.PosEnc.setState({ step: m }), n);
    if ((await describeText()).includes('Answer by setting k')) step = n;
  }
  assert.ok(step > 0, 'some step asks for k');
  const s = await state();
  const want = await page.evaluate(([p, d, b]) => window.PosEnc.period(p, d, b), [s.pair, s.d, s.base]);
  // Esc clears the focus ring left by an earlier Tab (the arrows then belong to the figure: k +1/-1);
  // with no ring it hands the keyboard back to the page, so the canvas is focused again after it.
  await page.focus('#canvas');
  await page.keyboard.press('Escape');
  await page.focus('#canvas');
  const target = Math.round(want);
  const key = target > s.k ? 'ArrowUp' : 'ArrowDown';
  for (let i = 0; i < Math.abs(target - s.k); i++) await page.keyboard.press(key);
  assert.ok(await waitUntil(page, (t) => window.PosEnc.getState().k === t, target), `k reached ${target}`);
  assert.ok(await tabTo('Check'), 'Check is reachable by the keyboard');
  await page.keyboard.press('Space');
  assert.ok(await waitUntil(page, () => window.PosEnc.describe().includes('Answered: right.')), await describeText());
  await settle(page);
  await shot(page, 'tour-prompt-value-answered');
});

test('ending the tour hides the bar', async () => {
  await page.evaluate(() => window.PosEnc.setState({ step: 0, view: 'clock' }));
  await settle(page);
  const img = await shot(page, 'tour-ended');
  assert.ok(colorStats(img, TOUR_BAR, TOP, 4).count < 500, 'no tour bar');
});

test('no console errors', () => assert.deepEqual(errors, []));
