/* The GTA writers: models and the sample library converted to every version (lengths,
 * losses and the re-checked output, against the Rust API's figures), a model put into
 * samples/vehicle.dff, the refusals and their error kinds, hostile arguments, and the
 * corpus (fuzz/corpus/gta, tests/regressions/gta) replayed through every writer. */
#include "harness.h"

/* The sample's models, in order (from gta::models on samples/sample.col). */
#define SAMPLE_MODELS 4
static const uint64_t model_offset[SAMPLE_MODELS] = {0, 428, 832, 996};
static const uint64_t model_len[SAMPLE_MODELS] = {428, 404, 164, 120};
/* Bytes each model takes in COLL, COL2, COL3, COL4 (shadow mesh dropped). */
static const size_t to_len[SAMPLE_MODELS][4] = {
    {428, 300, 312, 316},
    {448, 352, 404, 408},
    {148, 164, 176, 180},
    {92, 108, 120, 124},
};

static zc_gta_write_options to(uint32_t version) {
    zc_gta_write_options o;
    memset(&o, 0, sizeof o);
    o.version = version;
    o.drop_shadow_mesh = 1;
    return o;
}

/* The sample's models, into models[]. */
static void sample_models(const unsigned char *col, size_t len, zc_gta_model *models) {
    zc_gta_models it;
    int i = 0;
    CHECK_STATUS(zc_gta_models_begin(col, len, ZC_MODE_STRICT, &it), ZC_STATUS_OK);
    while (i < SAMPLE_MODELS && zc_gta_models_next(&it, &models[i], NULL) == ZC_STATUS_OK)
        i++;
    CHECK(i == SAMPLE_MODELS);
}

static void models_to_versions(const unsigned char *col, size_t len) {
    zc_gta_model models[SAMPLE_MODELS];
    zc_error err;
    int i;
    uint32_t v;
    sample_models(col, len, models);
    for (i = 0; i < SAMPLE_MODELS; i++) {
        CHECK(models[i].offset == model_offset[i] && models[i].len == model_len[i]);
        for (v = 1; v <= 4; v++) {
            zc_gta_write_options o = to(v);
            size_t need = 0, written = 0;
            unsigned char *out;
            zc_gta_model back;
            CHECK_STATUS(zc_gta_model_write_len(&models[i], &o, &need, &err), ZC_STATUS_OK);
            CHECK(need == to_len[i][v - 1]);
            out = malloc(need);
            /* Short: nothing written, the length needed said. */
            CHECK_STATUS(zc_gta_model_write(&models[i], &o, out, need - 1, &written, &err),
                         ZC_STATUS_BUFFER_TOO_SMALL);
            CHECK(written == need);
            written = 0;
            CHECK_STATUS(zc_gta_model_write(&models[i], &o, NULL, 0, &written, &err),
                         ZC_STATUS_BUFFER_TOO_SMALL);
            CHECK(written == need);
            CHECK_STATUS(zc_gta_model_write(&models[i], &o, out, need, &written, &err), ZC_STATUS_OK);
            CHECK(written == need);
            CHECK_STATUS(zc_gta_model_parse(out, written, ZC_MODE_STRICT, &back, &err), ZC_STATUS_OK);
            CHECK(back.version == v && back.len == need);
            CHECK_STATUS(zc_gta_check(out, written, ZC_MODE_STRICT, NULL, &err), ZC_STATUS_OK);
            /* Written back as it is: byte for byte. */
            if (v == models[i].version) {
                CHECK(need == models[i].len);
                CHECK(memcmp(out, col + models[i].offset, need) == 0);
            }
            free(out);
        }
    }

    /* lamppost_sa (COL3, 2 shadow faces, 1 face group): refused as COLL and COL2
     * unless the shadow mesh is dropped; the losses as figures. */
    {
        zc_gta_write_options o = to(ZC_GTA_COLL);
        zc_gta_losses l;
        size_t need = 0;
        o.drop_shadow_mesh = 0;
        memset(&err, 0, sizeof err);
        CHECK_STATUS(zc_gta_model_write_len(&models[1], &o, &need, &err), ZC_STATUS_UNWRITABLE);
        CHECK(need == 0);
        CHECK(err.format == ZC_FORMAT_GTA_COL);
        CHECK(err.kind == ZC_GTA_WRITE_ERROR_SHADOW_MESH);
        CHECK(err.offset == 428);
        CHECK(strstr(message_of(&err), "lamppost_sa") != NULL);
        CHECK(strstr(message_of(&err), "shadow mesh of 2 faces") != NULL);
        CHECK_STATUS(zc_gta_model_losses(&models[1], &o, &l, &err), ZC_STATUS_UNWRITABLE);
        o.version = ZC_GTA_COL2;
        CHECK_STATUS(zc_gta_model_write(&models[1], &o, NULL, 0, &need, &err), ZC_STATUS_UNWRITABLE);
        o = to(ZC_GTA_COLL);
        CHECK_STATUS(zc_gta_model_losses(&models[1], &o, &l, &err), ZC_STATUS_OK);
        CHECK(l.shadow_faces == 2 && l.face_groups == 1 && l.line_radii == 0 &&
              l.face_surfaces == 0 && l.unused_vertices == 0 && l.rounded_vertices == 0 &&
              l.col4_extra == 0);
        /* bollard_iii (COLL) to COL2: 12 faces' flag and brightness bytes. */
        o = to(ZC_GTA_COL2);
        CHECK_STATUS(zc_gta_model_losses(&models[0], &o, &l, &err), ZC_STATUS_OK);
        CHECK(l.face_surfaces == 12 && l.shadow_faces == 0 && l.face_groups == 0);
        /* As is: nothing lost (NULL options). */
        CHECK_STATUS(zc_gta_model_losses(&models[2], NULL, &l, &err), ZC_STATUS_OK);
        CHECK(l.shadow_faces == 0 && l.face_groups == 0 && l.face_surfaces == 0);
    }
}

/* The library to each version (shadow meshes dropped): length, losses, and the output
 * re-checked with its 4 models. */
static void library_to_versions(const unsigned char *col, size_t len) {
    static const size_t lib_len[4] = {1116, 924, 1012, 1028};
    static const uint64_t lost_shadow[4] = {2, 2, 0, 0};
    static const uint64_t lost_groups[4] = {1, 0, 0, 0};
    static const uint64_t lost_surfaces[4] = {0, 12, 12, 12};
    zc_error err;
    uint32_t v;
    for (v = 1; v <= 4; v++) {
        zc_gta_write_options o = to(v);
        zc_gta_losses l;
        zc_gta_summary s;
        size_t need = 0, written = 0;
        unsigned char *out;
        CHECK_STATUS(zc_gta_library_write_len(col, len, ZC_MODE_STRICT, &o, &need, &err), ZC_STATUS_OK);
        CHECK(need == lib_len[v - 1]);
        CHECK_STATUS(zc_gta_library_losses(col, len, ZC_MODE_STRICT, &o, &l, &err), ZC_STATUS_OK);
        CHECK(l.shadow_faces == lost_shadow[v - 1] && l.face_groups == lost_groups[v - 1] &&
              l.face_surfaces == lost_surfaces[v - 1] && l.line_radii == 0 &&
              l.unused_vertices == 0 && l.rounded_vertices == 0 && l.col4_extra == 0);
        out = malloc(need);
        CHECK_STATUS(zc_gta_library_write(col, len, ZC_MODE_STRICT, &o, out, need - 1, &written, &err),
                     ZC_STATUS_BUFFER_TOO_SMALL);
        CHECK(written == need);
        CHECK_STATUS(zc_gta_library_write(col, len, ZC_MODE_STRICT, &o, out, need, &written, &err),
                     ZC_STATUS_OK);
        CHECK(written == need);
        CHECK_STATUS(zc_gta_check(out, written, ZC_MODE_STRICT, &s, &err), ZC_STATUS_OK);
        CHECK(s.models == 4 && s.end == written);
        /* Face groups generated (with bounds recomputed) or removed: 980 bytes as COL3,
         * the one group counted as lost either way. */
        if (v == ZC_GTA_COL3) {
            o.face_groups = ZC_GTA_FACE_GROUPS_GENERATE;
            o.recompute_bounds = 1;
            CHECK_STATUS(zc_gta_library_write_len(col, len, ZC_MODE_STRICT, &o, &need, &err), ZC_STATUS_OK);
            CHECK(need == 980);
            CHECK_STATUS(zc_gta_library_write(col, len, ZC_MODE_STRICT, &o, out, need, &written, &err),
                         ZC_STATUS_OK);
            CHECK_STATUS(zc_gta_check(out, written, ZC_MODE_STRICT, &s, &err), ZC_STATUS_OK);
            CHECK(s.models == 4);
            CHECK_STATUS(zc_gta_library_losses(col, len, ZC_MODE_STRICT, &o, &l, &err), ZC_STATUS_OK);
            CHECK(l.face_groups == 1);
            o.face_groups = ZC_GTA_FACE_GROUPS_REMOVE;
            o.recompute_bounds = 0;
            CHECK_STATUS(zc_gta_library_write_len(col, len, ZC_MODE_STRICT, &o, &need, &err), ZC_STATUS_OK);
            CHECK(need == 980);
        }
        free(out);
    }
    /* As is: the same bytes. */
    {
        unsigned char *out = malloc(len);
        size_t written = 0;
        CHECK_STATUS(zc_gta_library_write(col, len, ZC_MODE_STRICT, NULL, out, len, &written, &err),
                     ZC_STATUS_OK);
        CHECK(written == len && memcmp(out, col, len) == 0);
        free(out);
    }
    /* A refusal names the model by its offset in the input. */
    {
        zc_gta_write_options o = to(ZC_GTA_COL2);
        size_t need = 0;
        o.drop_shadow_mesh = 0;
        memset(&err, 0, sizeof err);
        CHECK_STATUS(zc_gta_library_write_len(col, len, ZC_MODE_STRICT, &o, &need, &err),
                     ZC_STATUS_UNWRITABLE);
        CHECK(err.kind == ZC_GTA_WRITE_ERROR_SHADOW_MESH && err.offset == 428);
        CHECK(strstr(message_of(&err), "model 1 ") != NULL);
    }
    /* A malformed library: the reader's error. */
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_gta_library_write_len(col, 10, ZC_MODE_STRICT, NULL, NULL, &err), ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_GTA_COL && err.kind == ZC_GTA_ERROR_SIZE_PAST_END);
}

/* bollard_iii (428 bytes) into samples/vehicle.dff (464 bytes, a 404-byte collision
 * at 60): 488 bytes, the model's bytes at 60. */
static void into_dff(const char *root, const unsigned char *col, size_t len) {
    size_t dlen, need = 0, written = 0;
    unsigned char *dff = read_file(root, "samples/vehicle.dff", &dlen);
    unsigned char *out, *again;
    zc_gta_model models[SAMPLE_MODELS];
    zc_error err;
    sample_models(col, len, models);
    CHECK(dlen == 464);
    CHECK_STATUS(zc_gta_dff_replace_len(dff, dlen, ZC_MODE_STRICT, &models[0], &need, &err), ZC_STATUS_OK);
    CHECK(need == 488);
    out = malloc(need);
    CHECK_STATUS(zc_gta_dff_replace(dff, dlen, ZC_MODE_STRICT, &models[0], out, need - 1, &written, &err),
                 ZC_STATUS_BUFFER_TOO_SMALL);
    CHECK(written == need);
    CHECK_STATUS(zc_gta_dff_replace(dff, dlen, ZC_MODE_STRICT, &models[0], out, need, &written, &err),
                 ZC_STATUS_OK);
    CHECK(written == 488);
    CHECK(zc_sniff(out, written) == ZC_FORMAT_DFF);
    CHECK(memcmp(out + 60, col, 428) == 0);
    CHECK(memcmp(out, dff, 12) != 0); /* the Clump's size changed */
    /* And back: lamppost_sa (404 bytes) gives the original .dff. */
    again = malloc(dlen);
    CHECK_STATUS(zc_gta_dff_replace_len(out, written, ZC_MODE_STRICT, &models[1], &need, &err), ZC_STATUS_OK);
    CHECK(need == dlen);
    CHECK_STATUS(zc_gta_dff_replace(out, written, ZC_MODE_STRICT, &models[1], again, dlen, &written, &err),
                 ZC_STATUS_OK);
    CHECK(written == dlen && memcmp(again, dff, dlen) == 0);
    /* The output may not overlap the .dff or the model's buffer. */
    CHECK_STATUS(zc_gta_dff_replace(dff, dlen, ZC_MODE_STRICT, &models[0], dff, dlen, &written, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    /* A .col is not a .dff. */
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_gta_dff_replace_len(col, len, ZC_MODE_STRICT, &models[0], &need, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_DFF);
    CHECK(zc_error_message(&err, NULL, 0) > 0);
    free(again);
    free(out);
    free(dff);
}

static void hostile(const unsigned char *col, size_t len) {
    zc_gta_model models[SAMPLE_MODELS], forged;
    zc_gta_write_options o = to(ZC_GTA_COL3);
    zc_gta_losses l;
    size_t need = 0;
    unsigned char *copy = malloc(len);
    zc_error err;
    sample_models(col, len, models);
    memcpy(copy, col, len);

    CHECK_STATUS(zc_gta_model_write_len(NULL, &o, &need, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_model_write_len(&models[0], &o, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_model_losses(&models[0], &o, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    /* Out-of-range option values. */
    o.version = 9;
    CHECK_STATUS(zc_gta_model_write_len(&models[0], &o, &need, &err), ZC_STATUS_INVALID_ARGUMENT);
    o = to(ZC_GTA_COL3);
    o.face_groups = 3;
    CHECK_STATUS(zc_gta_model_write_len(&models[0], &o, &need, &err), ZC_STATUS_INVALID_ARGUMENT);
    o = to(ZC_GTA_COL3);
    o.recompute_bounds = 2;
    CHECK_STATUS(zc_gta_library_write_len(col, len, ZC_MODE_STRICT, &o, &need, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    o = to(ZC_GTA_COL3);
    o.drop_shadow_mesh = 0xFFFFFFFFu;
    CHECK_STATUS(zc_gta_model_losses(&models[0], &o, &l, &err), ZC_STATUS_INVALID_ARGUMENT);
    o = to(ZC_GTA_COL3);
    CHECK_STATUS(zc_gta_library_write_len(col, len, 7, &o, &need, &err), ZC_STATUS_INVALID_ARGUMENT);
    /* Forged and zero-filled views. */
    forged = models[0];
    forged.len += 1;
    CHECK_STATUS(zc_gta_model_write_len(&forged, &o, &need, &err), ZC_STATUS_INVALID_ARGUMENT);
    memset(&forged, 0, sizeof forged);
    CHECK_STATUS(zc_gta_model_write(&forged, &o, copy, len, &need, &err), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_dff_replace_len(col, len, ZC_MODE_STRICT, &forged, &need, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    /* The output over the input. */
    CHECK_STATUS(zc_gta_model_write(&models[0], NULL, (unsigned char *)col + 4, 500, &need, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_library_write(col, len, ZC_MODE_STRICT, NULL, (unsigned char *)col, len,
                                      &need, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    /* Lengths that overflow; NULL with a length. */
    CHECK_STATUS(zc_gta_model_write(&models[0], NULL, copy, SIZE_MAX, &need, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_model_write(&models[0], NULL, NULL, 100, &need, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_library_write_len(col, SIZE_MAX, ZC_MODE_STRICT, NULL, &need, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_library_write_len(NULL, 5, ZC_MODE_STRICT, NULL, &need, &err),
                 ZC_STATUS_NULL_ARGUMENT);
    /* The empty library: nothing to write. */
    CHECK_STATUS(zc_gta_library_write_len(NULL, 0, ZC_MODE_STRICT, NULL, &need, &err), ZC_STATUS_OK);
    CHECK(need == 0);
    CHECK_STATUS(zc_gta_library_write(NULL, 0, ZC_MODE_STRICT, NULL, NULL, 0, &need, &err), ZC_STATUS_OK);
    CHECK(need == 0);
    /* A zero-length output with a NULL pointer is the empty buffer: too small. */
    CHECK_STATUS(zc_gta_library_write(col, len, ZC_MODE_STRICT, NULL, NULL, 0, NULL, NULL),
                 ZC_STATUS_BUFFER_TOO_SMALL);
    free(copy);
}

/* Every writer on every model of a corpus file, strict and lenient; each output
 * re-read. */
static unsigned long replayed_models;

static void replay_model(const zc_gta_model *m) {
    uint32_t v;
    zc_error err;
    for (v = 0; v <= 4; v++) {
        zc_gta_write_options o = to(v);
        zc_gta_losses l;
        size_t need = 0, written = 0;
        unsigned char *out;
        zc_status s;
        o.face_groups = v % 3;
        o.recompute_bounds = v & 1;
        s = zc_gta_model_losses(m, &o, &l, &err);
        CHECK(s == ZC_STATUS_OK || s == ZC_STATUS_UNWRITABLE);
        if (s != ZC_STATUS_OK) {
            zc_error_message(&err, NULL, 0);
            continue;
        }
        CHECK_STATUS(zc_gta_model_write_len(m, &o, &need, &err), ZC_STATUS_OK);
        out = malloc(need + 1);
        CHECK_STATUS(zc_gta_model_write(m, &o, out, need, &written, &err), ZC_STATUS_OK);
        CHECK(written == need);
        if (v != 0) {
            zc_gta_model back;
            CHECK_STATUS(zc_gta_model_parse(out, written, ZC_MODE_LENIENT, &back, &err), ZC_STATUS_OK);
        }
        free(out);
    }
    replayed_models++;
}

static void replay(const char *path, const unsigned char *bytes, size_t len) {
    uint32_t mode;
    (void)path;
    for (mode = ZC_MODE_STRICT; mode <= ZC_MODE_LENIENT; mode++) {
        zc_gta_models it;
        zc_gta_model m;
        zc_error err;
        size_t need = 0, written = 0;
        zc_status s;
        int count = 0;
        CHECK_STATUS(zc_gta_models_begin(bytes, len, mode, &it), ZC_STATUS_OK);
        while (count < 64 && zc_gta_models_next(&it, &m, &err) == ZC_STATUS_OK) {
            replay_model(&m);
            count++;
        }
        s = zc_gta_library_write_len(bytes, len, mode, NULL, &need, &err);
        CHECK(s == ZC_STATUS_OK || s == ZC_STATUS_MALFORMED || s == ZC_STATUS_UNWRITABLE);
        if (s == ZC_STATUS_OK) {
            unsigned char *out = malloc(need + 1);
            CHECK_STATUS(zc_gta_library_write(bytes, len, mode, NULL, out, need, &written, &err),
                         ZC_STATUS_OK);
            CHECK_STATUS(zc_gta_check(out, written, ZC_MODE_LENIENT, NULL, &err), ZC_STATUS_OK);
            free(out);
        } else {
            zc_error_message(&err, NULL, 0);
        }
        {
            zc_gta_write_options o = to(ZC_GTA_COL3);
            zc_gta_losses l;
            s = zc_gta_library_losses(bytes, len, mode, &o, &l, &err);
            CHECK(s == ZC_STATUS_OK || s == ZC_STATUS_MALFORMED || s == ZC_STATUS_UNWRITABLE);
        }
    }
}

static void run(const char *root) {
    size_t len;
    unsigned char *col = read_file(root, "samples/sample.col", &len);
    unsigned long files;
    CHECK(len == 1116);
    models_to_versions(col, len);
    library_to_versions(col, len);
    into_dff(root, col, len);
    hostile(col, len);
    files = for_each_file(root, "fuzz/corpus/gta", replay);
    files += for_each_file(root, "tests/regressions/gta", replay);
    CHECK(files > 1000);
    printf("replayed %lu files, %lu models\n", files, replayed_models);
    CHECK(replayed_models > 900);
    free(col);
}

HARNESS_MAIN
