// The page's lesson registry (PosEnc.views()) and settings table (PosEnc.schema()) are the one source
// of truth for the views and the state keys: checked here against the page's own behaviour (setState
// validation, defaults, describe(), link()) and against README.md's settings table (which the build
// writes from the same table: posenc_settings_tool readme).
//
// README convention for the `default` column: the default as the page writes it in a URL, except
// that a boolean is written as the word true/false (a URL from PosEnc.link() says 1/0; the page
// accepts both) and a choice (a string) is in backticks like the keys; numbers are plain decimals.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, ROOT } from './harness.mjs';

let server, browser, context, page, errors, views, schema;
const api = (fn, ...args) => page.evaluate(([f, a]) => window.PosEnc[f](...a), [fn, args]);

// A page in a context without reduced motion (it would make `playing` start false). The state at the
// moment PosEnc.ready resolves (the first frame, before any time has passed) is kept in window.__first.
async function openFresh(url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
  await ctx.addInitScript(() => {
    Object.defineProperty(window, 'PosEnc', {
      configurable: true,
      set(v) {
        Object.defineProperty(window, 'PosEnc', { value: v, writable: true, configurable: true, enumerable: true });
        // the first state the page reports (when it has applied its URL, before the first frame), as
        // `ready` now waits for every lesson's code and the page plays meanwhile
        const off = v.on('change', (state) => { window.__first = state; off(); });
      },
    });
  });
  const p = await ctx.newPage();
  const errs = [];
  p.on('console', (m) => { if (m.type() === 'error') errs.push(m.text()); });
  p.on('pageerror', (e) => errs.push(String(e)));
  await p.goto(url);
  await p.evaluate(() => window.PosEnc.ready.then(() => true));
  return { ctx, p, errs };
}

before(async () => {
  server = await serve();
  browser = await launch();
  ({ ctx: context, p: page, errs: errors } = await openFresh(server.url + '?playing=0'));
  views = await api('views');
  schema = await api('schema');
});
after(async () => { await browser?.close(); server?.close(); });

const defaults = () => Object.fromEntries(schema.map((row) => [row.key, row.default]));
const resetToDefaults = async () => {
  const r = await api('setState', { ...defaults(), playing: false });
  assert.deepEqual(r.rejected, [], 'the defaults are accepted');
};

test('views(): unique ids with a title and a summary, exactly the choices of the `view` row', () => {
  assert.ok(Array.isArray(views) && views.length > 0, 'some views');
  const ids = views.map((v) => v.id);
  assert.equal(new Set(ids).size, ids.length, `unique ids: ${ids.join(' ')}`);
  for (const v of views) {
    assert.ok(typeof v.id === 'string' && /^[a-z][a-z0-9_-]*$/.test(v.id), `id ${JSON.stringify(v.id)}`);
    assert.ok(typeof v.label === 'string' && v.label.trim().length > 0, `${v.id}: label`);
    assert.ok(typeof v.title === 'string' && v.title.trim().length > 0, `${v.id}: title`);
    assert.ok(typeof v.summary === 'string' && v.summary.trim().length > 0, `${v.id}: summary`);
    assert.ok(Array.isArray(v.tourSteps), `${v.id}: tourSteps`);
  }
  const viewRow = schema.find((row) => row.key === 'view');
  assert.ok(viewRow, 'the schema has a `view` row');
  assert.equal(viewRow.kind, 'choice');
  assert.deepEqual(ids, viewRow.choices, 'views() ids, in order, are the `view` choices');
  assert.ok(ids.includes(viewRow.default), `the default view ${viewRow.default} is registered`);
});

test('setState({view}) opens each view, and describe() then names its title', async () => {
  for (const v of views) {
    const r = await api('setState', { view: v.id });
    assert.deepEqual(r.rejected, [], v.id);
    assert.equal(r.view, v.id);
    assert.equal((await api('getState')).view, v.id);
    const text = await api('describe');
    assert.ok(text.startsWith(`View: ${v.title}.`), `${v.id}: describe() starts "View: ${v.title}." but says: ${text.slice(0, 120)}`);
  }
  await resetToDefaults();
});

test('schema(): one row per state key, in getState() order, with the documented fields', async () => {
  const KINDS = ['integer', 'even_integer', 'pair_index', 'number', 'number_above_min', 'boolean', 'choice', 'list'];
  const keys = schema.map((row) => row.key);
  assert.equal(new Set(keys).size, keys.length, 'unique keys');
  assert.deepEqual(Object.keys(await api('getState')), keys, 'getState() has exactly the schema keys, in order');
  for (const row of schema) {
    assert.ok(KINDS.includes(row.kind), `${row.key}: kind ${row.kind}`);
    assert.ok(typeof row.meaning === 'string' && row.meaning.length > 0, `${row.key}: meaning`);
    assert.ok(typeof row.allowed === 'string' && row.allowed.length > 0, `${row.key}: allowed`);
    if (row.kind === 'boolean') assert.equal(typeof row.default, 'boolean', row.key);
    if (row.kind === 'choice') {
      assert.ok(Array.isArray(row.choices) && row.choices.length > 0, `${row.key}: choices`);
      assert.ok(row.choices.includes(row.default), `${row.key}: the default is a choice`);
    }
    if (row.kind === 'list') {  // names from choices, separated by commas, or all / none; min: the fewest names
      assert.ok(Array.isArray(row.choices) && row.choices.length > 0, `${row.key}: choices`);
      assert.equal(typeof row.min, 'number', `${row.key}: min`);
      assert.equal(row.default, 'all', `${row.key}: default`);
    }
    if (['integer', 'even_integer', 'pair_index', 'number', 'number_above_min'].includes(row.kind)) {
      assert.equal(typeof row.min, 'number', `${row.key}: min`);
      if (row.kind === 'pair_index') assert.equal(row.max, undefined, `${row.key}: no max (it is d/2-1)`);
      else assert.ok(typeof row.max === 'number' && row.max > row.min, `${row.key}: max`);
      assert.equal(typeof row.default, 'number', `${row.key}: default`);
    }
  }
});

// Valid and invalid values for one row of the schema, in the current state (`d` for pair_index).
function cases(row, state) {
  const { min, max } = row;
  // A limit other keys narrow (dependsOn: alibiHead below alibiHeads, t5MaxDistance above T5's exact
  // buckets) is the widest it can be: the default applies, and just outside the widest is rejected (the
  // dependent limits are tested in tests/lessons/schemes/test_schemes.cpp).
  if (row.dependsOn && row.kind !== 'pair_index') return { ok: [row.default], bad: [min - 1, max + 1] };
  switch (row.kind) {
    case 'integer':
      return { ok: [min, max], bad: [min - 1, max + 1] };
    case 'even_integer':  // just outside both ends, and an odd number in between
      return { ok: [min, max], bad: [min - 1, max + 1, min - 2, max + 2, min + 1] };
    case 'pair_index': {
      const top = state.d / 2 - 1;
      return { ok: [min, top], bad: [min - 1, top + 1] };
    }
    case 'number':  // ten times further out (or 1 below a bound of 0)
      return { ok: [min, max], bad: [min > 0 ? min / 10 : min < 0 ? min * 10 : min - 1, max > 0 ? max * 10 : max + 1] };
    case 'number_above_min':  // the bound itself is excluded
      return { ok: [min + (min || 1) * 1e-6, max], bad: [min, min > 0 ? min / 10 : min - 1, max * 10] };
    default:
      throw new Error(`${row.key}: no cases for kind ${row.kind}`);
  }
}

test('schema() drives validation: numbers at min and max apply, just outside is rejected naming the key', async () => {
  await resetToDefaults();
  for (const row of schema.filter((r) => !['boolean', 'choice', 'list'].includes(r.kind))) {
    const { ok, bad } = cases(row, await api('getState'));
    for (const value of ok) {
      const r = await api('setState', { [row.key]: value });
      assert.deepEqual(r.rejected, [], `${row.key} = ${value} is allowed (${row.allowed})`);
      assert.equal(r[row.key], value, `${row.key} = ${value} applied`);
      await resetToDefaults();  // a tour step or a large d/n should not carry over
    }
    for (const value of bad) {
      const before = await api('getState');
      const r = await api('setState', { [row.key]: value });
      assert.equal(r.rejected.length, 1, `${row.key} = ${value} is rejected (${row.allowed}): ${JSON.stringify(r.rejected)}`);
      assert.equal(r.rejected[0].key, row.key);
      assert.ok(r.rejected[0].reason.includes(row.key), `the reason names ${row.key}: ${r.rejected[0].reason}`);
      assert.deepEqual(await api('getState'), before, `${row.key} = ${value} changed nothing`);
    }
  }
  await resetToDefaults();
});

test('schema() drives validation: booleans take true/false, choices take each choice and reject nonsense', async () => {
  await resetToDefaults();
  for (const row of schema.filter((r) => r.kind === 'boolean')) {
    for (const value of [true, false, !row.default]) {
      const r = await api('setState', { [row.key]: value });
      assert.deepEqual(r.rejected, [], `${row.key} = ${value}`);
      assert.equal(r[row.key], value);
    }
    const r = await api('setState', { [row.key]: 'nonsense' });
    assert.equal(r.rejected.length, 1, `${row.key} = nonsense is rejected`);
    assert.equal(r.rejected[0].key, row.key);
    assert.ok(r.rejected[0].reason.includes(row.key), `the reason names ${row.key}: ${r.rejected[0].reason}`);
    await resetToDefaults();
  }
  for (const row of schema.filter((r) => r.kind === 'choice')) {
    for (const value of row.choices) {
      const r = await api('setState', { [row.key]: value });
      assert.deepEqual(r.rejected, [], `${row.key} = ${value}`);
      assert.equal(r[row.key], value);
    }
    const before = await api('getState');
    const r = await api('setState', { [row.key]: 'nonsense' });
    assert.equal(r.rejected.length, 1, `${row.key} = nonsense is rejected`);
    assert.equal(r.rejected[0].key, row.key);
    assert.ok(r.rejected[0].reason.includes(row.key), `the reason names ${row.key}: ${r.rejected[0].reason}`);
    assert.deepEqual(await api('getState'), before, `${row.key} = nonsense changed nothing`);
    await resetToDefaults();
  }
});

test('schema() drives validation: lists take all, each name alone or several, none only where min is 0, and refuse an unknown name', async () => {
  await resetToDefaults();
  for (const row of schema.filter((r) => r.kind === 'list')) {
    for (const value of ['all', row.choices[0], row.choices.at(-1), row.choices.slice(0, 3).join(',')]) {
      const r = await api('setState', { [row.key]: value });
      assert.deepEqual(r.rejected, [], `${row.key} = ${value}`);
      assert.equal(r[row.key], value, `${row.key} = ${value} reads back as written`);
      await resetToDefaults();
    }
    const none = await api('setState', { [row.key]: 'none' });
    assert.equal(none.rejected.length, row.min > 0 ? 1 : 0, `${row.key} = none (${row.allowed})`);
    await resetToDefaults();
    const before = await api('getState');
    const r = await api('setState', { [row.key]: row.choices[0] + ',nonsense' });
    assert.equal(r.rejected.length, 1, `${row.key} with an unknown name is rejected`);
    assert.ok(r.rejected[0].reason.startsWith(row.key + ": 'nonsense' is not one of"), r.rejected[0].reason);
    assert.deepEqual(await api('getState'), before, `${row.key} with an unknown name changed nothing`);
  }
  await resetToDefaults();
});

test('a fresh page (no query, no reduced motion) starts at every row\'s default, on the path\'s first lesson, with Start here', async () => {
  const { ctx, p, errs } = await openFresh(server.url);
  // The state when the first frame was drawn: the page plays by default, so later `pos` has moved on.
  const first = await p.evaluate(() => window.__first);
  const later = await p.evaluate(() => window.PosEnc.getState());
  // A cold page opens where the path (the registry's first row) and the guided tour start.
  const want = { ...defaults(), view: views[0].id };
  assert.notEqual(views[0].id, defaults().view, 'the path starts elsewhere than the view key\'s default');
  assert.deepEqual(first, want, 'getState() at the first frame is the schema defaults, on the first lesson');
  const { pos, ...rest } = later;
  const { pos: pos0, ...restWant } = want;
  assert.deepEqual(rest, restWant, 'and stays so (but pos, which plays)');
  assert.ok(pos >= pos0, `pos ${pos} moves on from ${pos0}`);
  // Start here offers the tour, whose first step is on that lesson.
  const start = (await p.evaluate(() => window.PosEnc._controls())).find((c) => c.label === 'Start here: take the guided tour');
  assert.ok(start, 'a cold page shows Start here');
  await p.evaluate(() => window.PosEnc.setState({ step: 1 }));
  assert.equal((await p.evaluate(() => window.PosEnc.getState())).view, views[0].id, 'the tour starts on the same lesson');
  await ctx.close();
  // A link that says anything (here only playing=0) keeps the view key's default and no Start here.
  const linked = await openFresh(server.url + '?playing=0');
  assert.equal((await linked.p.evaluate(() => window.PosEnc.getState())).view, defaults().view);
  assert.ok(!(await linked.p.evaluate(() => window.PosEnc._controls())).some((c) => c.label.startsWith('Start here')));
  await linked.ctx.close();
  assert.deepEqual(errs, []);
  assert.deepEqual(linked.errs, []);
});

// README.md: the rows of the table under "## State: URL keys and `PosEnc.setState`".
function readmeTable() {
  const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
  const at = lines.findIndex((l) => l.trim() === '## State: URL keys and `PosEnc.setState`');
  assert.ok(at >= 0, 'README has the State heading');
  let i = at + 1;
  while (i < lines.length && !lines[i].startsWith('|') && !lines[i].startsWith('## ')) i++;
  assert.ok(i < lines.length && lines[i].startsWith('|'), 'a table follows the State heading');
  // Cells of a row: split on | not escaped as \|, trimmed, then \| turned back into |.
  const cells = (line) => line.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
  assert.deepEqual(cells(lines[i]), ['key', 'meaning', 'allowed', 'default'], 'the table header');
  assert.match(lines[i + 1], /^\|(\s*:?-{3,}:?\s*\|){4}\s*$/, 'the header separator');
  const rows = [];
  for (i += 2; i < lines.length && lines[i].startsWith('|'); i++) {
    const c = cells(lines[i]);
    assert.equal(c.length, 4, `four cells: ${lines[i]}`);
    const key = /^`([^`]+)`$/.exec(c[0]);
    assert.ok(key, `the key is in backticks: ${c[0]}`);
    rows.push({ key: key[1], meaning: c[1], allowed: c[2], default: c[3] });
  }
  return rows;
}

// The default as the README writes it (see the convention at the top of this file).
function readmeDefault(row) {
  if (row.kind === 'choice' || row.kind === 'list') return '`' + row.default + '`';
  if (row.kind === 'boolean') return row.default ? 'true' : 'false';
  return String(row.default);  // plain decimal, as in a URL (10000, not 1e4)
}

test('README.md\'s State table is the schema: the same keys in order, meanings, allowed values and defaults', () => {
  const rows = readmeTable();
  assert.deepEqual(rows.map((r) => r.key), schema.map((r) => r.key), 'the README rows are the schema keys, in order');
  for (const [i, row] of schema.entries()) {
    assert.equal(rows[i].meaning, row.meaning, `${row.key}: meaning`);
    assert.equal(rows[i].allowed, row.allowed, `${row.key}: allowed`);
    assert.equal(rows[i].default, readmeDefault(row), `${row.key}: default`);
  }
});

test('link() leaves out default values, keeps view, and reopens to the same state', async () => {
  // At the defaults, but paused: `view` (always kept) and `playing` (unless paused is the default).
  await resetToDefaults();
  const want = defaults();
  let q = new URL(await api('link')).searchParams;
  assert.deepEqual([...q.keys()], want.playing ? ['view', 'playing'] : ['view'], `at the defaults (paused): ${q}`);
  assert.equal(q.get('view'), want.view);

  // A state with some non-default values (still paused, so nothing moves before it is compared).
  const other = (row) => row.choices ? row.choices.find((c) => c !== row.default) : undefined;
  const change = { view: other(schema.find((r) => r.key === 'view')), d: 64, k: 37, pair: 3, n: 200, base: 500, pos: 2.5, contrast: true };
  const r = await api('setState', change);
  assert.deepEqual(r.rejected, []);
  const s = await api('getState');
  const link = await api('link');
  q = new URL(link).searchParams;
  const nonDefault = schema.map((row) => row.key).filter((key) => key === 'view' || s[key] !== want[key]);
  assert.deepEqual([...q.keys()].sort(), nonDefault.sort(), `link ${link} has view and exactly the non-default keys`);
  for (const key of q.keys()) assert.ok(key === 'view' || s[key] !== want[key], `${key} is not at its default`);

  const { ctx, p, errs } = await openFresh(link);
  const reopened = await p.evaluate(() => window.PosEnc.getState());
  const notice = await p.evaluate(() => document.getElementById('notice').hidden);
  await ctx.close();
  assert.deepEqual(reopened, s, 'the link reopens the same state');
  assert.equal(notice, true, 'a link from link() is clean (no notice)');
  assert.deepEqual(errs, []);
  await resetToDefaults();
});

test('no console errors', () => assert.deepEqual(errors, []));
