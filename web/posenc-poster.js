// What the page shows before its WebAssembly has arrived: the lesson's title, its lead sentence with the
// source's tag, and a poster of its figure, as HTML (README "Posters"); and, as it knows the lesson,
// the request for that lesson's module. All of it comes from
// posters/posenc-posters.js, which the build writes with the app's own code (src/tools/poster_tool.cpp):
// nothing here draws or decides what the figure shows.
//
// A poster is the figure of one state: the one a link `?view=<id>` (or no query: the path's start)
// opens. So it is shown only when the page's query names nothing else (the embed's own keys aside);
// for any other query the title and lead still hold, the poster would not, and none is shown. Nor in the
// dark theme (the posters are drawn in the light one), nor for a browser whose first language is not
// English (the posters are drawn in English). Of the two sizes drawn (a desktop window and a
// phone's), the one nearer the window's width is used. posenc.js hides all of it at the first frame.
(function () {
  'use strict';
  var data = self.PosEncPosters;
  var box = document.getElementById('poster');
  if (!data || !box) return;
  var meta = document.querySelector('meta[name="posenc-query"]');  // a srcdoc figure's query (see posenc.js)
  var params = new URLSearchParams(location.search || (meta && meta.getAttribute('content')) || '');
  // A page with no query at all opens where the path starts; a link that says anything (an embed's
  // embed=1 included) at the view key's default, unless it names a view.
  var view = params.toString() === '' ? data.start : data.linkStart, figureKeys = 0, viewKeys = 0;
  params.forEach(function (value, key) {
    if (data.pageKeys.indexOf(key) >= 0) return;
    if (key === 'view') { view = value; ++viewKeys; } else ++figureKeys;
  });
  var lesson = Object.prototype.hasOwnProperty.call(data.views, view) ? data.views[view] : null;
  if (!lesson || viewKeys > 1) return;  // a view it does not know (the module will say so), or two of them
  // The code of this lesson comes in a module of its own with the shell (README "Lessons on demand"):
  // asked for now, before the page's scripts have arrived; posenc.js starts it, or the whole module if
  // this one cannot be had. Not in the single-file build, which carries the whole module inline.
  if (data.split !== false && typeof WebAssembly === 'object' && typeof fetch === 'function' && document.currentScript) {
    var here = document.currentScript.src;
    // and the lesson's text (the module holds only the lessons' titles), which is small: both at once
    self.PosEncSplit = { view: view, first: fetch(new URL('lessons/' + view + '.wasm', here).href, { credentials: 'same-origin' }),
                         text: fetch(new URL('text/lessons/' + view + '.txt', here).href, { credentials: 'same-origin' }) };
  }
  document.getElementById('poster-title').textContent = lesson.title;
  var tag = document.getElementById('poster-tag');
  if (lesson.tag) {
    tag.textContent = lesson.tag;
    tag.title = lesson.tag + ': ' + lesson.tagMeaning;
    tag.style.borderColor = lesson.tagColor;
  } else {
    tag.hidden = true;
  }
  document.getElementById('poster-lead-text').textContent = lesson.lead;
  var figure = document.getElementById('poster-figure');
  var dark = document.documentElement.classList.contains('dark');
  // The posters are drawn in English, with English number marks. A reader whose browser asks first for
  // another language may get that language's words and marks from the live figure (lang=auto), so the
  // picture is shown only to a browser whose first language is English; the others see the title and
  // lead, which are true in any case, and no picture rather than one in the wrong language.
  var first = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  var english = /^en(-|$)/i.test(first);
  if (figureKeys === 0 && !dark && english && data.images !== false) {
    var width = window.innerWidth || 1280;
    var best = lesson.wide;
    if (Math.abs(lesson.narrow.window[0] - width) < Math.abs(lesson.wide.window[0] - width)) best = lesson.narrow;
    figure.width = best.size[0];
    figure.height = best.size[1];
    figure.alt = 'The figure of ' + lesson.title + ' (a picture while the interactive figure loads)';
    figure.onerror = function () { figure.hidden = true; };
    // Before the scripts and the wasm, which a browser would otherwise fetch first (an image is
    // "delayable" while they load): the poster is what the reader sees for the next seconds.
    figure.fetchPriority = 'high';
    figure.src = 'posters/' + best.file;
  } else {
    figure.hidden = true;
  }
  box.hidden = false;
  document.documentElement.classList.add('posenc-poster');
}());
