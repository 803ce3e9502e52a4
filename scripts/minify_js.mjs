// Minifies one of the page's own scripts for dist/ (CMakeLists.txt): node scripts/minify_js.mjs IN OUT.
// The page's first download carries posenc.js, posenc-poster.js and posenc-theme.js; minified by terser
// (npm, installed by scripts/setup.sh into .cache/node) they are a little under half their gzip size
// (README "Download size and first frame"). Local names only are shortened: the API's method names,
// properties and messages are what they are in web/. Without terser (a build without the setup), the
// script is copied as it is, with a warning: the page works the same, only larger.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/minify_js.mjs IN OUT');
  process.exit(2);
}
const code = readFileSync(input, 'utf8');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let terser = null;
try {
  terser = createRequire(join(root, '.cache', 'node', 'package.json'))('terser');
} catch (e) {
  console.warn(`minify_js: no terser in .cache/node (run scripts/setup.sh); ${output} is copied unminified`);
}
if (!terser) {
  writeFileSync(output, code);
} else {
  // ecma 2020: what the page's scripts are written in; no top-level mangling (they are scripts whose few
  // globals are the public interface) and no unsafe rewrites.
  const result = await terser.minify(code, { ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (!result.code) {
    console.error(`minify_js: terser gave nothing for ${input}`);
    process.exit(1);
  }
  writeFileSync(output, result.code + '\n');
}
