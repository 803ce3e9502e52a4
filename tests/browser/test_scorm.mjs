// The SCORM 1.2 package (scripts/make_scorm.py, built by scripts/build.sh page): unpacked and launched
// the way an LMS launches a SCO, in a frame of a page that holds the LMS's run-time, here scorm-again's
// Scorm12API (npm, the run-time library LMS players use) as window.API. The student runs the whole tour
// with the keyboard, answering every choice question (the first one wrong once); the LMS then holds the
// completion, the score and one interaction per answer, checked against tour.txt itself (the questions,
// their right choices, their titles) rather than against what the figure reports.
// Also: the same page with no LMS around it is the ordinary PosEnc Lab, at the tour's first step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, launch, serve, trackErrors, waitUntil, pollUntil } from './harness.mjs';

const ZIP = join(ROOT, 'build', 'web', 'scorm', 'posenc-lab-scorm.zip');
const SCORM12 = join(ROOT, '.cache', 'node', 'node_modules', 'scorm-again', 'dist', 'scorm12.min.js');

// The tour as written (src/state/tour.txt): each step's title, and its question's kind and right choice.
function tourSteps() {
  const steps = [];
  for (const line of readFileSync(join(ROOT, 'src', 'state', 'tour.txt'), 'utf8').split('\n')) {
    const m = /^(step|answer|check|choices):\s*(.*)$/.exec(line);
    if (!m) continue;
    if (m[1] === 'step') steps.push({ title: m[2].trim(), answer: 0, choices: 0, check: '' });
    else if (m[1] === 'answer') steps.at(-1).answer = Number(m[2]);
    else if (m[1] === 'choices') steps.at(-1).choices = m[2].split('|').length;
    else steps.at(-1).check = m[2].trim();
  }
  return steps;
}
// A question's id as the README gives it: the title in lower case, its words joined by '-'.
const slug = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().replace(/ /g, '-');

let dir, server, browser;
before(async () => {
  assert.ok(existsSync(ZIP), 'the build made ' + ZIP + ' (scripts/build.sh page)');
  assert.ok(existsSync(SCORM12), 'scorm-again is installed (scripts/setup.sh, scripts/node-deps.json)');
  dir = mkdtempSync(join(tmpdir(), 'posenc-scorm-'));
  execFileSync('/usr/bin/python3', ['-m', 'zipfile', '-e', ZIP, join(dir, 'sco')]);
  copyFileSync(SCORM12, join(dir, 'scorm12.min.js'));
  // The LMS's player page: the run-time on window.API, the SCO in a frame below it (as Moodle and Canvas do).
  writeFileSync(join(dir, 'lms.html'), `<!doctype html><html><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,">
<script src="scorm12.min.js"></script>
<script>
  window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
  window.lmsLog = [];
  for (const ev of ['LMSInitialize', 'LMSCommit', 'LMSFinish']) window.API.on(ev, () => window.lmsLog.push(ev));
</script></head>
<body style="margin:0"><iframe id="sco" src="sco/index.html" style="width:1280px;height:760px;border:0"></iframe></body></html>`);
  server = await serve(dir);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

// The registry's chapters as the build listed them (posenc_settings_tool chapters): those with tour steps
// have a SCO each.
const CHAPTERS = join(ROOT, 'build', 'web', 'scorm', 'chapters.json');
const chapters = () => JSON.parse(readFileSync(CHAPTERS, 'utf8')).filter((c) => c.step > 0);

test('the zip holds a SCORM 1.2 manifest: a SCO for the tour (the single-file page) and one per chapter, and every file it names', () => {
  const manifest = readFileSync(join(dir, 'sco', 'imsmanifest.xml'), 'utf8');
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(manifest, /xmlns:adlcp="http:\/\/www\.adlnet\.org\/xsd\/adlcp_rootv1p2"/);
  const scos = [...manifest.matchAll(/<resource [^>]*adlcp:scormtype="sco"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(chapters().length >= 4, 'most chapters have tour steps: ' + JSON.stringify(chapters()));
  assert.deepEqual(scos, ['index.html', ...chapters().map((c) => `chapter-${c.chapter}.html`)]);
  for (const c of chapters()) assert.match(manifest, new RegExp('<title>Chapter ' + c.chapter + ': '), 'chapter ' + c.chapter + ' is an item');
  const files = [...manifest.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]);
  for (const f of files) assert.ok(existsSync(join(dir, 'sco', f)), f + ' is in the zip');
  assert.ok(files.includes('LICENSE') && files.includes('THIRD_PARTY_NOTICES.txt'), 'the licences travel with it');
  const html = readFileSync(join(dir, 'sco', 'index.html'), 'utf8');
  // an HTML attribute (after a blank), not the minified poster script's own x.src="posters/" (images off here)
  assert.doesNotMatch(html, /\s(src|href)="(?!data:)[^"#]+"/, 'one file: nothing else to fetch');
});

test('without an LMS the SCO is the ordinary page, at the tour\'s first step, and says it is not connected', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = trackErrors(page);
  await page.goto(server.url + 'sco/index.html');
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  assert.equal((await page.evaluate(() => window.PosEnc.getState())).step, 1);
  assert.deepEqual(await page.evaluate(() => window.PosEncScorm), { connected: false, error: '' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('in an LMS (scorm-again): a keyboard run through the tour reports completion, score and every answer', async () => {
  const steps = tourSteps();
  const questions = steps.filter((s) => s.answer || s.check);
  const choiceQuestions = steps.filter((s) => s.answer);
  assert.ok(choiceQuestions.length >= 10, 'the tour asks its choice questions');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = trackErrors(page);
  await page.goto(server.url + 'lms.html');
  const frameOf = () => page.frames().find((f) => f.url().includes('sco/index.html'));
  assert.ok(await waitUntil(page, () => window.lmsLog.includes('LMSInitialize')), 'the SCO found window.API and initialised');
  const sco = frameOf();
  assert.equal(await sco.evaluate(() => window.PosEncScorm.connected), true);
  assert.equal(await page.evaluate(() => window.API.LMSGetValue('cmi.core.lesson_status')), 'incomplete');
  await sco.evaluate(() => { window.answers = []; window.PosEnc.on('answer', (a) => window.answers.push(a)); });

  // The keyboard only: focus the figure, then for each step its answer (number keys) and n.
  await sco.focus('#canvas');
  const pressed = [];
  for (let n = 1; n <= steps.length; n++) {
    assert.ok(await waitUntil(sco, (k) => window.PosEnc.getState().step === k, n), 'at step ' + n);
    const s = steps[n - 1];
    if (s.answer) {
      const keys = pressed.length === 0 ? [s.answer % s.choices + 1, s.answer] : [s.answer];  // the first: wrong once
      for (const key of keys) {
        const before = await sco.evaluate(() => window.answers.length);
        await page.keyboard.press(String(key));
        assert.ok(await waitUntil(sco, (b) => window.answers.length > b, before), 'step ' + n + ': key ' + key + ' answered');
        pressed.push({ id: slug(s.title), key, right: key === s.answer });
      }
    }
    await page.keyboard.press('n');
  }
  assert.ok(await waitUntil(sco, () => window.PosEnc.getState().step === 0), 'n on the last step ends the tour');
  assert.ok(await waitUntil(page, () => window.API.LMSGetValue('cmi.core.lesson_status') === 'completed'), 'completed');

  // What the LMS holds: the score (right answers over all the tour's questions, in percent) and the answers.
  const lms = await page.evaluate(() => {
    const get = (e) => window.API.LMSGetValue(e);
    const count = Number(get('cmi.interactions._count'));
    const cmi = JSON.parse(JSON.stringify(window.API.cmi));
    return { raw: get('cmi.core.score.raw'), min: get('cmi.core.score.min'), max: get('cmi.core.score.max'), count, cmi };
  });
  const expected = Math.round(100 * choiceQuestions.length / questions.length);
  assert.equal(Number(lms.raw), expected, `score ${lms.raw}: ${choiceQuestions.length} of ${questions.length} questions right`);
  assert.equal(lms.min, '0');
  assert.equal(lms.max, '100');
  assert.equal(lms.count, pressed.length, 'one interaction per answer');
  // scorm-again's JSON of cmi.interactions: {"0": {id, type, ...}, "1": ...} (write-only in SCORM 1.2, so
  // read from the run-time's own record, as an LMS stores it).
  const list = Object.keys(lms.cmi.interactions).sort((a, b) => a - b).map((k) => lms.cmi.interactions[k]);
  assert.equal(list.length, pressed.length);
  for (let i = 0; i < pressed.length; i++) {
    assert.equal(list[i].id, pressed[i].id, 'interaction ' + i + ' id');
    assert.equal(list[i].type, 'choice');
    assert.equal(String(list[i].student_response), String(pressed[i].key));
    assert.equal(list[i].result, pressed[i].right ? 'correct' : 'wrong', 'interaction ' + i + ' result');
  }
  // Leaving the SCO ends the session: the time spent, a normal exit (completed), LMSFinish.
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  assert.ok(await waitUntil(page, () => window.lmsLog.includes('LMSFinish')), 'LMSFinish on leaving');
  const end = await page.evaluate(() => JSON.parse(JSON.stringify(window.API.cmi)).core);
  end.time = end.session_time;
  assert.match(end.time, /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
  assert.equal(end.exit, '');
  console.log(`SCORM: ${pressed.length} interactions, score ${lms.raw} (${choiceQuestions.length}/${questions.length}), completed`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a chapter\'s SCO in the LMS: its lessons and tour steps only, and the chapter\'s completion and score', async () => {
  const steps = tourSteps();
  const c = chapters()[0];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = trackErrors(page);
  // A player page of its own (an LMS launches each SCO in a fresh run-time).
  writeFileSync(join(dir, 'lms-chapter.html'), readFileSync(join(dir, 'lms.html'), 'utf8').replace('src="sco/index.html"', `src="sco/chapter-${c.chapter}.html"`));
  await page.goto(server.url + 'lms-chapter.html');
  const frameOf = () => page.frames().find((f) => f.url().includes('sco/index.html?views='));
  assert.ok(await waitUntil(page, () => window.lmsLog.filter((e) => e === 'LMSInitialize').length >= 1), 'the chapter SCO initialised');
  assert.ok(await pollUntil(async () => {
    const f = frameOf();
    try { return !!f && await f.evaluate(() => !!window.PosEnc); } catch (e) { return false; }  // still navigating
  }), 'the chapter page opened the figure');
  const sco = frameOf();
  await sco.evaluate(() => window.PosEnc.ready.then(() => true));
  const state = await sco.evaluate(() => window.PosEnc.getState());
  assert.equal(state.views, c.views);
  assert.equal(state.step, c.step, 'at the chapter\'s first tour step');
  const progress0 = await sco.evaluate(() => window.PosEnc.progress());
  await sco.focus('#canvas');
  let right = 0;
  for (let i = 0; i < 40; i++) {
    const n = await sco.evaluate(() => window.PosEnc.getState().step);
    if (n === 0) break;
    if (steps[n - 1].answer) {
      const before = await sco.evaluate(() => window.PosEnc.progress().right);
      await page.keyboard.press(String(steps[n - 1].answer));
      assert.ok(await waitUntil(sco, (b) => window.PosEnc.progress().right > b, before), 'step ' + n + ' answered');
      right++;
    }
    await page.keyboard.press('n');
    assert.ok(await waitUntil(sco, (k) => window.PosEnc.getState().step !== k, n), 'n left step ' + n);
  }
  assert.ok(await waitUntil(page, () => window.API.LMSGetValue('cmi.core.lesson_status') === 'completed'), 'the chapter completed');
  const raw = Number(await page.evaluate(() => window.API.LMSGetValue('cmi.core.score.raw')));
  assert.equal(raw, Math.round(100 * right / progress0.questions), `score ${raw}: ${right} of the chapter's ${progress0.questions} questions`);
  assert.ok(progress0.questions < steps.filter((s) => s.answer || s.check).length, 'the chapter has fewer questions than the tour');
  console.log(`SCORM chapter ${c.chapter} (${c.views}): ${progress0.questions} questions, ${right} answered right, score ${raw}, completed`);
  assert.deepEqual(errors, []);
  await context.close();
});
