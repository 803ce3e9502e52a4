// Each view's module (the shell and that view's lesson) and the rest (the other lessons' code), split
// from the page's wasm with wasm-split (binaryen's tool behind -sSPLIT_MODULE; the binaryen of
// Emscripten 3.1.6 splits into two). README "Lessons on demand".
//
// Which functions a view needs is read off the page's own call graph, not guessed from names: every
// function reachable by direct calls from the module's roots (its exports, which include main and the
// constructors, and every function that can be called through the table), with the shell's calls into
// the other lessons cut: app::draw_<id> and app::describe_<id> of every lesson but the view's own (the
// registry's dispatch, src/shell/app.cpp and describe.cpp) and the lessons' hooks (src/shell/hooks.cpp),
// and the shell's calls into its own code that no first frame needs (SHARED: the text exports, which
// the shell calls only once the rest is here, src/shell/lesson_code.hpp shared_code_here).
// Whatever else is reachable stays in the view's module, so the only way into the second module is
// through a cut call, which the shell makes only for the lesson it shows.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

// wasm-opt --print-call-graph: one node line per function ("filled" white; exports again in gray,
// imports turquoise, table targets "filled, rounded"), one `"a" -> "b"; // call` line per direct call.
// Names are binaryen's: the name section's text with characters not allowed in an identifier as \XX.
export function callGraph(wasm) {
  const dot = execFileSync('wasm-opt', [wasm, '--all-features', '--print-call-graph', '-o', '/dev/null'],
    { maxBuffer: 1 << 28 }).toString();
  const functions = new Set(), roots = new Set(), edges = new Map();
  let imports = 0;
  for (const line of dot.split('\n')) {
    let m = /^ {2}"((?:[^"\\]|\\.)*)" -> "((?:[^"\\]|\\.)*)"; \/\/ call$/.exec(line);
    if (m) {
      if (!edges.has(m[1])) edges.set(m[1], []);
      edges.get(m[1]).push(m[2]);
      continue;
    }
    m = /^ {2}"((?:[^"\\]|\\.)*)" \[style="([^"]*)"(?:, fillcolor="([a-z]+)")?\];$/.exec(line);
    if (!m) continue;
    if (m[2] === 'filled' && m[3] === 'white') functions.add(m[1]);
    else if (m[2] === 'filled' && m[3] === 'turquoise' && m[1] !== 'Import') imports++;
    else if ((m[2] === 'filled' && m[3] === 'gray') || m[2] === 'filled, rounded') roots.add(m[1]);
  }
  for (const r of [...roots]) if (!functions.has(r)) roots.delete(r);  // the key's sample nodes, imports
  return { functions, roots, edges, imports };
}

// The shell's calls into lesson `id`, by the functions' names: app::draw_<id>, app::describe_<id> and
// the lessons' hooks, as the name section has them (demangled, escaped by binaryen: "app::draw_clock\28")
// or as a symbol map does (mangled: "_ZN3app10draw_clockE...").
const HOOKS = { heatmap: ['heatmap_set_window'] };
export function isEntryOf(id, name) {
  return ['draw_' + id, 'describe_' + id, ...(HOOKS[id] || [])].some((f) =>
    name.startsWith(`app::${f}\\28`) || name.startsWith(`app::${f}(`) ||
    // mangled: the function, or something local to it (_ZZ: its lambdas)
    name.startsWith(`_ZN3app${f.length}${f}E`) || name.startsWith(`_ZZN3app${f.length}${f}E`));
}

// The shell's own functions that come with the rest, for every view: app::export_text_of (CSV, code,
// SVG and the experiment's results as text; src/export/app_export.cpp), guarded by shared_code_here,
// and the public API's computing calls (PosEnc.encoding, .rope, .t5Bucket, ...: src/platform/web_api.cpp),
// which the page never calls itself; PosEnc.ready resolves once they are here, and a call before
// then meets a placeholder, which web/posenc.js turns into "await PosEnc.ready first" (or the reason
// the rest could not be loaded). Exported functions stay exported: wasm-split leaves a thunk.
export const SHARED = ['export_text_of'];
// PosEnc.table (posenc_table_check, posenc_table_chunk) stays in the first module: from the second, the
// rotation recurrence ran 2.5x slower (d = 512 x 65,536: 430-1190 against 170-230 ms, the same page and
// browser), which lost it its lead over JavaScript; keeping it costs 1.2 KB gzip.
export const SHARED_EXPORTS = ['posenc_encoding', 'posenc_dot', 'posenc_period', 'posenc_dimension_ranges',
  'posenc_rope', 'posenc_rope_lengths', 'posenc_rope_angles', 'posenc_rope_attention_factor', 'posenc_alibi_slopes',
  'posenc_t5_bucket'];
export const SHARED_OWNER = ' shared';  // no lesson's id: cut for every view
export function isShared(name) {
  return SHARED_EXPORTS.includes(name) || SHARED.some((f) => name.startsWith(`app::${f}\\28`) ||
    name.startsWith(`app::${f}(`) || name.startsWith(`_ZN3app${f.length}${f}E`));
}

// Which lesson each entry point belongs to (node -> lesson id, or SHARED_OWNER); nameOf(node) is the
// function's name (the node itself for a named module; from the symbol map for one without names, whose
// nodes are indices).
export function entryPointsOf(graph, lessons, nameOf = (n) => n) {
  const owner = new Map();
  for (const f of graph.functions) {
    const id = lessons.find((l) => isEntryOf(l, nameOf(f))) || (isShared(nameOf(f)) ? SHARED_OWNER : null);
    if (id) owner.set(f, id);
  }
  return owner;
}

// The functions view `id` needs: everything reachable from the roots without entering another lesson.
export function keepFor(graph, owner, id) {
  const isCut = (node) => owner.has(node) && owner.get(node) !== id;
  const keep = new Set(), stack = [...graph.roots].filter((r) => !isCut(r));
  while (stack.length) {
    const f = stack.pop();
    if (keep.has(f)) continue;
    keep.add(f);
    for (const g of graph.edges.get(f) || []) if (!keep.has(g) && !isCut(g)) stack.push(g);
  }
  return keep;
}

// Splits the module for one view: primary (the kept functions) and secondary (the rest). The page's
// module has no name section, and wasm-split writes none without -g.
export function splitFor(wasm, keep, keepFile, primaryOut, secondaryOut) {
  // binaryen's --keep-funcs takes the names as it prints them; a file, one per line, after '@'
  writeFileSync(keepFile, [...keep].join('\n') + '\n');
  execFileSync('wasm-split', [wasm, '--all-features', `--keep-funcs=@${keepFile}`,
    '-o1', primaryOut, '-o2', secondaryOut], { stdio: ['ignore', 'ignore', 'pipe'] });
}

// A symbol map (emcc --emit-symbol-map: binaryen's function map, "index:name" per line, the index in
// the function index space, imports first) as a function from binaryen's name for a function of a
// module without names (imports "fimport$<i>", the others their index among the defined ones) to its name.
export function symbolNames(file, imports) {
  const names = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) names.set(Number(line.slice(0, i)), line.slice(i + 1));
  }
  return (node) => (/^\d+$/.test(node) ? names.get(Number(node) + imports) : null) || node;
}

// The build's step (CMakeLists.txt, after the page's link): node scripts/split_page.mjs DIST BUILD LESSONS
// [PINNED]: the link's symbol map moved from DIST (it is not served) to BUILD; for each lesson folder in
// LESSONS (src/lessons/), DIST/lessons/<id>.wasm (the shell and that lesson) and <id>.rest.wasm (the
// other lessons), also into PINNED/lessons/ (the versioned copy).
if (import.meta.url === `file://${process.argv[1]}`) {
  const [dist, build, lessonsDir, pinned] = process.argv.slice(2);
  const { readdirSync, mkdirSync, copyFileSync, statSync, rmSync, renameSync } = await import('node:fs');
  const { join } = await import('node:path');
  try {
    // emcc names it after the output (posenc_app.js.symbols here; posenc_app.symbols elsewhere)
    const symbols = join(build, 'posenc_app.symbols');
    const made = ['posenc_app.js.symbols', 'posenc_app.symbols'].map((f) => join(dist, f)).find((f) => existsSync(f));
    if (made) renameSync(made, symbols);
    if (!existsSync(symbols)) throw new Error('no symbol map from the link (--emit-symbol-map)');
    const lessons = readdirSync(lessonsDir).filter((f) => statSync(join(lessonsDir, f)).isDirectory()).sort();
    const whole = join(dist, 'posenc_app.wasm');
    const graph = callGraph(whole);
    const owner = entryPointsOf(graph, lessons, symbolNames(symbols, graph.imports));
    const found = new Set(owner.values());
    // The exports are always there (a missing one is a renamed call: the list is stale); a shared C++
    // function that another compiler inlined into its callers just stays in every view's module.
    const shared = [...owner].filter(([, o]) => o === SHARED_OWNER).map(([f]) => symbolNames(symbols, graph.imports)(f));
    for (const f of SHARED_EXPORTS) if (!shared.includes(f)) throw new Error(`split_page: no export ${f} in ${whole}`);
    for (const f of SHARED) if (!shared.some((n) => n.includes(`::${f}`)))
      console.warn(`split_page: no ${f} in ${whole} (inlined?): it stays in every view's module`);
    for (const id of lessons) if (!found.has(id))
      throw new Error(`split_page: no entry point of lesson ${id} in ${whole} (inlined? see README "Lessons on demand")`);
    const out = join(dist, 'lessons');
    mkdirSync(out, { recursive: true });
    if (pinned) mkdirSync(join(pinned, 'lessons'), { recursive: true });
    for (const id of lessons) {
      const keep = keepFor(graph, owner, id);
      splitFor(whole, keep, join(out, '.keep.txt'), join(out, `${id}.wasm`), join(out, `${id}.rest.wasm`));
      if (pinned) for (const f of [`${id}.wasm`, `${id}.rest.wasm`]) copyFileSync(join(out, f), join(pinned, 'lessons', f));
    }
    rmSync(join(out, '.keep.txt'), { force: true });
    console.log(`split_page: ${lessons.length} lessons into ${out}`);
  } catch (e) {
    // Another binaryen may print its call graph differently: the page then loads the whole module
    // (posenc.js falls back when lessons/<id>.wasm is missing), and the build goes on.
    for (const d of [dist, pinned].filter(Boolean)) rmSync(join(d, 'lessons'), { recursive: true, force: true });
    console.warn(`split_page: the page is not split (${String(e.message || e).split('\n')[0]}); it will load the whole module`);
  }
}
