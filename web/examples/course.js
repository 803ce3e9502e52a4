// The example course page: buttons and links in the text drive the embeds through their handles
// (web/posenc-embed.js): data-state sets state, data-animate moves a number smoothly, data-export saves
// a picture or a table; a line under the clock follows its state. No inline code: works under a strict
// Content-Security-Policy.
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

  function save(blob, name) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  // What a trigger asks of the figure: a Promise of the resulting state (or nothing to report).
  function drive(handle, trigger) {
    const kind = trigger.getAttribute('data-export');
    if (kind === 'csv') return handle.exportText('csv').then((text) => { save(new Blob([text], { type: 'text/csv' }), 'posenc-table.csv'); });
    if (kind) return handle.exportImage(kind).then((blob) => { save(blob, 'posenc-figure.png'); });
    const key = trigger.getAttribute('data-animate');
    if (key) {
      const to = Number(trigger.getAttribute('data-to'));
      // Reduced motion: the same end state, without the movement.
      return reduceMotion ? handle.setState({ [key]: to }) : handle.animate(key, { to, seconds: 1.5 });
    }
    return handle.setState(parseState(trigger.getAttribute('data-state')));
  }

  document.addEventListener('click', (event) => {
    const trigger = event.target.closest('.drive[data-embed]');
    if (!trigger) return;
    const handle = handleOf(trigger.getAttribute('data-embed'));
    if (!handle) return;  // no loader: a link still scrolls by its href
    event.preventDefault();
    if (!trigger.hasAttribute('data-export')) handle.element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
    drive(handle, trigger).then((state) => {
      const rejected = state && state.rejected ? state.rejected : [];
      note.textContent = rejected.length ? 'Not applied: ' + rejected.map((r) => r.key + ' (' + r.reason + ')').join('; ') : '';
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
    clock.ready.then(show, (err) => { readout.textContent = 'The figure could not start: ' + err.message; });
    clock.on('change', show);
  });
})();
