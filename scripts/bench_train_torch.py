#!/usr/bin/env python3
"""Training speed of the experiment's model in PyTorch on the CPU (float32), for scripts/bench_train.mjs.

The same model and step as the engine (src/train/model.hpp, trainer.cpp, adam.cpp) for the default config
(src/train/config.hpp): decoder-only Transformer, pre-LayerNorm (eps 1e-5), no bias on Wq/Wk/Wv, bias on
Wo, MLP 4 x dModel with GELU's tanh form, causal attention, the config's encoding (rope: pairs (2i, 2i+1)
of each head turned by t w_i, w_i = 10000^(-2i/dh), on q and k), final LayerNorm, output layer with bias,
cross-entropy averaged over the masked positions; Adam (lr from the config, betas 0.9/0.999, eps 1e-8)
after global-norm gradient clipping at 1. Initialisation as the engine's (uniform; gains 1, biases 0).
A step = a fresh batch of the task (lookback/first/copy) + forward + backward + clip + Adam: what
Trainer::step() does.

    /usr/bin/python3 scripts/bench_train_torch.py [--steps N] [--warmup W] [--threads 1,0] [key=value ...]

--threads: comma-separated thread counts; 0 means torch's default (torch.get_num_threads() at start).
Prints one JSON object: {"torch", "params", "config", "runs": [{stepsPerSecond, stepsPerCpuSecond (the
process's CPU time: all its threads), threads, msPerStep, lossFirst, lossLast, steps}]}. Exit 77 (with a message on stdout) if torch is not installed (Debian:
apt-get install python3-torch).
"""
import json
import math
import sys
import time

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    print(json.dumps({"skipped": "PyTorch is not installed for " + sys.executable +
                      " (apt-get install python3-torch)"}))
    sys.exit(77)

# The engine's defaults (src/train/config.hpp Config{}); key=value arguments override them.
DEFAULTS = dict(task="lookback", k=3, encoding="rope", seed=1, trainLength=16, dModel=32, layers=1, heads=2,
                lr=3e-3, batch=16, vocab=16)
MLP_RATIO, LN_EPS, BASE, CLIP = 4, 1e-5, 10000.0, 1.0


def alibi_slopes(n):
    def pow2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]
    if math.log2(n).is_integer():
        return pow2(n)
    p = 2 ** math.floor(math.log2(n))
    return pow2(p) + alibi_slopes(2 * p)[0::2][: n - p]


class Model(torch.nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        d, V, L, nl = c["dModel"], c["vocab"], c["trainLength"], c["layers"]
        H = c["heads"]
        dh, Fw, Tmax = d // H, MLP_RATIO * d, 4 * L
        self.d, self.H, self.dh = d, H, dh
        g = torch.Generator().manual_seed(c["seed"])

        def uni(rows, cols, a):
            return torch.nn.Parameter((torch.rand(rows, cols, generator=g) * 2 - 1) * a)

        def const(n, v):
            return torch.nn.Parameter(torch.full((n,), float(v)))

        P = torch.nn.ParameterDict()
        P["tok_emb"] = uni(V, d, math.sqrt(3.0 / d))
        if c["encoding"] == "learned":
            P["pos_emb"] = uni(Tmax, d, math.sqrt(3.0 / d))
        for l in range(nl):
            p = "l%d_" % l
            P[p + "ln1_g"], P[p + "ln1_b"] = const(d, 1), const(d, 0)
            for n in ("wq", "wk", "wv", "wo"):
                P[p + n] = uni(d, d, 1 / math.sqrt(d))
            P[p + "bo"] = const(d, 0)
            P[p + "ln2_g"], P[p + "ln2_b"] = const(d, 1), const(d, 0)
            P[p + "w1"], P[p + "b1"] = uni(d, Fw, 1 / math.sqrt(d)), const(Fw, 0)
            P[p + "w2"], P[p + "b2"] = uni(Fw, d, 1 / math.sqrt(Fw)), const(d, 0)
        P["lnf_g"], P["lnf_b"] = const(d, 1), const(d, 0)
        P["wout"], P["bout"] = uni(d, V, 1 / math.sqrt(d)), const(V, 0)
        self.P = P

        T = L
        pos = torch.arange(T, dtype=torch.float64)
        i = torch.arange(dh // 2, dtype=torch.float64)
        ang = pos[:, None] * (1.0 / BASE ** (2 * i / dh))
        self.register_buffer("cs", torch.cos(ang).float())
        self.register_buffer("sn", torch.sin(ang).float())
        if c["encoding"] == "sinusoidal":
            j = torch.arange(d // 2, dtype=torch.float64)
            w = 1.0 / BASE ** (2 * j / d)
            pe = torch.zeros(T, d, dtype=torch.float64)
            pe[:, 0::2] = torch.sin(pos[:, None] * w)
            pe[:, 1::2] = torch.cos(pos[:, None] * w)
            self.register_buffer("pe", pe.float())
        slopes = torch.tensor(alibi_slopes(H)) if c["encoding"] == "alibi" else torch.zeros(H, dtype=torch.float64)
        rel = pos[None, :] - pos[:, None]
        bias = slopes[:, None, None] * rel  # H, T, T
        bias = bias.masked_fill(~torch.tril(torch.ones(T, T, dtype=torch.bool)), float("-inf"))
        self.register_buffer("att_bias", bias.float())

    def rope(self, z):  # B, H, T, dh
        z0, z1 = z[..., 0::2], z[..., 1::2]
        return torch.stack((z0 * self.cs - z1 * self.sn, z0 * self.sn + z1 * self.cs), dim=-1).flatten(-2)

    def forward(self, tok, tgt, mask):
        c, P = self.c, self.P
        B, T = tok.shape
        d, H, dh = self.d, self.H, self.dh
        x = P["tok_emb"][tok]
        if c["encoding"] == "sinusoidal":
            x = x * math.sqrt(d) + self.pe
        elif c["encoding"] == "learned":
            x = x + P["pos_emb"][:T]
        for l in range(c["layers"]):
            p = lambda n: P["l%d_%s" % (l, n)]
            h = F.layer_norm(x, (d,), p("ln1_g"), p("ln1_b"), LN_EPS)
            split = lambda z: z.view(B, T, H, dh).transpose(1, 2)
            q, k, v = split(h @ p("wq")), split(h @ p("wk")), split(h @ p("wv"))
            if c["encoding"] == "rope":
                q, k = self.rope(q), self.rope(k)
            s = q @ k.transpose(-1, -2) * (1.0 / math.sqrt(dh)) + self.att_bias
            a = torch.softmax(s, dim=-1) @ v
            x = x + a.transpose(1, 2).reshape(B, T, d) @ p("wo") + p("bo")
            h2 = F.layer_norm(x, (d,), p("ln2_g"), p("ln2_b"), LN_EPS)
            x = x + F.gelu(h2 @ p("w1") + p("b1"), approximate="tanh") @ p("w2") + p("b2")
        hf = F.layer_norm(x, (d,), P["lnf_g"], P["lnf_b"], LN_EPS)
        logits = hf @ P["wout"] + P["bout"]
        nll = F.cross_entropy(logits.view(B * T, -1), tgt.view(-1), reduction="none")
        return (nll * mask.view(-1)).sum() / mask.sum()


def make_batch(c, g):
    """Tokens, targets (0 where undefined) and mask (float) for the task, as src/train/tasks.cpp."""
    B, T, V = c["batch"], c["trainLength"], c["vocab"]
    tok = torch.randint(0, V, (B, T), generator=g)
    t = torch.arange(T)
    if c["task"] == "copy":
        P = T // 2
        tok[:, P:] = tok[:, :T - P]
        tgt = torch.zeros_like(tok)
        tgt[:, :-1] = tok[:, 1:]
        m = (t >= P - 1) & (t <= T - 2)
    elif c["task"] == "first":
        tgt = tok[:, :1].expand(B, T).clone()
        m = t >= 1
    else:
        k = c["k"]
        tgt = torch.zeros_like(tok)
        tgt[:, k:] = tok[:, :T - k]
        m = t >= k
    mask = m.float()[None, :].expand(B, T).contiguous()
    return tok, tgt, mask


def bench(c, threads, steps, warmup):
    torch.set_num_threads(threads)
    torch.manual_seed(c["seed"])
    model = Model(c)
    opt = torch.optim.Adam(model.parameters(), lr=c["lr"], betas=(0.9, 0.999), eps=1e-8)
    g = torch.Generator().manual_seed(c["seed"] + 1000)
    params = list(model.parameters())
    losses = []

    def step():
        tok, tgt, mask = make_batch(c, g)
        opt.zero_grad(set_to_none=True)
        loss = model(tok, tgt, mask)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, CLIP)
        opt.step()
        losses.append(loss.item())

    for _ in range(warmup):
        step()
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(steps):
        step()
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    return {"threads": torch.get_num_threads(), "steps": steps, "warmup": warmup,
            "stepsPerSecond": round(steps / dt, 1), "msPerStep": round(1000 * dt / steps, 3),
            "stepsPerCpuSecond": round(steps / dc, 1),
            "lossFirst": round(losses[0], 4), "lossLast": round(sum(losses[-20:]) / len(losses[-20:]), 4)}


def main(argv):
    steps, warmup, thread_list = 300, 20, [1, 0]
    c = dict(DEFAULTS)
    it = iter(argv)
    for a in it:
        if a == "--steps":
            steps = int(next(it))
        elif a == "--warmup":
            warmup = int(next(it))
        elif a == "--threads":
            thread_list = [int(x) for x in next(it).split(",")]
        elif "=" in a:
            key, value = a.split("=", 1)
            if key not in c:
                print("unknown key " + key, file=sys.stderr)
                return 2
            c[key] = type(c[key])(value) if not isinstance(c[key], str) else value
        else:
            print(__doc__, file=sys.stderr)
            return 2
    default_threads = torch.get_num_threads()
    model = Model(c)
    out = {"torch": torch.__version__, "config": c, "defaultThreads": default_threads,
           "params": sum(p.numel() for p in model.parameters()), "runs": []}
    for n in thread_list:
        r = bench(c, n if n > 0 else default_threads, steps, warmup)
        r["label"] = "default" if n == 0 else "%d" % n
        out["runs"].append(r)
    torch.set_num_threads(default_threads)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
