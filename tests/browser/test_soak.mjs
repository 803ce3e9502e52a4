// Soak: 10,000 drawn frames (PosEnc.stats().frames) of random state changes through PosEnc.setState
// with the animation on, driven by requestAnimationFrame inside the page (a change every 2nd frame):
// random valid and invalid values for every key, random views, d up to 1024. A fixed-seed generator
// makes a failure reproducible (the seed and the last inputs are printed).
// Checked: no console error or uncaught exception; every number in getState() finite after every
// change; describe() never shows NaN/Infinity (sampled); and no leak. A leak is memory that malloc keeps
// handing out as changes go on, so the soak compares the bytes in use (PosEnc.stats().usedBytes) at the
// same states: a reference pass (every view once at one fixed state) runs after the warm-up (every view
// at d = 1024, the largest n and UI scale 3, so buffers reach their working size), and twice after the
// random changes. Two back-to-back passes must end at the same usedBytes (within REPEAT_SLACK), and the
// pass after the random changes may exceed the one before them only by HIGH_WATER_SLACK: buffers that keep
// their largest capacity (Dear ImGui's draw lists, the views' caches) may have met a heavier state at
// random than in the warm-up. The wasm memory's size (heapBytes) is printed, not checked: it only grows,
// and how far depends on fragmentation (a font atlas rebuilt at a new UI scale needs one large block).
// The frame loop is the page's own: the driver only calls the public API.
// Runtime: about 10,000 / fps at 640x400 (SwiftShader here: about 40 fps, so about 4 minutes). The soak
// waits for its frames; the 12-minute cap only stops a hung page (a busy machine with other builds
// running was seen to need more than 5.5 minutes). Speed is measured in scripts/bench.mjs, not here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, shot } from './harness.mjs';

const FRAMES = Number(process.env.POSENC_SOAK_FRAMES || 10000);
const REPEAT_SLACK = 64 * 1024;       // bytes: two identical passes, back to back
const HIGH_WATER_SLACK = 4 * 1048576;  // bytes: capacities the random states may have raised
const EVERY = 2;  // a state change every 2nd frame
const SEED = Number(process.env.POSENC_SOAK_SEED || 20240607);
const MINUTES = Number(process.env.POSENC_SOAK_MINUTES || 12);  // a cap for a hung page, not a speed budget
let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => { await browser?.close(); server?.close(); });

// Runs in the page: the driver. Resolves when FRAMES frames have been drawn.
function soak({ frames, seed, every }) {
  let x = seed >>> 0;
  const rnd = () => { x = (x + 0x6d2b79f5) >>> 0; let t = x; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const views = window.PosEnc.views().map((v) => v.id);  // the page's lesson registry, in tab order
  const bad = [NaN, Infinity, -Infinity, 1e400, -1e308, 'abc', '', '<script>alert(1)</script>', '%00', 'x'.repeat(300), -1, 0.5, true];
  const logUniform = (lo, hi) => Math.exp(Math.log(lo) + rnd() * (Math.log(hi) - Math.log(lo)));
  const valid = {
    view: () => pick(views),
    d: () => 2 * (1 + Math.floor(rnd() * 512)),                 // even, 2..1024
    base: () => logUniform(1.001, 1e12),
    pos: () => (rnd() < 0.5 ? rnd() * 200 : (rnd() - 0.5) * 2e9),
    k: () => (rnd() < 0.5 ? Math.floor(rnd() * 100) : (rnd() - 0.5) * 2e9),
    speed: () => (rnd() < 0.8 ? rnd() * 50 : rnd() * 10000),
    pair: () => Math.floor(rnd() * 512),                          // may exceed d/2 - 1: then rejected
    n: () => 1 + Math.floor(logUniform(1, 100000)),
    step: () => Math.floor(rnd() * 17),
    scale: () => 1 + rnd() * 2,
    contrast: () => rnd() < 0.5,
    palette: () => pick(['standard', 'colorblind']),
    controls: () => rnd() < 0.7,
  };
  const keys = Object.keys(valid);
  // Warm-up: every view at the widest d and the longest n, so the heap reaches its working size.
  const warm = [];
  for (const view of views) {
    warm.push({ view, d: 1024, n: 100000, pair: 511, pos: 1e9 - 1, k: -1e9, scale: 3, controls: true, contrast: true });
    warm.push({ view, n: 64, scale: 1, controls: false, contrast: false, palette: 'colorblind' });
  }
  // The reference pass: every view once at one fixed state (each view's caches then hold that state's data).
  const reference = views.map((view) => ({ view, d: 64, base: 10000, n: 64, pair: 3, pos: 10, k: 5, step: 0, scale: 1,
                                            controls: true, contrast: false, palette: 'standard', text: 'auto' }));
  // The plan: [name, changes, each change followed by `hold` changes of {} (the view draws meanwhile)].
  const plan = [['warm-up', warm, 7], ['reference 1', reference, 3], ['random', null, 0], ['reference 2', reference, 3],
                ['reference 3', reference, 3]];
  let phase = 0, index = 0;
  const out = { frames: 0, changes: 0, rejected: 0, heap: [], growth: [], used: {}, bad: [], describeChecks: 0, last: [],
                done: false, error: null };
  let heapNow = 0, tick = 0;
  window.__soak = out;
  const numbersFinite = (s) => Object.entries(s).every(([, v]) => typeof v !== 'number' || Number.isFinite(v));
  return new Promise((resolve) => {
    function step() {
      try {
        const stats = window.PosEnc.stats();
        out.frames = stats.frames;
        if (out.heap.length === 0 || stats.frames - out.heap[out.heap.length - 1].frames >= 100) {
          out.heap.push({ frames: stats.frames, bytes: stats.heapBytes });
        }
        if (stats.heapBytes > heapNow) {  // when and after what the heap grew (for the failure message)
          if (heapNow) out.growth.push({ frames: stats.frames, bytes: stats.heapBytes, after: out.last.slice(-2), state: window.PosEnc.getState() });
          heapNow = stats.heapBytes;
        }
        if (tick++ % every) { requestAnimationFrame(step); return; }
        let change;
        const [name, list, hold] = plan[phase];
        if (list) {
          if (index === list.length * (hold + 1)) {  // the phase is over: what malloc holds now
            out.used[name] = stats.usedBytes;
            phase++; index = 0;
            if (phase === plan.length) { out.done = true; resolve(out); return; }
            requestAnimationFrame(step);
            return;
          }
          change = index % (hold + 1) === 0 ? { ...list[index / (hold + 1)] } : {};
          index++;
        } else if (stats.frames >= frames) {
          phase++;
          requestAnimationFrame(step);
          return;
        } else {
          change = {};
          for (let i = 0, m = 1 + Math.floor(rnd() * 4); i < m; i++) {
            const key = rnd() < 0.05 ? pick(['zzz', '__proto__', 'constructor', 'x'.repeat(50)]) : pick(keys);
            change[key] = rnd() < 0.3 || !Object.hasOwn(valid, key) ? pick(bad) : valid[key]();
          }
        }
        change.playing = true;  // the animation stays on (a tour step's preset may pause it otherwise)
        out.last.push(JSON.stringify(change, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)).slice(0, 200));
        if (out.last.length > 5) out.last.shift();
        const r = window.PosEnc.setState(change);
        out.changes++;
        out.rejected += r.rejected.length;
        const s = window.PosEnc.getState();
        if (!numbersFinite(s) || !numbersFinite(r)) out.bad.push('non-finite state: ' + JSON.stringify(s));
        if (out.changes % 10 === 0) {
          const text = window.PosEnc.describe();
          out.describeChecks++;
          if (/NaN|Infinity|\bnan\b|\binf\b/i.test(text)) out.bad.push('describe: ' + text.slice(0, 300));
        }
        if (out.bad.length > 10) { out.done = true; resolve(out); return; }
      } catch (e) {
        out.error = String(e && e.stack || e);
        out.done = true;
        resolve(out);
        return;
      }
      requestAnimationFrame(step);
    }
    requestAnimationFrame(step);
  });
}

test(`soak: ${FRAMES} frames of random setState with the animation on`, { timeout: (MINUTES + 0.5) * 60 * 1000 }, async () => {
  // A small window: SwiftShader's fill rate bounds the frame rate, and the soak is about state, not pixels.
  const { page, context, errors } = await openPage(browser, server.url + '?playing=1&speed=5', { width: 640, height: 400 });
  const ids = await page.evaluate(() => window.PosEnc.views().map((v) => v.id));
  assert.ok(ids.length > 0, 'PosEnc.views() lists the lessons the soak visits');
  const t0 = Date.now();
  page.evaluate(soak, { frames: FRAMES, seed: SEED, every: EVERY }).catch(() => {});
  // Poll (rather than one long evaluate) to log progress and to stop at the time bound.
  let r, logged = 0;
  for (;;) {
    await new Promise((res) => setTimeout(res, 2000));
    r = await page.evaluate(() => { const o = window.__soak; return o && JSON.parse(JSON.stringify(o)); });
    const secs = (Date.now() - t0) / 1000;
    if (r && (r.done || secs > MINUTES * 60)) break;
    if (r && secs - logged >= 30) { logged = secs; console.log(`  ${secs.toFixed(0)} s: ${r.frames} frames, ${r.changes} changes`); }
  }
  const secs = (Date.now() - t0) / 1000;
  const final = await page.evaluate(() => ({ state: window.PosEnc.getState(), describe: window.PosEnc.describe(), stats: window.PosEnc.stats() }));
  await shot(page, 'soak-end');
  const peak = Math.max(...r.heap.map((h) => h.bytes));
  const MB = (b) => (b / 1048576).toFixed(2);
  console.log('heap growth: ' + JSON.stringify(r.growth).slice(0, 1500));
  console.log(`soak (seed ${SEED}): ${r.frames} frames, ${r.changes} setState calls (${r.rejected} rejected fields) in ` +
              `${secs.toFixed(0)} s (${(r.frames / secs).toFixed(0)} fps); wasm memory ${MB(r.heap[0].bytes)} MB at start, ` +
              `${MB(peak)} MB peak; malloc in use after the reference passes: ` +
              Object.entries(r.used).map(([k, v]) => `${k} ${v} bytes`).join(', ') +
              `; frame ms median ${final.stats.frameMsMedian.toFixed(2)}, p95 ${final.stats.frameMsP95.toFixed(2)}`);
  assert.equal(r.error, null, `the driver threw: ${r.error}\nlast inputs: ${r.last.join('\n')}`);
  assert.ok(r.frames >= FRAMES, `reached ${r.frames} of ${FRAMES} frames before the ${MINUTES}-minute cap`);
  assert.deepEqual(r.bad, [], `last inputs: ${r.last.join('\n')}`);
  assert.ok(r.describeChecks >= Math.floor(r.changes / 10), `describe checked ${r.describeChecks} times`);
  assert.ok(r.rejected > 1000, 'invalid values were really sent');
  const used = r.used;
  assert.ok(['reference 1', 'reference 2', 'reference 3'].every((k) => used[k] > 0), JSON.stringify(used));
  assert.ok(Math.abs(used['reference 3'] - used['reference 2']) <= REPEAT_SLACK,
            `the same pass twice left ${used['reference 3'] - used['reference 2']} more bytes in use (a leak per change or frame)`);
  assert.ok(used['reference 2'] - used['reference 1'] <= HIGH_WATER_SLACK,
            `after the random changes the reference pass holds ${used['reference 2'] - used['reference 1']} bytes more than before them`);
  for (const [key, v] of Object.entries(final.state)) if (typeof v === 'number') assert.ok(Number.isFinite(v), `${key} = ${v}`);
  assert.ok(!/NaN|Infinity/.test(final.describe), final.describe);
  assert.equal(final.state.playing, true);
  assert.deepEqual(errors, []);
  await context.close();
});
