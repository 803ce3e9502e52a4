#!/usr/bin/env python3
"""Checks one SVG figure written by src/export/figure_export (run by tests/views/test_svg_export.cpp).

    svg_check.py FILE WIDTH HEIGHT [--text S]... [--absent S]... [--fill #rrggbb]... [--heatmap D BASE]

Independent of the C++ that wrote it: Python's XML parser, zlib and math. Checks that the file is
well-formed SVG of WIDTH x HEIGHT with that viewBox; that every number in a geometry attribute is
finite and inside the viewBox (text within a font size of it); that each S of --text is inside one
<text> element and no S of --absent is in any; that a <path> is filled with each --fill colour; and,
with --heatmap, that the embedded PNG (the heatmap's window positions 0..n-1 by dimensions 0..D-1, one
pixel per cell) shows sin/cos of each cell in the colour scale of src/gfx/heatmap_renderer.hpp.
Exits 1 with the reason on the first failure.
"""
import base64
import math
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = '{http://www.w3.org/2000/svg}'
XLINK_HREF = '{http://www.w3.org/1999/xlink}href'
NUMBER = re.compile(r'[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?')
# src/gfx/heatmap_renderer.hpp's colour stops: +1, 0, -1.
HEAT_POSITIVE, HEAT_ZERO, HEAT_NEGATIVE = (0.80, 0.09, 0.13), (1.0, 1.0, 1.0), (0.13, 0.37, 0.72)


def fail(msg):
    print('svg_check: ' + msg, file=sys.stderr)
    sys.exit(1)


def numbers(text, what):
    if re.search(r'nan|inf', text, re.I):
        fail(f'{what} holds a non-number: {text[:80]!r}')
    return [float(x) for x in NUMBER.findall(text)]


def decode_png(data):
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        fail('the embedded image is not a PNG')
    at, idat, width, height = 8, b'', 0, 0
    while at < len(data):
        length, kind = struct.unpack('>I4s', data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        (crc,) = struct.unpack('>I', data[at + 8 + length:at + 12 + length])
        if crc != zlib.crc32(kind + body) & 0xffffffff:
            fail(f'PNG chunk {kind!r} has a wrong CRC')
        if kind == b'IHDR':
            width, height, depth, colour = struct.unpack('>IIBB', body[:10])
            if (depth, colour) != (8, 2):
                fail(f'PNG is not 8-bit RGB ({depth}, {colour})')
        elif kind == b'IDAT':
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 3
    if len(raw) != (stride + 1) * height:
        fail('PNG data has the wrong length')
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - 3] if x >= 3 else 0
            b = prev[x]
            c = prev[x - 3] if x >= 3 else 0
            if f == 1:
                p = a
            elif f == 2:
                p = b
            elif f == 3:
                p = (a + b) // 2
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                p = a if pa <= pb and pa <= pc else b if pb <= pc else c
            else:
                p = 0
            line[x] = (line[x] + p) & 255
        rows.append(line)
        prev = line
    return width, height, rows


def heat(v):
    end = HEAT_POSITIVE if v >= 0 else HEAT_NEGATIVE
    return [round((z + (e - z) * abs(v)) * 255) for z, e in zip(HEAT_ZERO, end)]


def main(argv):
    if len(argv) < 4:
        fail(__doc__)
    path, width, height = argv[1], float(argv[2]), float(argv[3])
    want, absent, fills, heatmap = [], [], [], None
    i = 4
    while i < len(argv):
        opt = argv[i]
        if opt == '--text':
            want.append(argv[i + 1]); i += 2
        elif opt == '--absent':
            absent.append(argv[i + 1]); i += 2
        elif opt == '--fill':
            fills.append(argv[i + 1]); i += 2
        elif opt == '--heatmap':
            heatmap = (int(argv[i + 1]), float(argv[i + 2])); i += 3
        else:
            fail('unknown option ' + opt)
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(f'{path} is not well-formed XML: {e}')
    if root.tag != SVG + 'svg':
        fail('the root element is not <svg>')
    if abs(float(root.get('width')) - width) > 0.011 or abs(float(root.get('height')) - height) > 0.011:
        fail(f'size {root.get("width")} x {root.get("height")}, the figure is {width} x {height}')
    if numbers(root.get('viewBox'), 'viewBox') != [0, 0, float(root.get('width')), float(root.get('height'))]:
        fail('viewBox ' + root.get('viewBox'))
    e = 0.011  # numbers have two decimals

    def inside(x, y, margin, what):
        if not (-margin - e <= x <= width + margin + e and -margin - e <= y <= height + margin + e):
            fail(f'{what} at ({x}, {y}) is outside the viewBox')

    texts, path_fills, images = [], set(), []
    for el in root.iter():
        tag = el.tag.replace(SVG, '')
        if tag == 'path':
            xy = numbers(el.get('d'), 'path')
            if len(xy) % 2 or len(xy) < 6:
                fail('a path with an odd or too small number of coordinates')
            for k in range(0, len(xy), 2):
                inside(xy[k], xy[k + 1], 0, 'a path point')
            path_fills.add(el.get('fill'))
        elif tag == 'text':
            size = numbers(el.get('font-size'), 'font-size')[0]
            if not 4 <= size <= 200:
                fail(f'font-size {size}')
            y = numbers(el.get('y'), 'text y')[0]
            content = ''.join(el.itertext())
            xs = numbers(el.get('x'), 'text x')
            if len(xs) != len(content):
                fail(f'{len(xs)} x positions for the {len(content)} characters of {content!r}')
            for x in xs:
                inside(x, y, size, f'text {content!r}')
            texts.append(content)
        elif tag == 'rect':
            x, y, w, h = (numbers(el.get(k), 'rect ' + k)[0] for k in ('x', 'y', 'width', 'height'))
            inside(x, y, 0, 'a rect')
            inside(x + w, y + h, 0, 'a rect')
        elif tag == 'image':
            x, y, w, h = (numbers(el.get(k), 'image ' + k)[0] for k in ('x', 'y', 'width', 'height'))
            images.append((el, x, y, w, h))
        elif tag in ('linearGradient',):
            numbers(' '.join(el.get(k) for k in ('x1', 'y1', 'x2', 'y2')), 'gradient')
    for s in want:
        if not any(s in t for t in texts):
            fail(f'no <text> holds {s!r}; some texts: {texts[:12]!r}')
    for s in absent:
        if any(s in t for t in texts):
            fail(f'{s!r} (outside the figure) is in the SVG')
    for c in fills:
        if c not in path_fills:
            fail(f'no path filled with {c}; fills: {sorted(path_fills)[:20]}')

    if heatmap:
        d, base = heatmap
        if len(images) != 1:
            fail(f'{len(images)} images, expected the heatmap')
        el, x, y, w, h = images[0]
        href = el.get(XLINK_HREF)
        prefix = 'data:image/png;base64,'
        if not href or not href.startswith(prefix):
            fail('the heatmap image is not a PNG data URL')
        iw, ih, rows = decode_png(base64.b64decode(href[len(prefix):], validate=True))
        if iw != d:
            fail(f'the heatmap image is {iw} pixels wide for d = {d} columns')
        # One pixel per cell, and the cells fill the image's box: it lies inside the figure.
        inside(x, y, 0, 'the heatmap image')
        inside(x + w, y + h, 0, 'the heatmap image')
        worst = 0
        for pos in range(ih):
            for dim in range(iw):
                wi = base ** (-(dim // 2 * 2) / d)
                v = math.sin(pos * wi) if dim % 2 == 0 else math.cos(pos * wi)
                got = rows[pos][dim * 3:dim * 3 + 3]
                worst = max(worst, max(abs(g - e) for g, e in zip(got, heat(v))))
        # float32 angles and sin/cos (error below 1e-6) and 8-bit rounding: one level, two to be safe.
        if worst > 2:
            fail(f'a heatmap cell is {worst} levels from its colour')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
