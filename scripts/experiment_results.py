#!/usr/bin/env python3
"""The experiment's results table for the README, from real runs of the desktop build.

    python3 scripts/experiment_results.py [--posenc build/native/posenc_desktop] [--seeds 1,2,3]
        [--tasks lookback,first,copy] [--fair] [--jobs N] [--save runs.json] [key=value ...]

(--posenc build/native/train_dump works too: the same engine and JSON, without building the app.)

Trains every task x encoding x seed with `posenc_desktop --train` (the engine the page runs in its worker; native
and wasm results are byte-identical, tests/train: train_native_vs_wasm) and prints Markdown: accuracy at
L, 2L and 4L (mean over the seeds, and the lowest and highest), the attention the best head puts on the
answer's key at trained positions and at L..2L-1, and for the sinusoidal runs the accuracy lost at L
with the fastest or the slowest quarter of the PE dimensions zeroed. Extra key=value options apply to
every run (defaults: the engine's, src/train/config.cpp), the fair-test options too (startOffset=48,
copyLengths=random, lookbackK=input). Nothing is tuned per seed: every run counts.

--fair runs each encoding under the engine's fair setting (src/train/fair.hpp: two layers for none and
alibi, eight heads for alibi) and lists the changes with their reasons, as the engine gives them.
--save writes every run's result JSON to a file ({"options": [...], "runs": [...]}), --jobs sets how
many runs train at once (default: the number of CPUs).

    python3 scripts/experiment_results.py --compare base.json other.json [more.json ...]

compares saved sets seed by seed (the same task, encoding and seed in each): accuracy at L, and on the
new positions at 2L and 4L, full and windowed, as mean ± spread (standard deviation over the seeds) per set,
and each set's difference from the first with the view's rule (src/train/seed_verdict.hpp: a mean
difference counts when it exceeds its 95% margin, Student's t times spread / √n, at least 0.01), asked of
the engine itself (`train_dump verdict`; --train-dump PATH, default build/native/train_dump).

The README's results section is generated, never written by hand (issue 25, item 5):

    python3 scripts/experiment_results.py --summarise scripts/data/experiment_summary.json NAME=runs.json ...
    python3 scripts/experiment_results.py --slow-ablation src/train/data/slow_ablation.json [--seeds ...]
    python3 scripts/experiment_results.py --write-readme README.md scripts/data/experiment_summary.json \
        src/train/data/slow_ablation.json          (--check-readme: the ctest entry experiment_readme)

--summarise keeps, per saved set, task and encoding, each seed's value of the figures the section reads
(small enough to commit); --slow-ablation runs the sinusoidal PE ablations (zeroed, mean, shuffled; fast
and slow quarter) at longer lengths and writes a precomputed data file; --write-readme writes the tables
and the claim-by-claim conclusions between the README's markers, every comparison word from the seed
verdict below, so that new runs change the words with the numbers.

A second table separates the claims (issue 25): accuracy on the new positions only (t >= L) at 2L and 4L,
with the full causal mask and with each query seeing its last L keys (windowed: every offset it meets was
met in training), the order-blind ceiling on those positions (what a model knowing its token and the
multiset of tokens so far can score; an upper bound for copy, marked ≤), and per run the best head's
R^2 of its content-averaged scores against the offset at L and 2L (within query) and, for sinusoidal,
the share of its layer-0 W_Q W_K^T that commutes with the PE rotations (random: about 1/dModel).
"""
import concurrent.futures
import json
import os
import subprocess
import sys

TASKS = ["lookback", "first", "copy"]
ENCODINGS = ["none", "sinusoidal", "learned", "rope", "alibi"]


def run(posenc, options, fair=False):
    mode = ["run"] if os.path.basename(posenc).startswith("train_dump") else ["--train"]
    out = subprocess.run([posenc, *mode, *(["--fair"] if fair else []), *options], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


def spread(values, digits=2):
    m = sum(values) / len(values)
    if len(values) == 1:
        return f"{m:.{digits}f}"
    return f"{m:.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def main(argv):
    posenc, seeds, extra, tasks, fair, workers, save = "build/native/posenc_desktop", [1, 2, 3], [], TASKS, False, None, None
    flags = []
    i = 0
    while i < len(argv):
        if argv[i] == "--posenc":
            posenc, i = argv[i + 1], i + 2
        elif argv[i] == "--seeds":
            seeds, i = [int(s) for s in argv[i + 1].split(",")], i + 2
            flags += ["--seeds", argv[i - 1]]
        elif argv[i] == "--tasks":
            tasks, i = argv[i + 1].split(","), i + 2
            flags += ["--tasks", argv[i - 1]]
        elif argv[i] == "--jobs":
            workers, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--save":
            save, i = argv[i + 1], i + 2
        elif argv[i] == "--fair":
            fair, i = True, i + 1
            flags.append("--fair")
        else:
            extra.append(argv[i])
            i += 1
    if not os.path.exists(posenc):
        sys.exit(f"{posenc} not found: build the desktop app first (bash scripts/build.sh native)")
    jobs = {(t, e, s): ["task=" + t, "encoding=" + e, f"seed={s}", *extra] for t in tasks for e in ENCODINGS for s in seeds}
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 2) as pool:
        results = dict(zip(jobs, pool.map(lambda o: run(posenc, o, fair), jobs.values())))
    if save:
        with open(save, "w") as f:
            json.dump({"options": flags + extra, "runs": list(results.values())}, f)
    config = next(iter(results.values()))["config"]
    # Keys that differ between the runs (the fair setting's layers and heads) are shown per encoding below.
    varying = {k for r in results.values() for k in r["config"] if r["config"].get(k) != config.get(k)} - {"task", "encoding", "seed"}
    shown = {k: v for k, v in config.items() if k not in ("task", "encoding", "seed") and k not in varying}
    print("Settings: " + ", ".join(f"{k}={v}" for k, v in shown.items()) + f"; seeds {', '.join(map(str, seeds))}.")
    if fair:
        print("Fair setting (src/train/fair.hpp), per encoding:")
        for e in ENCODINGS:
            r = next(r for (t, e2, s), r in results.items() if e2 == e)
            changes = "; ".join(f"{c['key']} {c['from']:g} → {c['to']:g} ({c['reason']})" for c in r["fair"])
            print(f"- {e} (" + ", ".join(f"{k}={r['config'][k]}" for k in sorted(varying)) + "): " + (changes or "as shared"))
    print(f"Command: `python3 scripts/experiment_results.py{''.join(' ' + a for a in flags + extra)}`\n")
    L = config["trainLength"]
    print(f"| task | encoding | accuracy at L = {L} | at 2L = {2 * L} | at 4L = {4 * L} | attention on the answer, t < L | L ≤ t < 2L | lost at L without fast / slow PE quarter |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for t in tasks:
        for e in ENCODINGS:
            rs = [results[(t, e, s)] for s in seeds]
            acc = [spread([r["accuracy"][j]["accuracy"] for r in rs]) for j in range(3)]
            best = []
            for r in rs:
                rel = r["relative"]
                head = next(h for h in rel["heads"] if h["layer"] == rel["best"]["layer"] and h["head"] == rel["best"]["head"])
                best.append((head["meanTrained"], head["meanBeyond"]))
            ab = "–"
            if rs[0]["ablation"]:
                ab = spread([r["ablation"]["L"]["lostFast"] for r in rs]) + " / " + spread([r["ablation"]["L"]["lostSlow"] for r in rs])
            print(f"| {t} | {e} | {acc[0]} | {acc[1]} | {acc[2]} | {spread([b[0] for b in best])} | {spread([b[1] for b in best])} | {ab} |")

    fair_table(results, tasks, seeds, L)


def best_head(r):
    rel = r["relative"]
    return rel["best"]["layer"], rel["best"]["head"]


def fair_table(results, tasks, seeds, L):
    print(f"\n| task | encoding | new positions at 2L: full | windowed | at 4L: full | windowed | order-blind ceiling, new at 2L / 4L "
          f"| offset R² (within query), best head, at L / 2L | commuting share of W_Q W_Kᵀ, layer 0 |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for t in tasks:
        for e in ENCODINGS:
            rs = [results[(t, e, s)] for s in seeds]
            cols = []
            for j in (1, 2):
                cols.append(spread([r["accuracy"][j]["accuracyNew"] for r in rs]))
                w = [r["accuracy"][j]["accuracyWindowedNew"] for r in rs]
                shown = rs[0]["accuracy"][j]["answerInWindowNew"]
                cols.append(spread(w) + (" (answer hidden)" if shown == 0 else ""))
            a = rs[0]["accuracy"]
            mark = "" if rs[0]["orderBlindExact"] else "≤ "
            ceiling = f"{mark}{a[1]['orderBlindNew']:.2f} / {mark}{a[2]['orderBlindNew']:.2f}"
            r2 = []
            for key in ("offsetR2QueryL", "offsetR2Query2L"):
                v = []
                for r in rs:
                    layer, head = best_head(r)
                    m = next(m for m in r["mechanism"] if m["layer"] == layer and m["head"] == head)
                    v.append(m[key])
                r2.append(spread(v) if all(x is not None for x in v) else "–")
            cf = "–"
            if e == "sinusoidal":
                cf = spread([max(m["commutingFraction"] for m in r["mechanism"] if m["layer"] == 0) for r in rs])
            print(f"| {t} | {e} | {cols[0]} | {cols[1]} | {cols[2]} | {cols[3]} | {ceiling} | {r2[0]} / {r2[1]} | {cf} |")


def mean_sd(v):
    m = sum(v) / len(v)
    sd = (sum((x - m) ** 2 for x in v) / (len(v) - 1)) ** 0.5 if len(v) > 1 else 0.0
    return m, sd


# The seed verdict is the engine's rule (src/train/seed_verdict.hpp), asked of train_dump's `verdict` mode
# (one line of differences in, one JSON line out) rather than kept here as a second copy.
TRAIN_DUMP = os.environ.get("POSENC_TRAIN_DUMP") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                                                                  "native", "train_dump")
_verdict_process = None
_verdicts = {}
WORDS = {"above": "higher", "below": "lower", "within": "within noise", "single": "one seed"}


def verdict(d):
    """The engine's seed verdict on paired differences d: (mean, margin, 'higher' | 'lower' | 'within noise' |
    'one seed')."""
    global _verdict_process
    key = tuple(float(x) for x in d)
    if not key:
        sys.exit("verdict: no runs to compare")
    if key not in _verdicts:
        if _verdict_process is None:
            if not os.path.exists(TRAIN_DUMP):
                sys.exit(f"{TRAIN_DUMP} is missing: build it (scripts/build.sh native) or pass --train-dump PATH")
            _verdict_process = subprocess.Popen([TRAIN_DUMP, "verdict"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                text=True)
        _verdict_process.stdin.write(" ".join(repr(x) for x in key) + "\n")
        _verdict_process.stdin.flush()
        answer = _verdict_process.stdout.readline()
        if not answer:
            sys.exit("train_dump verdict gave no answer")
        v = json.loads(answer)
        _verdicts[key] = (v["mean"], v["margin"], WORDS[v["verdict"]])
    return _verdicts[key]


def compare(paths):
    sets = []
    for p in paths:
        with open(p) as f:
            d = json.load(f)
        sets.append((p, d["options"], {(r["config"]["task"], r["config"]["encoding"], r["config"]["seed"]): r for r in d["runs"]}))
    # The task x encoding x seed runs every set has.
    common = set(sets[0][2]).intersection(*(set(runs) for _, _, runs in sets[1:]))
    keys = sorted({(t, e) for t, e, _ in common}, key=lambda k: (TASKS.index(k[0]), ENCODINGS.index(k[1])))
    for i, (p, opts, _) in enumerate(sets):
        print(f"- set {i}: `{p}` ({' '.join(opts) or 'defaults'})")
    cols = [("at L", 0, "accuracy"), ("new at 2L", 1, "accuracyNew"), ("windowed", 1, "accuracyWindowedNew"),
            ("new at 4L", 2, "accuracyNew"), ("windowed", 2, "accuracyWindowedNew")]
    print("\n| task | encoding | set | " + " | ".join(c[0] for c in cols) + " |")
    print("| --- | --- | --- | " + " | ".join("---" for _ in cols) + " |")
    for t, e in keys:
        seeds = sorted(s for (t2, e2, s) in common if (t2, e2) == (t, e))
        for i, (_, _, runs) in enumerate(sets):
            cells = []
            for _, j, key in cols:
                v = [runs[(t, e, s)]["accuracy"][j][key] for s in seeds]
                m, sd = mean_sd(v)
                cell = f"{m:.2f} ± {sd:.2f}"
                if i > 0:
                    base = [sets[0][2][(t, e, s)]["accuracy"][j][key] for s in seeds]
                    dm, margin, word = verdict([a - b for a, b in zip(v, base)])
                    cell += f" ({dm:+.2f}, {word})"
                cells.append(cell)
            print(f"| {t} | {e} | {i} | " + " | ".join(cells) + " |")
    print(f"\nSeeds {', '.join(map(str, seeds))}; ± is the spread (standard deviation) over the seeds; in brackets "
          "the mean difference from set 0 seed by seed, and whether it exceeds its 95% margin.")


SLOW_KEYS = [("zero", "no"), ("mean", "mean"), ("shuffle", "shuffle")]


# ---- the README's results section, generated from a compact summary of saved runs --------------------
#
#   --summarise OUT.json NAME=runs.json [NAME=runs.json ...]   per set, task, encoding: the seeds and, per
#        figure, the value of every seed (rounded to 5 decimals: enough for the tables, small enough to commit)
#   --readme SUMMARY.json [SLOW.json]       prints the section (tables and conclusions, every word computed)
#   --write-readme README.md SUMMARY.json [SLOW.json]   replaces the text between the markers
#   --check-readme README.md SUMMARY.json [SLOW.json]   exits 1 if that text is not what the summary gives
#        (a ctest entry: the README's results cannot drift from the committed data)

BEGIN, END = "<!-- experiment-results: begin (generated) -->", "<!-- experiment-results: end -->"
LOST = [("zero", "lostFast", "lostSlow"), ("mean", "lostMeanFast", "lostMeanSlow"),
        ("shuffle", "lostShuffleFast", "lostShuffleSlow")]


def figures(r):
    """The figures of one run that the section reads, as a flat dict (None where undefined)."""
    a = r["accuracy"]
    rel = r["relative"]
    bl, bh = rel["best"]["layer"], rel["best"]["head"]
    head = next(h for h in rel["heads"] if h["layer"] == bl and h["head"] == bh)
    mech = next(m for m in r["mechanism"] if m["layer"] == bl and m["head"] == bh)
    f = {"acc": [x["accuracy"] for x in a], "accNew": [x["accuracyNew"] for x in a],
         "accWinNew": [x["accuracyWindowedNew"] for x in a],
         "shareTrained": head["meanTrained"], "shareBeyond": head["meanBeyond"],
         "r2QueryL": mech["offsetR2QueryL"], "r2Query2L": mech["offsetR2Query2L"]}
    if r["encoding" if "encoding" in r else "config"] and r["config"]["encoding"] == "sinusoidal":
        f["commuting"] = max(m["commutingFraction"] for m in r["mechanism"] if m["layer"] == 0)
    if r.get("ablation"):
        for _, fast, slow in LOST:
            f[fast] = r["ablation"]["L"][fast]
            f[slow] = r["ablation"]["L"][slow]
    return f


def rounded(v):
    if isinstance(v, list):
        return [rounded(x) for x in v]
    return None if v is None else round(v, 5)


def summarise(argv):
    import datetime
    out, sets = argv[0], []
    for spec in argv[1:]:
        name, path = spec.split("=", 1)
        with open(path) as f:
            d = json.load(f)
        runs = {}
        for r in d["runs"]:
            c = r["config"]
            key = c["task"] + "/" + c["encoding"]
            e = runs.setdefault(key, {"seeds": [], "config": {k: v for k, v in c.items() if k not in ("seed",)},
                                      "fair": r.get("fair", []), "f": {}})
            e["seeds"].append(c["seed"])
            for k, v in figures(r).items():
                e["f"].setdefault(k, []).append(rounded(v))
        refs = {}
        for r in d["runs"]:
            a = r["accuracy"]
            refs.setdefault(r["config"]["task"], {
                "chance": a[0]["chance"], "rightThenChance": rounded([x["rightThenChance"] for x in a]),
                "orderBlind": rounded([x["orderBlind"] for x in a]), "orderBlindNew": rounded([x["orderBlindNew"] for x in a]),
                "orderBlindExact": r["orderBlindExact"], "answerInWindowNew": [x["answerInWindowNew"] for x in a]})
        mtime = datetime.datetime.fromtimestamp(os.path.getmtime(path), datetime.timezone.utc).strftime("%Y-%m-%d")
        sets.append({"name": name, "options": d["options"], "date": mtime, "runs": runs, "references": refs})
    commit = subprocess.run(["git", "log", "-1", "--format=%H", "--", "src/train/*.cpp", "src/train/*.hpp", "src/core"], capture_output=True,
                            text=True).stdout.strip()
    data = {"precomputed": True, "engineCommit": commit,
            "tool": "build/native/train_dump (its numbers are the page's, byte for byte)", "sets": sets}
    with open(out, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")


def num(x, sign=False):
    """Two decimals, never '-0.00'."""
    t = f"{x:+.2f}" if sign else f"{x:.2f}"
    return t.replace("-0.00", "+0.00" if sign else "0.00")


def ms(v):
    m, sd = mean_sd(v)
    return f"{num(m)} ± {num(sd)}"


def diff_word(d):
    """A paired difference's mean, margin and word: 'higher', 'lower' or 'within noise'."""
    return verdict(d)


def vs(a, b):
    """a - b seed by seed, as '+0.12, higher' (the view's rule)."""
    m, margin, word = verdict([x - y for x, y in zip(a, b)])
    return f"{num(m, True)}, {word}"


def rel_word(a, b, higher="higher than", lower="lower than", same="within noise of"):
    return {"higher": higher, "lower": lower}.get(verdict([x - y for x, y in zip(a, b)])[2], same)


class Section:
    def __init__(self, summary, slow):
        self.s, self.slow = summary, slow
        self.sets = {st["name"]: st for st in summary["sets"]}
        self.lines = []

    def out(self, text=""):
        self.lines.append(text)

    def get(self, set_name, task, enc):
        st = self.sets.get(set_name)
        return st and st["runs"].get(task + "/" + enc)

    def fig(self, set_name, task, enc, key, j=None):
        e = self.get(set_name, task, enc)
        if not e:
            return None
        v = e["f"].get(key)
        if v is None:
            return None
        return [x[j] for x in v] if j is not None else v


def shared_settings(cfg):
    keys = ["k", "trainLength", "steps", "dModel", "layers", "heads", "lr", "batch", "vocab"]
    return ", ".join(f"{k}={cfg[k]}" for k in keys if k in cfg)


def set_command(st):
    return "python3 scripts/experiment_results.py --posenc build/native/train_dump " + " ".join(st["options"])


def readme_section(summary, slow=None):
    S = Section(summary, slow)
    out = S.out
    d = S.sets["default"]
    any_run = next(iter(d["runs"].values()))
    cfg = any_run["config"]
    L = cfg["trainLength"]
    seeds = any_run["seeds"]
    n = len(seeds)
    encs = ENCODINGS
    tasks = [t for t in TASKS if any(k.startswith(t + "/") for k in d["runs"])]
    seedtxt = f"{seeds[0]}–{seeds[-1]}" if seeds == list(range(seeds[0], seeds[-1] + 1)) else ", ".join(map(str, seeds))
    out(BEGIN)
    out(f"**Results** (generated from real runs: `python3 scripts/experiment_results.py --write-readme README.md "
        f"scripts/data/experiment_summary.json src/train/data/slow_ablation.json` writes this part from the committed "
        f"summary of the runs, and `ctest -R experiment_readme` fails when it differs; do not edit it by hand). "
        f"Runs of {d['date']}, {summary['tool']}, engine commit `{summary['engineCommit'][:10]}`; "
        f"seeds {seedtxt} ({n} per figure) on every task × encoding × set. Shared settings: {shared_settings(cfg)}. "
        f"A figure is the mean ± the spread (standard deviation over the {n} seeds); a difference is taken seed by "
        f"seed (paired: the same seed in both) and is called higher or lower only "
        f"where its mean exceeds its 95% margin (Student's t over the seeds × spread / √{n}, at least 0.01: "
        f"`src/train/seed_verdict.hpp`, the view's rule), otherwise *within noise*.")
    out()
    out("Sets (each one command, `--seeds " + ",".join(map(str, seeds)) + " --save FILE`, then `--summarise`):")
    for st in summary["sets"]:
        ts = sorted({k.split("/")[0] for k in st["runs"]}, key=TASKS.index)
        out(f"- `{st['name']}`: `{set_command(st)}` ({', '.join(ts)})")
    out()
    # Table 1: the defaults.
    out(f"Defaults, every position (*all*) and the new positions only (*new*, t ≥ L), full and windowed (*win*: "
        f"each query sees its last L keys, so every offset it meets was met in training); the attention the best "
        f"head puts on the answer's key at t < L and at L ≤ t < 2L:")
    out()
    out(f"| task | encoding | at L = {L} | all at 2L | new at 2L | win, new at 2L | all at 4L | new at 4L | win, new at 4L "
        f"| answer share, t < L | L ≤ t < 2L |")
    out("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for t in tasks:
        for e in encs:
            f = lambda k, j=None: S.fig("default", t, e, k, j)
            cells = [ms(f("acc", 0)), ms(f("acc", 1)), ms(f("accNew", 1)), ms(f("accWinNew", 1)), ms(f("acc", 2)),
                     ms(f("accNew", 2)), ms(f("accWinNew", 2)), ms(f("shareTrained")), ms(f("shareBeyond"))]
            out(f"| {t} | {e} | " + " | ".join(cells) + " |")
    out()
    refs = []
    for t in tasks:
        r = d["references"][t]
        mark = "" if r["orderBlindExact"] else "≤ "
        hidden = [lab for lab, j in (("2L", 1), ("4L", 2)) if r["answerInWindowNew"][j] == 0]
        refs.append(f"`{t}`: chance {r['chance']:.3f}, right up to L and at chance after it {r['rightThenChance'][1]:.2f} "
                    f"at 2L and {r['rightThenChance'][2]:.2f} at 4L (all positions), order-blind ceiling {mark}{r['orderBlind'][0]:.2f} "
                    f"at L and {mark}{r['orderBlindNew'][1]:.2f} / {mark}{r['orderBlindNew'][2]:.2f} on the new positions at 2L / 4L"
                    + (f"; the window hides every new answer at {' and '.join(hidden)}, so those windowed figures test nothing"
                       if hidden else ""))
    out("References (no model): " + "; ".join(refs) + ".")
    out()
    # Mechanism.
    out("The mechanism, defaults (best head: offset R² of its content-averaged scores within query at L / 2L; "
        "sinusoidal: the largest share of a layer-0 head's W_Q W_Kᵀ that commutes with the PE rotations, "
        f"about 1/dModel = {1 / cfg['dModel']:.2f} for a random matrix):")
    out()
    out("| task | encoding | offset R² at L | at 2L | commuting share |")
    out("| --- | --- | --- | --- | --- |")
    for t in tasks:
        for e in encs:
            f = lambda k: S.fig("default", t, e, k)
            r2 = [ms(f(k)) if f(k) and None not in f(k) else "–" for k in ("r2QueryL", "r2Query2L")]
            cf = ms(f("commuting")) if f("commuting") else "–"
            out(f"| {t} | {e} | {r2[0]} | {r2[1]} | {cf} |")
    out()
    # Ablation at L.
    q = cfg["dModel"] // 4
    out(f"The PE ablation (sinusoidal, defaults): accuracy lost at L with the fastest or the slowest quarter ({q} of "
        f"{cfg['dModel']}) of the PE dimensions zeroed, replaced by its mean over t < L, or shuffled across positions "
        f"(`src/train/evaluate.hpp`); the loss itself is the seed-by-seed difference, so its word says whether it is "
        f"more than noise:")
    out()
    out("| task | zeroed: fast | slow | mean: fast | slow | shuffled: fast | slow |")
    out("| --- | --- | --- | --- | --- | --- | --- |")
    for t in tasks:
        cells = []
        for _, fast, slow_k in LOST:
            for k in (fast, slow_k):
                v = S.fig("default", t, "sinusoidal", k)
                m, margin, word = verdict(v)
                cells.append(f"{ms(v)} ({'costs' if word == 'higher' else 'gains' if word == 'lower' else 'within noise'})")
        out(f"| {t} | " + " | ".join(cells) + " |")
    out()
    slow_section(S, q)
    # Options against the defaults.
    option_tables(S, tasks, L)
    conclusions(S, tasks, L, cfg)
    out(END)
    import textwrap
    lines = []
    for line in S.lines:  # prose wrapped as the rest of the README; tables and markers as they are
        if not line or line.startswith("|") or line.startswith("<!--"):
            lines.append(line)
        else:
            lines.append(textwrap.fill(line, width=105, break_long_words=False, break_on_hyphens=False,
                                       subsequent_indent="  " if line.startswith("- ") else ""))
    return "\n".join(lines) + "\n"


def turn(d, L, base=10000.0):
    """The angle (rad) the slowest quarter's fastest and slowest pair turn over positions 0..L-1."""
    q = d // 4
    w = lambda i: base ** (-2 * i / d)
    return w((d - q) // 2) * (L - 1), w(d // 2 - 1) * (L - 1)


def slow_section(S, q16):
    sl = S.slow
    out = S.out
    if not sl:
        return
    d = sl["settings"]["dModel"]
    n = len(sl["seeds"])
    out(f"The slow-dimension question at longer lengths (precomputed, `src/train/data/slow_ablation.json`: "
        f"`{sl['command']}`, {sl['date']}, engine commit `{sl['engineCommit'][:10]}`, seeds "
        f"{', '.join(map(str, sl['seeds']))}; settings {shared_settings(sl['settings'])}, sinusoidal, trainLength as "
        f"given). The slowest quarter ({d // 4} of {d} dimensions) turns over the trained positions by "
        + ", ".join(f"{turn(d, L)[1]:.3f}–{turn(d, L)[0]:.3f} rad at L = {L}" for L in sl["lengths"])
        + f" (at L = 16, dModel 32: {turn(32, 16)[1]:.4f}–{turn(32, 16)[0]:.3f} rad). Accuracy at L, and lost at L "
        f"(seed by seed, with its word); then at 2L, where the slow quarter also holds positions never trained "
        f"(its shuffle there is over 0..2L − 1), what the slow quarter's ablations lose:")
    out()
    out("| task | L | at L | zeroed: fast | slow | mean: fast | slow | shuffled: fast | slow | at 2L | slow at 2L: "
        "zeroed | mean | shuffled |")
    out("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for t in sl["tasks"]:
        for L in sl["lengths"]:
            rs = [r for r in sl["runs"] if r["task"] == t and r["trainLength"] == L]
            base = [r["L"]["base"] for r in rs]
            cells = [ms(base)]
            for k, _ in SLOW_KEYS:
                for part in ("Fast", "Slow"):
                    lost = [r["L"]["base"] - r["L"][k + part] for r in rs]
                    word = verdict(lost)[2]
                    cells.append(f"{ms(lost)} ({'costs' if word == 'higher' else 'gains' if word == 'lower' else 'within noise'})")
            cells.append(ms([r["2L"]["base"] for r in rs]))
            for k, _ in SLOW_KEYS:
                lost = [r["2L"]["base"] - r["2L"][k + "Slow"] for r in rs]
                word = verdict(lost)[2]
                cells.append(f"{ms(lost)} ({'costs' if word == 'higher' else 'gains' if word == 'lower' else 'within noise'})")
            out(f"| {t} | {L} | " + " | ".join(cells) + " |")
    out()


OPTION_SETS = [  # (set, tasks it is read on, what it changes, encodings it can change)
    ("start48", None, "training windows start anywhere in 0..48 (startOffset=48 = 3L)", ["sinusoidal", "learned"]),
    ("start16", None, "training windows start anywhere in 0..16 (startOffset=16 = L)", ["sinusoidal", "learned"]),
    ("fair", None, "each encoding under its fair setting (`--fair`)", None),
    ("copyrandom", None, "copy trained on lengths drawn per batch (copyLengths=random)", None),
    ("kinput", None, "lookback with each sequence's k in 1..3 given as input (lookbackK=input)", None),
]


def identical(S, name, t, e):
    a, b = S.get("default", t, e), S.get(name, t, e)
    return a and b and a["f"] == b["f"]


def option_tables(S, tasks, L):
    out = S.out
    cols = [("at L", "acc", 0), ("new at 2L", "accNew", 1), ("win, new at 2L", "accWinNew", 1),
            ("new at 4L", "accNew", 2), ("win, new at 4L", "accWinNew", 2)]
    for name, _, what, only in OPTION_SETS:
        st = S.sets.get(name)
        if not st:
            continue
        keys = [k for k in st["runs"]]
        ts = [t for t in tasks if any(k.startswith(t + "/") for k in keys)]
        same = [f"{t}/{e}" for t in ts for e in ENCODINGS if identical(S, name, t, e)]
        rows = [(t, e) for t in ts for e in ENCODINGS if f"{t}/{e}" in st["runs"] and f"{t}/{e}" not in same]
        text = f"`{name}`: {what}, against the defaults"
        if name == "fair":
            changes = {}
            for t, e in rows:
                for c in st["runs"][f"{t}/{e}"]["fair"]:
                    changes.setdefault(e, set()).add(f"{c['key']} {c['from']:g} → {c['to']:g} ({c['reason']})")
            text += " (" + "; ".join(f"{e}: " + ", ".join(sorted(v)) for e, v in changes.items()) + ")"
        if same:
            byenc = sorted({k.split("/")[1] for k in same}, key=ENCODINGS.index)
            text += (f"; {', '.join(byenc)} gave the defaults' figures exactly, every seed"
                     + (" (the option does not reach them)" if only else "") + ", and are left out")
        out(text + ":")
        out()
        out("| task | encoding | " + " | ".join(c[0] for c in cols) + " |")
        out("| --- | --- | " + " | ".join("---" for _ in cols) + " |")
        for t, e in rows:
            cells = []
            for _, k, j in cols:
                v, base = S.fig(name, t, e, k, j), S.fig("default", t, e, k, j)
                cells.append(f"{ms(v)} ({vs(v, base)})")
            out(f"| {t} | {e} | " + " | ".join(cells) + " |")
        out()


def fmt(v):
    return num(mean_sd(v)[0])


def conclusions(S, tasks, L, cfg):
    out = S.out
    f = S.fig
    out("What these runs show (every number and every word of comparison computed from the tables above):")
    # 1. Relative attention.
    if "lookback" in tasks:
        st, sb = f("default", "lookback", "sinusoidal", "shareTrained"), f("default", "lookback", "sinusoidal", "shareBeyond")
        rt, rb = f("default", "lookback", "rope", "shareTrained"), f("default", "lookback", "rope", "shareBeyond")
        lt = f("default", "lookback", "learned", "shareTrained")
        w = verdict([b - a for a, b in zip(st, sb)])[2]
        r2s = f("default", "lookback", "sinusoidal", "r2QueryL"), f("default", "lookback", "sinusoidal", "r2Query2L")
        r2r = f("default", "lookback", "rope", "r2QueryL"), f("default", "lookback", "rope", "r2Query2L")
        cf = f("default", "lookback", "sinusoidal", "commuting")
        out(f"- **Relative attention.** On `lookback` the sinusoidal model's best head puts {ms(st)} of its attention "
            f"on the key k back at trained positions (learned {ms(lt)}, RoPE {ms(rt)}); at L ≤ t < 2L it puts {ms(sb)} "
            f"({'less' if w == 'lower' else 'more' if w == 'higher' else 'within noise of the same'}), RoPE {ms(rb)}. "
            f"How much of the head's content-averaged score the offset alone explains (within query): sinusoidal "
            f"{ms(r2s[0])} at L and {ms(r2s[1])} at 2L, RoPE {ms(r2r[0])} and {ms(r2r[1])}; the commuting share of "
            f"sinusoidal's W_Q W_Kᵀ is {ms(cf)} (a random matrix: about {1 / cfg['dModel']:.2f}). "
            + ("The sinusoidal model attends by offset where it was trained, and that does not carry past L."
               if w == "lower" else "Its share past L is not lower than at trained positions."))
    # 2. Extrapolation, new positions only.
    parts = []
    for t in tasks:
        s2, l2, n2 = (f("default", t, e, "accNew", 1) for e in ("sinusoidal", "learned", "none"))
        s4, l4 = f("default", t, "sinusoidal", "accNew", 2), f("default", t, "learned", "accNew", 2)
        ob = S.sets["default"]["references"][t]["orderBlindNew"][1]
        parts.append(f"{'On' if not parts else 'on'} `{t}` sinusoidal scores {ms(s2)} on the new positions at 2L, {rel_word(s2, l2)} learned "
                     f"({ms(l2)}; {vs(s2, l2)}) and {rel_word(s2, n2)} no position at all (none, {ms(n2)}; order-blind "
                     f"ceiling {ob:.2f}); at 4L {ms(s4)} against {ms(l4)} ({vs(s4, l4)})")
    out("- **Extrapolation, scored where it is new (t ≥ L).** " + "; ".join(parts) + ". The all-positions figure at 2L "
        "mostly re-measures the first L positions (compare the first table's *all* and *new* columns).")
    # 3. Windowed.
    if "lookback" in tasks:
        parts = []
        for e in ENCODINGS:
            a, wv = f("default", "lookback", e, "accNew", 1), f("default", "lookback", e, "accWinNew", 1)
            a4, w4 = f("default", "lookback", e, "accNew", 2), f("default", "lookback", e, "accWinNew", 2)
            parts.append(f"{e} {fmt(a)} → {fmt(wv)} ({vs(wv, a)}) at 2L, {fmt(a4)} → {fmt(w4)} ({vs(w4, a4)}) at 4L")
        ro, rw = f("default", "lookback", "rope", "accNew", 2), f("default", "lookback", "rope", "accWinNew", 2)
        rmean = mean_sd(rw)[0]
        out("- **Positions or offsets.** On `lookback`, new positions, full → windowed (only the positions are new "
            "under the window): " + "; ".join(parts) + ". "
            + (f"RoPE's windowed accuracy is {fmt(rw)} at 4L: its drop past L comes from offsets and key counts it "
               f"never saw, not from the positions." if rmean >= 0.95 and verdict([x - y for x, y in zip(rw, ro)])[2] == "higher"
               else "For RoPE the window does not restore the accuracy."))
    # 4. Training decides (Ruoss et al. 2023).
    if "start48" in S.sets and "lookback" in tasks:
        parts = []
        for e in ("sinusoidal", "learned"):
            for j, lab in ((1, "2L"), (2, "4L")):
                a, b = f("default", "lookback", e, "accNew", j), f("start48", "lookback", e, "accNew", j)
                parts.append(f"{e} at {lab} {ms(a)} → {ms(b)} ({vs(b, a)})")
        txt = ("- **Training decides extrapolation (Ruoss et al. 2023, randomized positional encodings).** Trained on "
               "windows that start anywhere up to 3L (startOffset=48), on `lookback`'s new positions: " + "; ".join(parts) + ".")
        if "start16" in S.sets:
            s4, l4 = f("start16", "lookback", "sinusoidal", "accNew", 2), f("start16", "lookback", "learned", "accNew", 2)
            trained = min(16 + L, 4 * L) - L
            ref = (trained + (3 * L - trained) / cfg["vocab"]) / (3 * L)
            txt += (f" At startOffset=16 (positions up to {16 + L - 1} trained), at 4L: learned {ms(l4)}, against "
                    f"{ref:.3f} for right where trained and at chance on the {3 * L - trained} never-trained new positions; "
                    f"sinusoidal {ms(s4)}, {rel_word(s4, l4)} learned ({vs(s4, l4)}).")
        if "first" in tasks:
            a, b = f("default", "first", "sinusoidal", "acc", 0), f("start48", "first", "sinusoidal", "acc", 0)
            c, dd = f("default", "first", "learned", "acc", 0), f("start48", "first", "learned", "acc", 0)
            txt += (f" On `first` the option changes the task (the answer is the window's first token, wherever it "
                    f"starts): at L sinusoidal {ms(a)} → {ms(b)} ({vs(b, a)}), learned {ms(c)} → {ms(dd)} ({vs(dd, c)}).")
        out(txt)
    # 5. NoPE and ALiBi with two layers.
    if "fair" in S.sets:
        parts = []
        for t in [x for x in ("first", "lookback") if x in tasks]:
            ob = S.sets["default"]["references"][t]
            for e in ("none", "alibi"):
                a, b = f("default", t, e, "acc", 0), f("fair", t, e, "acc", 0)
                a4, b4 = f("default", t, e, "accNew", 2), f("fair", t, e, "accNew", 2)
                parts.append(f"`{t}` {e}: at L {ms(a)} → {ms(b)} ({vs(b, a)}), new at 4L {ms(a4)} → {ms(b4)} ({vs(b4, a4)})")
            parts[-1] += f" (order-blind ceiling {ob['orderBlind'][0]:.2f} at L, {ob['orderBlindNew'][2]:.2f} new at 4L)"
        out("- **NoPE and ALiBi with the layers and heads they need (Kazemnejad et al. 2023 and Haviv et al. 2022: a "
            "second causal layer can read position off the mask; Press et al. 2022: ALiBi with eight heads).** One "
            "layer, two heads → the fair setting: " + "; ".join(parts) + ".")
    # 6. copy.
    if "copyrandom" in S.sets:
        parts = []
        for e in ENCODINGS:
            a, b = f("default", "copy", e, "acc", 0), f("copyrandom", "copy", e, "acc", 0)
            parts.append(f"{e} {fmt(a)} → {fmt(b)} ({vs(b, a)})")
        best = max(mean_sd(f("copyrandom", "copy", e, k, j))[0] for e in ENCODINGS for k, j in
                   (("accNew", 1), ("accNew", 2), ("accWinNew", 1)))
        out("- **`copy` without its shortcut.** With lengths drawn per batch, accuracy at L: " + "; ".join(parts)
            + f". On the new positions no encoding exceeds {best:.2f} (full or windowed).")
    # 7. k as input.
    if "kinput" in S.sets:
        parts = []
        for e in ENCODINGS:
            a, b = f("default", "lookback", e, "acc", 0), f("kinput", "lookback", e, "acc", 0)
            a4, b4 = f("default", "lookback", e, "accNew", 2), f("kinput", "lookback", e, "accNew", 2)
            parts.append(f"{e} at L {fmt(a)} → {fmt(b)} ({vs(b, a)}), new at 4L {fmt(a4)} → {fmt(b4)} ({vs(b4, a4)})")
        out("- **k as input** (`lookback`, k from 1 to 3 per sequence): " + "; ".join(parts) + ".")
    # 8. Slow dimensions.
    parts = []
    for t in tasks:
        words = []
        for lab, k in (("zeroed", "lostSlow"), ("mean", "lostMeanSlow"), ("shuffled", "lostShuffleSlow")):
            v = f("default", t, "sinusoidal", k)
            words.append(f"{lab} {fmt(v)} ({verdict(v)[2].replace('higher', 'costs').replace('lower', 'gains')})")
        parts.append(f"`{t}` " + ", ".join(words))
    txt = (f"- **Slow dimensions.** At L = {L}, dModel {cfg['dModel']}, the accuracy lost at L with the slowest quarter "
           + "; ".join(parts) + ".")
    if S.slow:
        sl = S.slow
        pp = []
        for t in sl["tasks"]:
            for Ls in sl["lengths"]:
                rs = [r for r in sl["runs"] if r["task"] == t and r["trainLength"] == Ls]
                ws = []
                for k, lab in (("zero", "zeroed"), ("mean", "mean"), ("shuffle", "shuffled")):
                    lost = [r["L"]["base"] - r["L"][k + "Slow"] for r in rs]
                    ws.append(f"{lab} {fmt(lost)} ({verdict(lost)[2].replace('higher', 'costs').replace('lower', 'gains')})")
                pp.append(f"`{t}` L = {Ls}: " + ", ".join(ws))
        txt += (f" At longer lengths (dModel {sl['settings']['dModel']}, {len(sl['seeds'])} seeds): " + "; ".join(pp) + ". ")
        costs = [1 for t in sl["tasks"] for Ls in sl["lengths"] for k in ("mean", "shuffle")
                 if verdict([r["L"]["base"] - r["L"][k + "Slow"] for r in sl["runs"] if r["task"] == t and r["trainLength"] == Ls])[2] == "higher"]
        zero_only = [1 for t in sl["tasks"] for Ls in sl["lengths"]
                     if verdict([r["L"]["base"] - r["L"]["zeroSlow"] for r in sl["runs"] if r["task"] == t and r["trainLength"] == Ls])[2] == "higher"]
        if not costs:
            txt += ("Where zeroing costs something, replacing the slow quarter by its mean or shuffling it does not "
                    "(beyond noise): what zeroing removes there is the constant, not information the model uses. "
                    if zero_only else "No ablation of the slow quarter costs more than noise. ")
        else:
            txt += "Removing the slow quarter's information (mean or shuffle) costs accuracy beyond noise in some of these settings (above). "
        txt += (f"Even at L = {max(sl['lengths'])} the slow quarter turns by at most {turn(sl['settings']['dModel'], max(sl['lengths']))[0]:.2f} rad, "
                "so these sizes still ask only whether a nearly constant, slowly drifting signal is used.")
    out(txt)
    out("These are small models and short runs; they test the claims on this model, not on the papers'.")


def readme_text(argv):
    with open(argv[0]) as fh:
        summary = json.load(fh)
    slow = None
    if len(argv) > 1:
        with open(argv[1]) as fh:
            slow = json.load(fh)
    return readme_section(summary, slow)


def replace_in_readme(path, section):
    with open(path) as fh:
        text = fh.read()
    b, e = text.find(BEGIN), text.find(END)
    if b < 0 or e < 0:
        sys.exit(f"{path}: no '{BEGIN}' ... '{END}' markers")
    return text, text[:b] + section.rstrip("\n") + text[e + len(END):]


def slow_ablation(argv):
    """--slow-ablation OUT.json [--posenc P] [--seeds 1,2,3] [--lengths 64,128] [--tasks lookback,first]
    [key=value ...]: the sinusoidal PE ablations (zeroed, mean over t < L, shuffled across positions; the
    fastest and the slowest quarter of the dimensions) at lengths where the slow quarter turns more than at
    L = 16, dModel 64 unless given, every task x length x seed; writes a small precomputed data file (the
    command, date, seeds, settings, engine commit, per run the accuracies at L and 2L) for the README and
    the view."""
    out, posenc, seeds, lengths, tasks, extra = argv[0], "build/native/train_dump", [1, 2, 3], [64, 128], ["lookback", "first"], []
    i = 1
    while i < len(argv):
        if argv[i] in ("--posenc", "--seeds", "--lengths", "--tasks"):
            v = argv[i + 1]
            if argv[i] == "--posenc":
                posenc = v
            elif argv[i] == "--seeds":
                seeds = [int(x) for x in v.split(",")]
            elif argv[i] == "--lengths":
                lengths = [int(x) for x in v.split(",")]
            else:
                tasks = v.split(",")
            i += 2
        else:
            extra.append(argv[i])
            i += 1
    if not any(a.startswith("dModel=") for a in extra):
        extra.append("dModel=64")
    import datetime
    import time
    runs, started = [], time.time()
    for t in tasks:
        for L in lengths:
            for sd in seeds:
                r = run(posenc, ["task=" + t, "encoding=sinusoidal", f"trainLength={L}", f"seed={sd}", *extra])
                ab = r["ablation"]
                row = {"task": t, "trainLength": L, "seed": sd, "ms": round(r["ms"])}
                for at in ("L", "2L"):
                    row[at] = {"base": ab[at]["base"], **{f"{k}{part}": ab[at][f"{pre}{part}"] for k, pre in SLOW_KEYS
                                                           for part in ("Fast", "Slow")}}
                runs.append(row)
                print(f"{t} L={L} seed={sd}: {row['L']}", file=sys.stderr)
    config = {k: v for k, v in r["config"].items() if k not in ("task", "encoding", "seed", "trainLength")}
    commit = subprocess.run(["git", "log", "-1", "--format=%H", "--", "src/train/*.cpp", "src/train/*.hpp", "src/core"], capture_output=True,
                            text=True).stdout.strip()
    data = {
        "precomputed": True,
        "what": "PE ablations of sinusoidal models at longer training lengths (issue 25, item 4): accuracy at L "
                "and 2L with the fastest (first d/4) or slowest (last d/4) PE dimensions zeroed, replaced by "
                "their mean over t < L, or shuffled across positions (src/train/evaluate.hpp)",
        "command": "python3 scripts/experiment_results.py --slow-ablation " + " ".join(argv),
        "date": datetime.datetime.fromtimestamp(started, datetime.timezone.utc).strftime("%Y-%m-%d"),
        "engineCommit": commit,
        "tool": os.path.basename(posenc) + " (native; its numbers are the page's, byte for byte)",
        "seeds": seeds, "lengths": lengths, "tasks": tasks,
        "settings": config,
        "seconds": round(time.time() - started),
        "runs": runs,
    }
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out, "w") as f:  # one run a line: small, and readable in a diff
        head = json.dumps({k: v for k, v in data.items() if k != "runs"}, ensure_ascii=False)
        f.write(head[:-1] + ',\n"runs":[\n' + ",\n".join(json.dumps(r, separators=(",", ":")) for r in runs) + "\n]}\n")


if __name__ == "__main__":
    if "--train-dump" in sys.argv:  # the engine whose seed verdict the words follow (default: build/native)
        i = sys.argv.index("--train-dump")
        TRAIN_DUMP = sys.argv[i + 1]
        del sys.argv[i:i + 2]
    if len(sys.argv) > 1 and sys.argv[1] == "--slow-ablation":
        slow_ablation(sys.argv[2:])
    elif len(sys.argv) > 1 and sys.argv[1] == "--summarise":
        summarise(sys.argv[2:])
    elif len(sys.argv) > 1 and sys.argv[1] == "--readme":
        sys.stdout.write(readme_text(sys.argv[2:]))
    elif len(sys.argv) > 1 and sys.argv[1] in ("--write-readme", "--check-readme"):
        old_text, new_text = replace_in_readme(sys.argv[2], readme_text(sys.argv[3:]))
        if sys.argv[1] == "--write-readme":
            with open(sys.argv[2], "w") as fh:
                fh.write(new_text)
        elif old_text != new_text:
            import difflib
            sys.stdout.writelines(difflib.unified_diff(old_text.splitlines(True), new_text.splitlines(True),
                                                       "README.md", "generated", n=1))
            sys.exit("README.md's results differ from what the summary gives: run --write-readme")
        else:
            print("README.md's results are what the summary gives")
    elif len(sys.argv) > 1 and sys.argv[1] == "--compare":
        compare(sys.argv[2:])
    else:
        main(sys.argv[1:])
