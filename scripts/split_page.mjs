// What the page's first download would hold if each view's wasm held the shell and that view's lesson,
// the other lessons' code in a second module (wasm-split, binaryen's tool behind -sSPLIT_MODULE; the
// binaryen of Emscripten 3.1.6 splits into two). README "Lessons on demand".
//
// Which functions a view needs is read off the page's own call graph, not guessed from names: every
// function reachable by direct calls from the module's roots (its exports, which include main and the
// constructors, and every function that can be called through the table), with the shell's calls into
// the other lessons cut: app::draw_<id> and app::describe_<id> of every lesson but the view's own (the
// registry's dispatch, src/shell/app.cpp and describe.cpp) and the lessons' hooks (src/shell/hooks.cpp).
// Whatever else is reachable stays in the view's module, so the only way into the second module is
// through a cut call, which the shell makes only for the lesson it shows.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

// wasm-opt --print-call-graph: one node line per function ("filled" white; exports again in gray,
// imports turquoise, table targets "filled, rounded"), one `"a" -> "b"; // call` line per direct call.
// Names are binaryen's: the name section's text with characters not allowed in an identifier as \XX.
export function callGraph(namedWasm) {
  const dot = execFileSync('wasm-opt', [namedWasm, '--all-features', '--print-call-graph', '-o', '/dev/null'],
    { maxBuffer: 1 << 28 }).toString();
  const functions = new Set(), roots = new Set(), edges = new Map();
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
    else if ((m[2] === 'filled' && m[3] === 'gray') || m[2] === 'filled, rounded') roots.add(m[1]);
  }
  for (const r of [...roots]) if (!functions.has(r)) roots.delete(r);  // the key's sample nodes, imports
  return { functions, roots, edges };
}

// The shell's calls into lesson `id`: its entry points, by their (escaped) names.
const HOOKS = { heatmap: ['app::heatmap_set_window'] };
export function entryPoints(id) {
  return [`app::draw_${id}\\28`, `app::describe_${id}\\28`, ...(HOOKS[id] || []).map((h) => h + '\\28')];
}

// The functions view `id` needs, given every lesson's id.
export function keepFor(graph, lessons, id) {
  const cut = lessons.filter((l) => l !== id).flatMap(entryPoints);
  const isCut = (name) => cut.some((prefix) => name.startsWith(prefix));
  const keep = new Set(), stack = [...graph.roots].filter((r) => !isCut(r));
  while (stack.length) {
    const f = stack.pop();
    if (keep.has(f)) continue;
    keep.add(f);
    for (const g of graph.edges.get(f) || []) if (!keep.has(g) && !isCut(g)) stack.push(g);
  }
  return keep;
}

// Splits namedWasm for view `id`: primary (the kept functions, names stripped) and secondary.
export function splitFor(namedWasm, keep, keepFile, primaryOut, secondaryOut) {
  // binaryen's --keep-funcs takes the names as it prints them; a file, one per line, after '@'
  writeFileSync(keepFile, [...keep].join('\n') + '\n');
  execFileSync('wasm-split', [namedWasm, '--all-features', `--keep-funcs=@${keepFile}`,
    '-o1', primaryOut, '-o2', secondaryOut], { stdio: ['ignore', 'ignore', 'pipe'] });
  for (const f of [primaryOut, secondaryOut])
    execFileSync('wasm-opt', [f, '--all-features', '--strip-debug', '-o', f]);
  return { primary: readFileSync(primaryOut), secondary: readFileSync(secondaryOut) };
}
