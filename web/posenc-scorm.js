// PosEnc Lab as a SCORM 1.2 SCO: reports the guided tour to the learning management system that launched
// it. scripts/make_scorm.py pastes this script after posenc.js into the package's page (the single-file
// build); the page alone never loads it.
//
// SCORM 1.2's run-time (RTE 3.3.6.1) puts an object `API` on a window of the LMS: this page's parent
// chain first (at most 7 windows up), then the chain of the window that opened it. Found, the SCO
//   - LMSInitialize(''), and marks a first attempt "incomplete";
//   - sets cmi.core.score.min/max 0/100 and, after every answer, cmi.core.score.raw to PosEnc.progress()'s
//     score (right answers over the tour's questions, in percent);
//   - records each answer (PosEnc.on('answer')) as cmi.interactions.n: id (the question's id), type
//     (choice or numeric), student_response (the choice's number, or the value checked), result (correct /
//     wrong), time; the right answer is not sent (the figure never gives it out before it is shown);
//   - sets cmi.core.lesson_status "completed" once the tour is finished, and commits (LMSCommit);
//   - on leaving the page: cmi.core.session_time, cmi.core.exit ("" when completed, else "suspend"), and
//     LMSFinish('').
// Without an LMS (the zip opened from disk, or any page without `API`) it does nothing: the page is the
// ordinary PosEnc Lab. window.PosEncScorm says which: {connected, error} (for tests and curious authors).
(function () {
  'use strict';
  const state = { connected: false, error: '' };
  window.PosEncScorm = state;

  // The SCORM 1.2 API object of `win`, or null; a window of another origin throws on access and has none
  // we could use.
  function apiOf(win) {
    try {
      const api = win && win.API;
      return api && typeof api.LMSInitialize === 'function' && typeof api.LMSSetValue === 'function' ? api : null;
    } catch (e) {
      return null;
    }
  }
  function findUp(win) {
    for (let i = 0; win && i <= 7; i++) {
      const api = apiOf(win);
      if (api) return api;
      if (!win.parent || win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  let api = findUp(window);
  if (!api) {
    try { if (window.opener) api = findUp(window.opener); } catch (e) { api = null; }
  }
  if (!api || !window.PosEnc) return;

  const started = Date.now();
  function set(element, value) {
    const ok = String(api.LMSSetValue(element, String(value))) === 'true';
    if (!ok && !state.error) state.error = element + ': LMS error ' + String(api.LMSGetLastError());
    return ok;
  }
  // CMITime "HH:MM:SS" and CMITimespan "HHHH:MM:SS.SS" (RTE 3.4.2).
  const two = (n) => String(n).padStart(2, '0');
  function clock(d) { return two(d.getHours()) + ':' + two(d.getMinutes()) + ':' + two(d.getSeconds()); }
  function span(ms) {
    const s = Math.max(0, ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return String(Math.min(h, 9999)).padStart(4, '0') + ':' + two(m) + ':' + (s % 60).toFixed(2).padStart(5, '0');
  }

  let finished = false, completed = false, next = 0;
  function report() {
    if (finished) return;
    const p = window.PosEnc.progress();
    set('cmi.core.score.raw', p.score);
    if (p.completed && !completed) {
      completed = true;
      set('cmi.core.lesson_status', 'completed');
    }
    api.LMSCommit('');
  }
  function finish() {
    if (finished) return;
    report();
    set('cmi.core.session_time', span(Date.now() - started));
    set('cmi.core.exit', completed ? '' : 'suspend');
    api.LMSCommit('');
    finished = true;
    api.LMSFinish('');
  }

  window.PosEnc.ready.then(() => {
    if (String(api.LMSInitialize('')) !== 'true') {
      state.error = 'LMSInitialize failed: LMS error ' + String(api.LMSGetLastError());
      return;
    }
    state.connected = true;
    const status = String(api.LMSGetValue('cmi.core.lesson_status'));
    completed = status === 'completed' || status === 'passed';
    if (status === 'not attempted' || status === '') set('cmi.core.lesson_status', 'incomplete');
    set('cmi.core.score.min', 0);
    set('cmi.core.score.max', 100);
    // Interactions are write-only in SCORM 1.2; _count says where this session's answers start.
    next = Number(api.LMSGetValue('cmi.interactions._count')) || 0;
    window.PosEnc.on('answer', (a) => {
      if (finished) return;
      const at = 'cmi.interactions.' + next++ + '.';
      set(at + 'id', a.question);
      set(at + 'type', a.kind === 'choice' ? 'choice' : 'numeric');
      set(at + 'student_response', a.choice);
      set(at + 'result', a.correct ? 'correct' : 'wrong');
      set(at + 'time', clock(new Date()));
      report();
    });
    // The tour's end (its last step left forward) is a state change: the status follows at once.
    window.PosEnc.on('change', () => { if (!completed && window.PosEnc.progress().completed) report(); });
    report();
    window.addEventListener('pagehide', finish);
    window.addEventListener('beforeunload', finish);
  }, (e) => { state.error = 'PosEnc Lab could not start: ' + String(e && e.message || e); });
})();
