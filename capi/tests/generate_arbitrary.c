/* The generators (feature `arbitrary`, ZEROCOL_ARBITRARY): for many seeds, each
 * format's file from pseudo-random fuzzer bytes, checked to be what the format's
 * magic says (the bare collisionShape payload has none), deterministic, and refused
 * into a short buffer with the length it needs. */
#include "harness.h"

#if defined(ZEROCOL_ARBITRARY)

typedef zc_status (*generator)(const uint8_t *, size_t, uint8_t *, size_t, size_t *);

struct format {
    const char *name;
    generator generate;
    uint32_t sniffed;
};

static const struct format formats[] = {
    {"mkgp-course", zc_generate_mkgp_course, ZC_FORMAT_MKGP_COL},
    {"mkgp-soup", zc_generate_mkgp_soup, ZC_FORMAT_MKGP_COL},
    {"collision-shape", zc_generate_collision_shape, ZC_FORMAT_NONE},
    {"drs", zc_generate_drs, ZC_FORMAT_COLLISION_SHAPE},
    {"tcol", zc_generate_tcol, ZC_FORMAT_TCOL},
    {"bcol", zc_generate_bcol, ZC_FORMAT_BCOL},
};

#define SEEDS 200
#define CAP (1u << 22)

/* xorshift32: the fuzzer's bytes of a seed. */
static void fill(uint8_t *buf, size_t len, uint32_t seed) {
    uint32_t x = seed * 2654435761u + 1u;
    size_t i;
    for (i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        buf[i] = (uint8_t)(x >> 24);
    }
}

static void run(const char *root) {
    static uint8_t fuzz[8192];
    uint8_t *out = malloc(CAP), *again = malloc(CAP);
    size_t f, written = 0;
    (void)root;
    for (f = 0; f < sizeof formats / sizeof formats[0]; f++) {
        const struct format *fmt = &formats[f];
        unsigned ok = 0, refused = 0;
        uint32_t seed;
        for (seed = 0; seed < SEEDS; seed++) {
            size_t len = (size_t)(seed * 37u) % sizeof fuzz, again_len = 0;
            written = 0;
            zc_status st;
            fill(fuzz, len, seed);
            st = fmt->generate(fuzz, len, out, CAP, &written);
            if (st == ZC_STATUS_UNWRITABLE) {
                refused++;
                continue;
            }
            CHECK_STATUS(st, ZC_STATUS_OK);
            if (st != ZC_STATUS_OK)
                continue;
            ok++;
            CHECK(written > 0 && written <= CAP);
            CHECK(zc_sniff(out, written) == fmt->sniffed);
            /* The same bytes, the same file. */
            CHECK_STATUS(fmt->generate(fuzz, len, again, CAP, &again_len), ZC_STATUS_OK);
            CHECK(again_len == written && memcmp(out, again, written) == 0);
            /* One byte short: refused, with the length needed. */
            again_len = 0;
            CHECK_STATUS(fmt->generate(fuzz, len, again, written - 1, &again_len),
                         ZC_STATUS_BUFFER_TOO_SMALL);
            CHECK(again_len == written);
        }
        printf("%s: %u files, %u inputs refused\n", fmt->name, ok, refused);
        CHECK(ok > SEEDS / 2);
        /* Hostile arguments. */
        CHECK_STATUS(fmt->generate(NULL, 5, out, CAP, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(fmt->generate(fuzz, SIZE_MAX, out, CAP, NULL), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(fmt->generate(fuzz, 64, NULL, 8, &written), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(fmt->generate(fuzz, 64, out, CAP, NULL), ZC_STATUS_NULL_ARGUMENT);
    }
    free(out);
    free(again);
}

#else

/* Built without the feature: nothing to test. */
static void run(const char *root) {
    (void)root;
    CHECK(1);
}

#endif

HARNESS_MAIN
