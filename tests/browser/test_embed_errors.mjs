// Issue 26: every call on an embed handle ends, and says why when it fails. Origin A serves the course
// page, B the figure and the loaders. Checked: a malformed setState (and mount's state) is refused by the
// loader with the reason the figure itself gives to the same message posted by hand; a call to a page
// that never starts times out naming the call; origins entries are normalised or refused at mount, and
// a figure that does not trust the page says so (ready rejects with a hint); a pinned module import
// embeds its own version even after the classic loader; the iframe's title follows the lesson and no
// allowfullscreen warning is logged.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, threeOrigins, waitUntil, DIST } from './harness.mjs';

let origins, browser, context, page, messages;
// A hang (the defect) must fail the test, not stall the run.
const LIMIT = { timeout: 45000 };
const meta = JSON.parse(readFileSync(join(DIST, 'package.json'), 'utf8'));

function writePages(dir, { B }) {
  writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Errors</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="host.css"></head><body>
<div id="fig" data-posenc="view=clock&amp;playing=0"></div><div id="more"></div>
<script src="${B.url}posenc-embed.js"></script>
<script src="host.js"></script></body></html>`);
  writeFileSync(join(dir, 'host.css'), 'body{margin:0} #fig, #more > div{width:640px;height:400px}');
  // Every message from the figure's origin, to compare its own answers with the loader's refusals.
  writeFileSync(join(dir, 'host.js'), `window.replies = [];
addEventListener('message', (e) => { if (e.origin === ${JSON.stringify(new URL(B.url).origin)}) window.replies.push(e.data); });
window.box = () => document.getElementById('more').appendChild(document.createElement('div'));`);
  writeFileSync(join(dir, 'blank.html'), '<!doctype html><meta charset="utf-8"><title>Not PosEnc</title><p>not a figure</p>');
  // The classic loader first, then the pinned module.
  writeFileSync(join(dir, 'pinned.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pinned</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="host.css"></head><body><div id="fig"></div>
<script src="${B.url}posenc-embed.js"></script>
<script type="module">import { mount } from '${B.url}v/${meta.version}/posenc-embed.mjs';
window.fig = mount(document.getElementById('fig'), { state: { view: 'waves', playing: false } });</script></body></html>`);
}

const fig = (fn, arg) => page.evaluate(fn, arg);

before(async () => {
  origins = await threeOrigins('posenc-embed-errors-', writePages);
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  messages = [];
  page.on('console', (m) => messages.push(m.type() + ': ' + m.text()));
  page.on('pageerror', (e) => messages.push('pageerror: ' + e));
  await page.goto(origins.A.url + 'host.html');
  await page.waitForFunction(() => window.PosEncEmbed && window.PosEncEmbed.get(document.getElementById('fig')));
  await fig(() => window.PosEncEmbed.get(document.getElementById('fig')).ready.then(() => true));
});
after(async () => { await browser?.close(); origins?.close(); });

test('a malformed setState is refused with the reason the figure gives; mount refuses such a state the same way', LIMIT, async () => {
  const out = await fig(async () => {
    const h = window.PosEncEmbed.get(document.getElementById('fig'));
    const target = h.iframe.contentWindow, o = new URL(h.iframe.src).origin;
    const bad = [{ k: undefined }, { k: null }, { k: [5] }, { k: 'x'.repeat(201) },
      Object.fromEntries(Array.from({ length: 65 }, (_, i) => ['z' + i, i])), { ['x'.repeat(41)]: 1 }];
    const rows = [];
    for (let i = 0; i < bad.length; i++) {
      const loader = await h.setState(bad[i]).then(() => 'resolved', (e) => e.name + ': ' + e.message);
      // The same message posted by hand, with an id: the figure answers with an error.
      target.postMessage({ posenc: 1, id: 9000 + i, type: 'setState', state: bad[i] }, o);
      rows.push({ loader });
    }
    let mountError = '';
    try { window.PosEncEmbed.mount(window.box(), { state: { k: null } }); } catch (e) { mountError = e.message; }
    const setNull = await h.setState({ k: null }).catch((e) => e.message);
    return { rows, mountError, setNull };
  });
  const ids = out.rows.map((_, i) => 9000 + i);
  assert.ok(await waitUntil(page, (want) => want.every((id) => window.replies.some((r) => r && r.id === id)), ids),
    'the figure answers every malformed message that has an id');
  const replies = await fig(() => window.replies);
  out.rows.forEach((row, i) => {
    const r = replies.find((x) => x && x.id === 9000 + i);
    assert.equal(r.type, 'error', JSON.stringify(r));
    assert.equal(row.loader, 'TypeError: ' + r.reason, 'the loader gives the figure\'s reason');
  });
  const reasons = out.rows.map((r) => r.loader);
  assert.match(reasons[0], /state\.k .*not undefined/);
  assert.match(reasons[1], /state\.k .*not null/);
  assert.match(reasons[2], /state\.k .*not an array/);
  assert.match(reasons[3], /state\.k is a string of 201 characters, more than 200/);
  assert.match(reasons[4], /state has 65 keys, more than 64/);
  assert.match(reasons[5], /longer than 40 characters/);
  assert.equal(out.mountError, out.setNull, 'mount({state: {k: null}}) and setState({k: null}) say the same');
  // The figure still works.
  const s = await fig(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ k: 9 }));
  assert.deepEqual([s.k, s.rejected], [9, []]);
});

test('a call to a page that never starts rejects after the timeout, naming what it waited for', LIMIT, async () => {
  const why = await fig((src) => {
    const h = window.PosEncEmbed.mount(window.box(), { src, timeout: 400 });
    return Promise.all([h.getState().catch((e) => e.message), h.exportText('csv').catch((e) => e.message)]);
  }, origins.A.url + 'blank.html');
  assert.match(why[0], /^PosEnc embed: getState waited 400 ms for the figure at http:\/\/127\.0\.0\.1:\d+ to start/);
  assert.match(why[1], /exportText\('csv'\) waited 400 ms/);
  const bad = await fig(() => { try { window.PosEncEmbed.mount(window.box(), { timeout: -1 }); return ''; } catch (e) { return e.message; } });
  assert.match(bad, /timeout takes milliseconds/);
});

test('origins entries: a trailing slash and capitals are normalised; no scheme, a path or a wildcard throws, naming the entry', LIMIT, async () => {
  const A = new URL(origins.A.url).origin;
  const out = await fig(async ([A]) => {
    const tryMount = (list) => {
      try { return { handle: window.PosEncEmbed.mount(window.box(), { state: { playing: false }, origins: list }) }; } catch (e) { return { error: e.message }; }
    };
    const slash = tryMount([A + '/']), upper = tryMount([A.toUpperCase()]);
    const states = await Promise.all([slash.handle.ready, upper.handle.ready]);
    const params = [slash, upper].map((m) => new URL(m.handle.iframe.src).searchParams.get('origins'));
    const refused = ['127.0.0.1:8091', A + '/course/', 'https://*.example.org', A + '?x=1'].map((e) => tryMount([e]).error);
    return { views: states.map((s) => s.view), params, refused };
  }, [A]);
  assert.deepEqual(out.views, ['clock', 'clock']);
  assert.deepEqual(out.params, [A, A], 'the figure gets the origin itself');
  assert.match(out.refused[0], /origins entry "127\.0\.0\.1:8091" is not an origin: write its scheme/);
  assert.match(out.refused[1], /origins entry ".*\/course\/" has more than an origin/);
  assert.match(out.refused[2], /origins entry "https:\/\/\*\.example\.org" has a wildcard/);
  assert.match(out.refused[3], /has more than an origin/);
});

test('a figure that does not trust the page says so: ready, calls and on(error) reject with a hint about origins', LIMIT, async () => {
  const A = new URL(origins.A.url).origin;
  const out = await fig(async () => {
    const h = window.PosEncEmbed.mount(window.box(), { state: { playing: false }, origins: ['https://course.example.org'] });
    const errors = [];
    h.on('error', (e) => errors.push(e.message));
    const ready = await h.ready.then(() => 'resolved', (e) => e.message);
    const call = await h.getState().then(() => 'resolved', (e) => e.message);
    return { ready, call, errors };
  });
  assert.match(out.ready, /does not accept messages from this page \(http:\/\/127\.0\.0\.1:\d+\)/);
  assert.ok(out.ready.includes(`its origins list (https://course.example.org) does not include it; add '${A}' to the \`origins\` option`), out.ready);
  assert.equal(out.call, out.ready);
  assert.deepEqual(out.errors, [out.ready]);
  // The figure told the page nothing but that.
  const notices = (await fig(() => window.replies)).filter((r) => r && r.type === 'notAllowed');
  assert.deepEqual(notices, [{ posenc: 1, type: 'notAllowed' }]);
});

test('the iframe is titled by its lesson (following the view), with no allowfullscreen warning', LIMIT, async () => {
  const info = await fig(() => {
    const h = window.PosEncEmbed.get(document.getElementById('fig'));
    return { title: h.iframe.title, allowfullscreen: h.iframe.hasAttribute('allowfullscreen'), allow: h.iframe.getAttribute('allow') };
  });
  const frame = page.frames().find((f) => f.url().startsWith(origins.B.url + 'index.html?') && f.url().includes('view=clock'));
  const titles = Object.fromEntries((await frame.evaluate(() => window.PosEnc.views())).map((v) => [v.id, v.title]));
  assert.equal(info.title, 'PosEnc Lab: ' + titles.clock);
  assert.deepEqual([info.allowfullscreen, info.allow], [false, 'clipboard-write; fullscreen']);
  await fig(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ view: 'waves' }));
  assert.ok(await waitUntil(page, (t) => window.PosEncEmbed.get(document.getElementById('fig')).iframe.title === t, 'PosEnc Lab: ' + titles.waves));
  assert.deepEqual(messages.filter((m) => /take precedence over 'allowfullscreen'/.test(m)), []);
  assert.deepEqual(messages.filter((m) => /^(error|pageerror)/.test(m)), []);
});

test('a pinned module import embeds its own version, even when the classic loader came first', LIMIT, async () => {
  const p = await context.newPage();
  await p.goto(origins.A.url + 'pinned.html');
  await p.waitForFunction(() => !!window.fig);
  const s = await p.evaluate(() => window.fig.ready);
  assert.equal(s.view, 'waves');
  const info = await p.evaluate(() => ({ src: window.fig.iframe.src, shared: window.PosEncEmbed.get(document.getElementById('fig')) === window.fig }));
  assert.ok(info.src.startsWith(origins.B.url + 'v/' + meta.version + '/index.html?'), info.src);
  assert.ok(info.shared, 'the classic loader\'s get finds the figure the module mounted');
  await p.close();
});
