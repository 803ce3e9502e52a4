// Every view (PosEnc.views()) at the sizes issue 10 names: a phone (360x640, device pixel ratio 2, touch),
// a tablet (768x1024), laptops (1280x720, 1280x800), projectors (1920x1080 at scale 1 and 2, 1280x720 at 3) and the
// figure alone in frames 360 px wide, 600 px wide and 300 px high (embed=1&controls=0: what an iframe of
// that size shows). One browser; one context and page per size; the views one after another in it.
// Each view's screenshot is kept as artifacts/browser/responsive-<size>-<view>.png, for looking at.
//
// Checked per size and view, against what the browser shows:
//   - the canvas covers the viewport, drawn at the device's pixel ratio (sharp on the phone);
//   - the figure (PosEnc.exportImage('figure'): the view below its tabs and lesson text, cut from the
//     canvas in device pixels) keeps at least 40% of the viewport's height and 45% of its width: the
//     lesson text and the controls never crowd the figure out;
//   - the figure is drawn: at least 12 distinct colours (16 levels per channel) and 2% of its pixels
//     away from the background;
//   - no console error and no page error.
// The exact layout (every control within reach, no text cut at a side, no label over another) is
// checked in tests/views/test_responsive.cpp, from the draw lists of the same frames at the same sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, launch, serve, waitUntil, colourCounts } from './harness.mjs';
import { decodePng } from './png.mjs';

const SIZES = [
  { name: 'phone-360x640', width: 360, height: 640, deviceScaleFactor: 2, hasTouch: true, isMobile: true, query: '' },
  { name: 'tablet-768x1024', width: 768, height: 1024, query: '' },
  { name: '1280x720', width: 1280, height: 720, query: '' },
  { name: '1280x800', width: 1280, height: 800, query: '' },
  { name: '1920x1080', width: 1920, height: 1080, query: '' },
  { name: '1920x1080-scale2', width: 1920, height: 1080, query: '&scale=2' },
  { name: '1280x720-scale3', width: 1280, height: 720, query: '&scale=3' },  // the projector of issue 10's report
  { name: 'frame-360w', width: 360, height: 480, query: '&embed=1&controls=0' },
  { name: 'frame-600w', width: 600, height: 420, query: '&embed=1&controls=0' },
  { name: 'frame-300h', width: 800, height: 300, query: '&embed=1&controls=0' },
];

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
  mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  server?.close();
});

// The figure as the page exports it: its size in device pixels, read from the PNG's header.
async function figureSize(page) {
  return page.evaluate(async () => {
    const blob = await window.PosEnc.exportImage('figure');
    const head = new DataView(await blob.slice(0, 24).arrayBuffer());
    return { w: head.getUint32(16), h: head.getUint32(20) };
  });
}

// Distinct colours (16 levels per channel) and the fraction of pixels away from the most common
// colour (the background) inside `rect` of a decoded screenshot.
function drawnStats(img, rect) {
  const { counts, mode: bg } = colourCounts(img, rect);
  const levels = new Set();
  let away = 0;
  for (const [k, n] of counts) {
    levels.add(((k >> 20) & 15) << 8 | ((k >> 12) & 15) << 4 | ((k >> 4) & 15));
    const d = Math.max(Math.abs(((k >> 16) & 255) - ((bg >> 16) & 255)), Math.abs(((k >> 8) & 255) - ((bg >> 8) & 255)),
      Math.abs((k & 255) - (bg & 255)));
    if (d > 24) away += n;
  }
  return { colours: levels.size, drawn: away / (rect.w * rect.h) };
}

for (const size of SIZES) {
  test(`every view at ${size.name}: the figure keeps its room, is drawn, no errors`, async () => {
    const { name, query, ...viewport } = size;
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor || 1,
      hasTouch: !!viewport.hasTouch, isMobile: !!viewport.isMobile,
    });
    try {
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(server.url + '?playing=0' + query);
      await page.evaluate(() => window.PosEnc.ready.then(() => true));
      const dpr = viewport.deviceScaleFactor || 1;
      const canvas = await page.evaluate(() => {
        const c = document.getElementById('canvas');
        const r = c.getBoundingClientRect();
        return { w: r.width, h: r.height, pw: c.width, ph: c.height };
      });
      assert.deepEqual([canvas.w, canvas.h], [viewport.width, viewport.height], `${name}: the canvas covers the viewport`);
      assert.ok(Math.abs(canvas.pw - viewport.width * dpr) <= 1 && Math.abs(canvas.ph - viewport.height * dpr) <= 1,
        `${name}: drawn at ${canvas.pw}x${canvas.ph} device pixels for ${viewport.width}x${viewport.height} at ratio ${dpr}`);

      const views = (await page.evaluate(() => window.PosEnc.views())).map((v) => v.id);
      assert.ok(views.length >= 14, `${views.length} views`);
      for (const view of views) {
        const before = await page.evaluate(() => window.PosEnc._framesDrawn());
        const r = await page.evaluate((v) => window.PosEnc.setState({ view: v }), view);
        assert.deepEqual(r.rejected, [], `${name} ${view}: ${JSON.stringify(r.rejected)}`);
        // The pointer rests in the bottom right corner, where no view shows a tooltip.
        await page.mouse.move(viewport.width - 2, viewport.height - 2);
        // The layout settles within a few frames (ImGui sizes some columns from the frame before).
        assert.ok(await waitUntil(page, (n) => window.PosEnc._framesDrawn() >= n + 3, before), `${name} ${view}: frames drawn`);
        const fig = await figureSize(page);  // after one more frame
        const buf = await page.screenshot();
        writeFileSync(join(ARTIFACTS, `responsive-${name}-${view}.png`), buf);
        const img = decodePng(buf);
        assert.equal(img.width, viewport.width * dpr, `${name}: screenshot in device pixels`);

        assert.ok(fig.h >= 0.4 * viewport.height * dpr,
          `${name} ${view}: the figure is ${fig.h / dpr} px high in a ${viewport.height} px viewport`);
        assert.ok(fig.w >= 0.45 * viewport.width * dpr,
          `${name} ${view}: the figure is ${fig.w / dpr} px wide in a ${viewport.width} px viewport`);
        // The figure's region: it ends at the main area's bottom right, inside the window's padding.
        const pad = 8 * dpr;
        const rect = {
          x: Math.max(0, img.width - fig.w - pad), y: Math.max(0, img.height - fig.h - pad),
          w: Math.min(fig.w, img.width), h: Math.min(fig.h, img.height),
        };
        rect.w = Math.min(rect.w, img.width - rect.x);
        rect.h = Math.min(rect.h, img.height - rect.y);
        const stats = drawnStats(img, rect);
        assert.ok(stats.colours >= 12, `${name} ${view}: ${stats.colours} distinct colours in the figure`);
        assert.ok(stats.drawn >= 0.02, `${name} ${view}: ${(100 * stats.drawn).toFixed(1)}% of the figure drawn`);
      }
      assert.deepEqual(errors, [], `${name}: console errors`);
    } finally {
      await context.close();
    }
  });
}
