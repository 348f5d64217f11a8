#!/usr/bin/python3
"""Checks an SVG plot of lietool ssm rotation: well-formed XML (the parser
raises otherwise), an <svg> root, one line per depth in each panel, a
legend entry per line and the axis labels. Usage: check-svg.py FILE DEPTHS"""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
path, depths = sys.argv[1], int(sys.argv[2])
root = ET.parse(path).getroot()
assert root.tag == NS + "svg", root.tag
assert float(root.get("width")) > 0 and float(root.get("height")) > 0
lines = root.findall(NS + "polyline")
texts = [t.text or "" for t in root.iter(NS + "text")]
legend = [t for t in texts if t.startswith("depth ") or t.startswith("k=")]
labels = [t for t in texts if "position" in t or "(log scale)" in t]
assert len(lines) == 2 * depths, len(lines)
assert len(legend) == len(lines), legend
assert len(labels) >= 4, labels
for pl in lines:
    pts = [tuple(map(float, p.split(","))) for p in pl.get("points").split()]
    assert pts and all(0 <= x <= float(root.get("width")) and 0 <= y <= float(root.get("height")) for x, y in pts)
print("svg: %d lines, %d legend entries, axes labelled" % (len(lines), len(legend)))
