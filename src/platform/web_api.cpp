// The wasm side of window.PosEnc (web/posenc.js wraps these). Functions in, EM_JS callbacks out.
// Every state change goes through app::app_apply, the same validated path as the URL and the UI; the
// page keeps no copy of a key, a limit or a default (it asks posenc_schema / posenc_views instead).
// Compute functions validate their parameters with the core's checks and return "" on success or
// the reason on failure; their results land in one buffer read with posenc_out_ptr/posenc_out_len.
#include <emscripten.h>
#include <emscripten/emmalloc.h>
#include <emscripten/heap.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "shell/app.hpp"
#include "shell/hooks.hpp"
#include "export/app_export.hpp"
#include "ui/focus.hpp"
#include "ui/language_font.hpp"
#include "export/tables.hpp"
#include "text/format.hpp"
#include "text/number.hpp"
#include "text/percent.hpp"
#include "text/text_file.hpp"
#include "state/state_io.hpp"
#include "state/interface_text.hpp"
#include "state/translations.hpp"
#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/alibi.hpp"
#include "core/params.hpp"
#include "core/table_recurrence.hpp"
#include "core/ranges.hpp"
#include "core/rope.hpp"
#include "core/rope_attention.hpp"
#include "core/rope_scaling.hpp"
#include "core/t5_bucket.hpp"
#include "core/similarity.hpp"
#include "export_io.hpp"
#include "shell/lesson_code.hpp"
#include "platform.hpp"
#include "web_api.hpp"

// The page listens through Module.onFirstFrame / Module.onStateChange, if it set them.
EM_JS(void, js_first_frame, (), { if (Module["onFirstFrame"]) Module["onFirstFrame"](); });
EM_JS(void, js_state_change, (const char* json), {
  if (Module["onStateChange"]) Module["onStateChange"](UTF8ToString(json));
});
EM_JS(void, js_animation_done, (int id), { if (Module["onAnimationDone"]) Module["onAnimationDone"](id); });
// The student answered a tour question: its answer as JSON (tour.hpp: answer_json).
EM_JS(void, js_answer, (const char* json), { if (Module["onAnswer"]) Module["onAnswer"](UTF8ToString(json)); });
EM_JS(void, js_startup_mark, (const char* name), { if (Module["onStartupMark"]) Module["onStartupMark"](UTF8ToString(name)); });
// A split page's other lessons did not arrive and the reader pressed Retry (shell/lesson_code.hpp).
EM_JS(void, js_lessons_retry, (), { if (Module["onLessonsRetry"]) Module["onLessonsRetry"](); });
// Where the page's Copy link button goes (CSS pixels from the canvas's top left; w = 0: nowhere).
EM_JS(void, js_link_slot, (double x, double y, double w, double h), {
  if (Module["onLinkSlot"]) Module["onLinkSlot"](x, y, w, h);
});

namespace platform {
void startup_mark(const char* name) { js_startup_mark(name); }
}  // namespace platform

namespace {

std::string g_reply;  // the buffer behind returned strings, valid until the next call
std::vector<double> g_out;  // the result of the last compute call
std::string g_text_result;  // the text of the last export_text call
std::string g_last_state;
bool g_first_frame_sent = false;
double g_link_slot[4] = {-1, -1, -1, -1};
double g_frames_drawn = 0;  // [embed] frames actually drawn, for PosEnc._framesDrawn()

const char* reply(std::string s) {
  g_reply = std::move(s);
  return g_reply.c_str();
}

std::string check_dims(double d, double base) {
  std::string err = pe::check_d(d);
  if (err.empty()) err = pe::check_base(base);
  return err;
}

// ---- the arguments of the calls that take option objects (ropeAngles, ropeAttentionFactor, alibiSlopes,
// t5Bucket, and rope's {layout}) ----
// posenc.js checks none of these arguments: it hands them over as one text, and their names, types,
// limits and defaults live here only. The text is "name=value&..." (%-encoded), every value tagged with
// its JavaScript type: "n" + the number as JS's String() writes it (which reads back exactly, NaN and
// Infinity included), "s" + a string, "b1"/"b0" a boolean, "o" a plain object (its own keys follow as
// "name.key", except the options argument's, which follow by their bare names), "t" + any other type's
// name (null, array, bigint, function, ...). An argument left undefined is not sent (its default applies).
struct Arg {
  std::string name;
  std::string value;  // tag + text
  bool used = false;
};

// The one %-decoder (src/text/percent.hpp); a '+' in an option text is a plus.
std::string percent_decode(std::string_view in) { return app::percent_decode(in, false); }

class Args {
 public:
  explicit Args(const char* text) {
    const std::string_view all = text ? text : "";
    size_t start = 0;
    while (start < all.size()) {
      size_t end = all.find('&', start);
      if (end == std::string_view::npos) end = all.size();
      const std::string_view part = all.substr(start, end - start);
      const size_t eq = part.find('=');
      if (eq != std::string_view::npos) args_.push_back({percent_decode(part.substr(0, eq)), percent_decode(part.substr(eq + 1))});
      start = end + 1;
    }
  }

  // Each reader looks `name` up and marks it used. Absent: returns true and leaves `out` (the default),
  // unless `required`. Present with the wrong type or absent though required: false, and err() says why.
  bool number(const char* name, double& out, bool required = false) {
    const Arg* a = take(name);
    if (!a) return !required || fail(name, "a number", "undefined");
    if (a->value.empty() || a->value[0] != 'n') return fail(name, "a number", type_of(*a));
    // JS's String(number): a decimal or exponent form (the one number parser reads it back exactly), or
    // "NaN", "Infinity", "-Infinity", kept as such so that the check of the value says why it is refused.
    const std::string_view text = std::string_view(a->value).substr(1);
    double v = 0;
    if (text == "NaN") v = std::numeric_limits<double>::quiet_NaN();
    else if (text == "Infinity" || text == "-Infinity") v = (text[0] == '-' ? -1 : 1) * std::numeric_limits<double>::infinity();
    else if (!app::parse_number(text, v)) return fail(name, "a number", "a malformed number");
    out = v;
    return true;
  }
  bool string(const char* name, std::string& out, const char* what, bool required = false) {
    const Arg* a = take(name);
    if (!a) return !required || fail(name, what, "undefined");
    if (a->value.empty() || a->value[0] != 's') return fail(name, what, type_of(*a));
    out = a->value.substr(1);
    return true;
  }
  bool boolean(const char* name, bool& out) {
    const Arg* a = take(name);
    if (!a) return true;
    if (a->value != "b1" && a->value != "b0") return fail(name, "true or false", type_of(*a));
    out = a->value == "b1";
    return true;
  }
  // An object argument: absent (false, no error), a plain object (true), anything else (false, err()).
  bool object(const char* name, const char* what) {
    const Arg* a = take(name);
    if (!a) return false;
    if (a->value == "o") return true;
    fail(name, what, type_of(*a));
    return false;
  }
  // The first argument no reader asked for: "name is not an option of `call` (it takes ...)", or "".
  std::string leftover(const char* call) const {
    for (const Arg& a : args_) {
      if (a.used) continue;
      std::string m = "'";
      m.append(app::sanitise(a.name)).append("' is not an option of ").append(call).append(" (it takes ");
      bool first = true;
      for (const std::string& n : asked_) {
        if (n == "options") continue;
        if (!first) m.append(", ");
        m.append(n);
        first = false;
      }
      m.append(")");
      return m;
    }
    return "";
  }
  const std::string& err() const { return err_; }

 private:
  Arg* take(const char* name) {
    if (std::find(asked_.begin(), asked_.end(), name) == asked_.end()) asked_.push_back(name);
    for (Arg& a : args_)
      if (!a.used && a.name == name) {
        a.used = true;
        return &a;
      }
    return nullptr;
  }
  static std::string type_of(const Arg& a) {
    if (a.value.empty()) return "nothing";
    switch (a.value[0]) {
      case 'n': return "a number";
      case 's': return "a string";
      case 'b': return "a boolean";
      case 'o': return "an object";
      default: break;
    }
    // "t" + JS's name of the type, given an article: null, undefined, an array, a bigint, a function, ...
    const std::string t = app::sanitise(a.value.substr(1));
    if (t == "null" || t == "undefined" || t.empty()) return t.empty() ? "nothing" : t;
    std::string with = std::string_view("aeiou").find(t[0]) != std::string_view::npos ? "an " : "a ";
    return with.append(t);
  }
  bool fail(const char* name, const char* what, const std::string& got) {
    if (err_.empty()) err_.append(name).append(" must be ").append(what).append(" (got ").append(got).append(")");
    return false;
  }
  std::vector<Arg> args_;
  std::vector<std::string> asked_;
  std::string err_;
};

// 'text' quoted for a message: printable ASCII, at most 40 characters.
std::string quoted(const std::string& text) {
  std::string q = "'";
  q.append(app::sanitise(text)).append("'");
  return q;
}

std::string layout_from(Args& args, pe::RopeLayout& layout) {
  std::string name = "interleaved";
  if (!args.string("layout", name, "'interleaved' or 'half'")) return args.err();
  if (name == "interleaved") layout = pe::RopeLayout::interleaved;
  else if (name == "half") layout = pe::RopeLayout::half;
  else return std::string("layout must be 'interleaved' or 'half' (got ").append(quoted(name)).append(")");
  return "";
}

}  // namespace

namespace platform {

void web_after_frame() {
  ++g_frames_drawn;  // [embed] called once per drawn frame (main.cpp returns early on idle frames)
  if (!g_first_frame_sent) {
    g_first_frame_sent = true;
    js_first_frame();
  }
  app::App& a = the_app();
  if (app::lesson_code().retry) {
    app::lesson_code().retry = false;
    app::lesson_code().rest = app::RestOfLessons::coming;
    js_lessons_retry();
  }
  if (a.animation_done) {
    const int id = a.animation_done;
    a.animation_done = 0;
    js_animation_done(id);
  }
  // Each answer of the student, in order (the page hands them to PosEnc.on('answer') and the embed's host).
  std::vector<app::AnswerEvent> answers;
  answers.swap(a.answers.outbox);
  for (const app::AnswerEvent& e : answers) js_answer(app::answer_json(e).c_str());
  const double slot[4] = {a.link_min.x, a.link_min.y, a.link_max.x - a.link_min.x, a.link_max.y - a.link_min.y};
  if (!std::equal(slot, slot + 4, g_link_slot)) {
    std::copy(slot, slot + 4, g_link_slot);
    js_link_slot(slot[0], slot[1], slot[2], slot[3]);
  }
  std::string now = app::to_json(a.state);
  if (now != g_last_state) {
    g_last_state = std::move(now);
    js_state_change(g_last_state.c_str());
  }
}

}  // namespace platform

namespace {
// What an export needs that a split page does not hold yet, as the reason it is refused: a picture of a
// lesson whose code has not arrived (it would show only that it is loading), or a text export, whose
// code comes with the rest (src/shell/lesson_code.hpp shared_code_here). "" when it can be made.
std::string export_missing(app::ExportKind kind) {
  const bool figure = kind == app::ExportKind::png || kind == app::ExportKind::figure || kind == app::ExportKind::svg;
  if (figure && !app::lesson_code_here(platform::the_app().state.view)) return app::lesson_code_missing_text();
  return !app::export_is_image(kind) && !app::shared_code_here() ? app::shared_code_missing_text() : "";
}
// A language's font could not be had: the sidebar says so, as it says what a URL value could not do.
// Returns the reason, for the page's text notice.
const std::string& font_notice(std::string_view id, const std::string& why) {
  std::vector<app::Rejection>& notices = platform::the_app().notices;
  notices.push_back({"lang", std::string(id), "its font " + why + "; the words stay English"});
  platform::request_redraw();
  return notices.back().reason;
}
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void* posenc_alloc(double bytes) {
  return bytes > 0 && bytes < 2147483648.0 ? std::malloc(static_cast<size_t>(bytes)) : nullptr;
}
EMSCRIPTEN_KEEPALIVE void posenc_free(void* p) { std::free(p); }

EMSCRIPTEN_KEEPALIVE const char* posenc_get_state() { return reply(app::to_json(platform::the_app().state)); }

// Asks for a download ('png', 'figure', 'svg', 'csv', 'numpy', 'pytorch') after the next frame.
// Returns "" or the reason.
EMSCRIPTEN_KEEPALIVE const char* posenc_request_export(const char* name) {
  app::ExportKind kind;
  const std::string err = app::export_kind_from_name(name ? name : "", app::ExportUse::file, kind);
  if (!err.empty()) return reply(err);
  if (const std::string missing = export_missing(kind); !missing.empty()) return reply(missing);
  platform::the_app().pending_export = kind;
  platform::request_redraw();
  return "";
}

// The text of an export ('svg', 'csv', 'numpy', 'pytorch', 'results-json', 'results-csv') for the
// current state, without downloading, as the one-string result: "" and the text in posenc_text_result(), or the reason. The
// SVG comes from a frame drawn for it now (src/export/figure_export.hpp), so it follows a setState at once.
EMSCRIPTEN_KEEPALIVE const char* posenc_export_text(const char* name) {
  app::ExportKind kind;
  const std::string err = app::export_kind_from_name(name ? name : "", app::ExportUse::text, kind);
  if (!err.empty()) return reply(err);
  if (const std::string missing = export_missing(kind); !missing.empty()) return reply(missing);
  app::App& a = platform::the_app();
  POSENC_ENTRY_CALL g_text_result = app::export_text_of(a, kind);
  return "";
}

// PosEnc.exportImage: a PNG ('png' the canvas, 'figure' the figure alone) for the page, made after the
// next drawn frame and handed to the oldest promise waiting in Module.posencImageWaiters (the page
// adds its promise right after this returns ""). Returns "" or the reason.
EMSCRIPTEN_KEEPALIVE const char* posenc_request_image(const char* name) {
  app::ExportKind kind;
  const std::string err = app::export_kind_from_name(name ? name : "", app::ExportUse::image, kind);
  if (!err.empty()) return reply(err);
  if (const std::string missing = export_missing(kind); !missing.empty()) return reply(missing);
  platform::request_page_image(kind);
  platform::request_redraw();
  return "";
}
EMSCRIPTEN_KEEPALIVE const char* posenc_text_result() { return g_text_result.c_str(); }

// The result buffer of the last compute call (doubles).
EMSCRIPTEN_KEEPALIVE const double* posenc_out_ptr() { return g_out.data(); }
EMSCRIPTEN_KEEPALIVE int posenc_out_len() { return static_cast<int>(g_out.size()); }

// Frame statistics for PosEnc.stats(): [frames, median ms, p95 ms, wasm heap bytes].
EMSCRIPTEN_KEEPALIVE const char* posenc_stats_out() {
  const app::FrameStats& f = platform::frame_stats();  // median/p95 over the newest 1024 frames
  // heapBytes: the wasm memory's size (it only grows); usedBytes: what malloc has handed out and not taken
  // back, the number a leak shows in (the soak test compares it at the same states).
  const double used = static_cast<double>(emmalloc_dynamic_heap_size() - emmalloc_free_dynamic_memory());
  g_out = {static_cast<double>(f.frames()), f.median_ms(), f.p95_ms(), static_cast<double>(emscripten_get_heap_size()), used};
  return "";
}

// The training worker's answer about a run the experiment view asked for (web/posenc.js): kind
// "progress", "result" or "error" (train_service.hpp).
// Progress arrives every 50 ms or so (train::kReportMs); the page draws it at most every kProgressFrameMs.
// A frame here is cheap for the page's C++ (1-6 ms) but not for a software renderer: SwiftShader rasters
// a 1280x800 frame in about 83 ms on the CPU the training worker also needs, and a frame per message made
// the view's Run all a fifth slower at that size (bench.mjs, train-frames). Four frames a second still
// show the curves growing; the numbers themselves are all kept (every message is read), only drawn later.
static constexpr double kProgressFrameMs = 250.0;
static double g_last_progress_frame = -1e9;

EMSCRIPTEN_KEEPALIVE void posenc_train_event(int id, const char* kind, const char* text) {
  app::app_training_answer(platform::the_app(), id, kind, text);
  // A result or an error may change the layout (charts appear), so it gets the usual few frames.
  if (std::string_view(kind ? kind : "") != "progress") {
    platform::request_redraw();
    return;
  }
  const double now = emscripten_get_now();
  if (now - g_last_progress_frame < kProgressFrameMs) return;
  g_last_progress_frame = now;
  platform::request_frame();
}

EMSCRIPTEN_KEEPALIVE void posenc_stats_reset() { platform::frame_stats().reset_window(); }

// PosEnc.table(n, d, base): an n-by-d table (positions 0..n-1), filled by the page chunk by chunk so the
// wasm heap never holds more than one chunk (about 2 MB). posenc_table_check says whether the whole
// table is allowed; posenc_table_chunk computes the rows from `first` on, as many as one chunk holds
// (at least one), by the rotation recurrence (the fast path) or, with direct = 1, by sin/cos per value.
constexpr double kMaxTableRows = 1 << 24;
constexpr double kMaxTableValues = 128.0 * 1024 * 1024;  // a 1 GB Float64Array
constexpr double kChunkValues = 1 << 18;

EMSCRIPTEN_KEEPALIVE const char* posenc_table_check(double n, double d, double base) {
  std::string err = pe::check_length(n, kMaxTableRows, "n");
  if (err.empty()) err = check_dims(d, base);
  if (err.empty() && n * d > kMaxTableValues) err = "n * d must be at most 134217728 values (a 1 GB table)";
  return reply(err);
}

EMSCRIPTEN_KEEPALIVE const char* posenc_table_chunk(double first, double n, double d, double base, int direct) {
  if (const char* err = posenc_table_check(n, d, base); *err) return err;
  if (!(first >= 0 && first < n && first == static_cast<long>(first))) return reply("first row must be a whole number below n");
  const int rows = static_cast<int>(std::min(n - first, std::max(1.0, std::floor(kChunkValues / d))));
  g_out.resize(static_cast<size_t>(rows) * static_cast<size_t>(d));
  if (direct)
    pe::encoding_table(first, rows, static_cast<int>(d), base, g_out);
  else
    pe::encoding_table_recurrence(static_cast<long>(first), rows, static_cast<int>(d), base, g_out);
  return "";
}

// The student's score over the tour's questions (PosEnc.progress(); tour.hpp: progress_json).
EMSCRIPTEN_KEEPALIVE const char* posenc_progress() {
  app::App& a = platform::the_app();
  return reply(app::progress_json(a.answers, a.state));
}

// Plain-text description of the current view and its key numbers (the page's text alternative).
EMSCRIPTEN_KEEPALIVE const char* posenc_describe() { return reply(app::describe(platform::the_app())); }
// Its key numbers, [[quantity, value], ...], for the page's HTML table beside that text.
EMSCRIPTEN_KEEPALIVE const char* posenc_key_numbers() { return reply(app::key_numbers_json(platform::the_app().state)); }

// query: "key=value&..." (URL-encoded). Returns {"state":{...},"rejected":[...]}. What it could not apply
// goes back to the caller only, never to the student's sidebar (the host's mistakes are the host's).
EMSCRIPTEN_KEEPALIVE const char* posenc_set_state(const char* query) {
  app::App& a = platform::the_app();
  const std::vector<app::Rejection> rejected = app::app_apply(a, query ? query : "", nullptr, false);
  platform::request_redraw();
  return reply("{\"state\":" + app::to_json(a.state) + ",\"rejected\":" + app::rejections_to_json(rejected) + "}");
}

// The page's URL at load (location.search as it is) and the reader's motion preference. Returns
// {"state", "rejected", "page": {"embed", "origins" (null if absent), "query" (the page-level parts,
// to keep in the address bar)}}. Under reduced motion the page starts paused unless the URL says
// playing=1.
EMSCRIPTEN_KEEPALIVE const char* posenc_load(const char* query, int reduced_motion) {
  app::App& a = platform::the_app();
  app::set_reduced_motion(a.state, reduced_motion != 0);
  app::PageKeys page;
  const std::vector<app::Rejection> rejected = app::app_apply(a, query ? query : "", &page);
  platform::request_redraw();
  return reply("{\"state\":" + app::to_json(a.state) + ",\"rejected\":" + app::rejections_to_json(rejected) +
               ",\"page\":{\"embed\":" + (page.embed ? "true" : "false") +
               ",\"origins\":" + (page.has_origins ? app::json_string(page.origins) : "null") +
               ",\"query\":" + app::json_string(page.query) + "}}");
}

// The browser's prefers-reduced-motion changed: on, it pauses and keeps tour steps still.
EMSCRIPTEN_KEEPALIVE void posenc_set_reduced_motion(int reduced) {
  app::set_reduced_motion(platform::the_app().state, reduced != 0);
  platform::request_redraw();
}

// The browser's prefers-color-scheme (at load, before posenc_load, and whenever it changes): what
// theme=auto follows.
EMSCRIPTEN_KEEPALIVE void posenc_set_prefers_dark(int dark) {
  app::set_prefers_dark(platform::the_app().state, dark != 0);
  platform::request_redraw();
}

// The browser's languages (navigator.languages, best first, separated by commas; at load, before
// posenc_load, and on a languagechange event): what lang=auto follows.
EMSCRIPTEN_KEEPALIVE void posenc_set_browser_languages(const char* tags) {
  std::vector<std::string_view> list;
  for (std::string_view t(tags ? tags : ""); !t.empty();) {
    const size_t comma = t.find(',');
    list.push_back(t.substr(0, comma));
    t = comma == std::string_view::npos ? std::string_view{} : t.substr(comma + 1);
  }
  platform::the_app().state.browser_lang = app::browser_language(list);
  platform::request_redraw();
}

// The language whose words the state asks for and that has not arrived yet ("es", "zh-CN"), or "":
// the page then fetches text/<id>.txt and hands it to posenc_add_translations.
EMSCRIPTEN_KEEPALIVE const char* posenc_language_wanted() {
  const app::Lang l = app::language_asked(platform::the_app().state);
  return app::translations_loaded(l) ? "" : app::language_info(l).id;
}

// The language whose own font the state asks for and that has not arrived ("zh-CN"), or "": the page
// then fetches fonts/<id>.ttf and hands it to posenc_add_font (ui/language_font.hpp). Until then, and
// if it never comes, that language's words show in English.
EMSCRIPTEN_KEEPALIVE const char* posenc_font_wanted() {
  const app::Lang l = app::language_asked(platform::the_app().state);
  return app::language_glyphs(l) ? "" : app::language_info(l).id;
}

// A language's font file has arrived (size bytes at data, which the page allocated and this frees).
// Returns "" when it was taken (the words show in that language from the next frame), else why not.
EMSCRIPTEN_KEEPALIVE const char* posenc_add_font(const char* id, unsigned char* data, int size) {
  static std::string why;
  std::vector<unsigned char> bytes;
  if (data && size > 0) bytes.assign(data, data + size);  // none: refused below as not a font
  std::free(data);
  why = "is not a language of the module";
  for (const app::LanguageInfo& l : app::languages())
    if (std::string_view(id ? id : "") == l.id) why = app::add_language_font(l.lang, std::move(bytes));
  if (!why.empty()) font_notice(id ? id : "", "was refused: " + why);
  platform::request_redraw();
  return why.c_str();
}

// The page could not fetch a language's font (why: "HTTP 404", the network's message). Returns the
// reason as the sidebar shows it, for the page's text notice.
EMSCRIPTEN_KEEPALIVE const char* posenc_font_failed(const char* id, const char* why) {
  static std::string reason;
  reason = font_notice(id ? id : "", std::string("could not be fetched (") + (why ? why : "") + ")");
  return reason.c_str();
}

// A language's catalogue has arrived (the text of text/<id>.txt): its words show from the next frame.
// Returns the number of entries that did not pair (the page warns of them), -1 for an unknown id.
EMSCRIPTEN_KEEPALIVE int posenc_add_translations(const char* id, const char* catalogue) {
  for (const app::LanguageInfo& l : app::languages())
    if (std::string_view(id ? id : "") == l.id) {
      const std::vector<std::string> problems = app::add_translations(l.lang, catalogue ? catalogue : "");
      platform::request_redraw();
      return static_cast<int>(problems.size());
    }
  return -1;
}

// The words of an interface key (src/state/interface.txt) in the reader's language: the page's own
// buttons (Copy link) say what the module measured for them.
EMSCRIPTEN_KEEPALIVE const char* posenc_ui(const char* key) {
  static std::string out;
  app::set_text_language(app::language_in_effect(platform::the_app().state));  // a font or catalogue new since the last frame
  out = std::string(app::ui(key ? key : ""));
  return out.c_str();
}

// The lessons' English texts have arrived (the opening lesson's before main(), every lesson's with the
// rest; README "Lessons on demand"): from the next frame the lessons read them. Returns how many files
// the catalogue held.
EMSCRIPTEN_KEEPALIVE int posenc_add_texts(const char* catalogue) {
  const int n = app::add_text_files(catalogue ? catalogue : "");
  if (n > 0) platform::request_redraw();
  return n;
}

// 1 when dark colours are in effect (theme=dark, or theme=auto and the reader prefers dark): the page
// paints its own HTML (background, status, notice, Copy link) to match the canvas.
EMSCRIPTEN_KEEPALIVE int posenc_dark_colors() { return app::dark_colors(platform::the_app().state) ? 1 : 0; }


// ---- keyboard focus (web/posenc.js's key handlers; src/ui/focus.hpp) ----
// A key the figure's canvas got (KeyboardEvent.key: Tab, F6, Enter, arrows, Home, End): 0 not the
// focus's (the page lets SDL have it), 1 taken (the page stops it), 2 the ring went and the browser
// moves focus out of the figure (Tab, Shift+Tab).
EMSCRIPTEN_KEEPALIVE int posenc_focus_key(const char* key, int shift) {
  const app::KeyUse use = app::focus_key(app::focus_key_named(key ? key : ""), shift != 0);
  if (use != app::KeyUse::pass) platform::request_redraw();
  return use == app::KeyUse::taken ? 1 : use == app::KeyUse::leave ? 2 : 0;
}
// The focused control's region ("Controls"; "" for the figure itself), announced when F6 moves to it.
EMSCRIPTEN_KEEPALIVE const char* posenc_focus_region() {
  return reply(app::focus_on_control() || !app::focus_label().empty() ? app::focus_region_name(app::focus_current_region()) : std::string());
}
// [test hook] Where the ring is: {label, region, index} (index in posenc_controls(); -1 and "" for the
// figure itself).
EMSCRIPTEN_KEEPALIVE const char* posenc_focus_where() {
  const int i = app::focus_index();
  return reply("{\"label\":" + app::json_string(app::focus_label()) + ",\"region\":" +
               app::json_string(i < 0 ? "" : app::focus_region_name(app::focus_current_region())) + ",\"index\":" + std::to_string(i) + "}");
}
// [tools] Walks every control in order (+1 / -1): 1 if focus moved to a control or back to the
// figure itself, 0 past the ends.
EMSCRIPTEN_KEEPALIVE int posenc_focus_move(int dir) {
  const bool inside = app::focus_move(dir);
  platform::request_redraw();
  return inside ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE void posenc_focus_clear() {
  app::focus_clear();
  platform::request_redraw();
}
EMSCRIPTEN_KEEPALIVE int posenc_focus_on_control() { return app::focus_on_control() ? 1 : 0; }
// The focused control's label ("" for the figure itself), for the page's live region.
EMSCRIPTEN_KEEPALIVE const char* posenc_focus_label() { return reply(app::focus_label()); }
// [test hook] The controls in order, [{label, x0, y0, x1, y1, region}] in canvas CSS pixels, so browser tests
// press a control by its name rather than by a position that moves with the layout.
EMSCRIPTEN_KEEPALIVE const char* posenc_controls() {
  std::string out = "[";
  for (const app::FocusControl& c : app::focus_controls()) {
    if (out.size() > 1) out += ",";
    out += "{\"label\":" + app::json_string(c.label) + ",\"x0\":" + app::fmt_c("%.1f", c.x0) + ",\"y0\":" + app::fmt_c("%.1f", c.y0) +
           ",\"x1\":" + app::fmt_c("%.1f", c.x1) + ",\"y1\":" + app::fmt_c("%.1f", c.y1) +
           ",\"region\":" + app::json_string(app::focus_region_name(c.region)) + "}";
  }
  return reply(out + "]");
}
// Esc: 1 if the figure has something to close (ring, pen, help, drawer), 0 if Esc should leave it.
EMSCRIPTEN_KEEPALIVE int posenc_escape_consumed() { return app::escape_consumed(platform::the_app()) ? 1 : 0; }

// ---- PosEnc.animate(key, {to, seconds}) (src/state/animation.hpp) ----
// Returns "" and [id, replaced id] in the result buffer, or the reason. The page resolves its promise
// when Module.onAnimationDone(id) reports the end (or the id is replaced).
EMSCRIPTEN_KEEPALIVE const char* posenc_animate(const char* key, double to, double seconds) {
  app::App& a = platform::the_app();
  int replaced = 0;
  const std::string err = app::start_animation(a.state, a.animation, key ? key : "", to, seconds, replaced);
  if (!err.empty()) return reply(err);
  g_out = {static_cast<double>(a.animation.id), static_cast<double>(replaced)};
  platform::request_redraw();
  return "";
}
// Ends a running move at its target now (the figure is hidden, so no frame would end it). Returns its id.
EMSCRIPTEN_KEEPALIVE int posenc_animate_finish() {
  app::App& a = platform::the_app();
  return app::finish_animation(a.state, a.animation);
}

// The state as a query string with default values left out (`view` always): for PosEnc.link() and the
// address bar.
EMSCRIPTEN_KEEPALIVE const char* posenc_link_query() { return reply(app::to_query(platform::the_app().state, true)); }

// The settings table (PosEnc.schema()) and the lesson registry (PosEnc.views()), as JSON.
EMSCRIPTEN_KEEPALIVE const char* posenc_schema() { return reply(app::settings_json()); }
EMSCRIPTEN_KEEPALIVE const char* posenc_views() { return reply(app::lessons_json()); }

EMSCRIPTEN_KEEPALIVE const char* posenc_encoding(double pos, double d, double base) {
  std::string err = check_dims(d, base);
  if (err.empty()) err = pe::check_position(pos, "pos");
  if (!err.empty()) return reply(err);
  g_out.resize(static_cast<size_t>(d));
  pe::encoding_vector(pos, static_cast<int>(d), base, g_out);
  return "";
}

EMSCRIPTEN_KEEPALIVE const char* posenc_dot(double pos, double k, double d, double base) {
  std::string err = check_dims(d, base);
  if (err.empty()) err = pe::check_position(pos, "pos");
  if (err.empty()) err = pe::check_position(k, "k");
  if (err.empty()) err = pe::check_position(pos + k, "pos + k");
  if (!err.empty()) return reply(err);
  g_out = {pe::dot_direct(pos, k, static_cast<int>(d), base)};
  return "";
}

EMSCRIPTEN_KEEPALIVE const char* posenc_period(double pair, double d, double base) {
  std::string err = check_dims(d, base);
  if (err.empty()) err = pe::check_pair(pair, static_cast<int>(d));
  if (!err.empty()) return reply(err);
  g_out = {pe::period(static_cast<int>(pair), static_cast<int>(d), base)};
  return "";
}

// The d ranges (max minus min over positions 0..n-1, core/ranges.hpp); n as the `n` setting allows.
EMSCRIPTEN_KEEPALIVE const char* posenc_dimension_ranges(double n, double d, double base) {
  std::string err = check_dims(d, base);
  if (err.empty()) err = pe::check_length(n, app::setting(app::Field::n).max, "n");
  if (!err.empty()) return reply(err);
  g_out = pe::dimension_ranges(static_cast<int>(n), static_cast<int>(d), base);
  return "";
}

// PosEnc.rope: first posenc_rope_lengths (so the page copies only vectors of an allowed length), then
// posenc_rope with q and k of q_len doubles each: R(m w) q . R(n w) k (core/rope.hpp).
EMSCRIPTEN_KEEPALIVE const char* posenc_rope_lengths(double q_len, double k_len) {
  if (!(q_len >= 2 && q_len <= pe::kMaxD && std::floor(q_len) == q_len && std::fmod(q_len, 2.0) == 0.0))
    return reply("q must have an even length from 2 to " + std::to_string(pe::kMaxD) + " (got " +
                 pe::format_number(q_len) + ")");
  if (k_len != q_len)
    return reply("k must have the same length as q (got " + pe::format_number(k_len) + " and " +
                 pe::format_number(q_len) + ")");
  return "";
}

// `options`: rope's options argument in the text form of the [SECTION] above ({layout}: 'interleaved', the
// default, or 'half').
EMSCRIPTEN_KEEPALIVE const char* posenc_rope(const double* q, const double* k, double q_len, double m, double n, double base,
                                             const char* options) {
  if (const char* err = posenc_rope_lengths(q_len, q_len); *err) return err;
  const auto len = static_cast<size_t>(q_len);
  for (size_t j = 0; j < len; ++j) {
    if (!std::isfinite(q[j])) return reply("q[" + std::to_string(j) + "] must be finite (got " + pe::format_number(q[j]) + ")");
    if (!std::isfinite(k[j])) return reply("k[" + std::to_string(j) + "] must be finite (got " + pe::format_number(k[j]) + ")");
  }
  std::string err = pe::check_position(m, "m");
  if (err.empty()) err = pe::check_position(n, "n");
  if (err.empty()) err = pe::check_base(base);
  Args args(options);
  pe::RopeLayout layout = pe::RopeLayout::interleaved;
  if (err.empty() && args.object("options", "an object such as {layout: 'half'}")) err = layout_from(args, layout);
  if (err.empty()) err = args.err();
  if (err.empty()) err = args.leftover("PosEnc.rope");
  if (!err.empty()) return reply(err);
  g_out = {pe::rope_score_as({q, len}, {k, len}, m, n, base, layout)};
  return "";
}

// PosEnc.ropeAngles(pos, d, {base, scaling}): the d/2 angles pos * w_i under the scaling
// (core/rope_scaling.hpp); scaling {type: 'none' | 'linear' | 'ntk' | 'yarn', factor, originalLength,
// betaFast = 32, betaSlow = 1}, each key only for the types that use it.
EMSCRIPTEN_KEEPALIVE const char* posenc_rope_angles(const char* text) {
  Args args(text);
  double pos = 0, d = 0, base = app::State{}.base;
  pe::RopeScaling sc;
  std::string err;
  if (args.number("pos", pos, true) && args.number("d", d, true)) {
    if (args.object("options", "an object such as {base, scaling}") && args.number("base", base) &&
        args.object("scaling", "an object such as {type: 'yarn', factor, originalLength}")) {
      std::string type;
      if (args.string("scaling.type", type, "'none', 'linear', 'ntk' or 'yarn'", true)) {
        if (!pe::rope_scaling_from_name(type, sc.type)) {
          err = std::string("scaling.type must be 'none', 'linear', 'ntk' or 'yarn' (got ").append(quoted(type)).append(")");
        } else if (sc.type != pe::RopeScalingType::none && args.number("scaling.factor", sc.factor, true) &&
                   sc.type == pe::RopeScalingType::yarn) {
          if (args.number("scaling.originalLength", sc.original_length, true) && args.number("scaling.betaFast", sc.beta_fast))
            args.number("scaling.betaSlow", sc.beta_slow);
        }
      }
    }
  }
  if (err.empty()) err = args.err();
  if (err.empty()) err = pe::check_position(pos, "pos");
  if (err.empty()) err = check_dims(d, base);
  if (err.empty()) err = pe::rope_scaling_error(sc, static_cast<int>(d), "scaling.");
  if (err.empty()) err = args.leftover("PosEnc.ropeAngles");
  if (!err.empty()) return reply(err);
  g_out = pe::rope_angles(pos, static_cast<int>(d), base, sc);
  return "";
}

// PosEnc.ropeAttentionFactor(factor): YaRN's temperature 0.1 ln s + 1 (factor from 1 to 1e6).
EMSCRIPTEN_KEEPALIVE const char* posenc_rope_attention_factor(const char* text) {
  Args args(text);
  double factor = 0;
  args.number("factor", factor, true);
  std::string err = args.err();
  if (err.empty()) err = pe::check_scaling_factor(factor, "factor");
  if (err.empty()) err = args.leftover("PosEnc.ropeAttentionFactor");
  if (!err.empty()) return reply(err);
  g_out = {pe::yarn_attention_factor(factor)};
  return "";
}

// PosEnc.alibiSlopes(heads): the ALiBi paper's slopes (core/alibi.hpp), heads from 1 to 1024.
EMSCRIPTEN_KEEPALIVE const char* posenc_alibi_slopes(const char* text) {
  Args args(text);
  double heads = 0;
  args.number("heads", heads, true);
  std::string err = args.err();
  if (err.empty()) err = pe::check_heads(heads);
  if (err.empty()) err = args.leftover("PosEnc.alibiSlopes");
  if (!err.empty()) return reply(err);
  g_out = pe::alibi_slopes(static_cast<int>(heads));
  return "";
}

// PosEnc.t5Bucket(relativePosition, {bidirectional = true, numBuckets = 32, maxDistance = 128}): T5's
// bucket of relativePosition = key position - query position (core/t5_bucket.hpp).
EMSCRIPTEN_KEEPALIVE const char* posenc_t5_bucket(const char* text) {
  Args args(text);
  const pe::T5BucketOptions defaults;
  double rel = 0, buckets = defaults.num_buckets, distance = defaults.max_distance;
  bool bidirectional = defaults.bidirectional;
  if (args.number("relativePosition", rel, true) &&
      args.object("options", "an object such as {bidirectional, numBuckets, maxDistance}") &&
      args.boolean("bidirectional", bidirectional) && args.number("numBuckets", buckets))
    args.number("maxDistance", distance);
  std::string err = args.err();
  if (err.empty()) err = pe::t5_bucket_error(rel, bidirectional, buckets, distance);
  if (err.empty()) err = args.leftover("PosEnc.t5Bucket");
  if (!err.empty()) return reply(err);
  pe::T5BucketOptions o;
  o.bidirectional = bidirectional;
  o.num_buckets = static_cast<int>(buckets);
  o.max_distance = static_cast<int>(distance);
  g_out = {static_cast<double>(pe::t5_bucket(static_cast<long long>(rel), o))};
  return "";
}

}  // extern "C"

// ---- [SECTION] test and benchmark hooks (not part of the public API) ----
extern "C" {

// A hook of the app's by name (src/shell/hooks.hpp says which there are and what they answer), with up
// to five numbers; the answer's numbers go to the result buffer.
EMSCRIPTEN_KEEPALIVE const char* posenc_hook(const char* name, double a0, double a1, double a2, double a3, double a4) {
  static std::string err;
  err = app::app_hook(platform::the_app(), name ? name : "", {a0, a1, a2, a3, a4}, g_out);
  platform::request_redraw();
  return err.c_str();
}

}  // extern "C"

// ---- [SECTION] embedding (web/posenc.js: idle measurement, off-screen pause, URL defaults) ----
namespace {
bool g_hidden = false;       // the canvas is off-screen or the tab hidden
bool g_idle = false;         // paused and untouched for a while: nothing to draw until something happens
bool g_loop_paused = false;  // the frame loop is stopped (hidden or idle)
int g_offscreen = 0;         // calls waiting for frames that no display frame would bring (posenc_offscreen_frames)
bool g_loop_exists = false;  // main() has set the frame loop up (not without WebGL2, where main() never runs)

// Emscripten's pause and resume act on the loop main() set up: before it (an embed's first visibility
// report) or without it (no WebGL2: the runtime runs, main() does not) only the wish is kept, and
// web_loop_started applies it. Resuming a loop that does not exist throws in the glue.
void update_loop() {
  const bool pause = (g_hidden || g_idle) && g_offscreen == 0;
  if (g_loop_exists) {
    if (pause && !g_loop_paused) emscripten_pause_main_loop();
    if (!pause && g_loop_paused) emscripten_resume_main_loop();
  }
  g_loop_paused = pause;
}
}  // namespace

namespace platform {
// From main.cpp: idle stops the loop altogether (not even a callback per display frame); any input
// (web/posenc.js wakes the loop on pointer, key, wheel, focus and resize events) or API call restarts it.
void web_set_idle(bool idle) {
  if (idle == g_idle) return;
  g_idle = idle;
  update_loop();
}
// From main.cpp, right after emscripten_set_main_loop: the page may have said the canvas is not seen
// before the loop existed (an embed below the fold, web/posenc.js applyVisibility), and the new loop
// would otherwise draw its first frame anyway.
void web_loop_started() {
  g_loop_exists = true;
  if (g_loop_paused) emscripten_pause_main_loop();
}
}  // namespace platform

extern "C" {

// Frames drawn since start. A paused, untouched page draws none (main.cpp returns before drawing).
EMSCRIPTEN_KEEPALIVE double posenc_frames_drawn() { return g_frames_drawn; }

// The page calls this when the canvas leaves or re-enters the screen (or the tab is hidden): the
// frame loop stops entirely while hidden, so an off-screen embed costs no CPU; the state (including
// `playing`) is kept, and the animation continues where it was when shown again.
EMSCRIPTEN_KEEPALIVE void posenc_set_visible(int visible) {
  g_hidden = !visible;
  update_loop();
  if (visible) platform::request_redraw();
}
// A call that needs drawn frames (an image, the SVG, an animation) while the figure draws none: off
// screen, where the loop is stopped and where Chromium runs no requestAnimationFrame at all in a
// cross-origin iframe (not even the first frame). While such calls wait (on = 1 for each, 0 when it
// ends), timers drive the frame loop instead of the display, so the figure draws what they need off
// screen; then the display drives it again (or it stops, if still hidden).
EMSCRIPTEN_KEEPALIVE void posenc_offscreen_frames(int on) {
  const bool before = g_offscreen > 0;
  g_offscreen = std::max(0, g_offscreen + (on ? 1 : -1));
  const bool now = g_offscreen > 0;
  if (before == now) return;
  if (g_loop_exists) {
    emscripten_set_main_loop_timing(now ? EM_TIMING_SETTIMEOUT : EM_TIMING_RAF, now ? 33 : 1);
    // A running loop waits for a display frame that may never come: restart it with the new timing.
    if (!g_loop_paused) emscripten_resume_main_loop();
  }
  update_loop();
  platform::request_redraw();
}
// 1 when an export of that kind needs a drawn frame (images; the SVG, drawn from the laid-out figure),
// 0 when it is computed from the state alone (CSV, NumPy, PyTorch, the experiment's results).
EMSCRIPTEN_KEEPALIVE int posenc_export_needs_frame(const char* name) {
  app::ExportKind kind;
  if (app::export_kind_from_name(name ? name : "", app::ExportUse::text, kind).empty()) return kind == app::ExportKind::svg ? 1 : 0;
  return 1;
}
// A split page (README "Lessons on demand"), before main(): the module holds the shell and lesson `id`
// alone; the other lessons are on their way. Returns "" or why not (an id the registry does not know).
EMSCRIPTEN_KEEPALIVE const char* posenc_lessons_split(const char* id) {
  app::View v;
  if (!app::view_from_id(id ? id : "", v)) return reply("no lesson '" + std::string(id ? id : "") + "'");
  app::lesson_code().resident = static_cast<int>(v);
  app::lesson_code().rest = app::RestOfLessons::coming;
  return reply("");
}
// The other lessons' module arrived (ok = 1: its functions are in the table) or failed (the reason, for
// the view and the handle's rejections).
EMSCRIPTEN_KEEPALIVE void posenc_lessons_arrived(int ok, const char* reason) {
  app::lesson_code().rest = ok ? app::RestOfLessons::here : app::RestOfLessons::failed;
  app::lesson_code().reason = ok ? "" : (reason && *reason ? reason : "no reason given");
  platform::request_redraw();
}
// Input reached the page (pointer, key, wheel, focus, resize): draw the next frames.
EMSCRIPTEN_KEEPALIVE void posenc_wake() { platform::request_redraw(); }
EMSCRIPTEN_KEEPALIVE int posenc_loop_paused() { return g_loop_paused ? 1 : 0; }

}  // extern "C"
