/* The GTA read surface of the C API: models and every accessor, lints, .dff collision
 * (with a headerless payload framed into scratch), recovery, real values on the samples
 * (as `zerocol dump` prints them), the corpora replayed through every read entry point
 * in both modes, and hostile arguments. */
#include "harness.h"

#include <float.h>
#include <stdint.h>

#define MODES 2

static int eq3(const float *got, float x, float y, float z) {
    return got[0] == x && got[1] == y && got[2] == z;
}

static void put_u32(unsigned char *at, uint32_t v) {
    at[0] = (unsigned char)v;
    at[1] = (unsigned char)(v >> 8);
    at[2] = (unsigned char)(v >> 16);
    at[3] = (unsigned char)(v >> 24);
}

static void put_f32(unsigned char *at, float f) {
    uint32_t v;
    memcpy(&v, &f, sizeof v);
    put_u32(at, v);
}

/* Walks a model's lints (all, or tolerated only): every message, with a buffer too
 * small for it too. Returns how many. */
static unsigned long walk_lints(const zc_gta_model *model, uint32_t tolerated_only) {
    zc_gta_lints lints;
    zc_gta_lint lint;
    char text[1024], tiny[4];
    unsigned long n = 0;
    zc_status status;
    zc_gta_lints copy;
    CHECK_STATUS(zc_gta_lints_begin(model, tolerated_only, &lints), ZC_STATUS_OK);
    copy = lints;
    while ((status = zc_gta_lints_next(&lints, &lint, text, sizeof text)) == ZC_STATUS_OK) {
        CHECK(lint.message_len == strlen(text) && lint.message_len > 0);
        CHECK(strncmp(text, "byte ", 5) == 0);
        CHECK(lint.tolerated == (lint.kind == ZC_GTA_LINT_SIZE_PAST_END ||
                                 lint.kind == ZC_GTA_LINT_UNPARSED_TAIL));
        CHECK(lint.kind != ZC_GTA_LINT_OTHER);
        CHECK(!tolerated_only || lint.tolerated);
        /* A likely crash, but for SA's .dat buffer, which depends on how it is loaded. */
        CHECK(lint.may_crash == (strstr(text, "a likely crash") != NULL &&
                                 !(lint.kind == ZC_GTA_LINT_MODEL_TOO_LARGE &&
                                   lint.game == ZC_GTA_GAME_SA)));
        /* The snprintf contract, on a copy of the walk taken before the first lint. */
        if (n == 0) {
            zc_gta_lint again;
            CHECK_STATUS(zc_gta_lints_next(&copy, &again, tiny, sizeof tiny), ZC_STATUS_OK);
            CHECK(again.offset == lint.offset && again.kind == lint.kind);
            CHECK(again.message_len == lint.message_len && strlen(tiny) == sizeof tiny - 1);
            CHECK(strncmp(tiny, text, sizeof tiny - 1) == 0);
        }
        n++;
        if (n > 64)
            break;
    }
    CHECK(n <= 16);
    if (n <= 16) {
        CHECK_STATUS(status, ZC_STATUS_END);
        /* It stays ended. */
        CHECK_STATUS(zc_gta_lints_next(&lints, &lint, NULL, 0), ZC_STATUS_END);
    }
    return n;
}

/* Every accessor of a model, every item, one past the end of each section. */
static void walk_model(const zc_gta_model *model) {
    zc_gta_model_info info;
    const uint8_t *name;
    size_t name_len, i;
    zc_gta_sphere sphere;
    zc_gta_box box;
    zc_gta_line line;
    zc_gta_face face;
    zc_gta_face_group group;
    float v[3];
    CHECK_STATUS(zc_gta_model_describe(model, &info), ZC_STATUS_OK);
    CHECK(info.version == model->version && info.version >= 1 && info.version <= 4);
    /* COL2+ derive the vertex count (kept in the view); COLL stores it. */
    CHECK(info.version == ZC_GTA_COLL || info.vertices == model->vertex_count);
    CHECK(info.shadow_vertices == model->shadow_vertex_count);
    CHECK(info.declared_len == (uint64_t)info.size + 8);
    CHECK(info.truncated || info.declared_len == model->len + info.unparsed_tail ||
          info.declared_len == model->len);
    CHECK_STATUS(zc_gta_model_name(model, &name, &name_len), ZC_STATUS_OK);
    CHECK(name_len <= 24 && memchr(name, 0, name_len) == NULL);
    CHECK(name >= model->buffer + model->offset + 8 || name_len == 0);
    for (i = 0; i < info.spheres; i++)
        CHECK_STATUS(zc_gta_model_sphere(model, i, &sphere), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_model_sphere(model, info.spheres, &sphere), ZC_STATUS_OUT_OF_RANGE);
    for (i = 0; i < info.boxes; i++)
        CHECK_STATUS(zc_gta_model_box(model, i, &box), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_model_box(model, info.boxes, &box), ZC_STATUS_OUT_OF_RANGE);
    for (i = 0; i < info.lines; i++) {
        CHECK_STATUS(zc_gta_model_line(model, i, &line), ZC_STATUS_OK);
        CHECK(line.has_radii == (info.version != ZC_GTA_COLL));
    }
    CHECK_STATUS(zc_gta_model_line(model, info.lines, &line), ZC_STATUS_OUT_OF_RANGE);
    for (i = 0; i < info.vertices; i++)
        CHECK_STATUS(zc_gta_model_vertex(model, i, v), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_model_vertex(model, info.vertices, v), ZC_STATUS_OUT_OF_RANGE);
    for (i = 0; i < info.faces; i++) {
        CHECK_STATUS(zc_gta_model_face(model, i, &face), ZC_STATUS_OK);
        /* Validated at parse time: every index names a vertex. */
        CHECK(face.indices[0] < info.vertices && face.indices[1] < info.vertices &&
              face.indices[2] < info.vertices);
        CHECK(face.compact == (info.version != ZC_GTA_COLL));
    }
    CHECK_STATUS(zc_gta_model_face(model, info.faces, &face), ZC_STATUS_OUT_OF_RANGE);
    for (i = 0; i < info.face_groups; i++) {
        CHECK_STATUS(zc_gta_model_face_group(model, i, &group), ZC_STATUS_OK);
        CHECK(group.first <= group.last && group.last < info.faces);
    }
    CHECK_STATUS(zc_gta_model_face_group(model, info.face_groups, &group),
                 ZC_STATUS_OUT_OF_RANGE);
    for (i = 0; i < info.shadow_vertices; i++)
        CHECK_STATUS(zc_gta_model_shadow_vertex(model, i, v), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_model_shadow_vertex(model, info.shadow_vertices, v),
                 ZC_STATUS_OUT_OF_RANGE);
    for (i = 0; i < info.shadow_faces; i++) {
        CHECK_STATUS(zc_gta_model_shadow_face(model, i, &face), ZC_STATUS_OK);
        CHECK(face.indices[0] < info.shadow_vertices && face.indices[1] < info.shadow_vertices &&
              face.indices[2] < info.shadow_vertices);
    }
    CHECK_STATUS(zc_gta_model_shadow_face(model, info.shadow_faces, &face),
                 ZC_STATUS_OUT_OF_RANGE);
    walk_lints(model, 0);
    walk_lints(model, 1);
}

static unsigned long replayed, models_read, skipped_read, dffs_read;

/* One file through every read entry point, strict and lenient. */
static void replay(const char *path, const unsigned char *bytes, size_t len) {
    uint32_t mode;
    (void)path;
    replayed++;
    for (mode = 0; mode < MODES; mode++) {
        zc_gta_models walk;
        zc_gta_model model;
        zc_gta_recover recover;
        zc_gta_recovered step;
        zc_gta_dff dff;
        zc_error err;
        zc_status status;
        unsigned long walked = 0, recovered = 0, skipped = 0;

        if (zc_gta_model_parse(bytes, len, mode, &model, &err) == ZC_STATUS_OK)
            walk_model(&model);
        else
            CHECK(err.format == ZC_FORMAT_GTA_COL && err.offset <= len);

        CHECK_STATUS(zc_gta_models_begin(bytes, len, mode, &walk), ZC_STATUS_OK);
        while ((status = zc_gta_models_next(&walk, &model, &err)) == ZC_STATUS_OK) {
            walk_model(&model);
            walked++;
        }
        CHECK(status == ZC_STATUS_END || status == ZC_STATUS_MALFORMED);
        models_read += walked;

        CHECK_STATUS(zc_gta_recover_begin(bytes, len, mode, &recover), ZC_STATUS_OK);
        while ((status = zc_gta_recover_next(&recover, &step)) == ZC_STATUS_OK) {
            if (step.kind == ZC_GTA_RECOVERED_MODEL) {
                CHECK(step.offset == step.model.offset && step.len == step.model.len);
                walk_model(&step.model);
                recovered++;
            } else {
                CHECK(step.kind == ZC_GTA_RECOVERED_SKIPPED);
                CHECK(step.len > 0 && step.offset + step.len <= len);
                CHECK(step.error.format == ZC_FORMAT_GTA_COL);
                CHECK(zc_error_message(&step.error, NULL, 0) > 0);
                skipped++;
            }
        }
        CHECK_STATUS(status, ZC_STATUS_END);
        /* Until the first error, recovery reads what the walk reads. */
        CHECK(recovered >= walked);
        models_read += recovered;
        skipped_read += skipped;

        if (zc_gta_dff_parse(bytes, len, mode, &dff, &err) == ZC_STATUS_OK) {
            dffs_read++;
            CHECK(dff.clump_offset < len);
            if (dff.payload == ZC_GTA_DFF_MODEL) {
                CHECK_STATUS(zc_gta_dff_model(&dff, &model), ZC_STATUS_OK);
                CHECK(model.offset == dff.payload_offset);
                walk_model(&model);
            } else if (dff.payload == ZC_GTA_DFF_HEADERLESS) {
                size_t needed = 0;
                unsigned char *scratch;
                CHECK_STATUS(zc_gta_dff_frame(&dff, NULL, 0, &needed, NULL, NULL),
                             ZC_STATUS_BUFFER_TOO_SMALL);
                CHECK(needed == dff.payload_len + ZC_GTA_DFF_FRAME_LEN);
                scratch = malloc(needed + 1);
                if (zc_gta_dff_frame(&dff, scratch, needed, NULL, &model, &err) == ZC_STATUS_OK)
                    walk_model(&model);
                else
                    CHECK(err.format == ZC_FORMAT_DFF);
                free(scratch);
            } else {
                CHECK(dff.payload == ZC_GTA_DFF_NONE);
                CHECK_STATUS(zc_gta_dff_model(&dff, &model), ZC_STATUS_NOT_FOUND);
            }
        } else {
            CHECK(err.format == ZC_FORMAT_DFF && err.offset <= len);
        }
    }
}

/* The sample library, as `zerocol dump samples/sample.col` prints it. */
static void sample_col(const unsigned char *col, size_t len) {
    static const char *names[4] = {"bollard_iii", "lamppost_sa", "crate_ps2", "empty_col3"};
    static const uint64_t offsets[4] = {0, 428, 832, 996};
    static const uint32_t versions[4] = {ZC_GTA_COLL, ZC_GTA_COL3, ZC_GTA_COL2, ZC_GTA_COL3};
    static const uint32_t faces[4] = {12, 12, 0, 0};
    zc_gta_models walk;
    zc_gta_model models[4], model;
    zc_gta_model_info info;
    zc_gta_sphere sphere;
    zc_gta_box box;
    zc_gta_face face;
    zc_gta_face_group group;
    const uint8_t *name;
    size_t name_len;
    float v[3];
    zc_error err;
    int i;

    CHECK(len == 1116);
    CHECK_STATUS(zc_gta_models_begin(col, len, ZC_MODE_STRICT, &walk), ZC_STATUS_OK);
    for (i = 0; i < 4; i++) {
        CHECK_STATUS(zc_gta_models_next(&walk, &models[i], &err), ZC_STATUS_OK);
        CHECK(models[i].offset == offsets[i] && models[i].version == versions[i]);
        CHECK_STATUS(zc_gta_model_name(&models[i], &name, &name_len), ZC_STATUS_OK);
        CHECK(name_len == strlen(names[i]) && memcmp(name, names[i], name_len) == 0);
        /* Zero-copy: the name lies in the caller's buffer. */
        CHECK(name == col + offsets[i] + 8);
        CHECK_STATUS(zc_gta_model_describe(&models[i], &info), ZC_STATUS_OK);
        CHECK(info.faces == faces[i]);
        CHECK(walk_lints(&models[i], 0) == 0);
    }
    CHECK_STATUS(zc_gta_models_next(&walk, &model, &err), ZC_STATUS_END);

    /* bollard_iii: COLL. */
    CHECK_STATUS(zc_gta_model_describe(&models[0], &info), ZC_STATUS_OK);
    CHECK(info.size == 420 && info.declared_len == 428 && info.model_id == 0);
    CHECK(info.flags == 0 && info.has_col4_extra == 0 && info.truncated == 0);
    CHECK(info.material_game == ZC_GTA_GAME_III_VC);
    CHECK(eq3(info.bounds.min, -1.75f, -5.5f, 0.25f) && eq3(info.bounds.max, 4.75f, 1.125f, 6.625f));
    CHECK(eq3(info.bounds.center, 1.5f, -2.25f, 3.0f) && info.bounds.radius == 6.125f);
    CHECK(info.spheres == 1 && info.boxes == 1 && info.lines == 0 && info.vertices == 8);
    CHECK(info.face_groups == 0 && info.shadow_vertices == 0 && info.shadow_faces == 0);
    CHECK_STATUS(zc_gta_model_sphere(&models[0], 0, &sphere), ZC_STATUS_OK);
    CHECK(eq3(sphere.center, 1.25f, -2.0f, 3.5f) && sphere.radius == 2.75f);
    CHECK(sphere.surface.material == 6 && sphere.surface.flag == 1 &&
          sphere.surface.brightness == 200 && sphere.surface.light == 58);
    CHECK_STATUS(zc_gta_model_box(&models[0], 0, &box), ZC_STATUS_OK);
    CHECK(eq3(box.min, -1.5f, -5.25f, 0.5f) && eq3(box.max, 4.25f, 0.875f, 6.375f));
    CHECK(box.surface.material == 9 && box.surface.light == 75);
    CHECK_STATUS(zc_gta_model_vertex(&models[0], 0, v), ZC_STATUS_OK);
    CHECK(eq3(v, -0.625f, -3.375f, 0.75f));
    CHECK_STATUS(zc_gta_model_face(&models[0], 0, &face), ZC_STATUS_OK);
    CHECK(face.indices[0] == 0 && face.indices[1] == 2 && face.indices[2] == 3);
    CHECK(face.compact == 0 && face.surface.material == 12 && face.surface.flag == 3 &&
          face.surface.brightness == 99 && face.surface.light == 92);
    CHECK(face.day == 12 && face.night == 5);
    CHECK_STATUS(zc_gta_model_face(&models[0], 11, &face), ZC_STATUS_OK);
    CHECK(face.indices[0] == 1 && face.indices[1] == 7 && face.indices[2] == 5);

    /* lamppost_sa: COL3, face groups and a shadow mesh. */
    CHECK_STATUS(zc_gta_model_describe(&models[1], &info), ZC_STATUS_OK);
    CHECK(info.size == 396 && info.model_id == 1294 && info.flags == 26);
    CHECK(info.material_game == ZC_GTA_GAME_SA);
    CHECK(eq3(info.bounds.min, -3.5f, -2.75f, -0.375f) && info.bounds.radius == 9.25f);
    CHECK(info.spheres == 2 && info.boxes == 1 && info.vertices == 8 && info.faces == 12);
    CHECK(info.face_groups == 1 && info.shadow_vertices == 4 && info.shadow_faces == 2);
    CHECK_STATUS(zc_gta_model_sphere(&models[1], 1, &sphere), ZC_STATUS_OK);
    CHECK(eq3(sphere.center, 0.75f, 2.125f, 7.5f) && sphere.radius == 0.875f);
    CHECK(sphere.surface.material == 14 && sphere.surface.flag == 4);
    CHECK_STATUS(zc_gta_model_vertex(&models[1], 7, v), ZC_STATUS_OK);
    CHECK(eq3(v, 2.25f, 3.625f, 7.25f));
    CHECK_STATUS(zc_gta_model_face(&models[1], 0, &face), ZC_STATUS_OK);
    CHECK(face.compact == 1 && face.surface.material == 16 && face.surface.light == 126);
    CHECK(face.surface.flag == 0 && face.day == 14 && face.night == 7);
    CHECK_STATUS(zc_gta_model_face_group(&models[1], 0, &group), ZC_STATUS_OK);
    CHECK(eq3(group.min, -1.0f, -0.75f, 0.125f) && eq3(group.max, 2.25f, 3.625f, 7.25f));
    CHECK(group.first == 0 && group.last == 11);
    CHECK_STATUS(zc_gta_model_shadow_vertex(&models[1], 0, v), ZC_STATUS_OK);
    CHECK(eq3(v, -2.5f, -1.25f, 0.0625f));
    CHECK_STATUS(zc_gta_model_shadow_face(&models[1], 0, &face), ZC_STATUS_OK);
    CHECK(face.indices[0] == 0 && face.indices[1] == 1 && face.indices[2] == 2);
    CHECK(face.surface.material == 17 && face.surface.light == 143 && face.day == 15 &&
          face.night == 8);

    /* crate_ps2: COL2, two boxes. */
    CHECK_STATUS(zc_gta_model_describe(&models[2], &info), ZC_STATUS_OK);
    CHECK(info.model_id == 3 && info.flags == 2 && info.boxes == 2 && info.vertices == 0);
    CHECK_STATUS(zc_gta_model_box(&models[2], 1, &box), ZC_STATUS_OK);
    CHECK(eq3(box.min, -0.875f, -2.125f, 1.5f) && eq3(box.max, 1.625f, 0.625f, 2.625f));
    CHECK(box.surface.material == 20 && box.surface.flag == 1 && box.surface.brightness == 140 &&
          box.surface.light == 61);
    CHECK_STATUS(zc_gta_model_box(&models[2], 2, &box), ZC_STATUS_OUT_OF_RANGE);

    /* zc_gta_model_parse reads the model at the start of a buffer. */
    CHECK_STATUS(zc_gta_model_parse(col + 428, len - 428, ZC_MODE_STRICT, &model, &err),
                 ZC_STATUS_OK);
    CHECK(model.offset == 0 && model.len == 404 && model.version == ZC_GTA_COL3);

    /* Lenient: the first model with a size 4 bytes past the buffer reads, tolerated. */
    {
        zc_gta_lints lints;
        zc_gta_lint lint;
        char text[512];
        unsigned char grown[428];
        memcpy(grown, col, sizeof grown);
        put_u32(grown + 4, 424);
        CHECK_STATUS(zc_gta_check(grown, sizeof grown, ZC_MODE_STRICT, NULL, &err),
                     ZC_STATUS_MALFORMED);
        CHECK(err.kind == ZC_GTA_ERROR_SIZE_PAST_END && err.lenient_readable == 1);
        CHECK_STATUS(zc_gta_model_parse(grown, sizeof grown, ZC_MODE_LENIENT, &model, &err),
                     ZC_STATUS_OK);
        CHECK_STATUS(zc_gta_model_describe(&model, &info), ZC_STATUS_OK);
        CHECK(info.truncated == 1 && model.len == 428 && info.declared_len == 432);
        CHECK_STATUS(zc_gta_lints_begin(&model, 1, &lints), ZC_STATUS_OK);
        CHECK_STATUS(zc_gta_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_OK);
        CHECK(lint.kind == ZC_GTA_LINT_SIZE_PAST_END && lint.tolerated == 1);
        CHECK(lint.offset == 4 && lint.count == 428 && lint.game == ZC_GTA_GAME_NONE);
        CHECK(strcmp(text, "byte 4 (0x4): model declares 432 bytes but the file holds only "
                           "428: the game reads past the end of the file, which is harmless "
                           "here as every section lies inside; rewrite the model (`convert`) "
                           "to fix its size") == 0);
        CHECK_STATUS(zc_gta_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_END);
        CHECK(walk_lints(&model, 0) == 1);
    }

    /* Materials and light. */
    {
        char text[32];
        size_t n = 0;
        uint8_t day = 0, night = 0;
        CHECK_STATUS(zc_gta_material_name(ZC_GTA_GAME_III_VC, 2, text, sizeof text, &n),
                     ZC_STATUS_OK);
        CHECK(strcmp(text, "GRASS") == 0 && n == 5);
        CHECK_STATUS(zc_gta_material_name(ZC_GTA_GAME_SA, 2, text, sizeof text, NULL),
                     ZC_STATUS_OK);
        CHECK(strcmp(text, "TARMAC_FUCKED") == 0);
        CHECK_STATUS(zc_gta_material_name(ZC_GTA_GAME_SA, 2, text, 4, &n), ZC_STATUS_OK);
        CHECK(strcmp(text, "TAR") == 0 && n == 13);
        CHECK_STATUS(zc_gta_material_name(ZC_GTA_GAME_SA, 2, NULL, 0, &n), ZC_STATUS_OK);
        CHECK(n == 13);
        CHECK_STATUS(zc_gta_material_name(ZC_GTA_GAME_SA, 179, text, sizeof text, &n),
                     ZC_STATUS_NOT_FOUND);
        CHECK_STATUS(zc_gta_material_name(ZC_GTA_GAME_SA, 300, text, sizeof text, &n),
                     ZC_STATUS_NOT_FOUND);
        CHECK_STATUS(zc_gta_material_name(ZC_GTA_GAME_ALL, 2, text, sizeof text, &n),
                     ZC_STATUS_NOT_FOUND);
        CHECK_STATUS(zc_gta_material_name(9, 2, text, sizeof text, &n),
                     ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_gta_material_name(ZC_GTA_GAME_SA, 2, NULL, 8, &n),
                     ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_day_night(0x8f, &day, &night), ZC_STATUS_OK);
        CHECK(day == 15 && night == 8);
        CHECK_STATUS(zc_gta_day_night(0x8f, NULL, NULL), ZC_STATUS_OK);
    }

    /* Hostile arguments on the accessors. */
    {
        zc_gta_model forged = models[1], zero;
        zc_gta_lints lints;
        zc_gta_lint lint;
        memset(&zero, 0, sizeof zero);
        forged.offset += 1;
        CHECK_STATUS(zc_gta_model_describe(&forged, &info), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_gta_model_describe(&zero, &info), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_gta_model_describe(NULL, &info), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_model_describe(&models[1], NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_model_name(&models[1], NULL, &name_len), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_model_name(&models[1], &name, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_model_name(&zero, &name, &name_len), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_gta_model_sphere(&models[1], SIZE_MAX, &sphere), ZC_STATUS_OUT_OF_RANGE);
        CHECK_STATUS(zc_gta_model_sphere(&models[1], 0, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_model_vertex(&models[1], 0, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_model_face(&forged, 0, &face), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_gta_model_shadow_vertex(&models[0], 0, v), ZC_STATUS_OUT_OF_RANGE);
        CHECK_STATUS(zc_gta_model_face_group(&models[0], 0, &group), ZC_STATUS_OUT_OF_RANGE);
        CHECK_STATUS(zc_gta_lints_begin(&models[1], 2, &lints), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_gta_lints_begin(&zero, 0, &lints), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_gta_lints_begin(&models[1], 0, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_lints_begin(&models[1], 0, &lints), ZC_STATUS_OK);
        CHECK_STATUS(zc_gta_lints_next(&lints, NULL, NULL, 0), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_lints_next(&lints, &lint, NULL, 8), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_gta_lints_next(&lints, &lint, (char *)v, SIZE_MAX),
                     ZC_STATUS_INVALID_ARGUMENT);
        lints.position = 3;
        CHECK_STATUS(zc_gta_lints_next(&lints, &lint, NULL, 0), ZC_STATUS_INVALID_ARGUMENT);
        memset(&lints, 0, sizeof lints);
        CHECK_STATUS(zc_gta_lints_next(&lints, &lint, NULL, 0), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_gta_lints_next(NULL, &lint, NULL, 0), ZC_STATUS_NULL_ARGUMENT);
    }
}

/* A file with engine-limit lints (a fuzz corpus file, its values as `zerocol check`
 * prints them). */
static void lints_of(const char *root) {
    size_t len;
    unsigned char *bytes =
        read_file(root, "fuzz/corpus/gta/84fa62c6c503082404048864851b3857f31b69f1", &len);
    zc_gta_models walk;
    zc_gta_model model;
    zc_gta_lints lints;
    zc_gta_lint lint;
    zc_error err;
    char text[1024], small[16];
    const uint8_t *name;
    size_t name_len;
    CHECK_STATUS(zc_gta_models_begin(bytes, len, ZC_MODE_STRICT, &walk), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_models_next(&walk, &model, &err), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_model_name(&model, &name, &name_len), ZC_STATUS_OK);
    CHECK(name_len == 9 && memcmp(name, "full_coll", 9) == 0);
    CHECK_STATUS(zc_gta_lints_begin(&model, 0, &lints), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_OK);
    CHECK(lint.kind == ZC_GTA_LINT_VERTEX_OUTSIDE_FIXED_POINT && lint.offset == 276);
    CHECK(lint.first == 2 && lint.count == 1 && lint.tolerated == 0);
    CHECK(lint.game == ZC_GTA_GAME_SA && lint.section == ZC_GTA_SECTION_VERTICES);
    CHECK(strcmp(text, "byte 276 (0x114): 1 vertices (first #2) lie outside -256..256: GTA SA "
                       "loads COLL vertices as 16-bit 1/128 fixed point, so these wrap to the "
                       "far side (and COL2+ cannot store them); keep the mesh within 256 units "
                       "of the model's origin") == 0);
    CHECK(lint.message_len == strlen(text));
    CHECK_STATUS(zc_gta_lints_next(&lints, &lint, small, sizeof small), ZC_STATUS_OK);
    CHECK(lint.kind == ZC_GTA_LINT_OUTSIDE_BOUNDS && lint.offset == 32);
    CHECK(lint.game == ZC_GTA_GAME_ALL && lint.section == ZC_GTA_SECTION_SPHERES);
    CHECK(lint.first == 0 && lint.count == 11);
    CHECK(strcmp(small, "byte 32 (0x20): ") == 0 || strlen(small) == sizeof small - 1);
    CHECK(strncmp(small, "byte 32 (0x20):", sizeof small - 1) == 0);
    CHECK(lint.message_len > sizeof small);
    CHECK_STATUS(zc_gta_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_END);
    CHECK_STATUS(zc_gta_lints_begin(&model, 1, &lints), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_END);
    free(bytes);
}

/* vehicle.dff, a hand-built headerless .dff and one without collision. */
static void dffs(const unsigned char *dff_bytes, size_t dff_len) {
    zc_gta_dff dff, forged;
    zc_gta_model model;
    zc_gta_model_info info;
    zc_gta_sphere sphere;
    zc_error err;
    const uint8_t *name;
    size_t name_len, needed = 0;
    unsigned char bytes[12 * 3 + 80], scratch[200], clump[12];
    unsigned char *p;

    CHECK(zc_sniff(dff_bytes, dff_len) == ZC_FORMAT_DFF);
    CHECK_STATUS(zc_gta_dff_parse(dff_bytes, dff_len, ZC_MODE_STRICT, &dff, &err), ZC_STATUS_OK);
    CHECK(dff.payload == ZC_GTA_DFF_MODEL && dff.clump_offset == 0);
    CHECK(dff.collision_offset == 48 && dff.payload_offset == 60 && dff.payload_len == 404);
    CHECK(dff.has_extension == 1 && dff.short_clump == 0);
    CHECK_STATUS(zc_gta_dff_model(&dff, &model), ZC_STATUS_OK);
    CHECK(model.offset == 60 && model.version == ZC_GTA_COL3 && model.buffer == dff_bytes);
    CHECK_STATUS(zc_gta_model_name(&model, &name, &name_len), ZC_STATUS_OK);
    CHECK(name_len == 11 && memcmp(name, "lamppost_sa", 11) == 0);
    CHECK_STATUS(zc_gta_model_describe(&dff.model, &info), ZC_STATUS_OK);
    CHECK(info.faces == 12 && info.shadow_faces == 2 && info.model_id == 1294);
    CHECK_STATUS(zc_gta_dff_frame(&dff, scratch, sizeof scratch, &needed, &model, &err),
                 ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_gta_dff_parse(dff_bytes, dff_len, ZC_MODE_LENIENT, &dff, &err), ZC_STATUS_OK);
    /* A .col is not a .dff. */
    CHECK_STATUS(zc_gta_dff_parse(dff_bytes + 60, 404, ZC_MODE_STRICT, &dff, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_DFF && err.kind == ZC_GTA_ERROR_DFF_CHUNK_PAST_PARENT);
    CHECK(err.offset == 0);
    /* Cut inside the model: the embedded model's error, at its place in the .dff. */
    CHECK_STATUS(zc_gta_dff_parse(dff_bytes, 100, ZC_MODE_STRICT, &dff, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_DFF && err.kind == ZC_GTA_ERROR_DFF_CHUNK_PAST_PARENT);

    /* Headerless: Clump > Extension > collision plugin holding a COLL body (bounds, one
     * sphere, empty lines, boxes, vertices and faces) with no FourCC, size or name. */
    memset(bytes, 0, sizeof bytes);
    p = bytes;
    put_u32(p, 0x10), put_u32(p + 4, 12 + 12 + 80), put_u32(p + 8, 0x1803ffff);
    p += 12;
    put_u32(p, 0x03), put_u32(p + 4, 12 + 80), put_u32(p + 8, 0x1803ffff);
    p += 12;
    put_u32(p, 0x0253f2fa), put_u32(p + 4, 80), put_u32(p + 8, 0x1803ffff);
    p += 12;
    put_f32(p, 2.0f);                                        /* radius; centre 0 */
    put_f32(p + 16, -1.0f), put_f32(p + 20, -1.0f), put_f32(p + 24, -1.0f); /* min */
    put_f32(p + 28, 1.0f), put_f32(p + 32, 1.0f), put_f32(p + 36, 1.0f);    /* max */
    put_u32(p + 40, 1);                                      /* one sphere */
    put_f32(p + 44, 0.5f);                                   /* radius; centre 0 */
    p[60] = 3, p[63] = 0x21;                                 /* material 3, light */
    CHECK_STATUS(zc_gta_dff_parse(bytes, sizeof bytes, ZC_MODE_STRICT, &dff, &err), ZC_STATUS_OK);
    CHECK(dff.payload == ZC_GTA_DFF_HEADERLESS && dff.payload_offset == 36 &&
          dff.payload_len == 80);
    CHECK_STATUS(zc_gta_dff_model(&dff, &model), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_gta_model_describe(&dff.model, &info), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_dff_frame(&dff, NULL, 0, &needed, NULL, NULL), ZC_STATUS_BUFFER_TOO_SMALL);
    CHECK(needed == 112);
    needed = 0;
    CHECK_STATUS(zc_gta_dff_frame(&dff, scratch, 111, &needed, &model, &err),
                 ZC_STATUS_BUFFER_TOO_SMALL);
    CHECK(needed == 112);
    CHECK_STATUS(zc_gta_dff_frame(&dff, scratch, sizeof scratch, &needed, &model, &err),
                 ZC_STATUS_OK);
    CHECK(model.buffer == scratch && model.offset == 0 && model.len == 112);
    CHECK(model.version == ZC_GTA_COLL && memcmp(scratch, "COLL", 4) == 0);
    CHECK_STATUS(zc_gta_model_name(&model, &name, &name_len), ZC_STATUS_OK);
    CHECK(name_len == 0);
    CHECK_STATUS(zc_gta_model_describe(&model, &info), ZC_STATUS_OK);
    CHECK(info.spheres == 1 && info.faces == 0 && info.bounds.radius == 2.0f);
    CHECK_STATUS(zc_gta_model_sphere(&model, 0, &sphere), ZC_STATUS_OK);
    CHECK(sphere.radius == 0.5f && sphere.surface.material == 3 && sphere.surface.light == 0x21);
    CHECK_STATUS(zc_gta_dff_frame(&dff, scratch, sizeof scratch, NULL, NULL, &err),
                 ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_dff_frame(&dff, NULL, sizeof scratch, NULL, &model, &err),
                 ZC_STATUS_NULL_ARGUMENT);
    /* A damaged body: the framed model's error, at its place in the .dff. */
    put_u32(bytes + 36 + 40, 1000);
    CHECK_STATUS(zc_gta_dff_parse(bytes, sizeof bytes, ZC_MODE_STRICT, &dff, &err), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_dff_frame(&dff, scratch, sizeof scratch, NULL, &model, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_DFF && (err.kind == ZC_GTA_ERROR_COUNT_PAST_MODEL_END ||
                                          err.kind == ZC_GTA_ERROR_SECTION_PAST_MODEL_END));
    CHECK(err.offset >= 36 && err.offset < sizeof bytes);

    /* A Clump with nothing in it: a .dff without collision. */
    put_u32(clump, 0x10), put_u32(clump + 4, 0), put_u32(clump + 8, 0x1803ffff);
    CHECK_STATUS(zc_gta_dff_parse(clump, sizeof clump, ZC_MODE_STRICT, &dff, &err), ZC_STATUS_OK);
    CHECK(dff.payload == ZC_GTA_DFF_NONE && dff.has_extension == 0);
    CHECK_STATUS(zc_gta_dff_model(&dff, &model), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_gta_dff_frame(&dff, scratch, sizeof scratch, NULL, &model, &err),
                 ZC_STATUS_NOT_FOUND);

    /* Hostile. */
    CHECK_STATUS(zc_gta_dff_parse(NULL, 12, ZC_MODE_STRICT, &dff, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_dff_parse(clump, SIZE_MAX, ZC_MODE_STRICT, &dff, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_dff_parse(clump, sizeof clump, 2, &dff, &err), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_dff_parse(clump, sizeof clump, ZC_MODE_STRICT, NULL, &err),
                 ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_dff_parse(NULL, 0, ZC_MODE_STRICT, &dff, &err), ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_GTA_ERROR_TRUNCATED);
    forged = dff;
    forged.payload = ZC_GTA_DFF_HEADERLESS;
    CHECK_STATUS(zc_gta_dff_frame(&forged, scratch, sizeof scratch, NULL, &model, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    memset(&forged, 0, sizeof forged);
    CHECK_STATUS(zc_gta_dff_model(&forged, &model), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_dff_model(NULL, &model), ZC_STATUS_NULL_ARGUMENT);
}

/* recover: the sample with 8 bytes of junk after its first model. */
static void recovery(const unsigned char *col, size_t len) {
    unsigned char *damaged = malloc(len + 8);
    zc_gta_recover iter, zero;
    zc_gta_recovered step;
    zc_gta_models walk;
    zc_gta_model model;
    zc_error err;
    static const uint64_t offsets[5] = {0, 428, 436, 840, 1004};
    int i;
    memcpy(damaged, col, 428);
    memcpy(damaged + 428, "XXXXXXXX", 8);
    memcpy(damaged + 436, col + 428, len - 428);
    /* The strict walk stops at the junk. */
    CHECK_STATUS(zc_gta_models_begin(damaged, len + 8, ZC_MODE_STRICT, &walk), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_models_next(&walk, &model, &err), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_models_next(&walk, &model, &err), ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_GTA_ERROR_UNKNOWN_FOUR_CC && err.offset == 428);
    /* Recovery steps over it and finds the three models after. */
    CHECK_STATUS(zc_gta_recover_begin(damaged, len + 8, ZC_MODE_STRICT, &iter), ZC_STATUS_OK);
    for (i = 0; i < 5; i++) {
        CHECK_STATUS(zc_gta_recover_next(&iter, &step), ZC_STATUS_OK);
        CHECK(step.offset == offsets[i]);
        if (i == 1) {
            CHECK(step.kind == ZC_GTA_RECOVERED_SKIPPED && step.len == 8);
            CHECK(step.error.kind == ZC_GTA_ERROR_UNKNOWN_FOUR_CC && step.error.offset == 428);
            CHECK(strstr(message_of(&step.error), "byte 428") != NULL);
        } else {
            CHECK(step.kind == ZC_GTA_RECOVERED_MODEL && step.model.offset == offsets[i]);
            walk_model(&step.model);
        }
    }
    CHECK_STATUS(zc_gta_recover_next(&iter, &step), ZC_STATUS_END);
    CHECK_STATUS(zc_gta_recover_next(&iter, &step), ZC_STATUS_END);
    /* Hostile. */
    CHECK_STATUS(zc_gta_recover_begin(NULL, 4, ZC_MODE_STRICT, &iter), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_recover_begin(damaged, SIZE_MAX, ZC_MODE_STRICT, &iter),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_recover_begin(damaged, len, 5, &iter), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_recover_begin(damaged, len, ZC_MODE_STRICT, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_recover_begin(damaged, len, ZC_MODE_STRICT, &iter), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_recover_next(&iter, NULL), ZC_STATUS_NULL_ARGUMENT);
    iter.budget += 1;
    CHECK_STATUS(zc_gta_recover_next(&iter, &step), ZC_STATUS_INVALID_ARGUMENT);
    memset(&zero, 0, sizeof zero);
    CHECK_STATUS(zc_gta_recover_next(&zero, &step), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_recover_next(NULL, &step), ZC_STATUS_NULL_ARGUMENT);
    /* The empty buffer: nothing to recover. */
    CHECK_STATUS(zc_gta_recover_begin(NULL, 0, ZC_MODE_LENIENT, &iter), ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_recover_next(&iter, &step), ZC_STATUS_END);
    free(damaged);
}

static void run(const char *root) {
    size_t col_len, dff_len;
    unsigned char *col = read_file(root, "samples/sample.col", &col_len);
    unsigned char *dff = read_file(root, "samples/vehicle.dff", &dff_len);
    unsigned long files;
    sample_col(col, col_len);
    lints_of(root);
    dffs(dff, dff_len);
    recovery(col, col_len);

    replay("samples/sample.col", col, col_len);
    replay("samples/vehicle.dff", dff, dff_len);
    files = for_each_file(root, "fuzz/corpus/gta", replay);
    files += for_each_file(root, "fuzz/corpus/any", replay);
    files += for_each_file(root, "tests/regressions/gta", replay);
    CHECK(files > 4000);
    CHECK(models_read > 500 && skipped_read > 0 && dffs_read > 0);
    printf("gta: replayed %lu files: %lu models, %lu skipped stretches, %lu .dff reads\n",
           replayed, models_read, skipped_read, dffs_read);
    free(col);
    free(dff);
}

HARNESS_MAIN
