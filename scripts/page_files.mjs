// The files a browser fetches for the page at its first load (the icon too), in dist: what the size table
// of scripts/bench.mjs (and so scripts/sizes.sh and the test command's size line) adds up, and what
// tests/browser/test_loading.mjs checks serve.py compresses. The poster is the one a cold page shows
// (the path's start, at the desktop's size), named by the build's poster list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function posterData(dist) {
  const text = readFileSync(join(dist, 'posters', 'posenc-posters.js'), 'utf8');
  const start = text.indexOf('self.PosEncPosters = ') + 'self.PosEncPosters = '.length;
  return JSON.parse(text.slice(start).trim().replace(/;$/, ''));
}

export function pageFiles(dist) {
  const posters = posterData(dist);
  return ['index.html', 'posenc.css', 'posenc-theme.js', 'favicon.svg', 'posters/posenc-posters.js', 'posenc-poster.js',
    'posters/' + posters.views[posters.start].wide.file, 'posenc.js', 'posenc_app.js', 'posenc_app.wasm'];
}
