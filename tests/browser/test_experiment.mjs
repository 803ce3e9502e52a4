// The experiment as its users meet it: a course author's PosEnc.train() (the result's shape, refused
// options, cancelling, determinism), the training module fetched only when a run is asked for, the
// experiment's URL keys, and a student running the view with the keyboard alone until its charts and
// measured claims fill in, then saving its results (the exported JSON is the engine's text, byte for
// byte). Every wait is for a condition (a promise, describe(), a progress event, a download).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, openPage, settle, shot, waitUntil, keyTo, ROOT } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const trainFiles = (urls) => urls.filter((u) => /posenc_train\.(js|wasm)|posenc-train-worker\.js/.test(u));
// Every number in a JSON-like value (nested arrays and objects). null counts as not finite (the engine
// writes a non-finite number as null), except in the per-query shares, where null marks a query
// without an answer (before position k in lookback), as the README says.
const NULLABLE = /^(share|accuracyNew$|accuracyWindowedNew$|answerInWindowNew$|orderBlindNew$|meanNew4L|spreadNew4L$|meanBeyondWindowed$|offsetR2|commutingFraction$)/;
function numbers(v, out = [], key = '') {
  if (typeof v === 'number') out.push(v);
  // null is allowed only where the README's result fields say "null where undefined": the shares of
  // queries without an answer, and the measures of new positions, windows and mechanisms
  else if (v === null) { if (!NULLABLE.test(key)) out.push(NaN); }
  else if (Array.isArray(v)) v.forEach((x) => numbers(x, out, key));
  else if (typeof v === 'object') Object.entries(v).forEach(([k, x]) => numbers(x, out, k));
  return out;
}

test('PosEnc.train: the module loads on the first call only, and the result has the documented shape', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?view=experiment&playing=0');
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await settle(page, 6);
  assert.deepEqual(trainFiles(requests), [], 'opening the view fetches nothing of the engine');
  const r = await page.evaluate(async () => {
    const progress = [];
    const off = window.PosEnc.on('train', (p) => progress.push(p));
    const result = await window.PosEnc.train({ steps: 80, encoding: 'sinusoidal' });
    off();
    return { result, progress, state: window.PosEnc.getState() };
  });
  assert.deepEqual(trainFiles(requests).map((u) => u.split('/').pop()).sort(), ['posenc-train-worker.js', 'posenc_train.js', 'posenc_train.wasm']);
  const { result, progress, state } = r;
  for (const key of ['config', 'loss', 'accuracy', 'attention', 'relative', 'ablation', 'ms']) assert.ok(key in result, key);
  // Defaults: the view's starting settings (the State's experiment keys) are the engine's.
  assert.equal(result.config.steps, 80);
  assert.equal(result.config.encoding, 'sinusoidal');
  for (const [key, stateKey] of [['task', 'task'], ['k', 'lookback'], ['trainLength', 'trainLength'], ['dModel', 'dModel'],
    ['layers', 'layers'], ['heads', 'heads'], ['lr', 'lr'], ['batch', 'batch'], ['seed', 'seed']])
    assert.equal(result.config[key], state[stateKey], `default ${key}`);
  const L = result.config.trainLength;
  assert.deepEqual(result.accuracy.map((a) => a.length), [L, 2 * L, 4 * L]);
  assert.ok(result.accuracy.every((a) => a.accuracy >= 0 && a.accuracy <= 1));
  assert.ok(result.loss.length > 1 && result.loss.at(-1).step === 80);
  assert.ok(result.ablation && result.ablation.peWeightQ.length === result.config.dModel, 'sinusoidal runs carry the ablation');
  assert.ok(numbers(result).every(Number.isFinite), 'every number of the result is finite');
  assert.ok(progress.length >= 1 && progress.at(-1).step === 80, `progress events: ${progress.length}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('PosEnc.train: refused options reject with the engine\'s message; the handle keeps answering', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0');
  const r = await page.evaluate(async () => {
    const why = (p) => p.then(() => 'resolved', (e) => `${e.name}: ${e.message}`);
    return {
      heads: await why(window.PosEnc.train({ dModel: 33 })),
      nan: await why(window.PosEnc.train({ steps: NaN })),
      unknown: await why(window.PosEnc.train({ zzz: 1 })),
      range: await why(window.PosEnc.train({ trainLength: 1000 })),
      lookback: await why(window.PosEnc.train({ k: 20, trainLength: 16 })),
      notObject: await why(window.PosEnc.train('encoding=rope')),
      after: (await window.PosEnc.train({ steps: 10 })).config.steps,
    };
  });
  assert.match(r.heads, /dModel/);
  assert.match(r.nan, /steps/);
  assert.match(r.unknown, /unknown key 'zzz'/);
  assert.match(r.range, /trainLength.*128/);
  assert.match(r.lookback, /k/);
  assert.match(r.notObject, /TypeError/);
  assert.equal(r.after, 10);
  assert.deepEqual(errors, []);
  await context.close();
});

test('PosEnc.cancelTraining stops a run, which resolves with cancelled: true; the same seed gives the same numbers', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0');
  const r = await page.evaluate(async () => {
    const started = new Promise((resolve) => { const off = window.PosEnc.on('train', () => { off(); resolve(); }); });
    const long = window.PosEnc.train({ steps: 100000 });
    await started;
    window.PosEnc.cancelTraining();
    const cancelled = await long;
    const a = await window.PosEnc.train({ steps: 40, seed: 7, encoding: 'learned' });
    const b = await window.PosEnc.train({ steps: 40, seed: 7, encoding: 'learned' });
    const c = await window.PosEnc.train({ steps: 40, seed: 8, encoding: 'learned' });
    return { cancelled: cancelled.cancelled, steps: cancelled.steps, same: JSON.stringify([a.loss, a.accuracy]) === JSON.stringify([b.loss, b.accuracy]),
             differs: JSON.stringify(a.loss) !== JSON.stringify(c.loss) };
  });
  assert.equal(r.cancelled, true);
  assert.ok(r.steps < 100000, `stopped at step ${r.steps}`);
  assert.ok(r.same, 'seed 7 twice: the same losses and accuracies');
  assert.ok(r.differs, 'seed 8 differs from seed 7');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the experiment\'s URL keys apply through the settings table, and bad values are refused with a reason', async () => {
  const { page, context } = await openPage(browser, server.url + '?view=experiment&playing=0&task=first&encoding=alibi&trainLength=32&seed=5&steps=120');
  const s = await page.evaluate(() => window.PosEnc.getState());
  assert.deepEqual([s.task, s.encoding, s.trainLength, s.seed, s.steps], ['first', 'alibi', 32, 5, 120]);
  const bad = await page.evaluate(() => window.PosEnc.setState({ trainLength: 3, encoding: 'sinusoid', lr: 1, dModel: NaN }));
  assert.deepEqual(bad.rejected.map((x) => x.key).sort(), ['dModel', 'encoding', 'lr', 'trainLength']);
  assert.match(bad.rejected.find((x) => x.key === 'trainLength').reason, /4.*128/);
  assert.match(bad.rejected.find((x) => x.key === 'encoding').reason, /none, sinusoidal, learned, rope, alibi/);
  const after = await page.evaluate(() => window.PosEnc.getState());
  assert.deepEqual([after.trainLength, after.encoding, after.lr], [32, 'alibi', s.lr]);
  assert.match(await page.evaluate(() => window.PosEnc.link()), /trainLength=32/);
  await context.close();
});

// The engine run outside the page, for the same options: the native train_dump if this worktree has
// built it, else the wasm one under node (ctest train_native_vs_wasm holds the two equal); --no-time
// writes ms as 0. null if neither is built.
function engineText(config) {
  const args = ['run', '--no-time', ...Object.entries(config).map(([k, v]) => `${k}=${v}`)];
  const native = join(ROOT, 'build', 'native', 'train_dump'), wasm = join(ROOT, 'build', 'web', 'train_dump.js');
  if (existsSync(native)) return { tool: native, text: execFileSync(native, args, { encoding: 'utf8' }).trim() };
  if (existsSync(wasm)) return { tool: wasm, text: execFileSync(process.execPath, [wasm, ...args], { encoding: 'utf8' }).trim() };
  return null;
}

test('a student runs the view with the keyboard alone: Run trains, the charts and the measured claims fill in', async (t) => {
  const { page, context, errors } = await openPage(browser, server.url + '?view=experiment&playing=0&steps=120&encoding=rope');
  await settle(page, 6);
  // Every result text the training worker posts, as it arrives (the worker starts on the first run).
  await page.evaluate(() => {
    const Base = window.Worker;
    window.trainResultTexts = [];
    window.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => { if (e.data && e.data.type === 'result') window.trainResultTexts.push(e.data.text); });
      }
    };
  });
  const before = await page.screenshot();
  const idle = await page.evaluate(() => window.PosEnc.describe());
  assert.match(idle, /Runs: 0 done, 0 pending/);
  assert.match(idle, /Time on this device: not measured yet/, 'no time is claimed before the engine has run here');
  await page.focus('#canvas');
  let found = (await keyTo(page, page.keyboard, 'Run: train the chosen encoding')) >= 0;
  assert.ok(found, 'Run is reachable by the keyboard');
  await page.keyboard.press('Space');
  assert.ok(await waitUntil(page, () => /Runs: 1 done, 0 pending/.test(window.PosEnc.describe()), null, { timeout: 120000 }),
            await page.evaluate(() => window.PosEnc.describe()));
  await settle(page, 6);
  const text = await page.evaluate(() => window.PosEnc.describe());
  assert.match(text, /Accuracy at L → 2L → 4L, mean ± spread over seeds: RoPE \d\.\d\d → \d\.\d\d → \d\.\d\d/);
  assert.match(text, /RoPE's best head puts \d\.\d\d of its attention/);
  // The findings are computed from the runs shown: one seed cannot tell, and the claims are about the
  // sinusoids, which this run did not train.
  assert.match(text, /RoPE at 2L: accuracy \d\.\d\d against 0\.48 for a model right up to L and at chance \(1\/16\) after it, difference [+−]?\d\.\d\d from one seed: one run cannot tell/);
  assert.match(text, /Summary: the three claims the article marks as never tested, against these runs:/);
  assert.match(text, /Not measured on the sinusoids yet \(only RoPE\)/);
  assert.doesNotMatch(text, /NaN|Infinity/);
  // The run measured the engine's speed in this page: the estimate is from it (120 steps per run here).
  const speed = text.match(/the engine trained ([\d,]+) steps a second here, counted for one layer \(1 run at these settings\), so Run takes about ([^ ]+ (?:s|min)) and Run all \(30 runs\) about/);
  assert.ok(speed, text);
  assert.ok(Number(speed[1].replace(/,/g, '')) > 0, `speed ${speed[1]}`);
  const after = await page.screenshot();
  assert.ok(!before.equals(after), 'the view changed once the run arrived');
  await shot(page, 'experiment-run');

  // Save CSV, still from the keyboard: the download is the run's row, its numbers the JSON's doubles.
  found = (await keyTo(page, page.keyboard, 'Save CSV: one row per done run')) >= 0;
  assert.ok(found, 'Save CSV is reachable from Run by the keyboard');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Space')]);
  assert.equal(download.suggestedFilename(), 'posenc_experiment_lookback_L16_results.csv');
  const csv = readFileSync(await download.path(), 'utf8').trim().split('\n');
  assert.equal(csv.length, 3, csv.join('\n'));
  const header = csv[1].split(','), row = csv[2].split(',');
  assert.equal(row.length, header.length);
  const cell = (name) => row[header.indexOf(name)];
  const exported = await page.evaluate(() => window.PosEnc.exportText('results-json'));
  const json = JSON.parse(exported);
  assert.equal(json.runs.length, 1);
  const run = json.runs[0];
  // The run in the export is the engine's text, byte for byte: the text the worker posted, and (ms
  // apart, the run's own time) the text of the same options trained outside the page.
  const delivered = await page.evaluate(() => window.trainResultTexts);
  assert.equal(delivered.length, 1);
  assert.equal(exported, '{"module":"PosEnc Lab","export":"experiment results","runs":[\n' + delivered[0] + ']}\n');
  const outside = engineText(run.config);
  if (outside) {
    assert.equal(delivered[0].replace(/"ms":[^,]*,/, '"ms":0,'), outside.text, `the page's result against ${outside.tool}`);
  } else {
    t.diagnostic('no train_dump built (native or wasm): the export was compared with the worker\'s text only');
  }
  assert.equal(cell('encoding'), run.config.encoding);
  assert.equal(Number(cell('accuracyL')), run.accuracy[0].accuracy);
  assert.equal(Number(cell('accuracy4L')), run.accuracy[2].accuracy);
  assert.equal(Number(cell('finalLoss')), run.loss[run.loss.length - 1].loss);
  assert.equal(cell('ablationBaseL'), '', 'no ablation for rope');
  assert.equal(await page.evaluate(() => window.PosEnc.exportText('results-csv')).then((t) => t.trim()), csv.join('\n'));
  assert.match(await page.evaluate(() => window.PosEnc.describe()), /Runs: 1 done/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('under the strict Content-Security-Policy (serve.py --csp) the worker and its module still train', async () => {
  const strict = await serve(undefined, ['--csp']);
  try {
    const { page, context, errors } = await openPage(browser, strict.url + '?playing=0');
    const r = await page.evaluate(() => window.PosEnc.train({ steps: 10 }).then((x) => x.config.steps, (e) => 'rejected: ' + e.message));
    assert.equal(r, 10);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    strict.close();
  }
});
