// The way through the module: a Contents control (the chapters of the registry, their lessons, the
// current one and what the student has seen), the current chapter's lessons as tabs where they fit,
// and on a phone the lesson's place in the path with the previous and next lesson. A cold page opens
// where the path starts, with a "Start here" line that offers the guided tour.
#pragma once
#include "shell/app.hpp"

namespace app {

// The Contents button and its popup (chapters, lessons, progress), in the current line.
void draw_contents(App& a);
// The current chapter's tabs (wide), or ◀ place ▶ (narrow): a view set from outside selects its tab.
void draw_chapter_tabs(App& a);
// The "Start here" line of a cold page: the tour's first step, or close it.
void draw_start_here(App& a);
// What the student has seen: a lesson is seen once it was shown; a question once it was answered.
void note_progress(App& a);
// "3 of 9 seen": the contents' words for a chapter's progress.
std::string chapter_progress(const App& a, Chapter c);

}  // namespace app
