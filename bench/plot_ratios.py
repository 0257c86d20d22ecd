#!/usr/bin/env python3
"""plot_ratios.py — draws the speed ratios of docs/performance.md as SVG bar
charts, with the standard library only (no plotting package needed).

Input: a CSV file with a header line `chart,label,ratio,target`:
  chart   the chart the row belongs to (one SVG per chart)
  label   the bar's label (kernel / matrix / baseline)
  ratio   measured speed ratio, > 1 means sparsecc is faster
  target  the target ratio for that bar (a dashed line), or empty

Usage: bench/plot_ratios.py bench/figures.csv docs/img
writes docs/img/<chart>.svg for each chart (the chart name made file-safe).
Bars are drawn on a log2 scale centred on 1 (equal speed); a bar that meets
its target is dark, one that misses it is light, and each bar carries its
value.
"""
import csv
import math
import os
import re
import sys
from xml.sax.saxutils import escape

ROW_H = 22
LABEL_W = 300
PLOT_W = 420
VALUE_W = 60
TOP = 36
BOTTOM = 34


def slug(name):
    return re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_").lower()


def scale_bounds(rows):
    vals = [r["ratio"] for r in rows] + [r["target"] for r in rows if r["target"]]
    lo = min(min(vals), 1.0)
    hi = max(max(vals), 1.0)
    lo2 = math.floor(math.log2(lo))
    hi2 = math.ceil(math.log2(hi))
    if hi2 - lo2 < 2:
        hi2 = lo2 + 2
    return lo2, hi2


def draw(chart, rows):
    lo2, hi2 = scale_bounds(rows)

    def x_of(v):
        return LABEL_W + (math.log2(v) - lo2) / (hi2 - lo2) * PLOT_W

    height = TOP + ROW_H * len(rows) + BOTTOM
    width = LABEL_W + PLOT_W + VALUE_W
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="8" y="20" font-size="14" font-weight="bold">{escape(chart)}</text>',
    ]
    # grid: powers of two
    for p in range(lo2, hi2 + 1):
        x = x_of(2.0 ** p)
        label = f"{2.0 ** p:g}x"
        stroke = "#444" if p == 0 else "#ccc"
        out.append(f'<line x1="{x:.1f}" y1="{TOP - 6}" x2="{x:.1f}" '
                   f'y2="{height - BOTTOM + 4}" stroke="{stroke}"/>')
        out.append(f'<text x="{x:.1f}" y="{height - BOTTOM + 18}" '
                   f'text-anchor="middle" fill="#444">{label}</text>')
    x1 = x_of(1.0)
    for i, r in enumerate(rows):
        y = TOP + i * ROW_H
        v = r["ratio"]
        met = r["target"] is None or v >= r["target"]
        color = "#2b6cb0" if met else "#9ec5ee"
        xa, xb = sorted((x1, x_of(v)))
        out.append(f'<text x="{LABEL_W - 8}" y="{y + 15}" text-anchor="end">'
                   f'{escape(r["label"])}</text>')
        out.append(f'<rect x="{xa:.1f}" y="{y + 4}" width="{max(xb - xa, 1):.1f}" '
                   f'height="{ROW_H - 8}" fill="{color}"/>')
        if r["target"]:
            xt = x_of(r["target"])
            out.append(f'<line x1="{xt:.1f}" y1="{y + 1}" x2="{xt:.1f}" '
                       f'y2="{y + ROW_H - 1}" stroke="#c53030" stroke-width="2" '
                       f'stroke-dasharray="3,2"/>')
        out.append(f'<text x="{LABEL_W + PLOT_W + 6}" y="{y + 15}">{v:.2f}x</text>')
    out.append(f'<text x="{LABEL_W}" y="{height - 4}" fill="#444">'
               'speed ratio (log scale; &gt; 1: sparsecc faster); dashed: target; '
               'light bars miss it</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: plot_ratios.py FIGURES.csv OUTDIR\n")
        return 2
    charts = {}
    with open(argv[1], newline="") as f:
        for row in csv.DictReader(f):
            try:
                ratio = float(row["ratio"])
                target = float(row["target"]) if row["target"].strip() else None
            except ValueError as e:
                sys.stderr.write(f"{argv[1]}: bad number in {row}: {e}\n")
                return 1
            if ratio <= 0:
                sys.stderr.write(f"{argv[1]}: ratio must be positive: {row}\n")
                return 1
            charts.setdefault(row["chart"], []).append(
                {"label": row["label"], "ratio": ratio, "target": target})
    os.makedirs(argv[2], exist_ok=True)
    for chart, rows in charts.items():
        path = os.path.join(argv[2], slug(chart) + ".svg")
        with open(path, "w") as f:
            f.write(draw(chart, rows))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
