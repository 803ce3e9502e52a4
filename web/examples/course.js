// The example course page: buttons and links in the text drive the embeds through PosEncEmbed
// (web/posenc-embed.js), and a line under the clock follows its state. No inline code: works under
// a strict Content-Security-Policy.
(function () {
  'use strict';
  const note = document.getElementById('course-note');
  const reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  function handleOf(id) {
    const el = document.getElementById(id);
    return el && window.PosEncEmbed ? window.PosEncEmbed.get(el) : null;
  }

  // data-state="k=37&pair=5" -> {k: '37', pair: '5'} (the embed validates every value).
  function parseState(text) {
    const out = {};
    for (const [k, v] of new URLSearchParams(text || '')) out[k] = v;
    return out;
  }

  document.addEventListener('click', (event) => {
    const trigger = event.target.closest('.drive[data-embed]');
    if (!trigger) return;
    const handle = handleOf(trigger.getAttribute('data-embed'));
    if (!handle) return;  // no loader: a link still scrolls by its href
    event.preventDefault();
    handle.element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
    handle.setState(parseState(trigger.getAttribute('data-state'))).then((state) => {
      note.textContent = state.rejected.length
        ? 'Not applied: ' + state.rejected.map((r) => r.key + ' (' + r.reason + ')').join('; ')
        : '';
    }, (err) => { note.textContent = 'The figure did not answer: ' + err.message; });
  });

  function fmt(x) { return Number.isFinite(x) ? String(Math.round(x * 100) / 100) : '?'; }

  document.addEventListener('DOMContentLoaded', () => {
    const clock = handleOf('clock-embed');
    if (!clock) return;
    const readout = document.getElementById('clock-readout');
    const show = (s) => {
      readout.textContent = 'The clock figure shows d = ' + s.d + ', position ' + fmt(s.pos) + ', offset k = ' + fmt(s.k) +
        ', selected pair ' + s.pair + (s.playing ? ' (running).' : ' (paused).');
    };
    clock.ready.then(show, () => { readout.textContent = 'The figure could not start in this browser.'; });
    clock.on('change', show);
  });
})();
