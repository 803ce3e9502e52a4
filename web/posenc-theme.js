// The page's colours before the module has loaded: html.dark for theme=dark, and for theme=auto on a
// system that prefers dark, so a dark page never flashes white while the wasm loads. Loaded in <head>,
// before anything is painted. Only a first-paint hint: once the module runs, posenc.js sets the same
// class from the module's own answer (posenc_dark_colors), and the module owns the `theme` key, its
// values and its default. tests/browser/test_theme.mjs checks that the two agree.
(function () {
  'use strict';
  var meta = document.querySelector('meta[name="posenc-query"]');  // a srcdoc figure's query (see posenc.js)
  var given = new URLSearchParams(location.search || (meta && meta.getAttribute('content')) || '').getAll('theme');
  var theme = given[given.length - 1];  // a later key wins, as in the module's query parser
  var prefersDark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (theme === 'dark' || (theme === 'auto' && prefersDark)) document.documentElement.classList.add('dark');
}());
