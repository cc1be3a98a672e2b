/* list_img: lists a GTA IMG archive with zerocol's C API.
 *
 *   list_img [--lenient] ARCHIVE.img          a San Andreas (VER2) archive
 *   list_img [--lenient] GTA3.dir GTA3.img    a GTA III / Vice City pair
 *
 * Prints one line per entry the game reads, NAME<TAB>OFFSET<TAB>SIZE<TAB>KIND (offset
 * and size in bytes; kind from the extension: dff, txd, col, ..., other), and the
 * directory's lints on stderr. Exits 1 when the archive is malformed (the error, with
 * its offset, on stderr), 2 on a usage or I/O error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zerocol.h"

/* The whole file at path, in a malloc'd buffer (one byte more, so that an empty file
 * still has one); NULL on an error. */
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

int main(int argc, char **argv) {
    uint32_t mode = ZC_MODE_STRICT;
    int first = 1, files;
    unsigned char *dir = NULL, *img = NULL;
    size_t dir_len = 0, img_len = 0;
    zc_img_archive archive;
    zc_error err;
    zc_status status;
    zc_img_lints lints;
    zc_img_lint lint;
    uint32_t i;
    char text[ZC_MESSAGE_CAP + 1];

    if (argc > 1 && strcmp(argv[1], "--lenient") == 0) {
        mode = ZC_MODE_LENIENT;
        first = 2;
    }
    files = argc - first;
    if (files != 1 && files != 2) {
        fprintf(stderr, "usage: %s [--lenient] ARCHIVE.img | GTA3.dir GTA3.img\n", argv[0]);
        return 2;
    }
    dir = slurp(argv[first], &dir_len);
    if (!dir) {
        fprintf(stderr, "%s: cannot read\n", argv[first]);
        return 2;
    }
    if (files == 2) {
        img = slurp(argv[first + 1], &img_len);
        if (!img) {
            fprintf(stderr, "%s: cannot read\n", argv[first + 1]);
            free(dir);
            return 2;
        }
        status = zc_img_parse_v1(dir, dir_len, img, img_len, mode, &archive, &err);
    } else {
        status = zc_img_parse(dir, dir_len, mode, &archive, &err);
    }
    if (status != ZC_STATUS_OK) {
        if (status == ZC_STATUS_MALFORMED) {
            zc_error_message(&err, text, sizeof text);
            /* The message names the byte at fault (err.offset). */
            fprintf(stderr, "%s: %s\n", argv[first], text);
        } else {
            fprintf(stderr, "%s: %s\n", argv[first], zc_status_name((uint32_t)status));
        }
        free(dir);
        free(img);
        return 1;
    }

    for (i = 0; i < archive.directory.count; i++) {
        zc_img_entry entry;
        if (zc_img_directory_entry(&archive.directory, i, &entry) != ZC_STATUS_OK ||
            entry.skipped)
            continue;
        printf("%.*s\t%llu\t%llu\t%s\n", (int)entry.name_len, (const char *)entry.name,
               (unsigned long long)entry.offset, (unsigned long long)entry.size,
               zc_img_kind_name(entry.kind));
    }

    if (zc_img_lints_begin(&archive.directory, &lints) == ZC_STATUS_OK) {
        while (zc_img_lints_next(&lints, &lint) == ZC_STATUS_OK) {
            zc_img_lint_message(&lint, text, sizeof text);
            fprintf(stderr, "%s: byte %llu: %s%s\n", argv[first], (unsigned long long)lint.offset,
                    lint.tolerated ? "(tolerated) " : "", text);
        }
    }
    free(dir);
    free(img);
    return 0;
}
