#!/usr/bin/env python3
"""Writes a San Andreas (VER2) IMG archive OUT holding each FILE, one after another from
the first free 2048-byte sector, for `make check` (list_img): no IMG ships in samples/.

    make_img.py OUT FILE...
"""
import struct, sys
out, files = sys.argv[1], sys.argv[2:]
head = 8 + 32 * len(files)
first = (head + 2047) // 2048
entries, body = b"", b""
for f in files:
    data = open(f, "rb").read()
    sectors = (len(data) + 2047) // 2048
    name = f.rsplit("/", 1)[-1].encode()
    entries += struct.pack("<IHH24s", first + len(body) // 2048, sectors, 0, name)
    body += data + b"\0" * (sectors * 2048 - len(data))
img = b"VER2" + struct.pack("<I", len(files)) + entries
open(out, "wb").write(img + b"\0" * (first * 2048 - len(img)) + body)
