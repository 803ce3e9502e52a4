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
difference counts when it exceeds its 95% margin, Student's t times spread / √n, at least 0.01).

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


# Student's t at 97.5% for 1..30 degrees of freedom (src/train/seed_verdict.cpp's table).
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def mean_sd(v):
    m = sum(v) / len(v)
    sd = (sum((x - m) ** 2 for x in v) / (len(v) - 1)) ** 0.5 if len(v) > 1 else 0.0
    return m, sd


def verdict(d):
    """seed_verdict.hpp's rule on paired differences d: '+', '−' or 'within noise', with mean and margin."""
    m, sd = mean_sd(d)
    if len(d) < 2:
        return m, 0.0, "one seed"
    margin = max(T975[min(len(d), 31) - 2] * sd / len(d) ** 0.5, 0.01)
    return m, margin, ("higher" if m > margin else "lower" if m < -margin else "within noise")


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


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--compare":
        compare(sys.argv[2:])
    else:
        main(sys.argv[1:])
