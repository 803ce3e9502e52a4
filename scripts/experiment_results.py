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
    varying = {k for r in results.values() for k in r["config"] if r["config"].get(k) != config.get(k)}
    shown = {k: v for k, v in config.items() if k not in ("task", "encoding", "seed") and k not in varying}
    print("Settings: " + ", ".join(f"{k}={v}" for k, v in shown.items()) + f"; seeds {', '.join(map(str, seeds))}.")
    if fair:
        print("Fair setting (src/train/fair.hpp), per encoding:")
        for e in ENCODINGS:
            r = next(r for (t, e2, s), r in results.items() if e2 == e)
            changes = "; ".join(f"{c['key']} {c['from']:g} → {c['to']:g} ({c['reason']})" for c in r["fair"])
            print(f"- {e}: " + (changes or "as shared") + " — " + ", ".join(f"{k}={r['config'][k]}" for k in sorted(varying)))
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


if __name__ == "__main__":
    main(sys.argv[1:])
