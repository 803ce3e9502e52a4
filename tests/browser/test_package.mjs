// The built dist/ as an npm package, used the way a course site would use it:
//   - `npm pack` on dist/ (its package.json is web/package.json), installed offline from the tarball in a
//     scratch folder: the package holds the page, the module, both loaders and their types, nothing else;
//     its exports resolve to the ES module;
//   - served from the install folder as origin P, a host page on origin A does
//     `import { mount } from 'P/posenc-embed.mjs'` (a cross-origin module import: it needs the CORS header
//     scripts/serve.py sends) and mounts a figure: state round trip, and the pixels of the state it set;
//   - the module is the classic loader transformed by scripts/embed_module.py (one hand-written loader);
//   - posenc-embed.d.ts's PosEncState and ViewId say what PosEnc.schema() and PosEnc.views() say: the
//     same keys in the same order, booleans, numbers, and the same choices (the types are not a second
//     source of truth: this test fails when they drift);
//   - the versioned path dist/v/<version>/ holds the same files, and its loader embeds its own copy;
//   - the module imports under Node (no window, no document) with its exports;
//   - the licences: LICENSE, THIRD_PARTY_NOTICES.txt (each component shipped and its licence) and the
//     README in the package, "license" in its package.json, and both texts inside the single-file build;
//   - AnimateKey in the types, the README's list and the figure's refusal name the same keys: the
//     settings table's number rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, serve, threeOrigins, waitUntil, DIST, ROOT, ARTIFACTS, trackErrors } from './harness.mjs';
import { decodePng, diffFraction, drawnFraction } from './png.mjs';

let origins, P, browser, scratch, pkgDir, tarball;
const W = 800, H = 500;
const meta = JSON.parse(readFileSync(join(DIST, 'package.json'), 'utf8'));

function writePages(dir) {
  writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Module host</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="host.css"></head><body>
<div id="fig"></div><div id="pinned"></div>
<script type="module" src="host.mjs"></script>
</body></html>`);
  writeFileSync(join(dir, 'host.css'), `body{margin:0} #fig, #pinned{width:${W}px;height:${H}px}`);
}

before(async () => {
  // Pack and install offline, with a cache of our own (nothing from the registry is needed).
  const tmp = mkdtempSync(join(tmpdir(), 'posenc-package-'));
  const npm = (args, cwd) => execFileSync('npm', [...args, '--offline', '--cache', join(tmp, 'npm-cache'), '--no-audit', '--no-fund'],
    { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const packed = JSON.parse(npm(['pack', resolve(DIST), '--pack-destination', tmp, '--json'], tmp));
  tarball = join(tmp, packed[0].filename);
  scratch = join(tmp, 'site');
  mkdirSync(scratch);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'course-site', version: '1.0.0', private: true }));
  npm(['install', '--ignore-scripts', tarball], scratch);
  pkgDir = join(scratch, 'node_modules', meta.name);
  P = await serve(pkgDir);
  origins = await threeOrigins('posenc-package-host-', (dir) => writePages(dir));
  browser = await launch();
});
after(async () => { await browser?.close(); P?.close(); origins?.close(); });

test('npm pack of dist/ installs offline: the page, the module, both loaders and the types; exports resolve to the module', () => {
  assert.match(tarball, new RegExp(meta.name + '-' + meta.version.replace(/\./g, '\\.') + '\\.tgz$'));
  // The page's files: everything at the top of dist/, its posters, its lessons' modules and texts, the
  // languages' fonts, but the examples and the versioned copy.
  const files = readdirSync(pkgDir).sort();
  const top = readdirSync(DIST, { withFileTypes: true }).filter((e) => e.isFile() || ['posters', 'lessons', 'text', 'fonts'].includes(e.name)).map((e) => e.name).sort();
  assert.deepEqual(files, top, 'the top-level files of dist/, posters/, lessons/, text/ and fonts/ (no examples/, no v/)');
  const texts = (dir) => readdirSync(dir, { recursive: true }).map(String).sort();
  assert.deepEqual(texts(join(pkgDir, 'text')), texts(join(DIST, 'text')), 'the lessons\' texts and every language\'s catalogue');
  assert.deepEqual(readdirSync(join(pkgDir, 'posters')).sort(), readdirSync(join(DIST, 'posters')).sort(), 'every poster');
  assert.deepEqual(readdirSync(join(pkgDir, 'lessons')).sort(), readdirSync(join(DIST, 'lessons')).sort(), 'every lesson\'s module and its rest');
  for (const f of ['index.html', 'posenc.js', 'posenc_app.js', 'posenc_app.wasm', 'posenc-embed.js', 'posenc-embed.mjs', 'posenc-embed.d.ts'])
    assert.ok(files.includes(f), f);
  // Everything index.html loads is in the package.
  const html = readFileSync(join(pkgDir, 'index.html'), 'utf8');
  for (const [, ref] of html.matchAll(/(?:src|href)="([^"#:]+)"/g)) assert.ok(existsSync(join(pkgDir, ref)), 'index.html loads ' + ref);
  const req = createRequire(join(scratch, 'package.json'));
  assert.equal(req.resolve(meta.name), join(pkgDir, 'posenc-embed.mjs'));
  assert.equal(req.resolve(meta.name + '/posenc-embed.js'), join(pkgDir, 'posenc-embed.js'));
  assert.equal(req.resolve(meta.name + '/posenc_app.wasm'), join(pkgDir, 'posenc_app.wasm'));
  assert.ok(existsSync(join(pkgDir, meta.types)) && meta.exports['.'].types === meta.types);
  // One hand-written loader: the module is the classic script through scripts/embed_module.py.
  const out = join(scratch, 'transformed.mjs');
  execFileSync('/usr/bin/python3', [join(ROOT, 'scripts', 'embed_module.py'), join(pkgDir, 'posenc-embed.js'), out]);
  const module = readFileSync(out, 'utf8');
  assert.equal(readFileSync(join(pkgDir, 'posenc-embed.mjs'), 'utf8'), module);
  assert.match(module, /^export const mount = /m);
  assert.ok(!/^\(function \(\) \{/m.test(module), 'no classic wrapper in the module');
});

test('a host page on another origin imports the installed module and mounts a figure that works', async () => {
  writeFileSync(join(origins.dir, 'host.mjs'), `import PosEncEmbed, { mount, get, version } from '${P.url}posenc-embed.mjs';
const el = document.getElementById('fig');
window.fig = mount(el, { state: { view: 'clock', d: 64, k: 4, pos: 3, playing: false } });
window.loaded = { version, same: get(el) === window.fig && PosEncEmbed.get(el) === window.fig, global: window.PosEncEmbed === PosEncEmbed,
  src: window.fig.iframe.src };
`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = trackErrors(page);
  await page.goto(origins.A.url + 'host.html');
  assert.ok(await waitUntil(page, () => !!window.loaded), 'the module was imported across origins: ' + errors.join('; '));
  const loaded = await page.evaluate(() => window.loaded);
  assert.deepEqual([loaded.version, loaded.same, loaded.global], [1, true, true]);
  assert.ok(loaded.src.startsWith(P.url + 'index.html?'), 'the figure comes from the package: ' + loaded.src);
  const ready = await page.evaluate(() => window.fig.ready);
  assert.equal(ready.k, 4);
  const set = await page.evaluate(() => window.fig.setState({ k: 37, pair: 3 }));
  assert.deepEqual([set.k, set.pair, set.rejected], [37, 3, []]);
  assert.equal((await page.evaluate(() => window.fig.getState())).k, 37);

  const frame = await (await page.$('#fig iframe')).contentFrame();
  assert.ok(await waitUntil(frame, () => { try { return window.PosEnc._framesDrawn() > 2; } catch (e) { return false; } }), 'it draws');
  await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.mouse.move(1200, 780);
  const got = decodePng(await page.locator('#fig').screenshot({ path: join(ARTIFACTS, 'package-figure.png') }));
  const ref = await browser.newContext({ viewport: { width: W, height: H } });
  const p2 = await ref.newPage();
  await p2.goto(P.url + 'index.html?embed=1&view=clock&d=64&k=37&pair=3&pos=3&playing=0');
  await p2.evaluate(() => window.PosEnc.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
  const want = decodePng(await p2.screenshot());
  await ref.close();
  const rect = { x: 0, y: 0, w: W, h: H };
  const diff = diffFraction(got, want, rect), drawn = drawnFraction(got, rect);
  console.log(`figure from the installed package: ${(100 * drawn).toFixed(1)}% drawn, ${(100 * diff).toFixed(2)}% differ from the reference`);
  assert.ok(drawn > 0.05 && diff < 0.01, `drawn ${drawn}, differs ${diff}`);
  assert.deepEqual(errors, []);
  await context.close();
});

// The members of `interface name { ... }` in a .d.ts: [[key, type], ...] in order.
function interfaceMembers(dts, name) {
  const body = new RegExp('export interface ' + name + ' \\{([\\s\\S]*?)\\n\\}').exec(dts);
  assert.ok(body, 'interface ' + name);
  return [...body[1].matchAll(/^\s*(\w+)\??:\s*([^;]+);/gm)].map((m) => [m[1], m[2].trim()]);
}
// A union of string literals ('a' | 'b'), or a type alias of one, as a list; null for anything else.
function literals(dts, type) {
  if (/^[A-Z]\w*$/.test(type)) {
    const alias = new RegExp('export type ' + type + ' =([\\s\\S]*?);').exec(dts);
    assert.ok(alias, 'type ' + type);
    type = alias[1];
  }
  const parts = type.split('|').map((s) => s.trim()).filter(Boolean);
  return parts.every((p) => /^'[^']*'$/.test(p)) ? parts.map((p) => p.slice(1, -1)) : null;
}

test('posenc-embed.d.ts: PosEncState has the settings table\'s keys and choices, ViewId the lesson registry\'s ids', async () => {
  const dts = readFileSync(join(pkgDir, 'posenc-embed.d.ts'), 'utf8');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(P.url + 'index.html?playing=0');
  const { schema, views } = await page.evaluate(() => window.PosEnc.ready.then((p) => ({ schema: p.schema(), views: p.views() })));
  await context.close();
  const members = interfaceMembers(dts, 'PosEncState');
  assert.deepEqual(members.map((m) => m[0]), schema.map((r) => r.key), 'the same keys in the same order');
  for (const [key, type] of members) {
    const row = schema.find((r) => r.key === key);
    if (row.kind === 'boolean') assert.equal(type, 'boolean', key);
    else if (row.kind === 'choice') assert.deepEqual(literals(dts, type), row.choices, key + ': the same choices');
    else if (row.kind === 'list') assert.equal(type, 'string', key + ': names separated by commas');
    else assert.equal(type, 'number', key + ' (' + row.kind + ')');
  }
  assert.deepEqual(literals(dts, 'ViewId'), views.map((v) => v.id), 'ViewId is the lesson registry');
  // The handle's methods are typed (a method the loader has and the types do not would go unseen).
  const handle = interfaceMembers(dts, 'PosEncHandle').map((m) => m[0]);
  const methods = [...dts.matchAll(/^\s{2}(\w+)(?:<[^>]*>)?\(/gm)].map((m) => m[1]);  // generic ones too: setState<S ...>(
  for (const name of ['getState', 'setState', 'describe', 'exportText', 'exportImage', 'animate', 'link', 'on', 'destroy'])
    assert.ok(methods.includes(name) || handle.includes(name), name + ' typed');
});

test('the versioned path dist/v/<version>/ holds the same files, and its loader embeds its own copy', async () => {
  const pinned = join(DIST, 'v', meta.version);
  const shipped = readdirSync(pkgDir, { recursive: true }).map(String)
    .filter((x) => x !== 'package.json' && !statSync(join(pkgDir, x)).isDirectory());
  for (const f of shipped)
    assert.deepEqual(readFileSync(join(pinned, f)), readFileSync(join(DIST, f)), 'v/' + meta.version + '/' + f);
  writeFileSync(join(origins.dir, 'pinned.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pinned</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="host.css"></head><body>
<div id="pinned" data-posenc="view=waves&amp;playing=0"></div>
<script src="${origins.B.url}v/${meta.version}/posenc-embed.js"></script></body></html>`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(origins.A.url + 'pinned.html');
  await page.waitForFunction(() => window.PosEncEmbed && window.PosEncEmbed.get(document.getElementById('pinned')));
  const s = await page.evaluate(() => window.PosEncEmbed.get(document.getElementById('pinned')).ready);
  assert.equal(s.view, 'waves');
  const src = await page.evaluate(() => window.PosEncEmbed.get(document.getElementById('pinned')).iframe.src);
  assert.ok(src.startsWith(origins.B.url + 'v/' + meta.version + '/index.html?'), src);
  await context.close();
});

test('the README says how a venv\'s Jupyter kernel is registered (defect 10)', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const notebooks = readme.slice(readme.indexOf('## Notebooks'), readme.indexOf('## The experiment'));
  assert.match(notebooks, /\.venv\/bin\/python -m ipykernel install --user --name [\w-]+/, 'the command that registers the kernel');
  assert.match(notebooks, /needs `ipykernel` in the venv/);
});

test('the ES module imports under Node, without window or document, and has its exports', async () => {
  assert.equal(typeof globalThis.window, 'undefined');
  assert.equal(typeof globalThis.document, 'undefined');
  const m = await import(pathToFileURL(join(pkgDir, 'posenc-embed.mjs')).href);
  assert.deepEqual(Object.keys(m).sort(), ['default', 'get', 'mount', 'mountAll', 'version']);
  assert.equal(typeof m.mount, 'function');
  assert.equal(typeof m.mountAll, 'function');
  assert.equal(m.version, 1);
  assert.equal(m.default.mount, m.mount);
  assert.equal(m.get({}), null, 'get works without a DOM');
  assert.throws(() => m.mount({}), /needs an element/, 'mount says what it needs instead of touching a DOM');
  assert.equal(typeof globalThis.window, 'undefined', 'nothing was put on a global');
});

test('licences: LICENSE, the third-party notices and the README ship in the package and the single-file build', () => {
  const files = readdirSync(pkgDir);
  for (const f of ['LICENSE', 'THIRD_PARTY_NOTICES.txt', 'README.md']) assert.ok(files.includes(f), f + ' in the package');
  assert.equal(meta.license, 'MIT');
  const licence = readFileSync(join(pkgDir, 'LICENSE'), 'utf8');
  assert.match(licence, /^MIT License/);
  assert.match(licence, /Copyright \(c\) 2026 PosEnc Lab contributors/);
  assert.equal(licence, readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
  const notices = readFileSync(join(pkgDir, 'THIRD_PARTY_NOTICES.txt'), 'utf8');
  // Each component the page ships, named with its licence, and the licence text itself.
  for (const [name, licenceName, text] of [['Dear ImGui', 'MIT', /Omar Cornut/], ['SDL2', 'zlib', /Sam Lantinga/],
    ['DejaVu', 'Bitstream Vera', /Bitstream/], ['Emscripten', 'NCSA', /Emscripten authors|University of Illinois/],
    ['stb_truetype', 'public domain', /ALTERNATIVE A/]]) {
    assert.ok(new RegExp('^- ' + name + '.*' + licenceName, 'm').test(notices), name + ' (' + licenceName + ') listed');
    assert.match(notices, text, name + ': its licence text');
  }
  assert.match(readFileSync(join(pkgDir, 'README.md'), 'utf8'), /^# PosEnc Lab/m);
  const single = readFileSync(join(ROOT, 'build', 'web', 'single', 'posenc-lab.html'), 'utf8');
  const block = /<script type="text\/plain" id="posenc-licences">([\s\S]*?)<\/script>/.exec(single);
  assert.ok(block, 'the single-file build carries the licences');
  for (const name of ['Copyright (c) 2026 PosEnc Lab contributors', 'Dear ImGui', 'SDL2', 'DejaVu', 'Emscripten'])
    assert.ok(block[1].includes(name), name + ' in the single-file build');
});

test('animate: AnimateKey, the README\'s list and the figure\'s refusal name the settings table\'s number rows', async () => {
  const dts = readFileSync(join(pkgDir, 'posenc-embed.d.ts'), 'utf8');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(P.url + 'index.html?playing=0');
  const { schema, refusal, moved } = await page.evaluate(() => window.PosEnc.ready.then(async (p) => ({
    schema: p.schema(),
    refusal: await p.animate('d', { to: 64, seconds: 0 }).then(() => 'resolved', (e) => e.message),
    moved: (await p.animate('speed', { to: 3, seconds: 0 })).speed,
  })));
  await context.close();
  const numbers = schema.filter((r) => r.kind === 'number' || r.kind === 'number_above_min').map((r) => r.key);
  assert.ok(numbers.includes('pos') && numbers.includes('k') && numbers.length >= 5, numbers.join(' '));
  assert.deepEqual(literals(dts, 'AnimateKey'), numbers, 'the types');
  assert.match(dts, /animate\(key: AnimateKey,/);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const line = /<!-- generated: animate-keys[^\n]*\n\n(.*)\n/.exec(readme);
  assert.ok(line, 'the README\'s generated list');
  assert.deepEqual([...line[1].matchAll(/`(\w+)`/g)].map((m) => m[1]).slice(1), numbers, 'the README');
  assert.ok(refusal.includes('(' + numbers.join(', ') + ')'), 'the figure: ' + refusal);
  assert.equal(moved, 3);
});
