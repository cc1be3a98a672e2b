#!/bin/bash -eu
# Builds zerocol's fuzz targets, unchanged, for ClusterFuzzLite and OSS-Fuzz. The
# services run this inside the Dockerfile's image with $SRC (the sources), $OUT (where
# the targets go), $CC/$CXX (the compilers libfuzzer-sys builds libFuzzer with),
# $LIB_FUZZING_ENGINE and $SANITIZER set; it runs outside Docker too, given those
# (fuzz/README.md, "Beyond one machine").
#
# For each target `T` it leaves in $OUT: the binary `T`, `T_seed_corpus.zip` (its
# seeds and regression files, as fuzz/run replays them) and, when its format has
# one, the dictionary `T.dict` with a `T.options` file that names it.
cd "$SRC/zerocol"

# Only AddressSanitizer exists for Rust targets there (project.yaml); -O with debug
# assertions keeps the library's revalidation assertions live (src/lib.rs, "The contract").
case "${SANITIZER:-address}" in
    address) sanitizer=address ;;
    # A coverage build is instrumented by the builder's own RUSTFLAGS.
    coverage | none | introspector) sanitizer=none ;;
    *) echo "build.sh: SANITIZER=$SANITIZER is not supported for Rust targets" >&2; exit 1 ;;
esac
cargo fuzz build -O --debug-assertions --sanitizer "$sanitizer"

built=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $(cargo fuzz list); do
    cp "$built/$target" "$OUT/"
    format=$(awk -v t="$target" '$1 == t { print $2 }' fuzz/targets)
    if [[ -z $format ]]; then
        echo "build.sh: $target: not in fuzz/targets (add it with the format it reads)" >&2
        exit 1
    fi
    if [[ $format == any ]]; then
        dirs=(fuzz/seeds tests/regressions)
        cat fuzz/dict/*.dict >"$OUT/$target.dict"
    else
        dirs=()
        for dir in "fuzz/seeds/$target" "tests/regressions/$format" "fuzz/corpus/$target"; do
            [[ -d $dir ]] && dirs+=("$dir")
        done
        [[ -f fuzz/dict/$format.dict ]] && cp "fuzz/dict/$format.dict" "$OUT/$target.dict"
    fi
    if ((${#dirs[@]})); then
        # Flat, as the services expect; names are unique per directory, so prefix them.
        rm -rf "$OUT/$target.seeds" && mkdir "$OUT/$target.seeds"
        find "${dirs[@]}" -type f ! -name '.*' -print0 |
            while IFS= read -r -d '' file; do
                cp "$file" "$OUT/$target.seeds/$(echo "$file" | tr / _)"
            done
        if [[ -n $(ls -A "$OUT/$target.seeds") ]]; then
            (cd "$OUT/$target.seeds" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
        fi
        rm -rf "$OUT/$target.seeds"
    fi
    if [[ -f $OUT/$target.dict ]]; then
        printf '[libfuzzer]\ndict = %s.dict\nmax_len = 65536\n' "$target" >"$OUT/$target.options"
    fi
done
