/* The GTA queries: casts, filtered casts, ground and overlaps on the sample's models
 * with the Rust API's values, the face index, the library cast, hostile arguments
 * (NULL, forged views, NaN segments, short storage), and the corpus
 * (fuzz/corpus/gta, fuzz/corpus/query, tests/regressions/gta) replayed. */
#include <math.h>

#include "harness.h"

#define SAMPLE_MODELS 4

static zc_segment seg(float x0, float y0, float z0, float x1, float y1, float z1) {
    zc_segment s;
    s.start[0] = x0, s.start[1] = y0, s.start[2] = z0;
    s.end[0] = x1, s.end[1] = y1, s.end[2] = z1;
    return s;
}

static zc_ball ball(float x, float y, float z, float r) {
    zc_ball b;
    b.center[0] = x, b.center[1] = y, b.center[2] = z;
    b.radius = r;
    return b;
}

/* Float equality with both sides rounded to float: on i686 (x87, FLT_EVAL_METHOD 2)
 * a float constant in an expression keeps long double precision. */
static int feq(float a, float b) {
    return a == b;
}

static int same_hit(const zc_hit *a, const zc_hit *b) {
    return a->t == b->t && memcmp(a->point, b->point, sizeof a->point) == 0 &&
           memcmp(a->normal, b->normal, sizeof a->normal) == 0 && a->primitive == b->primitive &&
           a->index == b->index && a->material == b->material;
}

static int same_contact(const zc_contact *a, const zc_contact *b) {
    return a->depth == b->depth && memcmp(a->point, b->point, sizeof a->point) == 0 &&
           memcmp(a->normal, b->normal, sizeof a->normal) == 0 && a->primitive == b->primitive &&
           a->index == b->index && a->material == b->material;
}

static void sample_models(const unsigned char *col, size_t len, zc_gta_model *models) {
    zc_gta_models it;
    int i = 0;
    CHECK_STATUS(zc_gta_models_begin(col, len, ZC_MODE_STRICT, &it), ZC_STATUS_OK);
    while (i < SAMPLE_MODELS && zc_gta_models_next(&it, &models[i], NULL) == ZC_STATUS_OK)
        i++;
    CHECK(i == SAMPLE_MODELS);
}

/* A vertical segment through each model's bounds' centre, from 10 above to 10 below
 * (values from Model::cast and query::ground on samples/sample.col). */
static void sample_casts(const unsigned char *col, size_t len) {
    zc_gta_model m[SAMPLE_MODELS];
    zc_hit hit, other;
    zc_segment s;
    zc_gta_material_mask mask;
    zc_contact contacts[8];
    zc_ball b;
    size_t found = 0;
    sample_models(col, len, m);

    /* bollard_iii (COLL): the top of box 0, material 9. */
    s = seg(1.5f, -2.1875f, 16.625f, 1.5f, -2.1875f, -9.75f);
    CHECK_STATUS(zc_gta_model_cast(&m[0], &s, &hit), ZC_STATUS_OK);
    CHECK(feq(hit.t, 0.3886256f));
    CHECK(feq(hit.point[0], 1.5f) && feq(hit.point[1], -2.1875f) && feq(hit.point[2], 6.375f));
    CHECK(feq(hit.normal[0], 0.0f) && feq(hit.normal[1], 0.0f) && feq(hit.normal[2], 1.0f));
    CHECK(hit.primitive == ZC_PRIMITIVE_BOX && hit.index == 0 && hit.material == 9);
    CHECK_STATUS(zc_gta_model_ground(&m[0], 1.5f, -2.1875f, 16.625f, 1000.0f, &hit), ZC_STATUS_OK);
    CHECK(feq(hit.t, 0.01025f) && feq(hit.point[2], 6.375f));
    CHECK(hit.primitive == ZC_PRIMITIVE_BOX && hit.index == 0 && hit.material == 9);
    /* Too shallow, or a negative depth: nothing. */
    CHECK_STATUS(zc_gta_model_ground(&m[0], 1.5f, -2.1875f, 16.625f, 5.0f, &hit), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_gta_model_ground(&m[0], 1.5f, -2.1875f, 16.625f, -1.0f, &hit), ZC_STATUS_NOT_FOUND);
    /* Skipping material 9: whatever is hit is not 9; an empty mask is no filter. */
    memset(&mask, 0, sizeof mask);
    CHECK_STATUS(zc_gta_model_cast_filtered(&m[0], &s, &mask, &other), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_model_cast(&m[0], &s, &hit), ZC_STATUS_OK);
    CHECK(same_hit(&hit, &other));
    CHECK_STATUS(zc_gta_model_cast_filtered(&m[0], &s, NULL, &other), ZC_STATUS_OK);
    CHECK(same_hit(&hit, &other));
    mask.bits[9 / 8] = (uint8_t)(1u << (9 % 8));
    {
        zc_status st = zc_gta_model_cast_filtered(&m[0], &s, &mask, &other);
        CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
        CHECK(st != ZC_STATUS_OK || (other.material != 9 && other.t >= hit.t));
    }
    memset(&mask, 0xFF, sizeof mask);
    CHECK_STATUS(zc_gta_model_cast_filtered(&m[0], &s, &mask, &other), ZC_STATUS_NOT_FOUND);
    /* A ball of radius 1 at the centre: 2 contacts, sphere 0 first. */
    b = ball(1.5f, -2.1875f, 3.4375f, 1.0f);
    CHECK_STATUS(zc_gta_model_overlap(&m[0], &b, contacts, 8, &found), ZC_STATUS_OK);
    CHECK(found == 2);
    CHECK(contacts[0].primitive == ZC_PRIMITIVE_SPHERE && contacts[0].index == 0);
    CHECK(feq(contacts[0].depth, 3.4313114f) && contacts[0].material == 6);
    CHECK(feq(contacts[0].point[0], 3.4072776f) && feq(contacts[0].normal[2], -0.19611613f));
    /* One slot: the first contact, and the total. */
    memset(contacts, 0, sizeof contacts);
    CHECK_STATUS(zc_gta_model_overlap(&m[0], &b, contacts, 1, &found), ZC_STATUS_OK);
    CHECK(found == 2 && feq(contacts[0].depth, 3.4313114f) && feq(contacts[1].depth, 0.0f));
    CHECK_STATUS(zc_gta_model_overlap(&m[0], &b, NULL, 0, &found), ZC_STATUS_OK);
    CHECK(found == 2);

    /* lamppost_sa (COL3, face groups): face 3, material 16. */
    s = seg(-0.125f, 1.375f, 18.875f, -0.125f, 1.375f, -10.375f);
    CHECK_STATUS(zc_gta_model_cast(&m[1], &s, &hit), ZC_STATUS_OK);
    CHECK(feq(hit.t, 0.3974359f) && feq(hit.point[2], 7.25f));
    CHECK(hit.primitive == ZC_PRIMITIVE_FACE && hit.index == 3 && hit.material == 16);
    CHECK(feq(hit.normal[2], 1.0f));
    CHECK_STATUS(zc_gta_model_ground(&m[1], -0.125f, 1.375f, 18.875f, 1000.0f, &hit), ZC_STATUS_OK);
    CHECK(feq(hit.t, 0.011624999f) && feq(hit.point[2], 7.250001f) && hit.index == 3);
    b = ball(-0.125f, 1.375f, 4.25f, 1.0f);
    CHECK_STATUS(zc_gta_model_overlap(&m[1], &b, contacts, 8, &found), ZC_STATUS_OK);
    CHECK(found == 3);
    CHECK(contacts[0].primitive == ZC_PRIMITIVE_BOX && contacts[0].index == 0);
    CHECK(feq(contacts[0].depth, 1.125f) && contacts[0].material == 15);
    CHECK(feq(contacts[0].point[0], -0.25f) && feq(contacts[0].normal[0], -1.0f));

    /* crate_ps2 (COL2, boxes only): box 1, material 20. */
    s = seg(0.375f, -0.75f, 12.75f, 0.375f, -0.75f, -10.0f);
    CHECK_STATUS(zc_gta_model_cast(&m[2], &s, &hit), ZC_STATUS_OK);
    CHECK(feq(hit.t, 0.44505495f) && feq(hit.point[2], 2.625f));
    CHECK(hit.primitive == ZC_PRIMITIVE_BOX && hit.index == 1 && hit.material == 20);
    b = ball(0.375f, -0.75f, 1.375f, 1.0f);
    CHECK_STATUS(zc_gta_model_overlap(&m[2], &b, contacts, 8, &found), ZC_STATUS_OK);
    CHECK(found == 2 && contacts[0].index == 0 && feq(contacts[0].depth, 1.125f) &&
          contacts[0].material == 19);

    /* empty_col3: nothing to hit. */
    s = seg(0.25f, 0.5f, 11.5f, 0.25f, 0.5f, -10.0f);
    CHECK_STATUS(zc_gta_model_cast(&m[3], &s, &hit), ZC_STATUS_NOT_FOUND);
    b = ball(0.25f, 0.5f, 0.75f, 1.0f);
    CHECK_STATUS(zc_gta_model_overlap(&m[3], &b, contacts, 8, &found), ZC_STATUS_OK);
    CHECK(found == 0);
}

/* The face index of each model answers as the model does on the sample (no lints
 * there), and refuses short or misaligned storage and forged views. */
static void face_index(const unsigned char *col, size_t len) {
    zc_gta_model m[SAMPLE_MODELS];
    zc_segment segs[4];
    int i, k;
    sample_models(col, len, m);
    segs[0] = seg(1.5f, -2.1875f, 16.625f, 1.5f, -2.1875f, -9.75f);
    segs[1] = seg(-0.125f, 1.375f, 18.875f, -0.125f, 1.375f, -10.375f);
    segs[2] = seg(0.375f, -0.75f, 12.75f, 0.375f, -0.75f, -10.0f);
    segs[3] = seg(-100.0f, 0.0f, 5.0f, 100.0f, 0.5f, 4.0f);
    for (i = 0; i < SAMPLE_MODELS; i++) {
        size_t words = 0, found_a = 0, found_b = 0;
        uint32_t *storage;
        zc_gta_face_index index, forged;
        zc_contact ca[8], cb[8];
        zc_ball b = ball(0.0f, 0.0f, 3.0f, 4.0f);
        CHECK_STATUS(zc_gta_face_index_words(&m[i], &words), ZC_STATUS_OK);
        CHECK(words % ZC_GTA_FACE_INDEX_NODE_WORDS == 0);
        storage = malloc(words * sizeof *storage + 8);
        if (words > 0) {
            CHECK_STATUS(zc_gta_face_index_build(&m[i], storage, words - ZC_GTA_FACE_INDEX_NODE_WORDS, &index),
                         ZC_STATUS_BUFFER_TOO_SMALL);
            CHECK_STATUS(zc_gta_face_index_build(&m[i], (uint32_t *)((char *)storage + 1), words, &index),
                         ZC_STATUS_INVALID_ARGUMENT);
        }
        CHECK_STATUS(zc_gta_face_index_build(&m[i], storage, words, &index), ZC_STATUS_OK);
        CHECK(index.words <= words);
        for (k = 0; k < 4; k++) {
            zc_hit a, h;
            zc_status sa = zc_gta_model_cast(&m[i], &segs[k], &a);
            zc_status sb = zc_gta_face_index_cast(&index, &segs[k], &h);
            CHECK(sa == sb);
            CHECK(sa != ZC_STATUS_OK || same_hit(&a, &h));
            sb = zc_gta_face_index_cast_filtered(&index, &segs[k], NULL, &h);
            CHECK(sa == sb && (sa != ZC_STATUS_OK || same_hit(&a, &h)));
        }
        {
            zc_hit a, h;
            zc_status sa = zc_gta_model_ground(&m[i], 0.0f, 0.0f, 20.0f, 40.0f, &a);
            CHECK(sa == zc_gta_face_index_ground(&index, 0.0f, 0.0f, 20.0f, 40.0f, &h));
            CHECK(sa != ZC_STATUS_OK || same_hit(&a, &h));
        }
        CHECK_STATUS(zc_gta_model_overlap(&m[i], &b, ca, 8, &found_a), ZC_STATUS_OK);
        CHECK_STATUS(zc_gta_face_index_overlap(&index, &b, cb, 8, &found_b), ZC_STATUS_OK);
        CHECK(found_a == found_b);
        for (k = 0; k < (int)found_a && k < 8; k++)
            CHECK(same_contact(&ca[k], &cb[k]));
        /* Forged views. */
        forged = index;
        forged.words += ZC_GTA_FACE_INDEX_NODE_WORDS;
        {
            zc_hit h;
            CHECK_STATUS(zc_gta_face_index_cast(&forged, &segs[0], &h), ZC_STATUS_INVALID_ARGUMENT);
            forged = index;
            forged.model.offset += 1;
            CHECK_STATUS(zc_gta_face_index_cast(&forged, &segs[0], &h), ZC_STATUS_INVALID_ARGUMENT);
            memset(&forged, 0, sizeof forged);
            CHECK_STATUS(zc_gta_face_index_ground(&forged, 0, 0, 0, 1, &h), ZC_STATUS_INVALID_ARGUMENT);
            CHECK_STATUS(zc_gta_face_index_overlap(&forged, &b, cb, 8, &found_b), ZC_STATUS_INVALID_ARGUMENT);
            CHECK_STATUS(zc_gta_face_index_cast(NULL, &segs[0], &h), ZC_STATUS_NULL_ARGUMENT);
            CHECK_STATUS(zc_gta_face_index_cast(&index, &segs[0], NULL), ZC_STATUS_NULL_ARGUMENT);
        }
        /* Storage altered after the build (zero-filled: every lane of every node is
         * node 0, a cycle): queries still end, with some answer. */
        if (words > 0) {
            zc_hit h;
            zc_segment through = seg(0.0f, 0.0f, 10.0f, 0.0f, 0.0f, -10.0f);
            zc_ball at = ball(0.0f, 0.0f, 0.0f, 1.0f);
            zc_status st;
            memset(storage, 0, words * sizeof *storage);
            st = zc_gta_face_index_cast(&index, &through, &h);
            CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
            CHECK_STATUS(zc_gta_face_index_overlap(&index, &at, cb, 8, &found_b), ZC_STATUS_OK);
        }
        CHECK_STATUS(zc_gta_face_index_build(&m[i], storage, words, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_face_index_build(&m[i], storage, SIZE_MAX, &index), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_gta_face_index_words(&m[i], NULL), ZC_STATUS_NULL_ARGUMENT);
        free(storage);
    }
}

/* Line of sight over the library: model 0's box 0, from the -X side. */
static void library_cast(const unsigned char *col, size_t len) {
    zc_segment s = seg(-100.0f, 0.0f, 5.0f, 100.0f, 0.0f, 5.0f);
    zc_hit hit;
    zc_gta_model model;
    uint64_t index = 99;
    zc_error err;
    CHECK_STATUS(zc_gta_library_cast(col, len, ZC_MODE_STRICT, &s, &hit, &model, &index, &err), ZC_STATUS_OK);
    CHECK(index == 0 && model.offset == 0 && model.len == 428);
    CHECK(feq(hit.t, 0.4925f) && feq(hit.point[0], -1.5f) && feq(hit.point[1], 0.0f) && feq(hit.point[2], 5.0f));
    CHECK(feq(hit.normal[0], -1.0f) && hit.primitive == ZC_PRIMITIVE_BOX && hit.index == 0 &&
          hit.material == 9);
    /* The model written is a view for the other queries. */
    {
        zc_hit again;
        CHECK_STATUS(zc_gta_model_cast(&model, &s, &again), ZC_STATUS_OK);
        CHECK(same_hit(&hit, &again));
    }
    CHECK_STATUS(zc_gta_library_cast(col, len, ZC_MODE_STRICT, &s, &hit, NULL, NULL, NULL), ZC_STATUS_OK);
    s = seg(-100.0f, 0.0f, 500.0f, 100.0f, 0.0f, 500.0f);
    CHECK_STATUS(zc_gta_library_cast(col, len, ZC_MODE_STRICT, &s, &hit, NULL, NULL, NULL), ZC_STATUS_NOT_FOUND);
    /* A malformed library. */
    memset(&err, 0, sizeof err);
    s = seg(-100.0f, 0.0f, 5.0f, 100.0f, 0.0f, 5.0f);
    CHECK_STATUS(zc_gta_library_cast(col, 500, ZC_MODE_STRICT, &s, &hit, NULL, NULL, &err), ZC_STATUS_MALFORMED);
    CHECK_STATUS(zc_gta_library_cast(col, 10, ZC_MODE_STRICT, &s, &hit, NULL, NULL, &err), ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_GTA_ERROR_SIZE_PAST_END);
    CHECK_STATUS(zc_gta_library_cast(col, len, 5, &s, &hit, NULL, NULL, &err), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_library_cast(col, len, ZC_MODE_STRICT, NULL, &hit, NULL, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_library_cast(col, len, ZC_MODE_STRICT, &s, NULL, NULL, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_library_cast(NULL, 0, ZC_MODE_STRICT, &s, &hit, NULL, NULL, &err), ZC_STATUS_NOT_FOUND);
}

static void hostile(const unsigned char *col, size_t len) {
    zc_gta_model m[SAMPLE_MODELS], forged;
    zc_segment s = seg(1.5f, -2.1875f, 16.625f, 1.5f, -2.1875f, -9.75f);
    zc_hit hit;
    zc_ball b = ball(0, 0, 0, 1);
    zc_contact c[2];
    size_t found;
    float nan = (float)NAN, inf = (float)INFINITY;
    sample_models(col, len, m);
    CHECK_STATUS(zc_gta_model_cast(NULL, &s, &hit), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_model_cast(&m[0], NULL, &hit), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_model_cast(&m[0], &s, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_model_ground(&m[0], 0, 0, 0, 1, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_model_overlap(&m[0], NULL, c, 2, &found), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_model_overlap(&m[0], &b, c, 2, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_model_overlap(&m[0], &b, NULL, 2, &found), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_model_overlap(&m[0], &b, c, SIZE_MAX, &found), ZC_STATUS_INVALID_ARGUMENT);
    /* NaN and infinite queries hit and touch nothing. */
    s.start[0] = nan;
    CHECK_STATUS(zc_gta_model_cast(&m[0], &s, &hit), ZC_STATUS_NOT_FOUND);
    s = seg(1.5f, -2.1875f, 16.625f, 1.5f, -2.1875f, -inf);
    CHECK_STATUS(zc_gta_model_cast(&m[0], &s, &hit), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_gta_model_ground(&m[0], 1.5f, -2.1875f, 16.625f, nan, &hit), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_gta_model_ground(&m[0], nan, -2.1875f, 16.625f, 100.0f, &hit), ZC_STATUS_NOT_FOUND);
    b = ball(1.5f, -2.1875f, 3.4375f, nan);
    CHECK_STATUS(zc_gta_model_overlap(&m[0], &b, c, 2, &found), ZC_STATUS_OK);
    CHECK(found == 0);
    b = ball(1.5f, -2.1875f, 3.4375f, -1.0f);
    CHECK_STATUS(zc_gta_model_overlap(&m[0], &b, c, 2, &found), ZC_STATUS_OK);
    CHECK(found == 0);
    /* A zero-length segment inside box 0 of bollard_iii hits it at t = 0. */
    s = seg(1.5f, -2.1875f, 6.0f, 1.5f, -2.1875f, 6.0f);
    CHECK_STATUS(zc_gta_model_cast(&m[0], &s, &hit), ZC_STATUS_OK);
    CHECK(feq(hit.t, 0.0f));
    /* Forged and zero-filled views. */
    s = seg(1.5f, -2.1875f, 16.625f, 1.5f, -2.1875f, -9.75f);
    forged = m[0];
    forged.vertex_count += 1;
    CHECK_STATUS(zc_gta_model_cast(&forged, &s, &hit), ZC_STATUS_INVALID_ARGUMENT);
    memset(&forged, 0, sizeof forged);
    CHECK_STATUS(zc_gta_model_cast(&forged, &s, &hit), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_model_cast_filtered(&forged, &s, NULL, &hit), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_model_ground(&forged, 0, 0, 0, 1, &hit), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_model_overlap(&forged, &b, c, 2, &found), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_face_index_words(&forged, &found), ZC_STATUS_INVALID_ARGUMENT);
}

/* Replay: every model of a file, strict and lenient: a few casts (the fuzzed query
 * block's segment and ball for fuzz/corpus/query), ground, an overlap, the face index
 * and the library cast. */
static unsigned long replayed_models;

static void queries(const zc_gta_model *m, const zc_segment *extra, const zc_ball *extra_ball) {
    zc_segment segs[5];
    zc_hit hit, other;
    zc_contact c[4];
    zc_ball b = ball(0.0f, 0.0f, 0.0f, 5.0f);
    size_t found = 0, words = 0;
    zc_gta_material_mask mask;
    int k;
    segs[0] = seg(0.0f, 0.0f, 100.0f, 0.0f, 0.0f, -100.0f);
    segs[1] = seg(-50.0f, -40.0f, -30.0f, 50.0f, 40.0f, 30.0f);
    segs[2] = seg(1.0f, 2.0f, 3.0f, 1.0f, 2.0f, 3.0f);
    segs[3] = seg((float)NAN, 0.0f, 0.0f, 1.0f, 1.0f, 1.0f);
    segs[4] = extra ? *extra : segs[0];
    memset(&mask, 0, sizeof mask);
    mask.bits[0] = 0x55;
    for (k = 0; k < 5; k++) {
        zc_status st = zc_gta_model_cast(m, &segs[k], &hit);
        CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
        CHECK(st != ZC_STATUS_OK || (hit.t >= 0.0f && hit.t <= 1.0f && hit.material < 256));
        st = zc_gta_model_cast_filtered(m, &segs[k], &mask, &other);
        CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
        CHECK(st != ZC_STATUS_OK || (other.material >= 8 || !((0x55 >> other.material) & 1)));
    }
    CHECK(zc_gta_model_cast(m, &segs[3], &hit) == ZC_STATUS_NOT_FOUND);
    {
        zc_status st = zc_gta_model_ground(m, 0.0f, 0.0f, 100.0f, 200.0f, &hit);
        CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
    }
    CHECK_STATUS(zc_gta_model_overlap(m, &b, c, 4, &found), ZC_STATUS_OK);
    if (extra_ball)
        CHECK_STATUS(zc_gta_model_overlap(m, extra_ball, c, 4, &found), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_face_index_words(m, &words), ZC_STATUS_OK);
    if (words < (size_t)1 << 24) {
        uint32_t *storage = malloc(words * sizeof *storage + 4);
        zc_gta_face_index index;
        CHECK_STATUS(zc_gta_face_index_build(m, storage, words, &index), ZC_STATUS_OK);
        for (k = 0; k < 5; k++) {
            zc_status st = zc_gta_face_index_cast(&index, &segs[k], &hit);
            CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
            st = zc_gta_face_index_cast_filtered(&index, &segs[k], &mask, &hit);
            CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
        }
        {
            zc_status st = zc_gta_face_index_ground(&index, 0.0f, 0.0f, 100.0f, 200.0f, &hit);
            CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
        }
        CHECK_STATUS(zc_gta_face_index_overlap(&index, &b, c, 4, &found), ZC_STATUS_OK);
        if (extra_ball)
            CHECK_STATUS(zc_gta_face_index_overlap(&index, extra_ball, c, 4, &found), ZC_STATUS_OK);
        free(storage);
    }
    replayed_models++;
}

static void replay_file(const unsigned char *bytes, size_t len, const zc_segment *extra,
                        const zc_ball *extra_ball) {
    uint32_t mode;
    for (mode = ZC_MODE_STRICT; mode <= ZC_MODE_LENIENT; mode++) {
        zc_gta_models it;
        zc_gta_model m;
        zc_error err;
        zc_hit hit;
        zc_segment s = seg(-1000.0f, 3.0f, 2.0f, 1000.0f, -3.0f, 1.0f);
        zc_status st;
        int count = 0;
        CHECK_STATUS(zc_gta_models_begin(bytes, len, mode, &it), ZC_STATUS_OK);
        while (count < 64 && zc_gta_models_next(&it, &m, &err) == ZC_STATUS_OK) {
            queries(&m, extra, extra_ball);
            count++;
        }
        st = zc_gta_library_cast(bytes, len, mode, extra ? extra : &s, &hit, &m, NULL, &err);
        CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND || st == ZC_STATUS_MALFORMED);
        if (st == ZC_STATUS_OK)
            CHECK_STATUS(zc_gta_model_cast(&m, extra ? extra : &s, &hit), ZC_STATUS_OK);
    }
}

static void replay(const char *path, const unsigned char *bytes, size_t len) {
    (void)path;
    replay_file(bytes, len, NULL, NULL);
}

/* fuzz/corpus/query: a 41-byte block (mode, segment, ball as little-endian f32), then
 * the file (zerocol_oracle::query::Params). */
static float f32_at(const unsigned char *block, int i) {
    uint32_t u = (uint32_t)block[1 + 4 * i] | (uint32_t)block[2 + 4 * i] << 8 |
                 (uint32_t)block[3 + 4 * i] << 16 | (uint32_t)block[4 + 4 * i] << 24;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static void replay_query(const char *path, const unsigned char *bytes, size_t len) {
    unsigned char block[41];
    size_t n = len < 41 ? len : 41;
    zc_segment s;
    zc_ball b;
    (void)path;
    memset(block, 0, sizeof block);
    memcpy(block, bytes, n);
    s = seg(f32_at(block, 0), f32_at(block, 1), f32_at(block, 2), f32_at(block, 3), f32_at(block, 4),
            f32_at(block, 5));
    b = ball(f32_at(block, 6), f32_at(block, 7), f32_at(block, 8), f32_at(block, 9));
    replay_file(bytes + n, len - n, &s, &b);
}

static void run(const char *root) {
    size_t len;
    unsigned char *col = read_file(root, "samples/sample.col", &len);
    unsigned long files;
    sample_casts(col, len);
    face_index(col, len);
    library_cast(col, len);
    hostile(col, len);
    files = for_each_file(root, "fuzz/corpus/gta", replay);
    files += for_each_file(root, "tests/regressions/gta", replay);
    files += for_each_file(root, "fuzz/corpus/query", replay_query);
    printf("replayed %lu files, %lu models\n", files, replayed_models);
    CHECK(files > 3000);
    free(col);
}

HARNESS_MAIN
