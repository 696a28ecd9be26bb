"""Property-based API check with schemathesis (`st run`) against a real server on 127.0.0.1 (fake chat model):
every operation of /openapi.json, checks `not_a_server_error` and `response_schema_conformance`.

Run: .venv/bin/python benchmarks/bench_schemathesis.py [--max-examples 30] [--seconds 900] [--seed 1]
It starts `rulespal serve` (see bench_api.py) or uses --url. The game, section and operation path parameters draw
mostly from the live ids (a schemathesis dictionary). The spec is the served one plus one concrete path per engine
operation whose request body is that operation's input schema, so the engines get near-valid documents, not only junk.
Bounded by --max-examples per operation and phase, and by --seconds for the whole run (the run is stopped then).
Prints operations, requests and failures; writes evals/results/schemathesis.json."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from bench_api import served

from rulespal.evals.datasets import save_result

CHECKS = ("not_a_server_error", "response_schema_conformance")
ST = Path(sys.executable).with_name("st")
KNOWN_ID_PROBABILITY = 0.8  # the rest of the time the fuzzer makes up ids (404 paths)


def live_ids(url: str) -> dict[str, list[str]]:
    """Game ids and aliases, section ids and engine operation names, read from the running API."""
    with httpx.Client(base_url=url, timeout=60) as client:
        games = client.get("/api/games").json()
        sections: list[str] = []
        operations: list[str] = []
        for game in games:
            todo = list(client.get(f"/api/games/{game['id']}/toc").json()["toc"])
            while todo:
                entry = todo.pop()
                sections.append(entry["section_id"])
                todo.extend(entry["children"])
            if game["engine"]:
                operations += [op["name"] for op in client.get(f"/api/games/{game['id']}/schema").json()["operations"]]
    names = [g["id"] for g in games] + [a for g in games for a in g["aliases"]]
    return {"games": sorted(set(names)), "sections": sorted(set(sections)), "operations": sorted(set(operations))}


def deep_spec(url: str) -> dict:
    """The served OpenAPI document plus a concrete route per engine operation, typed with its input schema."""
    with httpx.Client(base_url=url, timeout=60) as client:
        spec = client.get("/openapi.json").json()
        engines = [g["id"] for g in client.get("/api/games").json() if g["engine"]]
        template = spec["paths"]["/api/games/{game}/run/{operation}"]["post"]
        for game in engines:
            for op in client.get(f"/api/games/{game}/schema").json()["operations"]:
                body = {"required": True, "content": {"application/json": {"schema": op["input_schema"]}}}
                spec["paths"][op["path"]] = {"post": {**template, "parameters": [], "requestBody": body,
                                                      "operationId": f"{game}_{op['name']}", "summary": op["name"]}}
    return spec


def config_toml(ids: dict[str, list[str]]) -> str:
    """A schemathesis config binding the path and query parameters to the live ids."""
    lines = ["[cache]", "enabled = false", ""]
    for name, values in ids.items():
        lines += [f"[dictionaries.{name}]", f"values = {json.dumps(values)}", ""]
    lines.append("[parameters]")
    for key, name in (("path.game", "games"), ("query.game", "games"), ("path.section_id", "sections"),
                      ("path.operation", "operations")):
        lines.append(f'"{key}" = {{ dictionary = "{name}", probability = {KNOWN_ID_PROBABILITY} }}')
    return "\n".join(lines) + "\n"


def run_schemathesis(url: str, work: Path, max_examples: int, seconds: float, seed: int) -> tuple[dict, int, bool]:
    """`st run` with the JSON and HAR reports; returns the JSON report, the request count and whether it timed out."""
    config, spec = work / "schemathesis.toml", work / "openapi.json"
    config.write_text(config_toml(live_ids(url)), encoding="utf-8")
    spec.write_text(json.dumps(deep_spec(url)), encoding="utf-8")
    report, har = work / "report.json", work / "requests.har"
    command = [str(ST), "--config-file", str(config), "run", str(spec), "--url", url, "--checks", ",".join(CHECKS),
               "--max-examples", str(max_examples), "--seed", str(seed), "--workers", "2", "--request-timeout", "120",
               "--report", "json,har", "--report-json-path", str(report), "--report-har-path", str(har),
               "--no-color", "--output-truncate", "true"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        output, _ = proc.communicate(timeout=seconds)
        timed_out = False
    except subprocess.TimeoutExpired:
        proc.terminate()
        output, _ = proc.communicate(timeout=60)
        timed_out = True
    (work / "st.log").write_text(output, encoding="utf-8")
    if not report.exists():
        raise SystemExit(f"schemathesis wrote no report:\n{output[-4000:]}")
    requests = len(json.loads(har.read_text(encoding="utf-8"))["log"]["entries"]) if har.exists() else -1
    if json.loads(report.read_text(encoding="utf-8"))["failures"]:
        print(output[output.find("FAILURES"):][:6000] if "FAILURES" in output else output[-6000:])
    return json.loads(report.read_text(encoding="utf-8")), requests, timed_out


def summary(report: dict, requests: int, timed_out: bool, seconds: float) -> dict:
    """The numbers worth keeping from a schemathesis JSON report."""
    return {"schemathesis": report["schemathesis_version"], "checks": list(CHECKS), "seed": report["seed"],
            "seconds": round(seconds, 1), "timed_out": timed_out, "stop_reason": report["stop_reason"],
            "operations": report["operations"]["tested"], "operations_errored": report["operations"]["errored"],
            "test_cases": report["test_cases"]["generated"], "requests": requests,
            "failures": sum(f["count"] for f in report["failures"]),
            "failure_kinds": [{"code": f["code"], "title": f["title"], "operations": f["operations"]}
                              for f in report["failures"]],
            "errors": len(report["errors"]),
            "phases": {name: phase["status"] for name, phase in report["phases"].items()},
            "warnings": {name: items for name, items in report["warnings"].items() if items}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-examples", type=int, default=30, help="Test cases per operation and phase.")
    parser.add_argument("--seconds", type=float, default=900, help="Time cap for the whole schemathesis run.")
    parser.add_argument("--seed", type=int, default=1, help="Random seed (reproducible runs).")
    parser.add_argument("--url", help="Use a running server instead of starting one.")
    parser.add_argument("--home", type=Path, help="RULESPAL_HOME for the started server (index reused if present).")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="rp-schemathesis-"))
    started = time.perf_counter()
    try:
        with served(args.url, args.home, "rp-schemathesis-home-") as (url, _home):
            report, requests, timed_out = run_schemathesis(url, work, args.max_examples, args.seconds, args.seed)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    result = summary(report, requests, timed_out, time.perf_counter() - started)
    print(f"operations {result['operations']}  test cases {result['test_cases']}  requests {result['requests']}  "
          f"failures {result['failures']}  errors {result['errors']}  {result['seconds']} s"
          + ("  (stopped at the time cap)" if timed_out else ""))
    for kind in result["failure_kinds"]:
        print(f"   {kind['code']} {kind['title']}: {', '.join(kind['operations'])}")
    for name, items in result["warnings"].items():
        print(f"   warning {name}: {items}")
    print(f"wrote {save_result('schemathesis', result)}")


if __name__ == "__main__":
    main()
