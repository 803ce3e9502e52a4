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

A last run corrupts one gradient entry of the dump by 1e-9 relative and must be reported as a mismatch,
so the comparison itself is shown able to fail.

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


def alibi_slopes(n):
    # Press et al., get_slopes: geometric for a power of two, else interleave from 2n.
    def pow2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]
    if math.log2(n).is_integer():
        return pow2(n)
    p = 2 ** math.floor(math.log2(n))
    return pow2(p) + alibi_slopes(2 * p)[0::2][: n - p]


def model_loss(dump, P):
    c = dump["config"]
    d, H, V, L = c["dModel"], c["heads"], c["vocab"], c["trainLength"]
    dh = d // H
    base = dump["base"]
    B = c["batch"]
    T = L
    tok = torch.tensor(dump["tokens"]).view(B, T)
    tgt = torch.tensor(dump["targets"]).view(B, T)
    enc = c["encoding"]
    pos = torch.arange(T, dtype=torch.float64)

    x = P["tok_emb"][tok]
    if enc == "sinusoidal":
        x = x * math.sqrt(d)
        i = torch.arange(d // 2, dtype=torch.float64)
        w = 1.0 / base ** (2 * i / d)
        pe = torch.zeros(T, d)
        pe[:, 0::2] = torch.sin(pos[:, None] * w)
        pe[:, 1::2] = torch.cos(pos[:, None] * w)
        x = x + pe
    elif enc == "learned":
        x = x + P["pos_emb"][:T]

    def rope(z):  # z: B, H, T, dh; pairs (2i, 2i+1) turned by t w_i, w_i = base^(-2i/dh)
        i = torch.arange(dh // 2, dtype=torch.float64)
        ang = pos[:, None] * (1.0 / base ** (2 * i / dh))
        cs, sn = torch.cos(ang), torch.sin(ang)
        z0, z1 = z[..., 0::2], z[..., 1::2]
        out = torch.empty_like(z)
        out[..., 0::2] = z0 * cs - z1 * sn
        out[..., 1::2] = z0 * sn + z1 * cs
        return out

    causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
    rel = pos[None, :] - pos[:, None]  # key - query
    slopes = torch.tensor(alibi_slopes(H)) if enc == "alibi" else torch.zeros(H)
    eps = dump["lnEps"]
    for l in range(c["layers"]):
        p = lambda n: P["l%d.%s" % (l, n)]
        h = F.layer_norm(x, (d,), p("ln1_g"), p("ln1_b"), eps)
        split = lambda z: z.view(B, T, H, dh).transpose(1, 2)
        q, k, v = split(h @ p("wq")), split(h @ p("wk")), split(h @ p("wv"))
        if enc == "rope":
            q, k = rope(q), rope(k)
        s = q @ k.transpose(-1, -2) / math.sqrt(dh) + slopes[None, :, None, None] * rel
        s = s.masked_fill(~causal, float("-inf"))
        a = torch.softmax(s, dim=-1) @ v
        x = x + a.transpose(1, 2).reshape(B, T, d) @ p("wo") + p("bo")
        h2 = F.layer_norm(x, (d,), p("ln2_g"), p("ln2_b"), eps)
        x = x + F.gelu(h2 @ p("w1") + p("b1"), approximate="tanh") @ p("w2") + p("b2")
    hf = F.layer_norm(x, (d,), P["lnf_g"], P["lnf_b"], eps)
    logits = hf @ P["wout"] + P["bout"]
    m = tgt >= 0
    return F.cross_entropy(logits[m], tgt[m])


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
    problems = []
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


def main():
    if len(sys.argv) != 2:
        print("usage: torch_check.py path/to/train_dump")
        return 2
    ok = all([check(sys.argv[1], cfg) for cfg in CONFIGS])
    if check(sys.argv[1], CONFIGS[0], corrupt=True):
        print("the corrupted dump was NOT caught: the comparison cannot fail")
        ok = False
    print("torch %s: %s" % (torch.__version__, "all agree" if ok else "DISAGREEMENT"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
