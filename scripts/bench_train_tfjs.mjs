// The experiment's model trained by TensorFlow.js with its wasm backend, for scripts/bench_train.mjs: the
// baseline the engine's in-page speed is compared with. TensorFlow.js is an npm module of the benchmark
// only (scripts/node-deps.json, installed in .cache/node): the bench page scripts/bench_train/tfjs.html
// loads it, served from the repository root; the PosEnc Lab page never does.
//
//   tfjsStepsPerSecond(page, cfg, {url}) -> {stepsPerSecond, ms, params, simd, threads, wasmFile, ...}
//   openTfjs(page, cfg, {url}) -> {info, time(steps), close()}: set up once, time several blocks
//     page: a Playwright page (it is navigated to the bench page), or null: then a server for the
//     repository root and a browser are started here and closed at the end.
//     url: the bench page's URL when the caller serves the repository root (else a server is started).
//     cfg: the engine's config keys (defaults: src/train/config.hpp) plus steps (timed) and warmup.
//   node scripts/bench_train_tfjs.mjs [--quick] [key=value ...]   prints the result as JSON
//
// The model is the engine's (src/train/model.hpp): pre-LayerNorm decoder, no bias on Wq/Wk/Wv (their three
// matrices are one [d][3d] variable, one matMul: the same parameters and FLOPs, fewer kernel calls), bias
// on Wo, MLP 4 x dModel with GELU's tanh form, causal attention with the config's encoding (rope: pairs
// (2i, 2i+1) of every head turned by t w_i on q and k: q cos + (q R) sin with R the pair swap
// (x0, x1) -> (-x1, x0) as a [d][d] matrix: more arithmetic than the engine's rotation but fewer kernels,
// which is what a step costs here; cfg.ropeVia = 'slice' does it with split/concat instead: same losses,
// ~15% slower measured, so not the default), final LayerNorm, output layer with bias, softmax
// cross-entropy averaged over the masked positions. The token embedding is a one-hot matMul (the wasm
// backend has no UnsortedSegmentSum kernel, which gather's gradient needs; [N][V] x [V][d], small). A step: a fresh batch of the
// task (made in JavaScript) + forward + backward (tf.variableGrads) + global-norm clipping at 1 + Adam
// (lr from the config, betas 0.9/0.999, eps 1e-8), as Trainer::step(). The loss is read every step
// (dataSync), as the engine returns it; on the wasm backend every kernel runs synchronously anyway.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const TFJS_PAGE = 'scripts/bench_train/tfjs.html';
export const TFJS_WASM_DIR = '.cache/node/node_modules/@tensorflow/tfjs-backend-wasm/dist/';
export const ENGINE_DEFAULTS = { task: 'lookback', k: 3, encoding: 'rope', seed: 1, trainLength: 16, steps: 300,
  dModel: 32, layers: 1, heads: 2, lr: 3e-3, batch: 16, vocab: 16 };

// Runs inside the bench page (serialised by page.evaluate): everything it needs is in here.
async function pageSide(cfg) {
  const tf = window.tf;
  tf.wasm.setWasmPaths(cfg.wasmPath);
  if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend did not initialise');
  await tf.ready();
  const out = { backend: tf.getBackend(), tfjs: tf.version.tfjs,
    simd: await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT'),
    multithreadSupported: await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT'),
    threads: tf.wasm.getThreadsCount(), crossOriginIsolated: self.crossOriginIsolated };
  out.wasmFile = performance.getEntriesByType('resource').map((e) => e.name.split('/').pop())
    .filter((n) => n.endsWith('.wasm')).join(', ');

  const V = cfg.vocab, d = cfg.dModel, H = cfg.heads, nl = cfg.layers, T = cfg.trainLength, B = cfg.batch;
  const dh = d / H, Fw = 4 * d, N = B * T, Tmax = 4 * T, enc = cfg.encoding, base = 10000, eps = 1e-5;
  let s = cfg.seed >>> 0;  // mulberry32
  const rnd = () => { s = (s + 0x6D2B79F5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const uni = (shape, a, name) => {
    const n = shape.reduce((x, y) => x * y, 1), v = new Float32Array(n);
    for (let i = 0; i < n; i++) v[i] = (2 * rnd() - 1) * a;
    return tf.variable(tf.tensor(v, shape), true, name);
  };
  const fill = (n, c, name) => tf.variable(tf.fill([n], c), true, name);

  const P = {};
  P.tok_emb = uni([V, d], Math.sqrt(3 / d), 'tok_emb');
  if (enc === 'learned') P.pos_emb = uni([Tmax, d], Math.sqrt(3 / d), 'pos_emb');
  const L = [];
  for (let l = 0; l < nl; l++) {
    const p = (n) => `l${l}.${n}`;
    L.push({ ln1_g: fill(d, 1, p('ln1_g')), ln1_b: fill(d, 0, p('ln1_b')),
      wqkv: uni([d, 3 * d], 1 / Math.sqrt(d), p('wqkv')), wo: uni([d, d], 1 / Math.sqrt(d), p('wo')),
      bo: fill(d, 0, p('bo')), ln2_g: fill(d, 1, p('ln2_g')), ln2_b: fill(d, 0, p('ln2_b')),
      w1: uni([d, Fw], 1 / Math.sqrt(d), p('w1')), b1: fill(Fw, 0, p('b1')),
      w2: uni([Fw, d], 1 / Math.sqrt(Fw), p('w2')), b2: fill(d, 0, p('b2')) });
  }
  P.lnf_g = fill(d, 1, 'lnf_g'); P.lnf_b = fill(d, 0, 'lnf_b');
  P.wout = uni([d, V], 1 / Math.sqrt(d), 'wout'); P.bout = fill(V, 0, 'bout');
  const vars = [...Object.values(P), ...L.flatMap((o) => Object.values(o))];
  out.params = vars.reduce((a, v) => a + v.size, 0);

  // Constants: the causal mask (+ ALiBi's m_h (s - t)) as an additive [H][T][T] bias; rope's cos/sin per
  // column of q or k ([T][d], every head) and the pair swap (x0, x1) -> (-x1, x0) as a [d][d] matrix;
  // the sinusoidal table.
  const slopes = new Float32Array(H);
  if (enc === 'alibi') {
    const pow2 = (n) => { const st = 2 ** (-(2 ** -(Math.log2(n) - 3))); return Array.from({ length: n }, (_, i) => st * st ** i); };
    const sl = (n) => { if (Number.isInteger(Math.log2(n))) return pow2(n);
      const p2 = 2 ** Math.floor(Math.log2(n)); return [...pow2(p2), ...sl(2 * p2).filter((_, i) => i % 2 === 0).slice(0, n - p2)]; };
    slopes.set(sl(H));
  }
  const bias = new Float32Array(H * T * T);
  for (let h = 0; h < H; h++)
    for (let t = 0; t < T; t++)
      for (let u = 0; u < T; u++) bias[(h * T + t) * T + u] = u <= t ? slopes[h] * (u - t) : -1e9;
  const attBias = tf.tensor(bias, [1, H, T, T]);
  let ropeC = null, ropeS = null, ropeR = null, pe = null;
  if (enc === 'rope') {
    const c = new Float32Array(T * d), sn = new Float32Array(T * d), r = new Float32Array(d * d);
    for (let t = 0; t < T; t++)
      for (let h0 = 0; h0 < d; h0 += dh)
        for (let i = 0; i < dh / 2; i++) {
          const a = t * base ** (-2 * i / dh);
          c[t * d + h0 + 2 * i] = c[t * d + h0 + 2 * i + 1] = Math.cos(a);
          sn[t * d + h0 + 2 * i] = sn[t * d + h0 + 2 * i + 1] = Math.sin(a);
        }
    for (let i = 0; i < d; i += 2) { r[(i + 1) * d + i] = -1; r[i * d + i + 1] = 1; }
    ropeC = tf.tensor(c, [1, T, d]); ropeS = tf.tensor(sn, [1, T, d]); ropeR = tf.tensor(r, [d, d]);
  }
  if (enc === 'sinusoidal') {
    const v = new Float32Array(T * d);
    for (let t = 0; t < T; t++)
      for (let i = 0; i < d / 2; i++) {
        const a = t * base ** (-2 * i / d);
        v[t * d + 2 * i] = Math.sin(a); v[t * d + 2 * i + 1] = Math.cos(a);
      }
    pe = tf.tensor(v, [1, T, d]);
  }

  const ln = (x, g, b) => {  // over the last axis
    const { mean, variance } = tf.moments(x, -1, true);
    return x.sub(mean).mul(tf.rsqrt(variance.add(eps))).mul(g).add(b);
  };
  const gelu = (u) => u.mul(0.5).mul(tf.tanh(u.add(u.mul(u).mul(u).mul(0.044715)).mul(0.7978845608028654)).add(1));
  const ropeHalfC = ropeC && ropeC.reshape([1, T, d / 2, 2]).slice([0, 0, 0, 0], [1, T, d / 2, 1]);
  const ropeHalfS = ropeS && ropeS.reshape([1, T, d / 2, 2]).slice([0, 0, 0, 0], [1, T, d / 2, 1]);
  const rope = cfg.ropeVia === 'slice' ? (z) => {
    const [x0, x1] = tf.split(z.reshape([B, T, d / 2, 2]), 2, 3);
    return tf.concat([x0.mul(ropeHalfC).sub(x1.mul(ropeHalfS)), x0.mul(ropeHalfS).add(x1.mul(ropeHalfC))], 3).reshape([B, T, d]);
  } : (z) => z.mul(ropeC).add(tf.matMul(z.reshape([N, d]), ropeR).reshape([B, T, d]).mul(ropeS));
  const heads = (z) => z.reshape([B, T, H, dh]).transpose([0, 2, 1, 3]);  // B, H, T, dh

  function lossOf(oneHotTok, oneHotTgt, mask, masked) {
    let x = tf.matMul(oneHotTok, P.tok_emb).reshape([B, T, d]);
    if (enc === 'sinusoidal') x = x.mul(Math.sqrt(d)).add(pe);
    else if (enc === 'learned') x = x.add(P.pos_emb.slice([0, 0], [T, d]));
    for (const o of L) {
      const h = ln(x, o.ln1_g, o.ln1_b).reshape([N, d]);
      let [q, k, v] = tf.split(tf.matMul(h, o.wqkv), 3, 1).map((z) => z.reshape([B, T, d]));
      if (enc === 'rope') { q = rope(q); k = rope(k); }
      const sc = tf.matMul(heads(q), heads(k), false, true).mul(1 / Math.sqrt(dh)).add(attBias);
      const att = tf.matMul(tf.softmax(sc), heads(v)).transpose([0, 2, 1, 3]).reshape([N, d]);
      x = x.add(tf.matMul(att, o.wo).add(o.bo).reshape([B, T, d]));
      const h2 = ln(x, o.ln2_g, o.ln2_b).reshape([N, d]);
      x = x.add(tf.matMul(gelu(tf.matMul(h2, o.w1).add(o.b1)), o.w2).add(o.b2).reshape([B, T, d]));
    }
    const logits = tf.matMul(ln(x, P.lnf_g, P.lnf_b).reshape([N, d]), P.wout).add(P.bout);
    const nll = tf.neg(tf.sum(tf.logSoftmax(logits).mul(oneHotTgt), -1));
    return tf.sum(nll.mul(mask)).div(masked);
  }

  // A batch of the task (src/train/tasks.hpp) as one-hot tokens, one-hot targets and the mask.
  const tokBuf = new Int32Array(N);
  function batch() {
    const oh = new Float32Array(N * V), ot = new Float32Array(N * V), m = new Float32Array(N);
    let masked = 0;
    for (let b = 0; b < B; b++) {
      const x = tokBuf.subarray(b * T, b * T + T);
      const fresh = cfg.task === 'copy' ? T / 2 : T;
      for (let t = 0; t < fresh; t++) x[t] = Math.floor(rnd() * V);
      for (let t = fresh; t < T; t++) x[t] = x[t - T / 2];
      for (let t = 0; t < T; t++) {
        let y = -1;
        if (cfg.task === 'lookback') { if (t >= cfg.k) y = x[t - cfg.k]; }
        else if (cfg.task === 'first') { if (t >= 1) y = x[0]; }
        else if (t >= T / 2 - 1 && t + 1 < T) y = x[t + 1];
        const i = b * T + t;
        oh[i * V + x[t]] = 1;
        if (y >= 0) { ot[i * V + y] = 1; m[i] = 1; masked++; }
      }
    }
    return [tf.tensor(oh, [N, V]), tf.tensor(ot, [N, V]), tf.tensor(m, [N]), masked];
  }

  const opt = tf.train.adam(cfg.lr, 0.9, 0.999, 1e-8);
  const clip = 1;
  const losses = [];
  function step() {
    const [oh, ot, m, masked] = batch();
    const { value, grads } = tf.variableGrads(() => lossOf(oh, ot, m, masked), vars);
    const names = Object.keys(grads);
    const normT = tf.tidy(() => tf.sqrt(tf.addN(names.map((n) => tf.sum(tf.square(grads[n]))))));
    const norm = normT.dataSync()[0];
    normT.dispose();
    if (norm > clip) {
      const f = clip / norm;
      for (const n of names) { const g = grads[n]; grads[n] = g.mul(f); g.dispose(); }
    }
    opt.applyGradients(grads);
    losses.push(value.dataSync()[0]);
    tf.dispose([oh, ot, m, value, ...Object.values(grads)]);
  }

  for (let i = 0; i < cfg.warmup; i++) step();
  // One step profiled (not timed): how many kernels a step runs and how long they take in all.
  const prof = await tf.profile(() => step());
  out.kernelsPerStep = prof.kernels.length;
  out.kernelMsPerStep = prof.kernels.reduce((a, k) => a + (typeof k.kernelTimeMs === 'number' ? k.kernelTimeMs : 0), 0);
  const byName = {};
  for (const k of prof.kernels) {
    const e = (byName[k.name] ??= { name: k.name, count: 0, ms: 0 });
    e.count++; e.ms += typeof k.kernelTimeMs === 'number' ? k.kernelTimeMs : 0;
  }
  out.topKernels = Object.values(byName).sort((a, b) => b.ms - a.ms).slice(0, 8)
    .map((e) => `${e.name} x${e.count} ${e.ms.toFixed(2)} ms`);
  // Timed blocks of steps, called from Node (timeBlock) as often as wanted; the model keeps training.
  window.__tfjsBench = {
    time(n) {
      const tensorsBefore = tf.memory().numTensors;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) step();
      const ms = performance.now() - t0;
      const tail = losses.slice(-20);
      return { steps: n, ms, stepsPerSecond: 1000 * n / ms, stepsDone: losses.length, lossFirst: losses[0],
        lossLast: tail.reduce((a, b) => a + b, 0) / tail.length, leakedTensors: tf.memory().numTensors - tensorsBefore };
    },
    dispose() { tf.dispose(vars); opt.dispose(); },
  };
  out.warmup = cfg.warmup;
  out.lnVocab = Math.log(V);
  return out;
}

// The bench page opened on `page`, the model built and warmed up: {info, time(steps), close()}.
// time(n) trains n more steps and resolves to {steps, ms, stepsPerSecond, lossFirst, lossLast, ...}.
// page null: a browser is started here (closed by close()); url absent: the repository root is served.
export async function openTfjs(page, cfg = {}, { url } = {}) {
  const full = { ...ENGINE_DEFAULTS, warmup: 20, ...cfg };
  let server = null, browser = null;
  const close = async () => { await browser?.close(); server?.close(); };
  try {
    if (!url) {
      const { serve } = await import('../tests/browser/harness.mjs');
      server = await serve(ROOT);
      url = server.url + TFJS_PAGE;
    }
    if (!page) {
      const { launch } = await import('../tests/browser/harness.mjs');
      browser = await launch();
      page = await (await browser.newContext()).newPage();
    }
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    full.wasmPath = new URL('../../' + TFJS_WASM_DIR, url).href;
    const info = await page.evaluate(pageSide, full);
    info.pageErrors = errors;
    const time = (n) => page.evaluate((k) => window.__tfjsBench.time(k), n);
    return { info, time, close: async () => { await page.evaluate(() => window.__tfjsBench?.dispose()).catch(() => {}); await close(); } };
  } catch (e) {
    await close();
    throw e;
  }
}

// One measurement: set up, warm up, time cfg.steps (default 200) steps; the info and the timing in one object.
export async function tfjsStepsPerSecond(page, cfg = {}, opts = {}) {
  const t = await openTfjs(page, cfg, opts);
  try {
    return { ...t.info, ...(await t.time(cfg.steps ?? 200)) };
  } finally {
    await t.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cfg = {};
  for (const a of process.argv.slice(2).filter((x) => x.includes('='))) {
    const [k, v] = a.split('=');
    cfg[k] = v !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
  }
  if (process.argv.includes('--quick') && cfg.steps === undefined) { cfg.steps = 50; cfg.warmup = 10; }
  console.log(JSON.stringify(await tfjsStepsPerSecond(null, cfg), null, 1));
}
