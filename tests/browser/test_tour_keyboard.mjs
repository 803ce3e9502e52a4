// The whole guided tour with the keyboard alone, as a student who cannot use a mouse takes it: t starts
// it, a choice question is answered by its number key, a value question by Enter (onto the question) and
// the arrows to its answer field, typing the value and pressing Check, and n goes on; n on the last step ends the tour with the
// summary, read out in the text alternative. Every key press is counted, and the test prints the
// presses each question took (its median is in the README). The right answers come from the tour file
// (choices) and from a second implementation of the four value checks written here from their
// definitions (src/state/tour.cpp computes them from the core); each wait is for a condition.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serve, launch, openPage, settle, waitUntil } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// The steps of src/state/tour.txt: "key: value" lines, continued by lines that start with blanks.
function tourSteps() {
  const steps = [];
  let last = null;
  for (const line of readFileSync(new URL('../../src/state/tour.txt', import.meta.url), 'utf8').split('\n')) {
    if (line.startsWith('#') || !line.trim()) { last = null; continue; }
    if (/^\s/.test(line) && last) { last.step[last.key] += ' ' + line.trim(); continue; }
    const m = /^(\w+):\s*(.*)$/.exec(line);
    if (!m) continue;
    if (m[1] === 'step') steps.push({});
    const step = steps[steps.length - 1];
    step[m[1]] = m[2];
    last = { step, key: m[1] };
  }
  return steps;
}

// The value checks, from their definitions: omega_i = base^(-2i/d).
const omega = (i, d, base) => Math.pow(base, -2 * i / d);
const checks = {
  full_turn: (s) => 2 * Math.PI / omega(s.pair, s.d, s.base),
  first_long_period: (s) => {
    for (let i = 0; i < s.d / 2; i++) if (2 * Math.PI / omega(i, s.d, s.base) > s.n) return i;
    return NaN;
  },
  first_still_pair: (s, limit) => {
    const moves = (i, f) => {
      let lo = Infinity, hi = -Infinity;
      for (let p = 0; p < s.n; p++) { const v = f(p * omega(i, s.d, s.base)); lo = Math.min(lo, v); hi = Math.max(hi, v); }
      return hi - lo;
    };
    let first = s.d / 2;
    for (let i = s.d / 2 - 1; i >= 0 && moves(i, Math.sin) < limit && moves(i, Math.cos) < limit; i--) first = i;
    return first;
  },
  first_dot_minimum: (s) => {
    const dot = (k) => { let t = 0; for (let i = 0; i < s.d / 2; i++) t += Math.cos(omega(i, s.d, s.base) * k); return t; };
    const h = 1e-3;
    for (let k = h; k < 200; k += h) if (dot(k) < dot(k - h) && dot(k) <= dot(k + h)) return k;
    return NaN;
  },
};

test('the whole tour with the keyboard alone: presses per question, and the summary at the end', async () => {
  const steps = tourSteps();
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0');
  let presses = 0;
  // Keys reach the figure between its frames, and a person presses them slower than frames come: each
  // press waits for the next drawn frame, so the field is being edited before the value is typed.
  const press = async (key) => { await page.keyboard.press(key); presses++; await settle(page, 1); };
  const focused = () => page.evaluate(() => window.PosEnc._focused());
  const described = () => page.evaluate(() => window.PosEnc.describe());
  await press('Tab');  // onto the figure
  await press('t');
  assert.ok(await waitUntil(page, () => window.PosEnc.getState().step === 1), 't started the tour');
  const perQuestion = [];
  for (let n = 1; n <= steps.length; n++) {
    const step = steps[n - 1];
    assert.ok(await waitUntil(page, (k) => window.PosEnc.getState().step === k && /Guided tour step/.test(window.PosEnc.describe()), n), 'on step ' + n);
    if (step.ask) {
      const before = presses;
      if (step.choices) {
        await press(step.answer);  // its number key
      } else {
        const state = await page.evaluate(() => window.PosEnc.getState());
        const field = step.check === 'full_turn' || step.check === 'first_dot_minimum' ? 'k' : 'pair';
        const value = checks[step.check](state, Number(step.limit));
        assert.ok(Number.isFinite(value), step.check + ' has an answer at step ' + n);
        // Enter lands on the question (its answer's slider, then its field), type the value, then Check.
        // named as the sidebar names the setting (src/state/settings.hpp: "offset  k", "selected pair  i")
        const fieldNote = new RegExp('^Your answer: ' + (field === 'k' ? 'offset\\s+k' : 'selected pair\\s+i') + ': type a value');
        if ((await focused()).index < 0) await press('Enter');
        let moves = 0;
        while (!fieldNote.test((await focused()).label) && moves < 20) { await press('ArrowDown'); moves++; }
        assert.match((await focused()).label, fieldNote, 'the answer field is reachable at step ' + n);
        await press('Enter');
        await press('Control+A');
        for (const ch of field === 'k' ? value.toFixed(2) : String(value)) await press(ch);
        await press('Enter');
        moves = 0;
        while ((await focused()).label !== 'Check' && moves < 6) { await press('ArrowDown'); moves++; }
        assert.equal((await focused()).label, 'Check', 'Check follows the answer field at step ' + n);
        await press('Space');
      }
      assert.ok(await waitUntil(page, () => / Answered: right\./.test(window.PosEnc.describe())),
        'step ' + n + ' answered right: ' + (await described()).slice(-200));
      perQuestion.push({ n, presses: presses - before, kind: step.choices ? 'choice' : 'value' });
    }
    await press('n');
  }
  assert.ok(await waitUntil(page, () => window.PosEnc.getState().step === 0), 'n on the last step ended the tour');
  const summary = await described();
  assert.match(summary, /Tour finished\. Of its \d+ questions you answered \d+ right at the first try/);
  const sorted = perQuestion.map((q) => q.presses).sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  console.log('keyboard-only tour: ' + steps.length + ' steps, ' + perQuestion.length + ' questions, ' + presses +
    ' key presses in all; per question ' + perQuestion.map((q) => q.n + ':' + q.presses + (q.kind === 'value' ? 'v' : '')).join(' ') +
    '; median ' + median);
  assert.equal(perQuestion.length, steps.filter((s) => s.ask).length);
  assert.ok(median <= 3, 'a question takes a few presses, median ' + median);
  assert.deepEqual(errors, []);
  await context.close();
});
