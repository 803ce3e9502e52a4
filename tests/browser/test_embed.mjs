// Embedding PosEnc Lab in a course page on ANOTHER origin through web/posenc-embed.js:
//   origin A (127.0.0.1:portA) serves a host page, origin B serves build/<x>/dist (the embed and the
//   loader), origin C serves an untrusted page. Checked: the loader's handshake, setState/getState and
//   change events over postMessage; messages from C (a sibling frame, or a parent not on the
//   `origins=` list) and malformed ones are ignored; host-page keys never reach the embed, a click
//   gives it the keyboard; a paused embed draws 0 frames, an off-screen one stops its loop; HiDPI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, ARTIFACTS, threeOrigins, openHostPage, embedFrameOf, waitUntil, pollUntil } from './harness.mjs';
import { decodePng } from './png.mjs';

let A, B, C, browser, context, page, errors, dir;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function writePages() {
  // The course page on origin A: one line of HTML per figure, the loader from origin B.
  writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<link rel="stylesheet" href="host.css"><link rel="icon" href="data:,"></head><body>
<p><label>Notes <input id="typing"></label></p>
<div id="fig" data-posenc="view=clock&d=64&k=37&pos=3&playing=0"></div>
<iframe id="other" src="${C.url}evil.html" title="another site"></iframe>
<div class="spacer"></div>
<script src="${B.url}posenc-embed.js"></script>
</body></html>`);
  writeFileSync(join(dir, 'host.css'), 'body{margin:8px;font:16px sans-serif} #fig{width:960px;height:560px} ' +
    '#other{width:300px;height:60px;border:1px solid #ccc} .spacer{height:3000px}');
  // The untrusted page on origin C: it listens for anything that comes back.
  writeFileSync(join(dir, 'evil.html'), '<!doctype html><meta charset="utf-8"><title>Other</title><link rel="icon" href="data:,"><p>another origin</p><script src="evil.js"></script>');
  writeFileSync(join(dir, 'evil.js'), 'window.got = []; addEventListener("message", (e) => window.got.push(e.data));');
  // A page on C that embeds B and claims it with a loader, while the embed trusts only A.
  writeFileSync(join(dir, 'evil-host.html'), `<!doctype html><meta charset="utf-8"><title>Evil host</title>
<link rel="icon" href="data:,"><div id="fig"></div><script src="${B.url}posenc-embed.js"></script>`);
}

const embedFrame = (p = page) => embedFrameOf(p, B);
const inEmbed = (fn, arg, p = page) => embedFrame(p).evaluate(fn, arg);
const host = (fn, arg) => page.evaluate(fn, arg);

before(async () => {
  // One folder of test pages, served as origin A (the course page) and origin C (untrusted); B serves the module.
  ({ dir, A, B, C } = await threeOrigins('posenc-embed-', (d, o) => { dir = d; ({ A, B, C } = o); writePages(); }));
  browser = await launch();
  ({ context, page, errors } = await openHostPage(browser, A));
});
after(async () => { await browser?.close(); A?.close(); B?.close(); C?.close(); });

test('the loader mounts the figure from origin B into the page on origin A', async () => {
  assert.notEqual(new URL(A.url).origin, new URL(B.url).origin);
  const info = await host(() => {
    const h = window.PosEncEmbed.get(document.getElementById('fig'));
    const r = h.iframe.getBoundingClientRect();
    return { src: h.iframe.src, title: h.iframe.title, w: r.width, h: r.height };
  });
  assert.ok(info.src.startsWith(B.url + 'index.html?'), info.src);
  assert.equal(new URL(info.src).searchParams.get('embed'), '1');
  assert.equal(info.w, 960); assert.equal(info.h, 560);  // fills its container
  assert.ok(info.title.length > 10);
  const s = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).ready);
  assert.equal(s.d, 64); assert.equal(s.k, 37); assert.equal(s.pos, 3); assert.equal(s.playing, false);
  const inside = await inEmbed(() => ({
    embed: document.documentElement.classList.contains('embed'),
    copy: getComputedStyle(document.getElementById('copy-link')).display,
    notice: document.getElementById('notice').hidden,
    canvas: [document.getElementById('canvas').clientWidth, document.getElementById('canvas').clientHeight],
  }));
  assert.deepEqual(inside, { embed: true, copy: 'none', notice: true, canvas: [960, 560] });
  await page.screenshot({ path: join(ARTIFACTS, 'embed-host-page.png') });
});

test('setState and getState through postMessage; invalid fields come back as rejected', async () => {
  const r = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ k: 12, pair: 3, d: 'x', zzz: 1 }));
  assert.equal(r.k, 12); assert.equal(r.pair, 3); assert.equal(r.d, 64);
  assert.deepEqual(r.rejected.map((x) => x.key).sort(), ['d', 'zzz']);
  const s = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState());
  assert.equal(s.k, 12); assert.equal(s.pair, 3);
  assert.equal(s.rejected, undefined);
  assert.deepEqual(await inEmbed(() => ({ k: window.PosEnc.getState().k })), { k: 12 });
  // A bad argument is refused by the loader before anything is sent.
  const msg = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState([1]).then(() => 'sent', (e) => e.message));
  assert.match(msg, /plain object/);
});

test('change events reach the host page (API changes and user input in the figure)', async () => {
  await host(() => {
    window.seen = [];
    window.PosEncEmbed.get(document.getElementById('fig')).on('change', (s) => window.seen.push(s));
  });
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ pos: 7 }));
  await page.waitForFunction(() => window.seen.some((s) => s.pos === 7), null, { timeout: 3000 });
  // The user presses the right arrow in the figure: pos 7 -> 8 arrives as an event.
  const box = await page.locator('#fig').boundingBox();
  await page.mouse.click(box.x + 700, box.y + 55);  // caption text: focuses the canvas, changes nothing
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.seen.some((s) => s.pos === 8), null, { timeout: 3000 });
  const last = await host(() => window.seen[window.seen.length - 1]);
  assert.equal(last.pos, 8);
  assert.equal(typeof last.view, 'string');
  await page.mouse.move(0, 0);
});

test('messages from an untrusted origin (a sibling frame on C) and malformed ones are ignored', async () => {
  const warnings = [];
  const onConsole = (m) => { if (m.type() === 'warning') warnings.push(m.text()); };
  page.on('console', onConsole);
  const before = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState());
  const evil = page.frames().find((f) => f.url() === C.url + 'evil.html');
  assert.ok(evil, 'the other-origin frame is there');
  await evil.evaluate(() => {
    // The PosEnc embed, found by walking the host's frames (anything but this one).
    let target = null;
    for (let i = 0; i < window.parent.frames.length; i++) if (window.parent.frames[i] !== window) target = window.parent.frames[i];
    target.postMessage({ posenc: 1, id: 1, type: 'setState', state: { k: 99, view: 'heatmap' } }, '*');
    target.postMessage({ posenc: 1, id: 2, type: 'getState' }, '*');
  });
  // From the trusted origin A, but malformed: wrong shapes and sizes, never applied, never thrown.
  await host(() => {
    const iframe = window.PosEncEmbed.get(document.getElementById('fig')).iframe;
    const target = iframe.contentWindow, o = new URL(iframe.src).origin;
    const bad = [
      { posenc: 1, id: 3, type: 'setState', state: { k: { nested: 1 } } },
      { posenc: 1, id: 4, type: 'setState', state: { k: 'x'.repeat(5000) } },
      { posenc: 1, id: 5, type: 'eval', state: { k: 98 } },
      { posenc: 2, id: 6, type: 'setState', state: { k: 97 } },
      { posenc: 1, id: -1, type: 'setState', state: { k: 96 } },
      { posenc: 1, id: 7, type: 'setState', state: Object.fromEntries(Array.from({ length: 40 }, (_, i) => ['k' + i, i])) },
      '{"posenc":1,"id":8,"type":"setState","state":{"k":95}}',
      null, 42, [1, 2],
    ];
    for (const m of bad) target.postMessage(m, o);
  });
  // Wait until the embed has handled both batches: it warns once per untrusted or malformed message
  // (C's two and the five malformed ones from A; the rest are not PosEnc messages and stay silent).
  const untrusted = (w) => /untrusted origin \(http:\/\/127\.0\.0\.1:\d+\)/.test(w) && w.includes(new URL(C.url).port);
  await pollUntil(() => warnings.filter(untrusted).length >= 2 && warnings.filter((w) => /malformed/.test(w)).length >= 5);
  await sleep(800);  // deliberate: a window in which a (wrong) answer to C or a state change would arrive
  // The getState answer also comes after every earlier message from A (the embed handles them in order).
  const after = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState());
  assert.deepEqual(after, before, 'state unchanged');
  // C learns only that it is not trusted (once), never an answer or a state.
  assert.deepEqual(await evil.evaluate(() => window.got), [{ posenc: 1, type: 'notAllowed' }], 'nothing but the notice was sent to the other origin');
  page.off('console', onConsole);
  assert.ok(warnings.some(untrusted), warnings.join('\n'));
  assert.ok(warnings.some((w) => /malformed/.test(w)), warnings.join('\n'));
  assert.deepEqual(errors, []);
});

test('with origins= the embed trusts only the listed origins, even from its own parent', async () => {
  const ctx2 = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const p2 = await ctx2.newPage();
  const warnings = [];
  p2.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await p2.goto(C.url + 'evil-host.html');
  await p2.evaluate((a) => {
    const h = window.PosEncEmbed.mount(document.getElementById('fig'), { state: { k: 5, playing: false }, origins: [a] });
    window.outcome = 'pending';
    h.ready.then(() => { window.outcome = 'answered'; }, (e) => { window.outcome = e.message; });
  }, new URL(A.url).origin);
  // The embed does not answer C, its untrusted parent, but tells it so: its handle's ready rejects with
  // a hint about origins (it used to wait for ever).
  await waitUntil(p2, () => window.outcome !== 'pending');
  assert.match(await p2.evaluate(() => window.outcome), /does not accept messages from this page .*origins list \(http:\/\/127\.0\.0\.1:\d+\) does not include it/,
    'no answer to an untrusted host, only the notice');
  const f = embedFrame(p2);
  assert.equal(new URL(f.url()).searchParams.get('origins'), new URL(A.url).origin);
  assert.equal(await f.evaluate(() => window.PosEnc.getState().k), 5, 'the URL state applied; the messages did not');
  assert.ok(warnings.some((w) => w.includes('untrusted origin')), warnings.join('\n'));
  await ctx2.close();
});

test('keys typed in the host page do not reach the figure; after a click on it, Space toggles playing', async () => {
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ playing: false, pos: 2 }));
  await page.click('#typing');
  await page.keyboard.type('  hello  ');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('PageDown');  // scrolls the host page: the figure must not turn the view
  await sleep(300);  // deliberate: a window in which keys that (wrongly) reached the figure would act
  await host(() => window.scrollTo(0, 0));
  let s = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState());
  assert.equal(s.playing, false); assert.equal(s.pos, 2); assert.equal(s.view, 'clock');
  assert.equal(await page.inputValue('#typing'), '  hello  ');
  const box = await page.locator('#fig').boundingBox();
  await page.mouse.click(box.x + 700, box.y + 55);
  assert.equal(await inEmbed(() => document.activeElement && document.activeElement.id), 'canvas');
  await page.keyboard.press('Space');
  await waitUntil(embedFrame(), () => window.PosEnc.getState().playing === true);
  s = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState());
  assert.equal(s.playing, true, 'Space in the focused figure plays');
  await page.keyboard.press('Space');
  await waitUntil(embedFrame(), () => window.PosEnc.getState().playing === false);
  s = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState());
  assert.equal(s.playing, false);
  await page.mouse.move(0, 0);
});

test('a paused, untouched figure draws 0 frames; off-screen, a playing one stops its loop', async () => {
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ playing: false }));
  await page.mouse.move(0, 0);
  // Wait until the figure has gone idle (it stops its loop once nothing is left to draw).
  await waitUntil(embedFrame(), () => window.PosEnc._loopPaused());
  const f0 = await inEmbed(() => window.PosEnc._framesDrawn());
  await sleep(2000);  // deliberate: the measurement window (a paused figure draws nothing in 2 s)
  const f1 = await inEmbed(() => window.PosEnc._framesDrawn());
  console.log(`paused embed: ${f1 - f0} frames drawn in 2 s`);
  assert.equal(f1 - f0, 0);

  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ playing: true, speed: 2 }));
  // Wait until it has started drawing again.
  await waitUntil(embedFrame(), (f) => !window.PosEnc._loopPaused() && window.PosEnc._framesDrawn() > f + 1, f1);
  const g0 = await inEmbed(() => window.PosEnc._framesDrawn());
  await sleep(1000);  // deliberate: the measurement window (frames drawn in 1 s of playing)
  const g1 = await inEmbed(() => window.PosEnc._framesDrawn());
  console.log(`playing on screen: ${g1 - g0} frames in 1 s`);
  assert.ok(g1 - g0 > 3, 'on screen it animates');

  await host(() => window.scrollTo(0, 2500));
  await waitUntil(embedFrame(), () => window.PosEnc._loopPaused());
  assert.equal(await inEmbed(() => window.PosEnc._loopPaused()), true);
  const h0 = await inEmbed(() => window.PosEnc._framesDrawn());
  const pos0 = (await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState())).pos;
  await sleep(2000);  // deliberate: the measurement window (no frames and no time off-screen for 2 s)
  const h1 = await inEmbed(() => window.PosEnc._framesDrawn());
  const off = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState());
  console.log(`playing off-screen: ${h1 - h0} frames in 2 s`);
  assert.equal(h1 - h0, 0, 'off-screen: no frames');
  assert.equal(off.playing, true, 'still playing: it resumes when seen');
  assert.equal(off.pos, pos0, 'and time stood still');

  await host(() => window.scrollTo(0, 0));
  await waitUntil(embedFrame(), ([h, p]) => !window.PosEnc._loopPaused() && window.PosEnc._framesDrawn() > h + 5 &&
    window.PosEnc.getState().pos > p, [h1, pos0]);
  assert.equal(await inEmbed(() => window.PosEnc._loopPaused()), false);
  const k1 = await inEmbed(() => window.PosEnc._framesDrawn());
  const back = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState());
  assert.ok(k1 > h1 + 5, 'back on screen it draws again');
  assert.ok(back.pos > pos0, 'and moves on');
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ playing: false }));
});

// Fraction of strong edges among all edges (|luma step| >= 96 among >= 16) between horizontal
// neighbours: crisp text and lines have steps over one pixel, a stretched low-resolution image spreads them.
function edgeSharpness(img) {
  let strong = 0, any = 0;
  const luma = (o) => 0.299 * img.data[o] + 0.587 * img.data[o + 1] + 0.114 * img.data[o + 2];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x + 1 < img.width; x++) {
      const o = (y * img.width + x) * 4;
      const d = Math.abs(luma(o) - luma(o + 4));
      if (d >= 16) { any++; if (d >= 96) strong++; }
    }
  }
  return any ? strong / any : 0;
}
function upscale2Bilinear(img) {
  const w = img.width * 2, h = img.height * 2, data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(img.height - 1, Math.max(0, (y + 0.5) / 2 - 0.5)), y0 = Math.floor(sy), y1 = Math.min(img.height - 1, y0 + 1), fy = sy - y0;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(img.width - 1, Math.max(0, (x + 0.5) / 2 - 0.5)), x0 = Math.floor(sx), x1 = Math.min(img.width - 1, x0 + 1), fx = sx - x0;
      for (let c = 0; c < 4; c++) {
        const p = (xx, yy) => img.data[(yy * img.width + xx) * 4 + c];
        data[(y * w + x) * 4 + c] = Math.round((p(x0, y0) * (1 - fx) + p(x1, y0) * fx) * (1 - fy) + (p(x0, y1) * (1 - fx) + p(x1, y1) * fx) * fy);
      }
    }
  }
  return { width: w, height: h, data };
}

test('HiDPI: at deviceScaleFactor 2 the figure has a 2x backing store and sharp text', async () => {
  const shots = {};
  for (const dpr of [1, 2]) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: dpr });
    const p = await ctx.newPage();
    await p.goto(A.url + 'host.html');
    await p.waitForFunction(() => window.PosEncEmbed && window.PosEncEmbed.get(document.getElementById('fig')));
    await p.evaluate(() => window.PosEncEmbed.get(document.getElementById('fig')).ready.then(() => true));
    const f = embedFrame(p);
    await f.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const c = await f.evaluate(() => {
      const el = document.getElementById('canvas');
      return { w: el.width, h: el.height, cw: el.clientWidth, ch: el.clientHeight, dpr: devicePixelRatio };
    });
    assert.equal(c.dpr, dpr);
    assert.equal(c.w, c.cw * dpr, `backing store width ${c.w} = ${dpr} x ${c.cw}`);
    assert.equal(c.h, c.ch * dpr);
    const buf = await p.locator('#fig').screenshot({ path: join(ARTIFACTS, `embed-dpr${dpr}.png`) });
    shots[dpr] = decodePng(buf);
    await ctx.close();
  }
  assert.equal(shots[2].width, 2 * shots[1].width);
  const native = edgeSharpness(shots[2]), one = edgeSharpness(shots[1]), stretched = edgeSharpness(upscale2Bilinear(shots[1]));
  console.log(`strong-edge fraction: 2x native ${native.toFixed(3)}, 1x ${one.toFixed(3)}, 1x stretched to 2x ${stretched.toFixed(3)}`);
  assert.ok(native > stretched * 1.3, `2x is drawn at 2x, not stretched (${native.toFixed(3)} vs ${stretched.toFixed(3)})`);
});

test('handle events: view and step fire when those change, not on other changes; on() returns an unsubscribe', async () => {
  await host(() => {
    const h = window.PosEncEmbed.get(document.getElementById('fig'));
    window.ev = [];
    window.offs = [h.on('view', (v, s) => window.ev.push(['view', v, s.view])), h.on('step', (n, s) => window.ev.push(['step', n, s.step]))];
    return h.setState({ view: 'clock', step: 0, playing: false });
  });
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ k: 3, pos: 1 }));
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ view: 'waves' }));
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ step: 2 }));
  const tour = await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState());
  await sleep(400);  // deliberate: change events (at most 10 a second) that follow must not repeat them
  const ev = await host(() => window.ev);
  assert.deepEqual(ev[0], ['view', 'waves', 'waves'], JSON.stringify(ev));
  assert.ok(ev.some((e) => e[0] === 'step' && e[1] === 2 && e[2] === 2), JSON.stringify(ev));
  const views = ev.filter((e) => e[0] === 'view').map((e) => e[1]);
  assert.deepEqual(views, tour.view === 'waves' ? ['waves'] : ['waves', tour.view], 'one event per view change');
  await host(() => { window.offs.forEach((off) => off()); window.ev = []; });
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ view: 'clock', step: 0, k: 37, pos: 3, pair: 0 }));
  await sleep(400);  // deliberate: a window in which an event that was unsubscribed would arrive
  assert.deepEqual(await host(() => window.ev), []);
  assert.match(await host(() => { try { window.PosEncEmbed.get(document.getElementById('fig')).on('frame', () => {}); return 'accepted'; } catch (e) { return e.message; } }), /ready.*change.*view.*step.*error/);
});

test('handle calls: describe, exportText, exportImage, animate and link answer as the figure itself does', async () => {
  const call = (method, ...args) => host(([m, a]) => window.PosEncEmbed.get(document.getElementById('fig'))[m](...a)
    .then((v) => ({ v }), (e) => ({ error: e.message })), [method, args]);
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ view: 'clock', d: 64, k: 37, pos: 3, playing: false }));
  const described = await call('describe');
  assert.equal(described.v, await inEmbed(() => window.PosEnc.describe()));
  assert.match(described.v, /37/);

  const csv = await call('exportText', 'csv');
  assert.equal(csv.v, await inEmbed(() => window.PosEnc.exportText('csv')));
  assert.ok(csv.v.trim().split('\n').length >= 1 + 64, 'a header and n = 64 rows');
  const bad = await call('exportText', 'docx');
  assert.ok(bad.error && /docx|kind|csv/.test(bad.error), JSON.stringify(bad));
  const svg = await call('exportText', 'svg');
  console.log('exportText(svg): ' + (svg.error ? 'rejected: ' + svg.error : svg.v.length + ' characters'));
  if (!svg.error) assert.match(svg.v, /<svg[\s>]/);

  const images = await host(async () => {
    const h = window.PosEncEmbed.get(document.getElementById('fig'));
    const out = {};
    for (const kind of ['png', 'figure']) {
      try {
        const blob = await h.exportImage(kind);
        const head = new Uint8Array(await blob.slice(0, 24).arrayBuffer());
        const dv = new DataView(head.buffer);
        out[kind] = { blob: blob instanceof Blob, type: blob.type, size: blob.size, sig: Array.from(head.slice(1, 4)).map((c) => String.fromCharCode(c)).join(''),
                      w: dv.getUint32(16), h: dv.getUint32(20) };
      } catch (e) { out[kind] = { error: e.message }; }
    }
    return out;
  });
  console.log('exportImage: ' + JSON.stringify(images));
  const canvas = await inEmbed(() => [document.getElementById('canvas').width, document.getElementById('canvas').height]);
  if (images.png.error) {
    assert.match(images.png.error, /not available/, 'only missing from this version of the page');
  } else {
    assert.deepEqual([images.png.blob, images.png.sig, images.png.w, images.png.h], [true, 'PNG', canvas[0], canvas[1]], 'the whole figure');
    assert.equal(images.figure.sig, 'PNG');
    assert.ok(images.figure.w < canvas[0] && images.figure.h <= canvas[1], 'the figure alone is smaller than the whole UI');
  }

  const t0 = Date.now();
  const moved = await call('animate', 'k', { to: 20, seconds: 0.6 });
  const took = Date.now() - t0;
  if (moved.error) {
    assert.match(moved.error, /not available/, JSON.stringify(moved));
  } else {
    console.log(`animate k 37 -> 20 over 0.6 s: resolved after ${took} ms`);
    assert.ok(took >= 500, `it resolves at the end of the move (${took} ms)`);
    assert.equal((await host(() => window.PosEncEmbed.get(document.getElementById('fig')).getState())).k, 20);
  }
  const badMove = await call('animate', 'view', { to: 3, seconds: 1 });
  assert.ok(badMove.error, 'animate refuses a key that is not a number setting');

  const link = await call('link');
  assert.ok(link.v.startsWith(B.url), link.v);
  assert.match(link.v, /k=20|k=37/);
  assert.ok(!/embed=1/.test(link.v), 'the link opens the full page');
});

test('no errors on the host page', () => assert.deepEqual(errors, []));
