// Issue 26, for course authors: a figure locked to one lesson (lock, free) and one that offers a few lessons
// (views=), through the loader and through a plain iframe (the URL alone); the student's answers reaching
// the host (the handle's `answer` event, progress()); and the host's mistakes going to the host, never into
// the student's view (defect 9). Origin A serves the course page, B the figure and the loader.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, threeOrigins, waitUntil } from './harness.mjs';

let origins, browser, context, page, errors;
const LIMIT = { timeout: 60000 };

function writePages(dir, { B }) {
  writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title>
<link rel="icon" href="data:,"><style>body{margin:0} .fig{width:960px;height:560px}</style></head><body>
<div id="locked" class="fig"></div><div id="tour" class="fig"></div>
<script src="${B.url}posenc-embed.js"></script>
<script>
  window.events = { errors: [], answers: [] };
  const locked = PosEncEmbed.mount(document.getElementById('locked'),
    { state: { view: 'clock', lock: true, free: 'pos,k', playing: false, d: 33 } });
  locked.on('error', (e) => window.events.errors.push({ message: e.message, rejected: e.rejected }));
  const tour = PosEncEmbed.mount(document.getElementById('tour'), { state: 'step=1&playing=0' });
  tour.on('answer', (a) => window.events.answers.push(a));
</script></body></html>`);
  // A plain iframe, as an LMS page without scripts of its own embeds a figure: everything in its URL.
  writeFileSync(join(dir, 'plain.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain</title>
<link rel="icon" href="data:,"></head><body style="margin:0">
<iframe id="f" title="PosEnc Lab" style="width:960px;height:560px;border:0"
  src="${B.url}index.html?view=clock&amp;views=heatmap,clock&amp;free=pos&amp;playing=0"></iframe></body></html>`);
}

const handle = (id) => `window.PosEncEmbed.get(document.getElementById('${id}'))`;
const call = (id, method, ...args) => page.evaluate(([h, m, a]) => eval(h)[m](...a), [handle(id), method, args]);
const frameFor = (id) => page.frames().find((f) => f.url().includes('embed=1') && f.url().includes(id === 'locked' ? 'lock=1' : 'step=1'));
const labels = (frame) => frame.evaluate(() => window.PosEnc._controls().map((c) => c.label));

before(async () => {
  origins = await threeOrigins('posenc-embed-course-', writePages);
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
  page = await context.newPage();
  errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(origins.A.url + 'host.html');
  await page.evaluate(([a, b]) => Promise.all([eval(a).ready, eval(b).ready]).then(() => true), [handle('locked'), handle('tour')]);
});
after(async () => { await browser?.close(); origins?.close(); });

test('a locked figure: the mount state\'s mistake goes to on(\'error\'), the student sees one lesson and only pos and k', LIMIT, async () => {
  assert.ok(await waitUntil(page, () => window.events.errors.length > 0), 'on(\'error\') heard the refused key');
  const [e] = await page.evaluate(() => window.events.errors);
  assert.deepEqual(e.rejected.map((r) => r.key), ['d']);
  assert.match(e.message, /ignored part of its state: d = "33": d must be an even integer/);
  const state = await call('locked', 'getState');
  assert.equal(state.lock, true);
  assert.equal(state.free, 'pos,k');
  assert.equal(state.d, 32, 'd kept its default');
  const frame = frameFor('locked');
  assert.ok(frame, 'the locked figure\'s frame');
  assert.ok(await waitUntil(frame, () => window.PosEnc._controls().some((c) => c.label === 'position  pos')));
  const shown = await labels(frame);
  assert.ok(shown.includes('offset  k'), shown.join(' | '));
  for (const hidden of ['model width  d', 'base', 'Contents: chapters and lessons', 'Clock', 'Start guided tour', 'Play', 'dismiss'])
    assert.ok(!shown.includes(hidden), hidden + ' is not offered: ' + shown.join(' | '));
  // The HTML notice of the page is for its own URL only, never an embed's.
  assert.equal(await frame.evaluate(() => document.getElementById('notice').hidden), true);
});

test('the host\'s setState mistakes are the host\'s: rejected in the answer, nothing in the student\'s sidebar (defect 9)', LIMIT, async () => {
  const r = await call('locked', 'setState', { d: 33, views: 'clock,nowhere' });
  assert.deepEqual(r.rejected.map((x) => x.key), ['views', 'd']);
  assert.match(r.rejected[0].reason, /views: 'nowhere' is not one of/);
  // The host may change what the student cannot: lock binds the student only.
  const moved = await call('locked', 'setState', { d: 64 });
  assert.deepEqual(moved.rejected, []);
  assert.equal(moved.d, 64);
  const frame = frameFor('locked');
  await frame.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
  assert.ok(!(await labels(frame)).includes('dismiss'), 'no notice in the sidebar');
  assert.equal((await page.evaluate(() => window.events.errors)).length, 1, 'a setState mistake rejects in its answer, not on(\'error\')');
});

test('the student\'s answers reach the host: one answer event each, with id, choice, right or wrong and tries; progress() sums them', LIMIT, async () => {
  const frame = frameFor('tour');
  assert.ok(frame, 'the tour figure\'s frame');
  assert.equal((await call('tour', 'getState')).step, 1);
  await frame.focus('#canvas');
  await page.keyboard.press('2');  // step 1's right choice is 1 (src/state/tour.txt)
  assert.ok(await waitUntil(page, () => window.events.answers.length >= 1));
  await page.keyboard.press('1');
  assert.ok(await waitUntil(page, () => window.events.answers.length >= 2));
  const answers = await page.evaluate(() => window.events.answers);
  assert.deepEqual(answers.map(({ question, step, kind, choice, correct, tries }) => ({ question, step, kind, choice, correct, tries })), [
    { question: 'attention-has-no-sense-of-order', step: 1, kind: 'choice', choice: 2, correct: false, tries: 1 },
    { question: 'attention-has-no-sense-of-order', step: 1, kind: 'choice', choice: 1, correct: true, tries: 2 },
  ]);
  assert.equal(answers[1].response, 'Same numbers, moved with the words');
  const p = await call('tour', 'progress');
  assert.equal(p.right, 1);
  assert.equal(p.firstTry, 0);
  assert.equal(p.untried, p.questions - 1);
  assert.equal(p.score, Math.round(100 / p.questions));
  assert.equal(p.completed, false);
  assert.deepEqual(p.items[0], { question: 'attention-has-no-sense-of-order', step: 1, title: 'Attention has no sense of order',
    kind: 'choice', tries: 2, right: true, firstTry: false, shown: false, response: 'Same numbers, moved with the words' });
  // The page's own API says the same.
  assert.deepEqual(await frame.evaluate(() => window.PosEnc.progress()), p);
});

test('a plain iframe: views= and free= in its URL offer two lessons and only pos', LIMIT, async () => {
  const p2 = await context.newPage();
  await p2.goto(origins.A.url + 'plain.html');
  // Found by its element, not its URL: the figure keeps its address bar current (history.replaceState),
  // so once its state is read the frame's URL says views=clock,heatmap, and a search by the URL the host
  // wrote loses the race whenever the figure starts before the search runs.
  const f = await (await p2.waitForSelector('#f', { state: 'attached' })).contentFrame();
  assert.ok(f, 'the plain iframe loaded');
  // the frame exists as soon as it navigates, before its scripts have defined the handle
  assert.ok(await waitUntil(f, () => !!window.PosEnc), 'the figure\'s handle');
  await f.evaluate(() => window.PosEnc.ready.then(() => true));
  const state = await f.evaluate(() => window.PosEnc.getState());
  assert.equal(state.views, 'clock,heatmap', 'the registry\'s order');
  assert.equal(state.free, 'pos');
  const shown = await f.evaluate(() => window.PosEnc._controls().map((c) => c.label));
  assert.ok(shown.includes('Contents: chapters and lessons'), 'two lessons: Contents is offered');
  assert.ok(shown.includes('Clock') && shown.includes('Heatmap'), shown.join(' | '));
  assert.ok(!shown.includes('Waves') && !shown.includes('model width  d'), shown.join(' | '));
  assert.ok(shown.includes('position  pos'));
  await p2.close();
  assert.deepEqual(errors, []);
});
