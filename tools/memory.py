#!/usr/bin/env python3
"""Peak memory (RSS) of `zerocol check`, `list` and `extract` on hostile and large IMG archives.

    cargo build --release -p zerocol-cli
    python3 tools/memory.py [ZEROCOL] [WORKDIR]

ZEROCOL defaults to target/release/zerocol, WORKDIR to a new temporary folder (removed after).
The archives are written here byte by byte, as docs/formats/img.md lays them out (sparse where
their bytes are zeros): WORKDIR needs about 1 GB of real disk for the archive of real entries.
Each command runs under GNU time (/usr/bin/time -f %M: the command's peak RSS, its
ru_maxrss). Prints one Markdown table row per case
(docs/benchmarks.md, "Memory of the CLI").
"""

import os
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECTOR = 2048
TIME = "/usr/bin/time"


def v1_entry(offset, sectors, name):
    return struct.pack("<II24s", offset, sectors, name)


def write_junk_dir(path, size):
    """A v1 `.dir` of `size` bytes of random junk (1 MiB of random bytes, repeated)."""
    block = os.urandom(1 << 20)
    with open(path, "wb") as f:
        for _ in range(size >> 20):
            f.write(block)


def write_warning_dir(path, count):
    """A v1 `.dir` of `count` valid-looking entries that each warn (`.txt` names, all on sector 0)."""
    with open(path, "wb") as f:
        for start in range(0, count, 4096):
            f.write(b"".join(v1_entry(0, 1, b"e%07d.txt" % i) for i in range(start, min(count, start + 4096))))


def write_sparse(path, size):
    with open(path, "wb") as f:
        f.truncate(size)


def write_zeroed_v2(path, count):
    """A `VER2` archive declaring `count` entries, every one of them zeros."""
    with open(path, "wb") as f:
        f.write(b"VER2" + struct.pack("<I", count))
        f.truncate(8 + 32 * count)


def write_real_v2(path, count, copies):
    """A `VER2` archive of `count` `.col` entries, each `copies` copies of samples/sample.col
    (each whole sectors, zero-padded), data after the directory's sectors."""
    col = open(os.path.join(ROOT, "samples", "sample.col"), "rb").read() * copies
    sectors = -(-len(col) // SECTOR)
    padded = col + bytes(sectors * SECTOR - len(col))
    dir_sectors = -(-(8 + 32 * count) // SECTOR)
    with open(path, "wb") as f:
        f.write(b"VER2" + struct.pack("<I", count))
        for i in range(count):
            offset = dir_sectors + i * sectors
            f.write(struct.pack("<IHH24s", offset, sectors, 0, b"m%06d.col" % i))
        f.write(bytes(dir_sectors * SECTOR - (8 + 32 * count)))
        for _ in range(count):
            f.write(padded)
    return os.path.getsize(path)


def peak(argv, cwd):
    """Runs argv under /usr/bin/time; returns (peak RSS in KB, exit status, first stderr line).

    Not wait4's rusage of a child of this script: a child's peak counts the pages it shared
    with Python between its fork and its exec (about 15 MB), /usr/bin/time's only its own."""
    with tempfile.NamedTemporaryFile() as rss, tempfile.TemporaryFile() as err:
        status = subprocess.call(
            [TIME, "-f", "%M", "-o", rss.name] + argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err
        )
        err.seek(0)
        line = err.readline().decode(errors="replace").strip()
        kb = int(open(rss.name).read().split()[-1])
    return kb, status, line


def main():
    zerocol = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "zerocol"))
    work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="zerocol-memory-")
    made = len(sys.argv) <= 2
    try:
        os.chdir(work)
        write_junk_dir("junk.dir", 1 << 30)
        write_sparse("junk.img", 1 << 20)
        write_warning_dir("warn.dir", 262144)
        write_sparse("warn.img", SECTOR)
        write_zeroed_v2("zeroed.img", 131072)
        with open("models.dir", "wb") as f:
            f.write(b"".join(v1_entry(i, 1, b"model%07d.dff" % i) for i in range(262144)))
        write_sparse("models.img", 262144 * SECTOR)
        with open("big.dir", "wb") as f:
            f.write(v1_entry(0, (5 << 30) // SECTOR, b"big.col"))
        write_sparse("big.img", 5 << 30)
        size = write_real_v2("real.img", 96138, 9)
        os.makedirs("out", exist_ok=True)
        cases = [
            ("1 GB `.dir` of junk", ["check", "junk.img"]),
            ("1 GB `.dir` of junk", ["check", "--lenient", "--max-size", "2G", "junk.img"]),
            ("1 GB `.dir` of junk", ["list", "--lenient", "--max-size", "2G", "junk.img"]),
            ("262,144 entries that each warn (8 MB `.dir`)", ["check", "warn.img"]),
            ("262,144 entries that each warn (8 MB `.dir`)", ["check", "--json", "warn.img"]),
            ("262,144 entries that each warn (8 MB `.dir`)", ["list", "warn.img"]),
            ("262,144 `.dff` entries of distinct names (8 MB `.dir`, zeroed data)", ["check", "-q", "--lenient", "models.img"]),
            ("262,144 `.dff` entries of distinct names (8 MB `.dir`, zeroed data)", ["list", "--lenient", "models.img"]),
            ("`VER2`, 131,072 zeroed entries (4 MB)", ["check", "zeroed.img"]),
            ("`VER2`, 131,072 zeroed entries (4 MB)", ["check", "--json", "zeroed.img"]),
            ("one 5 GiB `.col` entry (sparse)", ["check", "big.img"]),
            ("one 5 GiB `.col` entry (sparse)", ["check", "--max-size", "1K", "big.img"]),
            ("one 5 GiB `.col` entry (sparse)", ["extract", "big.img", "out"]),
            ("%s bytes, 96,138 real `.col` entries" % format(size, ","), ["check", "-q", "real.img"]),
            ("%s bytes, 96,138 real `.col` entries" % format(size, ","), ["list", "real.img"]),
        ]
        print("| archive | command | peak RSS | exit | stderr |")
        print("|---|---|---|---|---|")
        for name, args in cases:
            kb, status, line = peak([zerocol] + args, work)
            if len(line) > 90:
                line = line[:87] + "..."
            print("| %s | `zerocol %s` | %s KB | %d | %s |" % (name, " ".join(args), format(kb, ","), status, line.replace("|", "\\|")))
            sys.stdout.flush()
    finally:
        os.chdir(ROOT)
        if made:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
