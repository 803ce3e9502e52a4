// The experiment's training speed, for scripts/bench.mjs (one section) or on its own:
//
//   (a) the engine in the page: steps/s through the real page API, PosEnc.train({steps}) (its Web Worker
//       and wasm module, build/*/dist/posenc_train.*). result.ms is the run's time from the engine's
//       begin to the end of its last step (the worker's chunking and progress messages included, the
//       evaluation not); the rate from two step counts (fixed costs removed) is kept as a check;
//   (b) TensorFlow.js with its wasm backend, the same model, batch and step, in the same browser
//       (scripts/bench_train_tfjs.mjs; the goal: the engine at least 2x as fast). (a) and (b) alternate
//       in rounds (3; --quick: 1), so that both see the same load on a shared machine; the verdict
//       takes the median of the rounds' ratios. Steps per CPU second (Chromium's own CPU accounting)
//       are shown too: on a loaded machine they move much less than wall-clock rates;
//   (c) the engine natively (train_bench, src/tools/train_bench.cpp);
//   (d) PyTorch on the CPU (Debian's python3-torch), 1 thread and its default count
//       (scripts/bench_train_torch.py);
//   the default run end to end (the first PosEnc.train() of a fresh page: worker and module start-up,
//   300 steps, evaluation; budget 10 s) and "Run all" (5 encodings x seeds 1-3, default task, one after
//   the other through PosEnc.train; budget 60 s).
//
//   import { benchTrain } from './bench_train.mjs';
//   const { rows, json } = await benchTrain({ browser, distUrl, root, quick });   rows: [{item, value, budget, verdict}]
//
//   node scripts/bench_train.mjs [--quick] [--native path/to/train_bench] [DIST]
//     serves DIST ($POSENC_DIST, else build/web/dist) and prints the rows and the JSON.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTfjs, TFJS_PAGE, ENGINE_DEFAULTS } from './bench_train_tfjs.mjs';

const HERE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENCODINGS = ['none', 'sinusoidal', 'learned', 'rope', 'alibi'];
const GOAL_RATIO = 2;         // engine (wasm) / TF.js wasm
const DEFAULT_RUN_BUDGET_S = 10;
const RUN_ALL_BUDGET_S = 60;
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor((s.length - 1) / 2)]; };
const f1 = (x) => x.toFixed(1);

// The engine's parameter count for a config, as Model's constructor lays the tensors out (model.cpp);
// used only when train_dump (which lists the real tensors) is not there.
function engineParamsFormula(c) {
  const d = c.dModel, F = 4 * d, V = c.vocab;
  const layer = 2 * d + 4 * d * d + d + 2 * d + d * F + F + F * d + d;
  return V * d + (c.encoding === 'learned' ? 4 * c.trainLength * d : 0) + c.layers * layer + 2 * d + d * V + V;
}

// train_bench: the path given, else the first build/*/train_bench (native builds only: no .js next to it).
export function findNativeBench(root, given) {
  if (given) return existsSync(given) ? resolve(given) : null;
  const build = join(root, 'build');
  const dirs = ['native', ...(existsSync(build) ? readdirSync(build).sort() : [])];
  for (const d of dirs) {
    const p = join(build, d, 'train_bench');
    if (existsSync(p) && !existsSync(p + '.js')) return p;
  }
  return null;
}

export async function benchTrain({ browser, distUrl, root = HERE_ROOT, quick = false, nativeBench = null,
  python = '/usr/bin/python3', log = () => {} }) {
  const rows = [];
  const row = (item, value, budget = '', verdict = '') => rows.push({ item, value, budget, verdict });
  const json = { quick, loadAverageAtStart: loadavg().map((x) => +x.toFixed(2)), config: { ...ENGINE_DEFAULTS } };
  const N1 = ENGINE_DEFAULTS.steps, N2 = quick ? 800 : 1300, REPS = quick ? 1 : 3;
  const TFJS_STEPS = quick ? 60 : 200, TORCH_STEPS = quick ? 100 : 300;
  const { serve } = await import('../tests/browser/harness.mjs');

  // ---- (a) the engine in the page and the default run; (b) TF.js alternating with it; then Run all ---
  log('engine in the page');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // CPU seconds of all the browser's processes, as Chromium counts them: the runs below keep one thread
  // busy while the rest idles, so the change over a run is that run's CPU time, whatever else the machine
  // is doing (wall time is not, on a shared machine).
  const cpuSeconds = async () => {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    await cdp.detach();
    return processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
  };
  // One run in the page: wall time seen by the page, CPU time, and the result's own fields.
  const run = async (options) => {
    const c0 = await cpuSeconds();
    const r = await page.evaluate(async (o) => {
      const t0 = performance.now();
      const r = await window.PosEnc.train(o);
      return { wallMs: performance.now() - t0, ms: r.ms, steps: r.steps, cancelled: r.cancelled,
        loss: r.loss.at(-1)?.loss, accuracy: r.accuracy.map((a) => a.accuracy) };
    }, options);
    r.cpuMs = 1000 * (await cpuSeconds() - c0);
    return r;
  };
  try {
    await page.goto(distUrl + (distUrl.includes('?') ? '&' : '?') + 'playing=0');
    await page.evaluate(() => window.PosEnc.ready.then(() => true));

    // The default run end to end, first thing on a fresh page: it starts the worker and the module.
    const cold = await run({});
    json.defaultRun = { coldWallMs: cold.wallMs, resultMs: cold.ms, steps: cold.steps, loss: cold.loss, accuracy: cold.accuracy };

    // Rounds: the engine, then a block of TF.js steps, REPS times; each backend's median, and each
    // round's ratio (the two measured seconds apart). The engine's rate is N2 / result.ms of an N2-step
    // run: the engine takes result.ms before the evaluation (train::Service, src/train/service.hpp, times
    // a run from its start to its last step), so it is the training alone, chunking and progress messages
    // included.
    // An N1-step run too, for the rate by difference (fixed costs removed) as a check, in the JSON.
    // Steps per CPU second (the whole browser's CPU time, the evaluation included: a little against the
    // engine) hold up better than wall time when other work shares the machine.
    log('tfjs set-up');
    const server = await serve(root);
    const tfContext = await browser.newContext();
    let tfjs = null;
    try {
      tfjs = await openTfjs(await tfContext.newPage(), { warmup: quick ? 10 : 20 }, { url: server.url + TFJS_PAGE });
    } catch (e) {
      json.tfjs = { error: String(e && e.message || e) };
    }
    const pairs = [], blocks = [];
    try {
      for (let i = 0; i < REPS; i++) {
        log(`round ${i + 1} of ${REPS}`);
        const a = await run({ steps: N1 });
        const b = await run({ steps: N2 });
        pairs.push({ a, b, rate: 1000 * b.steps / b.ms, cpuRate: 1000 * b.steps / b.cpuMs,
          diffRate: 1000 * (b.steps - a.steps) / (b.ms - a.ms), diffWallRate: 1000 * (b.steps - a.steps) / (b.wallMs - a.wallMs) });
        if (tfjs) {
          const c0 = await cpuSeconds();
          const block = await tfjs.time(TFJS_STEPS);
          block.cpuMs = 1000 * (await cpuSeconds() - c0);
          block.cpuRate = 1000 * block.steps / block.cpuMs;
          blocks.push(block);
        }
      }
    } finally {
      await tfjs?.close();
      await tfContext.close();
      server.close();
    }
    json.engineWasm = { stepsPerSecond: median(pairs.map((p) => p.rate)), stepsPerCpuSecond: median(pairs.map((p) => p.cpuRate)),
      stepsPerSecondByDifference: median(pairs.map((p) => p.diffRate)), stepsPerSecondByDifferenceWall: median(pairs.map((p) => p.diffWallRate)),
      steps: [N1, N2], reps: REPS,
      warmDefaultWallMs: median(pairs.map((p) => p.a.wallMs)), warmDefaultResultMs: median(pairs.map((p) => p.a.ms)),
      evaluationMs: median(pairs.map((p) => p.b.wallMs - p.b.ms)), runs: pairs };
    if (tfjs) {
      const last = blocks.at(-1);
      json.tfjs = { ...tfjs.info, stepsPerSecond: median(blocks.map((x) => x.stepsPerSecond)),
        stepsPerCpuSecond: median(blocks.map((x) => x.cpuRate)), stepsPerBlock: TFJS_STEPS,
        lossFirst: last.lossFirst, lossLast: last.lossLast, stepsDone: last.stepsDone,
        leakedTensors: blocks.reduce((n, x) => n + x.leakedTensors, 0), blocks };
      json.roundRatios = pairs.map((p, i) => p.rate / blocks[i].stepsPerSecond);
      json.roundRatiosCpu = pairs.map((p, i) => p.cpuRate / blocks[i].cpuRate);
    }

    // The browser's CPU use while nothing runs (both pages open, idle), for reading the CPU rates.
    const i0 = await cpuSeconds(), w0 = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    json.idleBrowserCpuPerSecond = (await cpuSeconds() - i0) / ((Date.now() - w0) / 1000);

    log('run all');
    const t0 = Date.now();
    const all = [];
    for (const encoding of ENCODINGS)
      for (const seed of [1, 2, 3]) {
        const r = await run({ encoding, seed });
        all.push({ encoding, seed, wallMs: Math.round(r.wallMs), accuracy: r.accuracy });
      }
    json.runAll = { ms: Date.now() - t0, runs: all };
  } catch (e) {
    json.engineError = String(e && e.message || e).split('\n')[0];
  } finally {
    json.pageErrors = errors;
    await context.close();
  }

  // ---- (c) the engine natively ------------------------------------------------------------------------
  const bench = findNativeBench(root, nativeBench);
  if (bench) {
    log('native');
    try {
      // Through python3 for the child's CPU time (rusage): the process's steps/s scaled by its wall/CPU
      // ratio approximates steps per CPU second (train_bench times its steps by the wall clock).
      const wrap = 'import resource,subprocess,sys,time\n' +
        't=time.perf_counter();r=subprocess.run(sys.argv[1:],capture_output=True,text=True,check=True)\n' +
        'w=time.perf_counter()-t;u=resource.getrusage(resource.RUSAGE_CHILDREN)\n' +
        'print(r.stdout.strip());print(w,u.ru_utime+u.ru_stime)';
      const [line, times] = execFileSync('/usr/bin/python3', ['-c', wrap, bench], { encoding: 'utf8' }).trim().split('\n');
      json.native = JSON.parse(line);
      const [wall, cpu] = times.split(' ').map(Number);
      Object.assign(json.native, { wallS: wall, cpuS: cpu, stepsPerCpuSecondApprox: json.native.stepsPerSecond * wall / cpu });
      json.native.path = bench;
      const dump = join(dirname(bench), 'train_dump');
      if (existsSync(dump)) {
        const d = JSON.parse(execFileSync(dump, ['grad'], { encoding: 'utf8', maxBuffer: 1 << 26 }));
        json.native.params = d.tensors.reduce((a, t) => a + t.rows * t.cols, 0);
      }
    } catch (e) {
      json.native = { error: String(e && e.message || e), path: bench };
    }
  } else json.native = { skipped: 'no native train_bench (scripts/build.sh native builds build/native/train_bench)' };

  // ---- (d) PyTorch ------------------------------------------------------------------------------------
  {
    log('torch');
    const r = spawnSync(python, [join(root, 'scripts', 'bench_train_torch.py'), '--steps', String(TORCH_STEPS),
      '--warmup', '20', '--threads', '1,0'], { encoding: 'utf8' });
    if (r.status === 0) json.torch = JSON.parse(r.stdout);
    else if (r.status === 77) json.torch = { skipped: 'PyTorch is not installed for ' + python + ' (apt-get install python3-torch)' };
    else json.torch = { error: `exit ${r.status}: ${(r.stderr || String(r.error || '')).trim().split('\n').at(-1)}` };
  }

  // ---- rows -------------------------------------------------------------------------------------------
  const eng = json.engineWasm?.stepsPerSecond, tf = json.tfjs ?? { error: 'not reached: ' + json.engineError };
  const cfgText = `${json.config.encoding}, d ${json.config.dModel}, ${json.config.layers} layer, ${json.config.heads} heads, batch ${json.config.batch} x ${json.config.trainLength}`;
  row(`engine, wasm in the page (PosEnc.train; ${cfgText})`, eng ? `${f1(eng)} steps/s` : 'failed: ' + json.engineError);
  if (tf.stepsPerSecond && eng) {
    const kind = `${tf.simd ? 'SIMD' : 'no SIMD'}, ${tf.threads} thread${tf.threads === 1 ? '' : 's'}`;
    row(`TF.js ${tf.tfjs} wasm (${kind}), same model and step`, `${f1(tf.stepsPerSecond)} steps/s`);
    // The verdict's ratio: the median of the rounds' ratios (each pairs measurements seconds apart).
    const ratio = median(json.roundRatios), cpuRatio = median(json.roundRatiosCpu);
    json.ratioWasm = ratio;
    json.ratioWasmCpu = cpuRatio;
    const spread = (rr) => rr.length > 1 ? ` (${Math.min(...rr).toFixed(2)}-${Math.max(...rr).toFixed(2)})` : '';
    row(`engine wasm / TF.js wasm, steps/s${json.roundRatios.length > 1 ? ', median of rounds' : ''}`,
      ratio.toFixed(2) + 'x' + spread(json.roundRatios), `>= ${GOAL_RATIO}x`, ratio >= GOAL_RATIO ? 'met' : 'NOT MET');
    row(`engine wasm / TF.js wasm, steps per CPU second (${f1(json.engineWasm.stepsPerCpuSecond)} / ${f1(tf.stepsPerCpuSecond)})`,
      cpuRatio.toFixed(2) + 'x' + spread(json.roundRatiosCpu), `>= ${GOAL_RATIO}x`, cpuRatio >= GOAL_RATIO ? 'met' : 'NOT MET');
  } else row('engine wasm / TF.js wasm', 'failed: ' + (tf.error || json.engineError), `>= ${GOAL_RATIO}x`, 'NOT MET');
  const nat = json.native;
  if (nat.stepsPerSecond) row('engine, native (train_bench)', `${f1(nat.stepsPerSecond)} steps/s`);
  else row('engine, native (train_bench)', nat.skipped || 'failed: ' + nat.error);
  const th = json.torch;
  if (th.runs) {
    for (const r of th.runs)
      row(`PyTorch ${th.torch} CPU, ${r.label === 'default' ? `default threads (${r.threads})` : `${r.threads} thread`}`, `${f1(r.stepsPerSecond)} steps/s`);
    if (nat.stepsPerSecond)
      for (const r of th.runs) {
        const ratio = nat.stepsPerSecond / r.stepsPerSecond;
        const cpu = nat.stepsPerCpuSecondApprox && r.stepsPerCpuSecond ? nat.stepsPerCpuSecondApprox / r.stepsPerCpuSecond : null;
        (json.ratioNative ??= {})[r.label] = ratio;
        if (cpu) (json.ratioNativeCpu ??= {})[r.label] = cpu;
        row(`engine native / PyTorch (${r.label === 'default' ? `default, ${r.threads}` : r.threads} thread${r.threads === 1 ? '' : 's'}): steps/s (per CPU second)`,
          ratio.toFixed(2) + 'x' + (cpu ? ` (~${cpu.toFixed(2)}x)` : ''));
      }
  } else row('PyTorch CPU', th.skipped || 'failed: ' + th.error);
  const counts = { engine: nat.params ?? engineParamsFormula(json.config), tfjs: tf.params, torch: th.params };
  json.params = counts;
  const known = Object.values(counts).filter((x) => x !== undefined);
  row(`parameters: engine${nat.params ? '' : ' (by formula: no train_dump)'} / TF.js / PyTorch`,
    `${counts.engine} / ${counts.tfjs ?? '-'} / ${counts.torch ?? '-'}`, 'equal',
    known.length < 2 ? '' : known.every((x) => x === counts.engine) ? 'met' : 'NOT MET');
  if (tf.lossFirst !== undefined)
    row(`TF.js training loss: first step / last 20 of ${tf.stepsDone}`, `${tf.lossFirst.toFixed(3)} / ${tf.lossLast.toFixed(3)}`,
      `from ~ln ${json.config.vocab} = ${tf.lnVocab.toFixed(2)}, falling`, tf.lossLast < 0.5 * tf.lossFirst ? 'met' : 'NOT MET');
  const budgetRow = (item, seconds, digits, budget) => row(item, seconds === undefined ? 'failed: ' + json.engineError
    : seconds.toFixed(digits) + ' s', `<= ${budget} s`, seconds !== undefined && seconds <= budget ? 'met' : 'NOT MET');
  budgetRow(`default run end to end (fresh page: worker start, ${N1} steps, evaluation)`,
    json.defaultRun && json.defaultRun.coldWallMs / 1000, 2, DEFAULT_RUN_BUDGET_S);
  budgetRow('run all (5 encodings x 3 seeds, default task, sequential)', json.runAll && json.runAll.ms / 1000, 1, RUN_ALL_BUDGET_S);
  json.loadAverageAtEnd = loadavg().map((x) => +x.toFixed(2));
  return { rows, json };
}

// ---- standalone ---------------------------------------------------------------------------------------
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const ni = args.indexOf('--native');
  const nativeBench = ni >= 0 ? args[ni + 1] : null;
  const positional = args.filter((a, i) => !a.startsWith('--') && !(ni >= 0 && i === ni + 1));
  const dist = resolve(positional[0] || process.env.POSENC_DIST || join(HERE_ROOT, 'build', 'web', 'dist'));
  if (!existsSync(join(dist, 'posenc_train.wasm'))) {
    console.error(`no posenc_train.wasm in ${dist}: build the page (scripts/build.sh page) or pass its dist folder`);
    process.exit(2);
  }
  const { serve, launch } = await import('../tests/browser/harness.mjs');
  const server = await serve(dist);
  const browser = await launch();
  let result;
  try {
    result = await benchTrain({ browser, distUrl: server.url, root: HERE_ROOT, quick, nativeBench,
      log: (m) => console.error('bench_train: ' + m) });
  } finally {
    await browser.close();
    server.close();
  }
  const { rows, json } = result;
  const w = [Math.max(...rows.map((r) => r.item.length)), 20, 22, 8];
  const line = (c) => c.map((x, j) => String(x).padEnd(w[j])).join('  ');
  console.log(line(['measurement', 'value', 'budget', 'verdict']));
  console.log(w.map((n) => '-'.repeat(n)).join('  '));
  for (const r of rows) console.log(line([r.item, r.value, r.budget, r.verdict]));
  console.log('\n' + JSON.stringify(json));
}
