#!/usr/bin/env python3
"""Cross-check of the training engine's forward and backward pass against PyTorch autograd.

For each configuration below, `train_dump grad key=value...` (src/tools/train_dump.cpp) prints the model's
weights (initial weights jittered, so gains and biases are not 1 and 0), one training batch, the loss and
every gradient, computed in double by the hand-written C++ backward pass. This script rebuilds the same
model in torch (float64) from the dump alone -- the sinusoidal table, RoPE angles and ALiBi slopes are
recomputed here from their formulas, not read from the dump -- and compares:

  loss:      |torch - C++| <= 1e-12 * |torch|
  gradients: for every tensor, max |torch - C++| <= 1e-11 * max |torch| + 1e-15
  (measured: ~2e-15 relative, i.e. rounding only.)

The fair-test options (OPTION_CONFIGS: startOffset for sinusoidal and learned, copyLengths=random,
lookbackK=input) are rebuilt here from the dump's batch (its window starts, its length, its per-sequence
k); each must show in that batch, and the loss torch gets with the option ignored must differ, so an
engine (or a check) that dropped the option would be caught.

A last run corrupts one gradient entry of the dump by 1e-9 relative and must be reported as a mismatch,
so the comparison itself is shown able to fail.

Then the evaluation (`train_dump eval key=value...`: trained float weights, the evaluation sets at L, 2L
and 4L, 16 sequences each, and the engine's result on them), redone here from the weights alone in
float64 (check_eval): accuracy on all positions and on the new ones (t >= L), with the full causal mask
and with the window of L keys; the plain offset R^2 of every head's content-averaged scores at L; the
commuting fraction (sinusoidal). Tolerances:
  accuracy: |torch - engine| * n <= the number of those n predictions whose top two logits lie within
            1e-3 (they may flip between float32 and float64; measured: a few in 5000, and no difference);
  offset R^2: 1e-6 absolute (measured: <= 3e-8);  commuting fraction: 1e-9 (the same float weights).
For sinusoidal runs also the PE ablations at L and 2L (check_ablation: a quarter zeroed, replaced by its
mean over t < L, or shuffled with the engine's permutation), with the accuracies' tolerance.
A swapped pair (the windowed and the full new-position accuracy at 4L) must be reported as a mismatch, and
so must a swapped pair of ablation figures.

Exit 0 if all agree, 1 if any does not, 77 (ctest: skipped) if torch is not installed
(Debian: apt-get install python3-torch).
"""
import json
import math
import subprocess
import sys

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    print("SKIPPED: PyTorch is not installed for " + sys.executable +
          " (apt-get install python3-torch); the torch cross-check did not run")
    sys.exit(77)

torch.set_default_dtype(torch.float64)

CONFIGS = []
for enc in ["none", "sinusoidal", "learned", "rope", "alibi"]:
    CONFIGS.append(dict(encoding=enc, layers=1, heads=2))
    CONFIGS.append(dict(encoding=enc, layers=2, heads=4))
for task in ["first", "copy"]:
    for enc in ["sinusoidal", "rope", "alibi"]:
        CONFIGS.append(dict(encoding=enc, layers=2, heads=2, task=task))
COMMON = dict(dModel=16, vocab=7, trainLength=8, batch=3, k=3, seed=11)
# The fair-test options (issue 25): shifted windows for the encodings that read absolute positions (learned
# past its 4L = 32 rows of startOffset 0), a copy batch shorter than L, k per sequence given as input.
# Each must show in the dumped batch, and (OPTION_CHECKS) a torch model that ignored it must disagree.
OPTION_CONFIGS = [
    dict(encoding="sinusoidal", layers=2, heads=2, startOffset=30),
    dict(encoding="learned", layers=2, heads=2, startOffset=30),
    dict(encoding="rope", layers=2, heads=2, task="copy", copyLengths="random", seed=12),
    dict(encoding="sinusoidal", layers=1, heads=2, task="copy", copyLengths="random", seed=12),
    dict(encoding="none", layers=1, heads=2, lookbackK="input"),
    dict(encoding="rope", layers=2, heads=4, lookbackK="input"),
    dict(encoding="learned", layers=1, heads=2, lookbackK="input", startOffset=30),
]


def alibi_slopes(n):
    # Press et al., get_slopes: geometric for a power of two, else interleave from 2n.
    def pow2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]
    if math.log2(n).is_integer():
        return pow2(n)
    p = 2 ** math.floor(math.log2(n))
    return pow2(p) + alibi_slopes(2 * p)[0::2][: n - p]


def forward(c, P, tok, base, eps, window=0, scores=None, start=None, kseq=None, pe_edit=None):
    """Logits of the model for tokens tok (B x T). window > 0: each query sees its last `window` keys
    only (the engine's evaluation window). scores: if a list, gets each layer's pre-softmax scores
    (B x H x T x T, the causal mask not applied). start: per sequence, the absolute position of its first
    token (startOffset; sinusoidal and learned read start + t, the others depend on offsets only);
    kseq: per sequence its k, whose k_emb row is added to every input (lookbackK input);
    pe_edit: a function that changes the sinusoidal table (B x T x d) before it is added (the ablations)."""
    d, H = c["dModel"], c["heads"]
    dh = d // H
    B, T = tok.shape
    enc = c["encoding"]
    pos = torch.arange(T, dtype=torch.float64)
    first = torch.zeros(B, dtype=torch.long) if start is None else torch.tensor(start)
    absolute = first[:, None] + torch.arange(T)[None, :]  # B x T

    x = P["tok_emb"][tok]
    if enc == "sinusoidal":
        x = x * math.sqrt(d)
        i = torch.arange(d // 2, dtype=torch.float64)
        w = 1.0 / base ** (2 * i / d)
        pe = torch.zeros(B, T, d)
        pe[..., 0::2] = torch.sin(absolute[..., None].double() * w)
        pe[..., 1::2] = torch.cos(absolute[..., None].double() * w)
        if pe_edit is not None:
            pe = pe_edit(pe)
        x = x + pe
    elif enc == "learned":
        x = x + P["pos_emb"][absolute]
    if kseq is not None:
        x = x + P["k_emb"][torch.tensor(kseq) - 1][:, None, :]

    def rope(z):  # z: B, H, T, dh; pairs (2i, 2i+1) turned by t w_i, w_i = base^(-2i/dh)
        i = torch.arange(dh // 2, dtype=torch.float64)
        ang = pos[:, None] * (1.0 / base ** (2 * i / dh))
        cs, sn = torch.cos(ang), torch.sin(ang)
        z0, z1 = z[..., 0::2], z[..., 1::2]
        out = torch.empty_like(z)
        out[..., 0::2] = z0 * cs - z1 * sn
        out[..., 1::2] = z0 * sn + z1 * cs
        return out

    rel = pos[None, :] - pos[:, None]  # key - query
    causal = rel <= 0
    if window > 0:
        causal = causal & (rel > -window)
    slopes = torch.tensor(alibi_slopes(H)) if enc == "alibi" else torch.zeros(H)
    for l in range(c["layers"]):
        p = lambda n: P["l%d.%s" % (l, n)]
        h = F.layer_norm(x, (d,), p("ln1_g"), p("ln1_b"), eps)
        split = lambda z: z.view(B, T, H, dh).transpose(1, 2)
        q, k, v = split(h @ p("wq")), split(h @ p("wk")), split(h @ p("wv"))
        if enc == "rope":
            q, k = rope(q), rope(k)
        s = q @ k.transpose(-1, -2) / math.sqrt(dh) + slopes[None, :, None, None] * rel
        if scores is not None:
            scores.append(s)
        s = s.masked_fill(~causal, float("-inf"))
        a = torch.softmax(s, dim=-1) @ v
        x = x + a.transpose(1, 2).reshape(B, T, d) @ p("wo") + p("bo")
        h2 = F.layer_norm(x, (d,), p("ln2_g"), p("ln2_b"), eps)
        x = x + F.gelu(h2 @ p("w1") + p("b1"), approximate="tanh") @ p("w2") + p("b2")
    hf = F.layer_norm(x, (d,), P["lnf_g"], P["lnf_b"], eps)
    return hf @ P["wout"] + P["bout"]


def model_loss(dump, P, ignore=None):
    """The loss of the dumped batch; ignore="start" or "kseq" leaves that option out (to show it mattered)."""
    c = dump["config"]
    B, T = c["batch"], dump.get("length", c["trainLength"])
    tok = torch.tensor(dump["tokens"]).view(B, T)
    tgt = torch.tensor(dump["targets"]).view(B, T)
    start = None if ignore == "start" else dump.get("start")
    kseq = None if ignore == "kseq" else dump.get("kseq")
    logits = forward(c, P, tok, dump["base"], dump["lnEps"], start=start, kseq=kseq)
    m = tgt >= 0
    return F.cross_entropy(logits[m], tgt[m])


def option_problems(dump, P, cfg):
    """That each fair-test option of cfg reached the dumped batch, and that a torch model ignoring it
    would not have agreed: a check that passed with the option ignored would test nothing."""
    problems, c, loss = [], dump["config"], dump["loss"]
    if cfg.get("startOffset"):
        if not any(dump.get("start", [])):
            problems.append("startOffset: every window starts at 0")
        elif abs(model_loss(dump, P, "start").item() - loss) <= 1e-9 * abs(loss):
            problems.append("startOffset: the loss is the same with the starts ignored")
    if cfg.get("copyLengths") == "random" and dump.get("length", c["trainLength"]) == c["trainLength"]:
        problems.append("copyLengths random: the batch is L long (pick a seed that draws a shorter one)")
    if cfg.get("lookbackK") == "input":
        ks = dump.get("kseq", [])
        if len(set(ks)) < 2:
            problems.append("lookbackK input: the sequences do not have different k")
        elif abs(model_loss(dump, P, "kseq").item() - loss) <= 1e-9 * abs(loss):
            problems.append("lookbackK input: the loss is the same without k_emb")
    return problems


def check(tool, cfg, corrupt=False):
    args = [tool, "grad"] + ["%s=%s" % kv for kv in {**COMMON, **cfg}.items()]
    dump = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    if corrupt:
        t = dump["tensors"][-3]  # lnf_b
        i = max(range(len(t["grad"])), key=lambda j: abs(t["grad"][j]))
        t["grad"][i] *= 1 + 1e-9
    P = {}
    for t in dump["tensors"]:
        P[t["name"]] = torch.tensor(t["values"]).view(t["rows"], t["cols"]).squeeze(0) \
            if t["rows"] == 1 else torch.tensor(t["values"]).view(t["rows"], t["cols"])
        P[t["name"]].requires_grad_(True)
    loss = model_loss(dump, P)
    loss.backward()
    problems = option_problems(dump, P, cfg)
    if abs(loss.item() - dump["loss"]) > 1e-12 * abs(loss.item()):
        problems.append("loss torch %.17g C++ %.17g" % (loss.item(), dump["loss"]))
    worst = 0.0
    for t in dump["tensors"]:
        g = P[t["name"]].grad
        g = torch.zeros(t["rows"] * t["cols"]) if g is None else g.reshape(-1)
        mine = torch.tensor(t["grad"])
        diff = (g - mine).abs().max().item()
        scale = g.abs().max().item()
        worst = max(worst, diff / (scale + 1e-300))
        if diff > 1e-11 * scale + 1e-15:
            problems.append("%s: max diff %.3g of max %.3g" % (t["name"], diff, scale))
    label = " ".join("%s=%s" % kv for kv in cfg.items()) + (" (corrupted)" if corrupt else "")
    print("%-48s loss %.12f  worst grad diff / max %.2e  %s" %
          (label, loss.item(), worst, "OK" if not problems else "MISMATCH: " + "; ".join(problems)))
    return not problems


EVAL_CONFIGS = [dict(encoding=e, steps=150) for e in ["none", "sinusoidal", "learned", "rope", "alibi"]] + [
    dict(encoding="sinusoidal", layers=2, heads=4, steps=150),
    dict(encoding="alibi", layers=2, heads=4, steps=150, task="first"),
    dict(encoding="rope", steps=150, task="copy"),
    # Trained under the fair-test options (evaluation is as ever: positions 0.., each k of the set as input).
    dict(encoding="sinusoidal", steps=150, startOffset=48),
    dict(encoding="learned", steps=150, startOffset=48),
    dict(encoding="rope", steps=150, task="copy", copyLengths="random"),
    dict(encoding="rope", steps=150, lookbackK="input", k=5),
]
MARGIN = 1e-3  # a prediction whose top two logits are closer than this may flip between float and float64


def plain_r2(A):
    """R^2 of the lower triangle of A (T x T) against the offset t - s (offset_r2.hpp's plain)."""
    T = A.shape[0]
    t, s = torch.tril_indices(T, T)
    a, o = A[t, s], t - s
    f = torch.zeros(T).index_add_(0, o, a) / torch.zeros(T).index_add_(0, o, torch.ones_like(a))
    return 1 - ((a - f[o]) ** 2).sum().item() / ((a - a.mean()) ** 2).sum().item()


def commuting_fraction(M):
    total = (M ** 2).sum().item()
    part = 0.0
    for i in range(0, M.shape[0], 2):
        a = (M[i, i] + M[i + 1, i + 1]) / 2
        b = (M[i + 1, i] - M[i, i + 1]) / 2
        part += 2 * (a * a + b * b).item()
    return part / total


def check_eval(tool, cfg, corrupt=False):
    """The engine's evaluation redone from its trained weights: accuracy on all and on the new positions
    (t >= L), with the full causal mask and with the window of L keys, at L, 2L and 4L; the plain offset
    R^2 of every head's content-averaged scores at L; the commuting fraction (sinusoidal). Tolerances:
    an accuracy may differ by the predictions whose top two logits lie within MARGIN (float32 engine,
    float64 here), and by nothing else; R^2 within 1e-4 (float32 scores); the commuting fraction within
    1e-9 (the same float weights, in double both sides)."""
    args = [tool, "eval"] + ["%s=%s" % kv for kv in cfg.items()]
    dump = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    c, res = dump["config"], dump["result"]
    L = c["trainLength"]
    # The weights are floats written shortest-round-trip: parse as float32 (the engine's exact values),
    # then compute in float64.
    P = {}
    for t in dump["tensors"]:
        v = torch.tensor(t["values"], dtype=torch.float32).double().view(t["rows"], t["cols"])
        P[t["name"]] = v.squeeze(0) if t["rows"] == 1 else v
    if corrupt is True:  # the windowed and the full new-position accuracy at 4L swapped: must be caught
        a = res["accuracy"][2]
        a["accuracyNew"], a["accuracyWindowedNew"] = a["accuracyWindowedNew"], a["accuracyNew"]
    problems, loose, n_all = [], 0, 0
    scores_L = []
    for si, st in enumerate(dump["sets"]):
        T = st["length"]
        tok = torch.tensor(st["tokens"]).view(-1, T)
        tgt = torch.tensor(st["targets"]).view(-1, T)
        kseq = st.get("kseq")  # lookbackK input: each sequence's k, as the engine drew it
        mine = res["accuracy"][si]
        if T == L:  # the window holds every key: the engine reports the full figures as the windowed ones
            if (mine["accuracyWindowed"], mine["accuracyWindowedNew"], mine["accuracyNew"]) != (mine["accuracy"], None, None):
                problems.append("at L the windowed figures are not the full ones, or something is new")
        passes = [(0, "accuracy", "accuracyNew")] + ([(L, "accuracyWindowed", "accuracyWindowedNew")] if T > L else [])
        for window, key_all, key_new in passes:
            with torch.no_grad():
                logits = forward(c, P, tok, dump["base"], dump["lnEps"], window,
                                 scores_L if (T == L and window == 0) else None, kseq=kseq)
            top = logits.topk(2, dim=-1).values
            ambiguous = (top[..., 0] - top[..., 1]) < MARGIN
            right = logits.argmax(-1) == tgt
            for key, sel in [(key_all, tgt >= 0), (key_new, (tgt >= 0) & (torch.arange(T)[None, :] >= L))]:
                n = int(sel.sum())
                if n == 0:
                    continue  # at L nothing is new (checked above)
                acc = right[sel].double().mean().item()
                allowed = int(ambiguous[sel].sum())
                loose += allowed
                n_all += n
                if abs(acc - mine[key]) * n > allowed + 1e-9:
                    problems.append("%s at %d: torch %.6f engine %.6f (%d of %d predictions ambiguous)"
                                    % (key, T, acc, mine[key], allowed, n))
    worst_r2 = 0.0
    for l, s in enumerate(scores_L):
        A = s.mean(0)  # content-averaged: H x T x T
        for h in range(A.shape[0]):
            mech = next(m for m in res["mechanism"] if m["layer"] == l and m["head"] == h)
            r2 = plain_r2(A[h])
            worst_r2 = max(worst_r2, abs(r2 - mech["offsetR2L"]))
            if abs(r2 - mech["offsetR2L"]) > 1e-6:
                problems.append("offsetR2L layer %d head %d: torch %.6f engine %.6f" % (l, h, r2, mech["offsetR2L"]))
    if c["encoding"] == "sinusoidal":
        d, H = c["dModel"], c["heads"]
        dh = d // H
        g = P["l0.ln1_g"]
        for h in range(H):
            M = g[:, None] * (P["l0.wq"][:, h * dh:(h + 1) * dh] @ P["l0.wk"][:, h * dh:(h + 1) * dh].T) * g[None, :]
            cf, mine_cf = commuting_fraction(M), res["mechanism"][h]["commutingFraction"]
            if abs(cf - mine_cf) > 1e-9:
                problems.append("commutingFraction head %d: torch %.12f engine %.12f" % (h, cf, mine_cf))
    if c["encoding"] == "sinusoidal":
        loose_ab, n_ab = check_ablation(dump, P, problems, swap=(corrupt == "ablation"))
        loose += loose_ab
        n_all += n_ab
    label = " ".join("%s=%s" % kv for kv in cfg.items()) + ("" if not corrupt else " (corrupted)" if corrupt is True else " (corrupted: %s)" % corrupt)
    acc = res["accuracy"]
    print("eval %-44s new@2L %.3f windowed %.3f  new@4L %.3f windowed %.3f  ambiguous %d/%d  R2 diff %.1e  %s" %
          (label, acc[1]["accuracyNew"], acc[1]["accuracyWindowedNew"], acc[2]["accuracyNew"],
           acc[2]["accuracyWindowedNew"], loose, n_all, worst_r2, "OK" if not problems else "MISMATCH: " + "; ".join(problems)))
    return not problems


def check_ablation(dump, P, problems, swap=False):
    """The PE ablations (evaluate.hpp) redone on the sets at L and 2L, full causal mask: the fastest (first
    d/4) or slowest (last d/4) dimensions zeroed, replaced by their mean over t < L (the formula's table,
    float64 here, the float table there), or shuffled across positions with the engine's permutation
    (dumped: only its seed stream is the engine's own). The same tolerance as the accuracies. swap: the
    engine's shuffleFast and meanSlow at L exchanged, which must be caught."""
    c, res = dump["config"], dump["result"]
    L, d = c["trainLength"], c["dModel"]
    q = d // 4
    ab = res["ablation"]
    if swap:
        ab["L"]["shuffleFast"], ab["L"]["meanSlow"] = ab["L"]["meanSlow"], ab["L"]["shuffleFast"]
    loose = n_all = 0
    for si, name in [(0, "L"), (1, "2L")]:
        st = dump["sets"][si]
        T = st["length"]
        tok = torch.tensor(st["tokens"]).view(-1, T)
        tgt = torch.tensor(st["targets"]).view(-1, T)
        perm = torch.tensor(dump["ablationPermutation"][name])
        for part, cols in [("Fast", slice(0, q)), ("Slow", slice(d - q, d))]:
            def zero(pe, cols=cols):
                pe = pe.clone(); pe[..., cols] = 0; return pe

            def mean(pe, cols=cols):
                pe = pe.clone(); pe[..., cols] = pe[:, :L, cols].mean(1, keepdim=True); return pe

            def shuffle(pe, cols=cols, perm=perm):
                pe = pe.clone(); pe[..., cols] = pe[:, perm][..., cols]; return pe

            for key, edit in [("no" + part, zero), ("mean" + part, mean), ("shuffle" + part, shuffle)]:
                # mean over t < L: the table of the set at L or 2L holds those rows first (every start is 0)
                with torch.no_grad():
                    logits = forward(c, P, tok, dump["base"], dump["lnEps"], kseq=st.get("kseq"), pe_edit=edit)
                top = logits.topk(2, dim=-1).values
                ambiguous = (top[..., 0] - top[..., 1]) < MARGIN
                sel = tgt >= 0
                n = int(sel.sum())
                acc = (logits.argmax(-1) == tgt)[sel].double().mean().item()
                allowed = int(ambiguous[sel].sum())
                loose += allowed
                n_all += n
                if abs(acc - ab[name][key]) * n > allowed + 1e-9:
                    problems.append("ablation %s at %s: torch %.6f engine %.6f (%d of %d ambiguous)"
                                    % (key, name, acc, ab[name][key], allowed, n))
    return loose, n_all


def main():
    if len(sys.argv) != 2:
        print("usage: torch_check.py path/to/train_dump")
        return 2
    ok = all([check(sys.argv[1], cfg) for cfg in CONFIGS + OPTION_CONFIGS])
    if check(sys.argv[1], CONFIGS[0], corrupt=True):
        print("the corrupted dump was NOT caught: the comparison cannot fail")
        ok = False
    ok = all([check_eval(sys.argv[1], cfg) for cfg in EVAL_CONFIGS]) and ok
    if check_eval(sys.argv[1], EVAL_CONFIGS[1], corrupt=True):
        print("the swapped windowed/full accuracy was NOT caught: the evaluation check cannot fail")
        ok = False
    if check_eval(sys.argv[1], EVAL_CONFIGS[1], corrupt="ablation"):
        print("the swapped ablation figures were NOT caught: the ablation check cannot fail")
        ok = False
    print("torch %s: %s" % (torch.__version__, "all agree" if ok else "DISAGREEMENT"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
