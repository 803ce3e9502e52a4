// The frame on a software renderer (README "Performance", scripts/bench.mjs --only=swiftshader): what
// keeps it cheap must not silently go, and must not change a pixel.
//   1. The WebGL context's attributes: no antialias, no preserveDrawingBuffer (a copy of the frame
//      every frame), no alpha (the compositor blends nothing under the canvas), no stencil.
//   2. Opaque backgrounds are drawn as scissored clears (src/gfx/opaque_clears.hpp): the frame clears
//      more than once, and ImGui's triangles cover well under what they cover with plain fills
//      (window.POSENC_PLAIN_FILLS, the page as it drew before).
//   3. Both ways draw the same pixels, in every view, light and dark, at device pixel ratio 1 and 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, settle, PARK } from './harness.mjs';
import { decodePng } from './png.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// Counts, for the next drawn frame: clears, drawElements calls, and the framebuffer pixels that
// ImGui's triangles cover (from the uploaded vertices and indices, clipped to each scissor's box).
function countFrame() {
  const P = WebGL2RenderingContext.prototype;
  const st = window.__frame = { on: false, clears: 0, draws: 0, covered: 0, vtx: null, idx: null, sc: [0, 0, 0, 0] };
  const wrap = (name, f) => { const o = P[name]; P[name] = function (...a) { if (st.on) f.call(this, a); return o.apply(this, a); }; };
  wrap('clear', () => { st.clears++; });
  wrap('scissor', (a) => { st.sc = a; });
  wrap('bufferSubData', function ([t, , d, so, len]) {
    const copy = new Uint8Array(d.buffer, d.byteOffset + (so || 0), len ?? d.byteLength).slice();
    if (t === this.ARRAY_BUFFER) st.vtx = copy; else st.idx = copy;
  });
  wrap('drawElements', function ([, n, type, off]) {
    st.draws++;
    if (!st.vtx || !st.idx) return;
    const f = new Float32Array(st.vtx.buffer, 0, st.vtx.byteLength >> 2);
    const ix = type === this.UNSIGNED_INT ? new Uint32Array(st.idx.buffer) : new Uint16Array(st.idx.buffer);
    const [sx, sy, sw, sh] = st.sc, H = this.drawingBufferHeight;
    const first = off / ix.BYTES_PER_ELEMENT;
    for (let k = first; k < first + n; k += 3) {
      const a = ix[k] * 5, b = ix[k + 1] * 5, c = ix[k + 2] * 5;  // ImDrawVert: 5 words, pos first
      const xs = [f[a], f[b], f[c]], ys = [f[a + 1], f[b + 1], f[c + 1]];
      const area = Math.abs((xs[1] - xs[0]) * (ys[2] - ys[0]) - (xs[2] - xs[0]) * (ys[1] - ys[0])) / 2;
      const bw = Math.max(0, Math.min(sx + sw, Math.max(...xs)) - Math.max(sx, Math.min(...xs)));
      const bh = Math.max(0, Math.min(H - sy, Math.max(...ys)) - Math.max(H - sy - sh, Math.min(...ys)));
      st.covered += Math.min(area, bw * bh);
    }
  });
}
const oneFrame = (page) => page.evaluate(() => new Promise((res) => {
  const st = window.__frame;
  requestAnimationFrame(() => {
    Object.assign(st, { on: true, clears: 0, draws: 0, covered: 0 });
    requestAnimationFrame(() => { st.on = false; res({ clears: st.clears, draws: st.draws, covered: st.covered }); });
  });
}));

async function open(query, { plain = false, width = 1280, height = 800, deviceScaleFactor = 1 } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  if (plain) await page.addInitScript(() => { window.POSENC_PLAIN_FILLS = true; });
  await page.addInitScript(countFrame);
  await page.goto(server.url + query);
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  return { page, context, errors };
}

test('the WebGL context: no antialias, no preserved drawing buffer, opaque, no stencil', async () => {
  const { page, context, errors } = await open('?playing=0');
  const attrs = await page.evaluate(() => document.getElementById('canvas').getContext('webgl2').getContextAttributes());
  assert.equal(attrs.antialias, false, 'antialias: a multisampled buffer and a resolve every frame');
  assert.equal(attrs.preserveDrawingBuffer, false, 'preserveDrawingBuffer: a copy of the frame every frame (PNG export reads in the frame that drew)');
  assert.equal(attrs.alpha, false, 'alpha: the compositor would blend the canvas over the page');
  assert.equal(attrs.stencil, false, 'stencil: nothing uses it');
  assert.deepEqual(errors, []);
  await context.close();
});

test('backgrounds are clears: the frame clears more than once and the triangles cover far less', async () => {
  const fast = await open('?view=clock&playing=1');  // playing: every frame is drawn
  const plain = await open('?view=clock&playing=1', { plain: true });
  for (const s of [fast, plain]) { await s.page.mouse.move(PARK.x, PARK.y); await settle(s.page, 4); }
  const [f, p] = [await oneFrame(fast.page), await oneFrame(plain.page)];
  const screen = 1280 * 800;
  assert.ok(p.clears === 1, `plain fills: one clear a frame (${p.clears})`);
  assert.ok(f.clears >= 3, `opaque backgrounds as clears: ${f.clears} clears a frame`);
  // Plain: the window, the lesson panel, the sidebar and the plots' paper, about 2.5 screens or more.
  assert.ok(p.covered > 2 * screen, `plain fills cover ${(p.covered / screen).toFixed(2)} screens`);
  assert.ok(f.covered < 0.6 * screen, `with clears the triangles cover ${(f.covered / screen).toFixed(2)} screens (plain ${(p.covered / screen).toFixed(2)})`);
  assert.deepEqual(fast.errors, []);
  assert.deepEqual(plain.errors, []);
  await fast.context.close();
  await plain.context.close();
});

// Every view, paused, both ways: the same pixels. A view whose layout settles over its first frames
// (seen once in periods: a slider a few pixels narrower, with plain fills as with clears) gets two
// more looks, a few frames later; a difference in how the pixels are drawn would stay.
async function samePixels(query, opts, label) {
  const fast = await open(query, opts);
  const plain = await open(query, { ...opts, plain: true });
  const views = (await fast.page.evaluate(() => window.PosEnc.views())).map((v) => v.id);
  const differ = [];
  const pixelsApart = (a, b) => {
    let n = 0;
    for (let i = 0; i < a.data.length; i += 4)
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) n++;
    return n;
  };
  for (const view of views) {
    for (const s of [fast, plain]) {
      await s.page.evaluate((v) => window.PosEnc.setState({ view: v, playing: false, pos: 7 }), view);
      await s.page.mouse.move(PARK.x, PARK.y);
    }
    let n = 0;
    for (let look = 0; look < 3; look++) {
      const shots = [];
      for (const s of [fast, plain]) {
        await s.page.evaluate(() => window.PosEnc.setState({ pos: 7 }));  // a frame drawn anew
        await settle(s.page, 6 + 10 * look);
        shots.push(decodePng(await s.page.screenshot()));
      }
      n = pixelsApart(...shots);
      if (!n) break;
    }
    if (n) differ.push(`${view}: ${n} pixels`);
  }
  assert.deepEqual(differ, [], `${label}: clears and plain fills draw different pixels`);
  assert.deepEqual(fast.errors, []);
  assert.deepEqual(plain.errors, []);
  await fast.context.close();
  await plain.context.close();
}

test('every view draws the same pixels with clears as with plain fills (light, 1280 x 800)', () =>
  samePixels('?playing=0', {}, 'light'));
test('the same in the dark theme at device pixel ratio 2 on a phone (360 x 640)', () =>
  samePixels('?playing=0&theme=dark', { width: 360, height: 640, deviceScaleFactor: 2 }, 'dark, dpr 2'));
