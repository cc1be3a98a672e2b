/* Line of sight over a GTA .col library, with the zerocol C API.
 *
 *   line_of_sight FILE.col x0 y0 z0 x1 y1 z1
 *
 * Prints whether the segment from (x0, y0, z0) to (x1, y1, z1) is blocked by any
 * model of the library (GTA is Z-up), and if so the model hit (its name and index),
 * where along the segment (t in [0, 1]), the point, the surface normal and the
 * surface's material id. Exit status: 0 clear, 1 blocked, 2 error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zerocol.h"

/* The whole file, in a malloc'd buffer (NULL on error). */
static unsigned char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long size;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)size + 1);
        if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
            free(buf);
            buf = NULL;
        }
        *len = (size_t)size;
    }
    fclose(f);
    return buf;
}

/* A model's name: the NUL-padded field after its FourCC and size (24 bytes in COLL,
 * 22 in COL2+, whose last two hold the model id), printable ASCII only. */
static void print_name(const zc_gta_model *m) {
    const unsigned char *name = m->buffer + m->offset + 8;
    size_t max = m->version == ZC_GTA_COLL ? 24 : 22, i;
    for (i = 0; i < max && name[i] != 0; i++)
        putchar(name[i] >= 0x20 && name[i] < 0x7f ? name[i] : '?');
}

static const char *primitive_name(uint32_t p) {
    switch (p) {
    case ZC_PRIMITIVE_SPHERE:
        return "sphere";
    case ZC_PRIMITIVE_BOX:
        return "box";
    case ZC_PRIMITIVE_FACE:
        return "face";
    default:
        return "primitive";
    }
}

int main(int argc, char **argv) {
    zc_segment seg;
    zc_hit hit;
    zc_gta_model model;
    zc_error err;
    uint64_t index = 0;
    unsigned char *bytes;
    size_t len = 0;
    int i;
    zc_status status;

    if (argc != 8) {
        fprintf(stderr, "usage: %s FILE.col x0 y0 z0 x1 y1 z1\n", argv[0]);
        return 2;
    }
    for (i = 0; i < 3; i++) {
        char *end0, *end1;
        seg.start[i] = strtof(argv[2 + i], &end0);
        seg.end[i] = strtof(argv[5 + i], &end1);
        if (*end0 != '\0' || *end1 != '\0' || end0 == argv[2 + i] || end1 == argv[5 + i]) {
            fprintf(stderr, "%s: not a number among the coordinates\n", argv[0]);
            return 2;
        }
    }
    bytes = slurp(argv[1], &len);
    if (!bytes) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]);
        return 2;
    }

    /* Lenient: what the game reads. Every model is validated, then cast at. */
    status = zc_gta_library_cast(bytes, len, ZC_MODE_LENIENT, &seg, &hit, &model, &index, &err);
    if (status == ZC_STATUS_NOT_FOUND) {
        printf("clear\n");
        free(bytes);
        return 0;
    }
    if (status != ZC_STATUS_OK) {
        char message[ZC_MESSAGE_CAP + 1];
        if (status == ZC_STATUS_MALFORMED) {
            zc_error_message(&err, message, sizeof message);
            fprintf(stderr, "%s: %s: %s\n", argv[0], argv[1], message);
        } else {
            fprintf(stderr, "%s: %s\n", argv[0], zc_status_name((uint32_t)status));
        }
        free(bytes);
        return 2;
    }
    printf("blocked by model %lu \"", (unsigned long)index);
    print_name(&model);
    printf("\" (%s %lu)\n", primitive_name(hit.primitive), (unsigned long)hit.index);
    printf("t        %g\n", (double)hit.t);
    printf("point    %g %g %g\n", (double)hit.point[0], (double)hit.point[1], (double)hit.point[2]);
    printf("normal   %g %g %g\n", (double)hit.normal[0], (double)hit.normal[1], (double)hit.normal[2]);
    printf("material %u\n", (unsigned)hit.material);
    free(bytes);
    return 1;
}
