/*
 * check: validate GTA collision before loading it, the way a runtime that hands the
 * buffer to its own loader (MTA's engineLoadCOL, re3's CFileLoader) would use zerocol.
 *
 *   check FILE...
 *
 * For each file, one line on stdout:
 *
 *   PATH<TAB>ok|malformed<TAB>MODELS<TAB>FACES
 *
 * read strictly (ZC_MODE_STRICT: what the games accept, every rule enforced):
 *   - a GTA .col library (it starts with COLL, COL2, COL3 or COL4): every model walked
 *     with zc_gta_models_next, then the bytes after the last (zero padding only).
 *     MODELS is the number of models, FACES the sum of their faces (the mesh's faces;
 *     shadow-mesh faces are not counted), as `zerocol check` and `zerocol dump` count
 *     them ("N models"; the length of each model's "faces").
 *   - a RenderWare .dff (it starts with a Clump or a UV animation dictionary): the
 *     collision model in the Clump's Extension, read with zc_gta_dff_parse. MODELS is
 *     1 and FACES its faces; a .dff without collision is ok with 0 and 0 (`zerocol
 *     check` says "dff, no collision model", `zerocol dump` lists no model). A PS2
 *     headerless payload is framed into a scratch buffer (zc_gta_dff_frame) first, as
 *     `zerocol` does.
 *   - anything else is malformed: a file zerocol does not recognise (empty, zero-filled,
 *     no known magic), and also a file of another format zerocol reads (MKGP, Grit,
 *     BattleForge, an IMG archive), which is not what this loader takes.
 *
 * A malformed file prints MODELS and FACES as 0 and 0: a strict read hands the loader
 * nothing (zerocol check and dump print no counts for it either), and its error goes to
 * stderr as `PATH: error: MESSAGE`, the message starting with the byte offset at fault
 * ("byte N (0xN): ..."), as `zerocol check` prints it.
 *
 * Exit status: 0 when every file is ok, 1 when one is malformed, 2 when one cannot be
 * read. Plain C99 with stdio; build against the static library and zerocol.h, e.g.
 *   cc -std=c99 -Icapi/include examples/c/check.c target/debug/libzerocol_capi.a \
 *      -lpthread -ldl -lm -o check
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zerocol.h"

/* The whole file, in a malloc'd buffer (one byte more, so that an empty file still has
 * one); NULL when it cannot be read. */
static unsigned char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    long size;
    unsigned char *buf;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = (size_t)size;
    return buf;
}

/* Prints `PATH: error: MESSAGE` on stderr. */
static void report(const char *path, const zc_error *err) {
    char message[ZC_MESSAGE_CAP + 1];
    zc_error_message(err, message, sizeof message);
    fprintf(stderr, "%s: error: %s\n", path, message);
}

/* A model's faces, added to *faces. */
static void add_faces(const zc_gta_model *model, unsigned long long *faces) {
    zc_gta_model_info info;
    if (zc_gta_model_describe(model, &info) == ZC_STATUS_OK)
        *faces += info.faces;
}

/* A .col library: 1 when it reads strictly, with its models and faces. */
static int check_col(const char *path, const unsigned char *bytes, size_t len,
                     unsigned long long *models, unsigned long long *faces) {
    zc_gta_models walk;
    zc_gta_model model;
    zc_error err;
    zc_status status;
    if (zc_gta_models_begin(bytes, len, ZC_MODE_STRICT, &walk) != ZC_STATUS_OK) {
        fprintf(stderr, "%s: error: cannot start the walk\n", path);
        return 0;
    }
    while ((status = zc_gta_models_next(&walk, &model, &err)) == ZC_STATUS_OK) {
        *models += 1;
        add_faces(&model, faces);
    }
    if (status != ZC_STATUS_END) {
        report(path, &err);
        return 0;
    }
    return 1;
}

/* A .dff: 1 when it reads strictly, with its model (0 or 1) and its faces. */
static int check_dff(const char *path, const unsigned char *bytes, size_t len,
                     unsigned long long *models, unsigned long long *faces) {
    zc_gta_dff dff;
    zc_gta_model model;
    zc_error err;
    size_t needed = 0;
    unsigned char *scratch;
    zc_status status;
    if (zc_gta_dff_parse(bytes, len, ZC_MODE_STRICT, &dff, &err) != ZC_STATUS_OK) {
        report(path, &err);
        return 0;
    }
    switch (dff.payload) {
    case ZC_GTA_DFF_NONE:
        return 1;
    case ZC_GTA_DFF_MODEL:
        *models = 1;
        add_faces(&dff.model, faces);
        return 1;
    case ZC_GTA_DFF_HEADERLESS:
        /* Ask for the scratch size, then frame the payload behind a COLL header. */
        if (zc_gta_dff_frame(&dff, NULL, 0, &needed, NULL, NULL) != ZC_STATUS_BUFFER_TOO_SMALL)
            return 0;
        scratch = malloc(needed);
        if (!scratch)
            return 0;
        status = zc_gta_dff_frame(&dff, scratch, needed, &needed, &model, &err);
        if (status == ZC_STATUS_OK) {
            *models = 1;
            add_faces(&model, faces);
        } else {
            report(path, &err);
        }
        free(scratch);
        return status == ZC_STATUS_OK;
    default:
        return 0;
    }
}

int main(int argc, char **argv) {
    int i, worst = 0;
    for (i = 1; i < argc; i++) {
        const char *path = argv[i];
        size_t len = 0;
        unsigned char *bytes = slurp(path, &len);
        unsigned long long models = 0, faces = 0;
        int ok = 0;
        uint32_t format;
        if (!bytes) {
            fprintf(stderr, "%s: cannot read the file\n", path);
            worst = 2;
            continue;
        }
        format = zc_sniff(bytes, len);
        if (format == ZC_FORMAT_GTA_COL) {
            ok = check_col(path, bytes, len, &models, &faces);
        } else if (format == ZC_FORMAT_DFF) {
            ok = check_dff(path, bytes, len, &models, &faces);
        } else if (format == ZC_FORMAT_NONE) {
            fprintf(stderr, "%s: error: unknown format: not a GTA .col or .dff\n", path);
        } else {
            fprintf(stderr, "%s: error: a %s file, not a GTA .col or .dff\n", path,
                    zc_format_name(format));
        }
        if (!ok)
            models = faces = 0;
        printf("%s\t%s\t%llu\t%llu\n", path, ok ? "ok" : "malformed", models, faces);
        if (!ok && worst < 1)
            worst = 1;
        free(bytes);
    }
    return worst;
}
