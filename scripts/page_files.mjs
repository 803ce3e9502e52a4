// The files a browser fetches for the page at its first load (the icon too), in dist: what the size table
// of scripts/bench.mjs (and so scripts/sizes.sh and the test command's size line) adds up, and what
// tests/browser/test_loading.mjs checks serve.py compresses. The poster is the one a cold page shows
// (the path's start, at the desktop's size), named by the build's poster list.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function posterData(dist) {
  const text = readFileSync(join(dist, 'posters', 'posenc-posters.js'), 'utf8');
  const start = text.indexOf('self.PosEncPosters = ') + 'self.PosEncPosters = '.length;
  return JSON.parse(text.slice(start).trim().replace(/;$/, ''));
}

// view: the lesson the link opens (default: the path's start, a cold page). Its wasm is that lesson's
// module (the shell and that lesson, README "Lessons on demand") where the build split the page, else
// the whole module; with it, that lesson's text, or every lesson's.
export function pageFiles(dist, view = null) {
  const posters = posterData(dist);
  const id = view || posters.start;
  const own = join('lessons', id + '.wasm');
  const split = existsSync(join(dist, own));
  // The module holds the lessons' titles only: their texts come beside it (that lesson's, or all of them).
  const text = join('text', split ? join('lessons', id + '.txt') : 'lessons.txt');
  return ['index.html', 'posenc.css', 'posenc-theme.js', 'favicon.svg', 'posters/posenc-posters.js', 'posenc-poster.js',
    'posters/' + posters.views[id].wide.file, 'posenc.js', 'posenc_app.js', split ? own : 'posenc_app.wasm',
    ...(existsSync(join(dist, text)) ? [text] : [])];
}

// Every lesson of the build (the posters' list, in the registry's order).
export function lessonIds(dist) { return Object.keys(posterData(dist).views); }
