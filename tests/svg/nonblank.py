#!/usr/bin/env python3
"""nonblank.py PNG [MIN] - check that a rendered figure is not blank.

Decodes the PNG with the standard library only (zlib and struct: no PIL in
CI) and counts the pixels that are not white (some channel below 240).
Prints "PNG: WxH, N non-white pixels (P%)" and exits 0 when there are at
least MIN of them (default 1000) and at least 5% of the picture is white
(a render that failed to a solid colour is not a figure either); 1 when
not; 2 on an unreadable or unsupported file (8-bit grey, RGB, grey+alpha
and RGBA, not interlaced: what Chromium writes)."""
import struct
import sys
import zlib


def die(msg):
    print(f"nonblank.py: {msg}", file=sys.stderr)
    sys.exit(2)


def decode(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        die("not a PNG file")
    pos, idat, hdr = 8, [], None
    while pos + 8 <= len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if hdr is None:
        die("no IHDR chunk")
    w, h, depth, ctype, _, _, interlace = hdr
    chans = {0: 1, 2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or chans is None or interlace:
        die(f"unsupported PNG (depth {depth}, colour type {ctype}, interlace {interlace})")
    raw = zlib.decompress(b"".join(idat))
    stride = w * chans
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - chans] if i >= chans else 0
            b = prev[i]
            c = prev[i - chans] if i >= chans else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
            elif f != 0:
                die(f"bad filter {f} on row {y}")
        rows.append(line)
        prev = line
    return w, h, chans, rows


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: nonblank.py PNG [MIN]", file=sys.stderr)
        sys.exit(2)
    try:
        with open(sys.argv[1], "rb") as f:
            data = f.read()
    except OSError as e:
        die(f"{sys.argv[1]}: {e.strerror}")
    need = int(sys.argv[2]) if len(sys.argv) == 3 else 1000
    w, h, chans, rows = decode(data)
    colour = 1 if chans < 3 else 3  # channels that carry colour (alpha ignored)
    dark = 0
    for line in rows:
        for x in range(0, w * chans, chans):
            if min(line[x:x + colour]) < 240:
                dark += 1
    total = w * h
    print(f"{sys.argv[1]}: {w}x{h}, {dark} non-white pixels ({100.0 * dark / total:.1f}%)")
    sys.exit(0 if dark >= need and dark <= 0.95 * total else 1)


main()
