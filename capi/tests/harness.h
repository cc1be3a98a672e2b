/* The C tests' shared helpers: checks that count, whole-file reads and a walk of the
 * files under a folder. Every test program includes it once, defines
 * `static void run(const char *root)` (root: the repository's top folder), and ends
 * with `HARNESS_MAIN`. */
#ifndef ZEROCOL_HARNESS_H
#define ZEROCOL_HARNESS_H

#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "zerocol.h"

static unsigned long harness_passed, harness_failed;

/* A check: counts a pass, or prints the failure with its place and counts it. */
#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (cond) {                                                                        \
            harness_passed++;                                                              \
        } else {                                                                           \
            harness_failed++;                                                              \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);       \
        }                                                                                  \
    } while (0)

/* A check of a status, naming both on failure. */
#define CHECK_STATUS(got, want)                                                            \
    do {                                                                                   \
        zc_status got_ = (got);                                                            \
        if (got_ == (want)) {                                                              \
            harness_passed++;                                                              \
        } else {                                                                           \
            harness_failed++;                                                              \
            fprintf(stderr, "%s:%d: %s is %s, not %s\n", __FILE__, __LINE__, #got,         \
                    zc_status_name((uint32_t)got_), zc_status_name((uint32_t)(want)));     \
        }                                                                                  \
    } while (0)

/* The whole file at root/rel (or at path when rel is NULL), in a malloc'd buffer that
 * the caller frees; exits on a read error (a test's input must exist). */
static inline unsigned char *read_file(const char *root, const char *rel, size_t *len) {
    char path[4096];
    FILE *f;
    long size;
    unsigned char *buf;
    if (rel)
        snprintf(path, sizeof path, "%s/%s", root, rel);
    else
        snprintf(path, sizeof path, "%s", root);
    f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    /* One byte more, so that an empty file still has a non-NULL buffer. */
    buf = malloc((size_t)size + 1);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    fclose(f);
    *len = (size_t)size;
    return buf;
}

/* Calls visit(path, bytes, len) for every regular file under root/rel, recursively, in
 * no particular order; returns how many files it visited. */
static inline unsigned long for_each_file(const char *root, const char *rel,
                                   void (*visit)(const char *, const unsigned char *, size_t)) {
    char path[4096];
    DIR *dir;
    struct dirent *ent;
    unsigned long count = 0;
    if (rel)
        snprintf(path, sizeof path, "%s/%s", root, rel);
    else
        snprintf(path, sizeof path, "%s", root);
    dir = opendir(path);
    if (!dir) {
        fprintf(stderr, "cannot open folder %s\n", path);
        exit(2);
    }
    while ((ent = readdir(dir)) != NULL) {
        char child[4096];
        struct stat st;
        if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
            continue;
        /* A path too long for the buffer is skipped (and GCC's -Wformat-truncation is
         * satisfied by the check). */
        if (snprintf(child, sizeof child, "%s/%s", path, ent->d_name) >= (int)sizeof child)
            continue;
        if (stat(child, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            count += for_each_file(child, NULL, visit);
        } else if (S_ISREG(st.st_mode)) {
            size_t len;
            unsigned char *bytes = read_file(child, NULL, &len);
            visit(child, bytes, len);
            free(bytes);
            count++;
        }
    }
    closedir(dir);
    return count;
}

/* The error's message, in a static buffer (for failure output). */
static inline const char *message_of(const zc_error *err) {
    static char text[ZC_MESSAGE_CAP + 1];
    zc_error_message(err, text, sizeof text);
    return text;
}

static void run(const char *root);

/* main: runs the test with the repository root (argv[1], default ".") and prints the
 * closing line "N passed, N failed" that CI reads. */
#define HARNESS_MAIN                                                                       \
    int main(int argc, char **argv) {                                                      \
        run(argc > 1 ? argv[1] : ".");                                                     \
        printf("%s: %lu passed, %lu failed\n", __FILE__, harness_passed, harness_failed); \
        return harness_failed == 0 ? 0 : 1;                                                \
    }

#endif
