#!/usr/bin/env python3
"""Draws docs/grafana/run.svg: the dashboard's main series, from a real run of the proxy.

It starts `loopctl mcp-proxy` over stdio in front of two fixture servers
with faults injected (docs/grafana/demo.toml), calls their tools for a
minute as an agent would, scrapes /metrics every two seconds, and plots
what the dashboard's panels plot: attempts per second by upstream and
outcome, retries, refusals, and open circuits. Standard library only.

    cargo build -p loopctl-cli -p loopctl-mcp-fixture
    PATH="$PWD/target/debug:$PATH" python3 docs/grafana/record.py
"""

import json
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
SECONDS = 60
SCRAPE_EVERY = 2.0
SERIES = re.compile(r'^(\w+)\{([^}]*)\} (\S+)$')


def scrape(url):
    """Every sample of the exposition, as {(name, labels): value}."""
    samples = {}
    with urllib.request.urlopen(url, timeout=10) as response:
        for line in response.read().decode().splitlines():
            match = SERIES.match(line)
            if match:
                labels = tuple(sorted(re.findall(r'(\w+)="([^"]*)"', match.group(2))))
                samples[(match.group(1), labels)] = float(match.group(3))
    return samples


def total(samples, name, **want):
    return sum(value for (metric, labels), value in samples.items()
               if metric == name and all((k, v) in labels for k, v in want.items()))


def main():
    proxy = subprocess.Popen(
        ["loopctl", "mcp-proxy", "--policy", str(HERE / "demo.toml"), "--metrics", "127.0.0.1:0",
         "--inject", "search/echo:error=0.15", "--inject", "files/echo:drop=0.05",
         "--inject", "latency=0.2@30ms", "--inject-seed", "2026"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    url = None
    for line in proxy.stderr:
        if "metrics on http://" in line:
            url = line.split("metrics on ")[1].split(",")[0].strip()
            break
    threading.Thread(target=lambda: [None for _ in proxy.stderr], daemon=True).start()
    ids = iter(range(1, 10**9))

    def request(method, params=None):
        message = {"jsonrpc": "2.0", "id": next(ids), "method": method}
        if params is not None:
            message["params"] = params
        proxy.stdin.write(json.dumps(message) + "\n")
        proxy.stdin.flush()
        # Notifications (a reconnected server's list change) come between.
        while True:
            answer = json.loads(proxy.stdout.readline())
            if answer.get("id") == message["id"]:
                return answer

    request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "record", "version": "0"}})
    proxy.stdin.write('{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
    proxy.stdin.flush()

    points = []
    start = time.monotonic()
    next_scrape = start
    n = 0
    while time.monotonic() - start < SECONDS:
        n += 1
        # Each server's echo stands for a search or a file read; from second 20
        # to 35 the flaky tool fails every call, so its circuit opens.
        elapsed = time.monotonic() - start
        request("tools/call", {"name": "search_echo", "arguments": {"text": f"q{n}"}})
        request("tools/call", {"name": "files_echo", "arguments": {"text": f"f{n}"}})
        if n % 4 == 0:
            failures = 100 if 20 <= elapsed < 35 else 0
            request("tools/call", {"name": "search_flaky",
                                   "arguments": {"key": f"k{n}", "failures": failures}})
        if time.monotonic() >= next_scrape:
            points.append((time.monotonic() - start, scrape(url)))
            next_scrape += SCRAPE_EVERY
    proxy.stdin.close()
    proxy.terminate()
    proxy.wait(timeout=30)
    draw(points, HERE / "run.svg")
    print(f"{len(points)} scrapes, {n} rounds of calls; wrote {HERE / 'run.svg'}")


def rates(points, name, **want):
    out = []
    for (t0, a), (t1, b) in zip(points, points[1:]):
        out.append((t1, (total(b, name, **want) - total(a, name, **want)) / (t1 - t0)))
    return out


def draw(points, path):
    panels = [
        ("Attempts per second", [
            ("search, success", rates(points, "loopctl_tool_attempts_total", upstream="search", outcome="success"), "#2b7bb9"),
            ("search, failure", rates(points, "loopctl_tool_attempts_total", upstream="search", outcome="failure"), "#d9534f"),
            ("files, success", rates(points, "loopctl_tool_attempts_total", upstream="files", outcome="success"), "#5cb85c"),
            ("files, failure", rates(points, "loopctl_tool_attempts_total", upstream="files", outcome="failure"), "#f0ad4e"),
        ]),
        ("Retries per second", [
            ("search", rates(points, "loopctl_tool_retries_total", upstream="search"), "#2b7bb9"),
            ("files", rates(points, "loopctl_tool_retries_total", upstream="files"), "#5cb85c"),
        ]),
        ("Refused per second (open circuits, hooks)", [
            ("search", rates(points, "loopctl_tool_refused_total", upstream="search"), "#d9534f"),
            ("files", rates(points, "loopctl_tool_refused_total", upstream="files"), "#5cb85c"),
        ]),
        ("Open circuits", [
            ("search", [(t, total(s, "loopctl_proxy_circuit_open", upstream="search")) for t, s in points[1:]], "#d9534f"),
            ("files", [(t, total(s, "loopctl_proxy_circuit_open", upstream="files")) for t, s in points[1:]], "#5cb85c"),
        ]),
    ]
    width, height, pad = 900, 190, 40
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height * len(panels)}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height * len(panels)}" fill="white"/>']
    t_max = max(t for t, _ in points) or 1
    for index, (title, series) in enumerate(panels):
        top = index * height
        y_max = max([v for _, line, _ in series for _, v in line] + [1]) * 1.1
        x = lambda t: pad + (width - 2 * pad) * t / t_max
        y = lambda v: top + height - pad + 10 - (height - 2 * pad) * v / y_max
        svg.append(f'<text x="{pad}" y="{top + 18}" font-weight="bold">{title}</text>')
        svg.append(f'<line x1="{pad}" y1="{y(0)}" x2="{width - pad}" y2="{y(0)}" stroke="#999"/>')
        svg.append(f'<text x="{pad - 4}" y="{y(y_max / 1.1) + 4}" text-anchor="end">{y_max / 1.1:.1f}</text>')
        svg.append(f'<text x="{pad - 4}" y="{y(0) + 4}" text-anchor="end">0</text>')
        for second in range(0, int(t_max) + 1, 10):
            svg.append(f'<text x="{x(second)}" y="{y(0) + 14}" text-anchor="middle">{second}s</text>')
        for offset, (label, line, colour) in enumerate(series):
            if line:
                drawn = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in line)
                svg.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{drawn}"/>')
            svg.append(f'<text x="{width - pad - 150}" y="{top + 18 + 14 * offset}" fill="{colour}">{label}</text>')
    svg.append("</svg>")
    path.write_text("\n".join(svg) + "\n")


if __name__ == "__main__":
    sys.exit(main())
