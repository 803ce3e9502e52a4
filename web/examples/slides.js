// The example deck: reveal.js (copied from npm at build time into examples/reveal/) with one PosEnc Lab
// figure per slide, mounted by posenc-embed.js from data-posenc. Inside the deck the loader gives each
// iframe a data-src, so reveal.js loads it with its slide and unloads it when the slide is left; the
// loader brings it back in its last state. Run before the loader, so reveal.js has laid out the slides
// when the figures are mounted.
(function () {
  'use strict';
  window.Reveal.initialize({
    hash: true,
    width: 960,
    height: 540,
    margin: 0.02,
    viewDistance: 2,
    preloadIframes: false,  // figures start only on their own slide, so hidden slides cost nothing
    transition: 'none',
  });
})();
