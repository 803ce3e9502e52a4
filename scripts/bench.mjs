// PosEnc Lab benchmark: download size, time to first frame, frame cost per view, compute against a
// plain-JavaScript baseline (and native), idle cost of paused embeds, heap growth. Prints a table and
// writes artifacts/bench.json. Not a test: it reports numbers and budgets, it does not fail on them.
//   node scripts/bench.mjs [--quick]      (after scripts/build.sh; scripts/bench.sh does both)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve, launch, DIST, ROOT } from '../tests/browser/harness.mjs';

const QUICK = process.argv.includes('--quick');
const out = { when: new Date().toISOString(), quick: QUICK };
const rows = [];
const row = (section, item, value, budget = '', verdict = '') => rows.push({ section, item, value, budget, verdict });
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor((s.length - 1) / 2)]; };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const kb = (b) => (b / 1024).toFixed(1) + ' KB';

// ---- 1. download size -------------------------------------------------------------------------
function sizes(dir, files) {
  let raw = 0, gz = 0;
  for (const f of files) {
    const buf = readFileSync(join(dir, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { raw, gz };
}
const pageFiles = ['index.html', 'posenc.css', 'favicon.svg', 'posenc.js', 'posenc_app.js', 'posenc_app.wasm'];
const page = sizes(DIST, pageFiles);
out.size = { page };
row('size', 'normal page, raw', kb(page.raw));
row('size', 'normal page, gzip -9', kb(page.gz), '< 300 KB', page.gz < 300 * 1024 ? 'met' : 'OVER');
const single = join(ROOT, 'build', 'web', 'single', 'posenc-lab.html');
if (existsSync(single)) {
  const s = sizes(join(ROOT, 'build', 'web', 'single'), ['posenc-lab.html']);
  out.size.single = s;
  row('size', 'single-file build, raw', kb(s.raw));
  row('size', 'single-file build, gzip -9', kb(s.gz));
}

const server = await serve();
const browser = await launch();
const api = (p, fn, ...args) => p.evaluate(([f, a]) => window.PosEnc[f](...a), [fn, args]);

async function open(query = '', viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const p = await context.newPage();
  await p.goto(server.url + query);
  await p.evaluate(() => window.PosEnc.ready.then(() => true));
  return { p, context };
}

// ---- 2. time to first frame -------------------------------------------------------------------
{
  const times = [];
  for (let i = 0; i < (QUICK ? 3 : 10); i++) {
    const { p, context } = await open('?playing=0');  // a new context each time: an empty cache
    times.push(await p.evaluate(() => window.PosEnc.timing.firstFrameMs));
    await context.close();
  }
  out.firstFrameMs = { median: median(times), all: times };
  row('load', `time to first frame, median of ${times.length} cold loads`, median(times).toFixed(0) + ' ms');
}

// ---- 3. frame cost per view at its heaviest settings -------------------------------------------
// The views come from the page's lesson registry (PosEnc.views()), in tab order; this table only
// holds each view's heavy settings. A view the table does not know (a lesson added later) is still
// measured, at HEAVY_DEFAULT, and its row says so: the benchmark is a report that runs for minutes,
// so a missing entry should not throw that work away, but it must not go unnoticed either. An entry
// that names no registered view (a lesson renamed or removed) is an error: its settings would
// otherwise silently stop being measured.
const HEAVY = {
  clock: { d: 1024 }, order: {}, input: { d: 1024 }, formula: { d: 1024 },
  heatmap: { d: 4096 }, waves: { d: 1024, n: 1024 }, periods: { d: 1024 }, counter: { d: 1024 },
  ranges: { d: 1024, n: 100000 }, similarity: { d: 1024 }, symmetry: { d: 1024 }, learned: { d: 1024 },
  adding: { d: 1024 }, embedding: { d: 1024 }, projections: { d: 1024 }, rope: { d: 1024 },
  rope_practice: { d: 1024 }, gotcha: { d: 1024 }, precision: { d: 1024 },
};
const HEAVY_DEFAULT = { d: 1024 };  // what most views find heavy: the widest d the lessons are meant for
let viewIds = [];                   // PosEnc.views() ids, in tab order (also used by section 6)
{
  const { p, context } = await open('?playing=0');
  viewIds = (await api(p, 'views')).map((v) => v.id);
  if (!viewIds.length) throw new Error('PosEnc.views() is empty: nothing to measure');
  const stale = Object.keys(HEAVY).filter((v) => !viewIds.includes(v));
  if (stale.length) throw new Error(`scripts/bench.mjs HEAVY names views the page does not register: ${stale.join(', ')}`);
  const unknown = viewIds.filter((v) => !Object.hasOwn(HEAVY, v));
  if (unknown.length) console.warn(`bench: no heavy settings for ${unknown.join(', ')}; measured at ${JSON.stringify(HEAVY_DEFAULT)} (add them to HEAVY)`);
  out.frames = {};
  const frames = QUICK ? 120 : 300;
  for (const view of viewIds) {
    const known = Object.hasOwn(HEAVY, view);
    const extra = known ? HEAVY[view] : HEAVY_DEFAULT;
    await api(p, 'setState', { view, playing: true, speed: 3, pos: 0, k: 37, ...extra });
    if (view === 'heatmap') await p.evaluate(() => window.PosEnc._heatmapWindow({ pos0: 0, positions: 100000, dim0: 0, dims: 4096 }));
    if (view === 'similarity') await p.evaluate(() => window.PosEnc._similarityKmax(10000));
    await sleep(500);  // let one-off table builds for the new settings pass
    await p.evaluate(() => window.PosEnc.resetStats());
    const start = (await api(p, 'stats')).frames;
    while ((await api(p, 'stats')).frames - start < frames) await sleep(250);
    const s = await api(p, 'stats');
    out.frames[view] = s;
    row('frame', `${view} (${JSON.stringify(extra).replace(/"/g, '')}${known ? '' : ', default heavy setting'}), median / p95`,
      `${s.frameMsMedian.toFixed(2)} / ${s.frameMsP95.toFixed(2)} ms`, 'median < 4 ms', s.frameMsMedian < 4 ? 'met' : 'OVER');
  }
  await context.close();
}

// ---- 4. compute: encoding table d = 512, 65,536 positions -------------------------------------
{
  const n = QUICK ? 8192 : 65536, d = 512;
  const { p, context } = await open('?playing=0');
  const r = await p.evaluate(([n, d]) => {
    const best = (f) => { let t = Infinity, v; for (let i = 0; i < 3; i++) { const t0 = performance.now(); v = f(); t = Math.min(t, performance.now() - t0); } return [t, v]; };
    // A straightforward JavaScript table, as a typical visualisation would compute it.
    const jsTable = () => {
      const out = new Float64Array(n * d);
      for (let p = 0; p < n; p++) for (let i = 0; i < d / 2; i++) {
        const a = p / Math.pow(10000, (2 * i) / d);
        out[p * d + 2 * i] = Math.sin(a);
        out[p * d + 2 * i + 1] = Math.cos(a);
      }
      return out;
    };
    const [tJs, js] = best(jsTable);
    const [tDirect, direct] = best(() => window.PosEnc._tableDirect(n, d));
    const [tFast, fast] = best(() => window.PosEnc.table(n, d));
    let worst = 0, worstJs = 0;
    for (let j = 0; j < fast.length; j++) {
      worst = Math.max(worst, Math.abs(fast[j] - direct[j]));
      worstJs = Math.max(worstJs, Math.abs(js[j] - direct[j]));
    }
    return { tJs, tDirect, tFast, worst, worstJs };
  }, [n, d]);
  await context.close();
  let native = null;
  try { native = JSON.parse(execFileSync(join(ROOT, 'build', 'native', 'posenc_bench_native'), [String(n), String(d)]).toString()); } catch { /* no native build */ }
  out.compute = { n, d, ...r, native };
  const label = `table d=${d} x ${n} positions`;
  row('compute', `${label}: JavaScript Math.sin/cos (baseline)`, r.tJs.toFixed(1) + ' ms', '', '1.00x');
  row('compute', `${label}: wasm, direct sin/cos`, r.tDirect.toFixed(1) + ' ms', '', (r.tJs / r.tDirect).toFixed(2) + 'x');
  row('compute', `${label}: wasm, rotation recurrence (PosEnc.table)`, r.tFast.toFixed(1) + ' ms', 'faster than both',
    r.tFast < r.tDirect && r.tFast < r.tJs ? (r.tJs / r.tFast).toFixed(2) + 'x' : 'NOT faster');
  row('compute', 'recurrence worst |error| vs direct', r.worst.toExponential(2), '< 2e-11', r.worst < 2e-11 ? 'met' : 'OVER');
  if (native) {
    row('compute', `${label}: native, direct`, native.direct_ms.toFixed(1) + ' ms', '', (r.tJs / native.direct_ms).toFixed(2) + 'x');
    row('compute', `${label}: native, recurrence`, native.recurrence_ms.toFixed(1) + ' ms', '', (r.tJs / native.recurrence_ms).toFixed(2) + 'x');
  }
}

// ---- 5. idle cost: four paused embeds ------------------------------------------------------------
// CPU time of all the browser's processes (renderers, GPU, browser), as Chromium itself counts it.
async function cpuSeconds() {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  return processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
}
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await context.newPage();
  const src = (v) => `${server.url}?embed=1&playing=0&view=${v}`;
  await p.setContent(`<body style="margin:0;display:grid;grid-template-columns:1fr 1fr">${
    ['clock', 'heatmap', 'similarity', 'waves'].map((v) => `<iframe src="${src(v)}" style="width:630px;height:440px;border:0"></iframe>`).join('')}</body>`);
  await sleep(500);
  const frames = p.frames().filter((f) => f !== p.mainFrame());
  for (const f of frames) await f.evaluate(() => window.PosEnc.ready.then(() => true));
  await sleep(2000);
  const before = await Promise.all(frames.map((f) => f.evaluate(() => window.PosEnc.stats().frames)));
  const cpu0 = await cpuSeconds();
  await sleep(QUICK ? 3000 : 10000);
  const cpu1 = await cpuSeconds();
  const after = await Promise.all(frames.map((f) => f.evaluate(() => window.PosEnc.stats().frames)));
  const drawn = after.reduce((s, v, i) => s + v - before[i], 0);
  out.idle = { seconds: QUICK ? 3 : 10, framesDrawn: drawn, cpuSeconds: cpu1 - cpu0 };
  row('idle', `4 paused embeds, ${out.idle.seconds} s: frames drawn`, String(drawn), '0', drawn === 0 ? 'met' : 'OVER');
  row('idle', `4 paused embeds, ${out.idle.seconds} s: browser CPU time`, (cpu1 - cpu0).toFixed(2) + ' s');
  await context.close();
}

// ---- 6. memory: heap after animation with state changes ------------------------------------------
{
  const { p, context } = await open('?playing=1&speed=20');
  await sleep(1000);
  const h1 = (await api(p, 'stats')).heapBytes;
  const views = viewIds.filter((v) => v !== 'heatmap' && v !== 'ranges');
  const total = QUICK ? 20000 : 120000;
  const t0 = Date.now();
  let i = 0;
  while (Date.now() - t0 < total) {
    await api(p, 'setState', { view: views[i % views.length], d: [64, 256, 512][i % 3], k: i % 50, playing: true });
    i++;
    await sleep(400);
  }
  const h2 = (await api(p, 'stats')).heapBytes;
  out.memory = { afterFirstSecond: h1, afterAnimation: h2, seconds: total / 1000, stateChanges: i };
  row('memory', `wasm heap after 1 s / after ${total / 1000} s, ${i} state changes`, `${kb(h1)} / ${kb(h2)}`, 'no growth', h2 <= h1 ? 'met' : 'GREW');
  await context.close();
}

await browser.close();
server.close();

// ---- report ------------------------------------------------------------------------------------
const w = [10, Math.max(...rows.map((r) => r.item.length)), 18, 18, 10];
const line = (c) => c.map((x, j) => String(x).padEnd(w[j])).join('  ');
console.log(line(['section', 'measurement', 'value', 'budget', 'verdict']));
console.log(w.map((n) => '-'.repeat(n)).join('  '));
for (const r of rows) console.log(line([r.section, r.item, r.value, r.budget, r.verdict]));
mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
writeFileSync(join(ROOT, 'artifacts', 'bench.json'), JSON.stringify({ ...out, rows }, null, 2));
console.log('\nwritten: artifacts/bench.json');
