"""Document-embedding throughput of MiniLM backends on real chunks: torch fp32 (sentence-transformers, the baseline),
torch dynamic int8, ONNX Runtime fp32 and int8, and batching/threading options; chunks/s, tokens/s, CPU seconds,
peak RSS and cosine agreement with the torch fp32 vectors. Each variant runs in its own process (its RSS alone).

Run: nice -n 10 .venv/bin/python benchmarks/bench_embedding.py [--chunks 2000] [--variants a,b]
Chunks: every chunk of the bundled, outside and library eval rulebooks, then generated books (benchmarks/
bench_library.py: their sections recombined, words changed) up to --chunks.
Writes evals/results/bench_embedding.json."""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from rulespal.chunking import chunk_rulebook
from rulespal.embeddings import default_model_path
from rulespal.evals.datasets import BOOKS, save_result
from rulespal.index import EMBED_BATCH
from rulespal.rulebook import load_rulebook, parse_rulebook
from rulespal.settings import BUNDLED_RULEBOOKS

sys.path.insert(0, str(Path(__file__).parent))
from bench_library import book, pool  # noqa: E402

WINDOW = EMBED_BATCH  # texts per embed call during an ingest (at most: one book a call)
VARIANTS = {  # name: (backend, options)
    "torch-fp32": ("torch", {}),
    "torch-fp32-book-sorted": ("torch", {"window": 0}),
    "torch-int8": ("torch", {"quantise": True}),
    "onnx-fp32": ("onnx", {"precision": "fp32"}),
    "onnx-int8": ("onnx", {"precision": "int8"}),
    "onnx-int8-matmul-only": ("onnx", {"precision": "int8-matmul"}),
    "onnx-int8-batch32": ("onnx", {"precision": "int8", "batch": 32}),
    "onnx-int8-batch64": ("onnx", {"precision": "int8", "batch": 64}),
    "onnx-int8-book-sorted": ("onnx", {"precision": "int8", "window": 0}),
    "onnx-int8-1-thread": ("onnx", {"precision": "int8", "threads": 1}),
}


def chunks(count: int) -> list[str]:
    """Real chunks of the eval rulebooks, then chunks of generated books, `count` in all (book order kept)."""
    files = sorted([*BUNDLED_RULEBOOKS.glob("*.md"), *(BOOKS / "outside").glob("*.md"),
                    *(BOOKS / "library").glob("*.md")])
    texts = [c.embed_text for f in files for c in chunk_rulebook(load_rulebook(f))]
    blocks, n = pool(), 0
    while len(texts) < count:
        texts += [c.embed_text for c in chunk_rulebook(parse_rulebook(book(n, blocks, random.Random(n))))]
        n += 1
    return texts[:count]


def onnx_encoder(options: dict, cache: Path):
    """An OnnxBert for a variant, its file built once in the cache folder."""
    from rulespal.onnx_bert import OnnxBert, model_file

    folder = Path(default_model_path())
    model = OnnxBert(folder, model_file(folder, cache, options["precision"]), batch=options.get("batch", 16),
                     threads=options.get("threads", 0))
    return model.encode


def torch_encoder(options: dict):
    """sentence-transformers as today (batches of 16), optionally with its Linear layers quantised to int8."""
    import torch
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(default_model_path(), device="cpu")
    if options.get("quantise"):
        model = torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)
    return lambda texts: model.encode(list(texts), batch_size=16, normalize_embeddings=True,
                                      show_progress_bar=False, convert_to_numpy=True)


def run_variant(name: str, texts: list[str], cache: Path, out: Path) -> dict:
    """Embed texts with one variant (in this process); vectors saved to out, timings returned."""
    backend, options = VARIANTS[name]
    started = time.perf_counter()
    encode = onnx_encoder(options, cache) if backend == "onnx" else torch_encoder(options)
    encode(texts[:16])  # warm-up
    load_s = time.perf_counter() - started
    window = options.get("window", WINDOW) or len(texts)
    wall, cpu = time.perf_counter(), time.process_time()
    vectors = np.concatenate([encode(texts[i:i + window]) for i in range(0, len(texts), window)])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    np.save(out, vectors.astype(np.float32))
    return {"load_s": round(load_s, 2), "embed_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}


def children_peak_mb() -> float:
    """Peak RSS of the largest child process so far."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--chunks", type=int, default=2000)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--cache", type=Path, default=Path("/tmp/rp-bench-embedding"))
    parser.add_argument("--one", default=None, help=argparse.SUPPRESS)  # run one variant, in a child process
    parser.add_argument("--out", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    texts = chunks(args.chunks)
    if args.one:
        print(json.dumps(run_variant(args.one, texts, args.cache, args.out)))
        return
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(Path(default_model_path()) / "tokenizer.json"))
    tokenizer.enable_truncation(256)
    tokens = sum(len(e.ids) for e in tokenizer.encode_batch(texts))
    names = ["torch-fp32", *[v for v in args.variants.split(",") if v != "torch-fp32"]]
    builds = {}
    for precision in sorted({VARIANTS[n][1]["precision"] for n in names if VARIANTS[n][0] == "onnx"}):
        from rulespal.onnx_bert import model_file

        started = time.perf_counter()
        model_file(Path(default_model_path()), args.cache, precision)  # in a child process, once: not timed below
        builds[precision] = {"export_s": round(time.perf_counter() - started, 1),
                             "peak_rss_mb_of_exports_so_far": round(children_peak_mb())}
    rows, reference = {}, None
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            out = Path(tmp) / f"{name}.npy"
            done = subprocess.run([sys.executable, __file__, "--one", name, "--out", str(out), "--chunks",
                                   str(args.chunks), "--cache", str(args.cache)], capture_output=True, text=True)
            if done.returncode != 0:
                rows[name] = {"error": f"exit {done.returncode}: {done.stderr.strip().splitlines()[-1:]}"}
                print(name, rows[name], flush=True)
                continue
            row = json.loads(done.stdout.strip().splitlines()[-1])
            vectors = np.load(out)
            reference = vectors if reference is None else reference
            cosine = (vectors * reference).sum(1)
            rows[name] = {**row, "chunks_per_s": round(len(texts) / row["embed_s"], 1),
                          "tokens_per_s": round(tokens / row["embed_s"]),
                          "cpu_ms_per_chunk": round(1000 * row["cpu_s"] / len(texts), 2),
                          "cosine_to_torch_fp32_min": round(float(cosine.min()), 5),
                          "cosine_to_torch_fp32_mean": round(float(cosine.mean()), 5)}
            print(name, rows[name], flush=True)
    base = rows["torch-fp32"]["embed_s"]
    for row in rows.values():
        if "embed_s" in row:
            row["speedup"] = round(base / row["embed_s"], 2)
    result = {"chunks": len(texts), "tokens": tokens, "window": WINDOW, "onnx_builds": builds, "variants": rows}
    save_result("bench_embedding", result)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
