#!/usr/bin/env python3
"""The experiment's results table for the README, from real runs of the desktop build.

    python3 scripts/experiment_results.py [--posenc build/native/posenc_desktop] [--seeds 1,2,3] [key=value ...]

Trains every task x encoding x seed with `posenc_desktop --train` (the engine the page runs in its worker; native
and wasm results are byte-identical, tests/train: train_native_vs_wasm) and prints Markdown: accuracy at
L, 2L and 4L (mean over the seeds, and the lowest and highest), the attention the best head puts on the
answer's key at trained positions and at L..2L-1, and for the sinusoidal runs the accuracy lost at L
with the fastest or the slowest quarter of the PE dimensions zeroed. Extra key=value options apply to
every run (defaults: the engine's, src/train/config.cpp). Nothing is tuned per seed: every run counts.
"""
import concurrent.futures
import json
import os
import subprocess
import sys

TASKS = ["lookback", "first", "copy"]
ENCODINGS = ["none", "sinusoidal", "learned", "rope", "alibi"]


def run(posenc, options):
    out = subprocess.run([posenc, "--train", *options], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def spread(values, digits=2):
    m = sum(values) / len(values)
    if len(values) == 1:
        return f"{m:.{digits}f}"
    return f"{m:.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def main(argv):
    posenc, seeds, extra = "build/native/posenc_desktop", [1, 2, 3], []
    i = 0
    while i < len(argv):
        if argv[i] == "--posenc":
            posenc, i = argv[i + 1], i + 2
        elif argv[i] == "--seeds":
            seeds, i = [int(s) for s in argv[i + 1].split(",")], i + 2
        else:
            extra.append(argv[i])
            i += 1
    if not os.path.exists(posenc):
        sys.exit(f"{posenc} not found: build the desktop app first (bash scripts/build.sh native)")
    jobs = {(t, e, s): ["task=" + t, "encoding=" + e, f"seed={s}", *extra] for t in TASKS for e in ENCODINGS for s in seeds}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = dict(zip(jobs, pool.map(lambda o: run(posenc, o), jobs.values())))
    config = next(iter(results.values()))["config"]
    shown = {k: v for k, v in config.items() if k not in ("task", "encoding", "seed")}
    print("Settings: " + ", ".join(f"{k}={v}" for k, v in shown.items()) + f"; seeds {', '.join(map(str, seeds))}.")
    print(f"Command: `python3 scripts/experiment_results.py{' ' + ' '.join(extra) if extra else ''}`\n")
    L = config["trainLength"]
    print(f"| task | encoding | accuracy at L = {L} | at 2L = {2 * L} | at 4L = {4 * L} | attention on the answer, t < L | L ≤ t < 2L | lost at L without fast / slow PE quarter |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for t in TASKS:
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


if __name__ == "__main__":
    main(sys.argv[1:])
