// The example deck: reveal.js (copied from npm at build time into examples/reveal/) with one PosEnc
// Lab figure per slide, loaded lazily through data-src, unloaded when its slide is left.
(function () {
  'use strict';
  window.Reveal.initialize({
    hash: true,
    width: 1280,
    height: 800,
    margin: 0.03,
    viewDistance: 2,
    preloadIframes: false,  // figures start only on their own slide, so hidden slides cost nothing
    transition: 'none',
  });
})();
