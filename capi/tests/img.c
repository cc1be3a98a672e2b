/* GTA IMG archives through the C API: archives written from the samples (v2 and v1),
 * read back whole and streamed, entry lookup, entry bytes and models, lints, edits and
 * the writers' refusals; every fuzz corpus file and regression through every read
 * entry point in both modes; hostile arguments. The expected values are those of
 * tests/it/img/archive.rs (the Rust API on the same sources). */
#include "harness.h"

#define SECTOR 2048u

static const unsigned char *col_bytes;
static size_t col_len;
static const unsigned char *dff_bytes;
static size_t dff_len;

/* The four sources of tests/it/img/archive.rs. */
static size_t make_sources(zc_img_source *s) {
    static const char notes[] = "not loaded";
    s[0].name = (const uint8_t *)"sample.col";
    s[0].name_len = 10;
    s[0].data = col_bytes;
    s[0].len = col_len;
    s[1].name = (const uint8_t *)"VEHICLE.DFF";
    s[1].name_len = 11;
    s[1].data = dff_bytes;
    s[1].len = dff_len;
    s[2].name = (const uint8_t *)"empty.txd";
    s[2].name_len = 9;
    s[2].data = NULL;
    s[2].len = 0;
    s[3].name = (const uint8_t *)"notes.txt";
    s[3].name_len = 9;
    s[3].data = (const uint8_t *)notes;
    s[3].len = 10;
    return 4;
}

static int name_is(const zc_img_entry *e, const char *name) {
    return e->name_len == strlen(name) && memcmp(e->name, name, e->name_len) == 0;
}

/* Counts the models of entry `index` (bytes from its first sector) and checks each
 * against the loose sample's models, offset for offset. */
static unsigned count_models(const zc_img_directory *dir, uint32_t index, const uint8_t *bytes,
                             size_t len, int compare) {
    zc_img_models walk;
    zc_gta_models loose;
    zc_gta_model m, lm;
    zc_error err;
    unsigned n = 0;
    zc_status st;
    CHECK_STATUS(zc_img_entry_models_begin(dir, index, bytes, len, ZC_MODE_STRICT, &walk),
                 ZC_STATUS_OK);
    CHECK_STATUS(zc_gta_models_begin(col_bytes, col_len, ZC_MODE_STRICT, &loose), ZC_STATUS_OK);
    while ((st = zc_img_entry_models_next(&walk, &m, &err)) == ZC_STATUS_OK) {
        n++;
        CHECK(m.buffer == bytes);
        if (compare) {
            CHECK_STATUS(zc_gta_models_next(&loose, &lm, NULL), ZC_STATUS_OK);
            CHECK(lm.offset == m.offset && lm.len == m.len && lm.version == m.version);
            CHECK(lm.vertex_count == m.vertex_count);
        }
    }
    CHECK_STATUS(st, ZC_STATUS_END);
    CHECK_STATUS(zc_img_entry_models_next(&walk, &m, &err), ZC_STATUS_END);
    return n;
}

static void lints_of(const zc_img_directory *dir, uint32_t *kinds, unsigned *n, unsigned cap) {
    zc_img_lints it;
    zc_img_lint lint;
    char text[512];
    *n = 0;
    CHECK_STATUS(zc_img_lints_begin(dir, &it), ZC_STATUS_OK);
    while (zc_img_lints_next(&it, &lint) == ZC_STATUS_OK) {
        size_t len = zc_img_lint_message(&lint, text, sizeof text);
        CHECK(len > 0 && len == strlen(text));
        if (*n < cap)
            kinds[*n] = lint.kind;
        (*n)++;
    }
    CHECK_STATUS(zc_img_lints_next(&it, &lint), ZC_STATUS_END);
}

static void v2_round_trip(void) {
    zc_img_source src[4];
    size_t count = make_sources(src), need = 0, written = 0;
    unsigned char *buf;
    zc_img_archive ar;
    zc_img_directory streamed;
    zc_img_entry e;
    zc_error err;
    const uint8_t *bytes;
    size_t blen, head;
    uint32_t kinds[8];
    unsigned nlints;

    CHECK_STATUS(zc_img_required_len(src, count, &need, &err), ZC_STATUS_OK);
    CHECK(need == 4 * SECTOR);
    buf = malloc(need);
    /* Too small: nothing written, the length needed reported. */
    CHECK_STATUS(zc_img_write(src, count, buf, need - 1, &written, &err),
                 ZC_STATUS_BUFFER_TOO_SMALL);
    CHECK(written == need);
    written = 0;
    CHECK_STATUS(zc_img_write(src, count, buf, need, &written, &err), ZC_STATUS_OK);
    CHECK(written == need);
    CHECK(memcmp(buf, "VER2", 4) == 0);
    CHECK(zc_sniff(buf, need) == ZC_FORMAT_IMG);

    CHECK_STATUS(zc_img_parse(buf, need, ZC_MODE_STRICT, &ar, &err), ZC_STATUS_OK);
    CHECK(ar.directory.count == 4 && ar.directory.version == ZC_IMG_V2);
    CHECK(ar.directory.archive_len == need && ar.data == buf && ar.data_len == need);

    CHECK_STATUS(zc_img_directory_entry(&ar.directory, 0, &e), ZC_STATUS_OK);
    CHECK(name_is(&e, "sample.col") && e.kind == ZC_IMG_KIND_COL);
    CHECK(e.sector == 1 && e.sectors == 1 && e.offset == SECTOR && e.size == SECTOR);
    CHECK(e.record_offset == 8 && e.skipped == 0 && e.index == 0);
    CHECK_STATUS(zc_img_directory_entry(&ar.directory, 1, &e), ZC_STATUS_OK);
    CHECK(name_is(&e, "VEHICLE.DFF") && e.kind == ZC_IMG_KIND_DFF);
    CHECK(e.sector == 2 && e.sectors == 1 && e.record_offset == 40);
    CHECK_STATUS(zc_img_directory_entry(&ar.directory, 2, &e), ZC_STATUS_OK);
    CHECK(name_is(&e, "empty.txd") && e.kind == ZC_IMG_KIND_TXD);
    CHECK(e.sector == 3 && e.sectors == 0 && e.size == 0 && e.record_offset == 72);
    CHECK_STATUS(zc_img_directory_entry(&ar.directory, 3, &e), ZC_STATUS_OK);
    CHECK(name_is(&e, "notes.txt") && e.kind == ZC_IMG_KIND_OTHER);
    CHECK(e.sector == 3 && e.sectors == 1 && e.record_offset == 104);
    CHECK_STATUS(zc_img_directory_entry(&ar.directory, 4, &e), ZC_STATUS_OUT_OF_RANGE);
    CHECK(strcmp(zc_img_kind_name(ZC_IMG_KIND_COL), "col") == 0);
    CHECK(strcmp(zc_img_kind_name(99), "other") == 0);

    /* Lookup as the game does it: case-insensitively. */
    CHECK_STATUS(zc_img_directory_find(&ar.directory, (const uint8_t *)"SAMPLE.COL", 10, &e),
                 ZC_STATUS_OK);
    CHECK(e.index == 0 && name_is(&e, "sample.col"));
    CHECK_STATUS(zc_img_directory_find(&ar.directory, (const uint8_t *)"vehicle.dff", 11, &e),
                 ZC_STATUS_OK);
    CHECK(e.index == 1);
    CHECK_STATUS(zc_img_directory_find(&ar.directory, (const uint8_t *)"sample.co", 9, &e),
                 ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_img_directory_find(&ar.directory, NULL, 0, &e), ZC_STATUS_NOT_FOUND);

    /* Entry bytes: zero-copy, the sample then zeros to the sector's end. */
    CHECK_STATUS(zc_img_archive_entry_data(&ar, 0, &bytes, &blen), ZC_STATUS_OK);
    CHECK(bytes == buf + SECTOR && blen == SECTOR);
    CHECK(memcmp(bytes, col_bytes, col_len) == 0);
    CHECK(bytes[col_len] == 0 && bytes[blen - 1] == 0);
    CHECK(zc_sniff(bytes, blen) == ZC_FORMAT_GTA_COL);
    CHECK(count_models(&ar.directory, 0, bytes, blen, 1) == 4);
    CHECK_STATUS(zc_img_archive_entry_data(&ar, 1, &bytes, &blen), ZC_STATUS_OK);
    CHECK(memcmp(bytes, dff_bytes, dff_len) == 0 && zc_sniff(bytes, blen) == ZC_FORMAT_DFF);
    CHECK_STATUS(zc_img_archive_entry_data(&ar, 2, &bytes, &blen), ZC_STATUS_OK);
    CHECK(blen == 0);
    CHECK_STATUS(zc_img_archive_entry_data(&ar, 4, &bytes, &blen), ZC_STATUS_OUT_OF_RANGE);

    /* Lints: entry 2 has no sectors, entry 3 an extension the game skips. */
    lints_of(&ar.directory, kinds, &nlints, 8);
    CHECK(nlints == 2);
    CHECK(kinds[0] == ZC_IMG_LINT_ZERO_SIZE && kinds[1] == ZC_IMG_LINT_UNKNOWN_EXTENSION);
    CHECK_STATUS(zc_img_parse(buf, need, ZC_MODE_LENIENT, &ar, &err), ZC_STATUS_OK);
    lints_of(&ar.directory, kinds, &nlints, 8);
    CHECK(nlints == 2);

    /* Streaming: the directory from its own bytes, each entry from a buffer holding
     * just its sectors. */
    CHECK_STATUS(zc_img_directory_v2_len(buf, 8, &head, &err), ZC_STATUS_OK);
    CHECK(head == 8 + 4 * 32);
    CHECK_STATUS(zc_img_directory_parse(buf, head, need, ZC_MODE_STRICT, &streamed, &err),
                 ZC_STATUS_OK);
    CHECK(streamed.count == 4 && streamed.bytes_len == head);
    {
        unsigned char *sectors = malloc(SECTOR);
        memcpy(sectors, buf + SECTOR, SECTOR);
        CHECK_STATUS(zc_img_directory_entry_data(&streamed, 0, sectors, SECTOR, &bytes, &blen),
                     ZC_STATUS_OK);
        CHECK(bytes == sectors && blen == SECTOR && memcmp(bytes, col_bytes, col_len) == 0);
        CHECK_STATUS(
            zc_img_directory_entry_data(&streamed, 0, sectors, SECTOR - 1, &bytes, &blen),
            ZC_STATUS_BUFFER_TOO_SMALL);
        CHECK(count_models(&streamed, 0, sectors, SECTOR, 1) == 4);
        CHECK_STATUS(
            zc_img_entry_models_begin(&streamed, 0, sectors, 100, ZC_MODE_STRICT, NULL),
            ZC_STATUS_BUFFER_TOO_SMALL);
        free(sectors);
    }
    /* A directory listed without the archive's length. */
    CHECK_STATUS(zc_img_directory_parse(buf, head, ZC_IMG_LEN_UNKNOWN, ZC_MODE_STRICT,
                                        &streamed, &err),
                 ZC_STATUS_OK);
    CHECK(streamed.archive_len == ZC_IMG_LEN_UNKNOWN);
    CHECK_STATUS(zc_img_directory_find(&streamed, (const uint8_t *)"Notes.TXT", 9, &e),
                 ZC_STATUS_OK);
    CHECK(e.index == 3);
    /* A directory cut short, and one whose entries lie past a smaller archive. */
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_img_directory_parse(buf, head - 1, need, ZC_MODE_STRICT, &streamed, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_IMG && err.kind == ZC_IMG_ERROR_DIRECTORY_PAST_END);
    CHECK(err.offset == 4);
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_img_directory_parse(buf, head, 2 * SECTOR, ZC_MODE_STRICT, &streamed, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_IMG_ERROR_ENTRY_PAST_END && err.offset == 8 + 32);
    CHECK(strstr(message_of(&err), "entry 1") != NULL);

    /* Edits: replace notes.txt, remove empty.txd, add a copy of the sample. */
    {
        zc_img_change ch[3];
        size_t elen = 0;
        unsigned char *edited;
        zc_img_archive ea;
        memset(ch, 0, sizeof ch);
        ch[0].name = (const uint8_t *)"NOTES.TXT";
        ch[0].name_len = 9;
        ch[0].data = (const uint8_t *)"hello";
        ch[0].len = 5;
        ch[1].name = (const uint8_t *)"empty.txd";
        ch[1].name_len = 9;
        ch[1].remove = 1;
        ch[2].name = (const uint8_t *)"copy.col";
        ch[2].name_len = 8;
        ch[2].data = col_bytes;
        ch[2].len = col_len;
        CHECK_STATUS(zc_img_write_edited(&ar, ch, 3, NULL, 0, &elen, &err),
                     ZC_STATUS_BUFFER_TOO_SMALL);
        CHECK(elen == 5 * SECTOR);
        edited = malloc(elen);
        CHECK_STATUS(zc_img_write_edited(&ar, ch, 3, edited, elen, &elen, &err), ZC_STATUS_OK);
        CHECK_STATUS(zc_img_parse(edited, elen, ZC_MODE_STRICT, &ea, &err), ZC_STATUS_OK);
        CHECK(ea.directory.count == 4);
        CHECK_STATUS(zc_img_directory_find(&ea.directory, (const uint8_t *)"notes.txt", 9, &e),
                     ZC_STATUS_OK);
        CHECK(e.index == 2);
        CHECK_STATUS(zc_img_archive_entry_data(&ea, 2, &bytes, &blen), ZC_STATUS_OK);
        CHECK(memcmp(bytes, "hello", 5) == 0);
        CHECK_STATUS(zc_img_directory_find(&ea.directory, (const uint8_t *)"empty.txd", 9, &e),
                     ZC_STATUS_NOT_FOUND);
        CHECK_STATUS(zc_img_directory_find(&ea.directory, (const uint8_t *)"COPY.COL", 8, &e),
                     ZC_STATUS_OK);
        CHECK_STATUS(zc_img_archive_entry_data(&ea, e.index, &bytes, &blen), ZC_STATUS_OK);
        CHECK(count_models(&ea.directory, e.index, bytes, blen, 1) == 4);
        ch[1].remove = 7;
        CHECK_STATUS(zc_img_write_edited(&ar, ch, 3, edited, elen, &elen, &err),
                     ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_img_write_edited(&ar, ch, ZC_IMG_MAX_CHANGES + 1, edited, elen, &elen,
                                         &err),
                     ZC_STATUS_INVALID_ARGUMENT);
        free(edited);
    }
    free(buf);
}

static void v1_round_trip(void) {
    zc_img_source src[4];
    size_t count = make_sources(src), dlen = 0, ilen = 0, dw = 0, iw = 0;
    unsigned char *dir, *img;
    zc_img_archive ar;
    zc_img_directory listing;
    zc_img_entry e;
    zc_error err;
    const uint8_t *bytes;
    size_t blen;
    uint32_t kinds[8];
    unsigned nlints;

    CHECK_STATUS(zc_img_v1_required_len(src, count, &dlen, &ilen, &err), ZC_STATUS_OK);
    CHECK(dlen == 4 * 32 && ilen == 3 * SECTOR);
    dir = malloc(dlen);
    img = malloc(ilen);
    CHECK_STATUS(zc_img_write_v1(src, count, dir, dlen, img, ilen - 1, &dw, &iw, &err),
                 ZC_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(zc_img_write_v1(src, count, dir, dlen, img, ilen, &dw, &iw, &err),
                 ZC_STATUS_OK);
    CHECK(dw == dlen && iw == ilen);
    CHECK_STATUS(zc_img_parse_v1(dir, dlen, img, ilen, ZC_MODE_STRICT, &ar, &err), ZC_STATUS_OK);
    CHECK(ar.directory.version == ZC_IMG_V1 && ar.directory.count == 4);
    CHECK_STATUS(zc_img_directory_find(&ar.directory, (const uint8_t *)"SAMPLE.COL", 10, &e),
                 ZC_STATUS_OK);
    CHECK(e.index == 0 && e.sector == 0 && e.sectors == 1 && e.record_offset == 0);
    CHECK_STATUS(zc_img_archive_entry_data(&ar, 0, &bytes, &blen), ZC_STATUS_OK);
    CHECK(bytes == img && blen == SECTOR && memcmp(bytes, col_bytes, col_len) == 0);
    CHECK(count_models(&ar.directory, 0, bytes, blen, 1) == 4);
    CHECK_STATUS(zc_img_directory_entry(&ar.directory, 1, &e), ZC_STATUS_OK);
    CHECK(name_is(&e, "VEHICLE.DFF") && e.sector == 1 && e.record_offset == 32);
    lints_of(&ar.directory, kinds, &nlints, 8);
    CHECK(nlints == 2);
    /* The .dir alone lists the archive. */
    CHECK_STATUS(zc_img_directory_parse_v1(dir, dlen, ZC_IMG_LEN_UNKNOWN, ZC_MODE_STRICT,
                                           &listing, &err),
                 ZC_STATUS_OK);
    CHECK(listing.count == 4);
    CHECK_STATUS(zc_img_directory_entry_data(&listing, 1, img + SECTOR, SECTOR, &bytes, &blen),
                 ZC_STATUS_OK);
    CHECK(memcmp(bytes, dff_bytes, dff_len) == 0);
    /* A partial entry: strict refuses it, lenient reads the whole ones. */
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_img_parse_v1(dir, dlen - 5, img, ilen, ZC_MODE_STRICT, &ar, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_IMG_ERROR_PARTIAL_ENTRY && err.offset == 96 && err.lenient_readable);
    CHECK_STATUS(zc_img_parse_v1(dir, dlen - 5, img, ilen, ZC_MODE_LENIENT, &ar, &err),
                 ZC_STATUS_OK);
    CHECK(ar.directory.count == 3);
    lints_of(&ar.directory, kinds, &nlints, 8);
    /* The partial entry, the sector of the entry left out (unused), the empty entry. */
    CHECK(nlints == 3 && kinds[0] == ZC_IMG_LINT_PARTIAL_ENTRY);
    CHECK(kinds[1] == ZC_IMG_LINT_UNUSED_SECTORS && kinds[2] == ZC_IMG_LINT_ZERO_SIZE);
    free(dir);
    free(img);
}

/* A broken .col entry: the models' error names the archive's byte. */
static void entry_error(void) {
    zc_img_source src[2];
    unsigned char *broken = malloc(col_len), *buf;
    uint32_t size = 0x01000000u;
    size_t need = 0;
    zc_img_archive ar;
    zc_img_models walk;
    zc_gta_model m;
    zc_error err;
    const uint8_t *bytes;
    size_t blen;
    memcpy(broken, col_bytes, col_len);
    memcpy(broken + 4, &size, 4); /* little-endian hosts: x86_64 and i686 */
    src[0].name = (const uint8_t *)"ok.col";
    src[0].name_len = 6;
    src[0].data = col_bytes;
    src[0].len = col_len;
    src[1].name = (const uint8_t *)"bad.col";
    src[1].name_len = 7;
    src[1].data = broken;
    src[1].len = col_len;
    CHECK_STATUS(zc_img_required_len(src, 2, &need, NULL), ZC_STATUS_OK);
    buf = malloc(need);
    CHECK_STATUS(zc_img_write(src, 2, buf, need, &need, NULL), ZC_STATUS_OK);
    CHECK_STATUS(zc_img_parse(buf, need, ZC_MODE_STRICT, &ar, &err), ZC_STATUS_OK);
    CHECK_STATUS(zc_img_archive_entry_data(&ar, 1, &bytes, &blen), ZC_STATUS_OK);
    CHECK_STATUS(zc_img_entry_models_begin(&ar.directory, 1, bytes, blen, ZC_MODE_STRICT, &walk),
                 ZC_STATUS_OK);
    CHECK(walk.entry_offset == 2 * SECTOR);
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_img_entry_models_next(&walk, &m, &err), ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_GTA_COL && err.kind == ZC_GTA_ERROR_SIZE_PAST_END);
    CHECK(err.offset == 2 * SECTOR + 4);
    CHECK(strstr(message_of(&err), "entry 1 \"bad.col\": byte 4 of the entry (archive byte 4100)") !=
          NULL);
    CHECK_STATUS(zc_img_entry_models_next(&walk, &m, &err), ZC_STATUS_END);
    free(buf);
    free(broken);
}

static void writer_refusals(void) {
    zc_img_source s;
    zc_img_placement p[2];
    zc_error err;
    size_t need = 0, written = 0;
    unsigned char out[4096];
    uint64_t first = 9, end = 9;
    s.name = (const uint8_t *)"a_name_of_24_bytes_.col!";
    s.name_len = 24;
    s.data = NULL;
    s.len = 0;
    CHECK_STATUS(zc_img_required_len(&s, 1, &need, &err), ZC_STATUS_OK);
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_img_write(&s, 1, out, sizeof out, &written, &err), ZC_STATUS_UNWRITABLE);
    CHECK(err.format == ZC_FORMAT_IMG && err.kind == ZC_IMG_WRITE_ERROR_BAD_NAME);
    CHECK(strstr(message_of(&err), "found 24 bytes") != NULL);
    s.name_len = 0;
    CHECK_STATUS(zc_img_write(&s, 1, out, sizeof out, &written, &err), ZC_STATUS_UNWRITABLE);
    /* An empty archive: just the header, padded to a sector. */
    CHECK_STATUS(zc_img_write(NULL, 0, out, sizeof out, &written, &err), ZC_STATUS_OK);
    CHECK(written == SECTOR);

    /* A directory alone. */
    p[0].name = (const uint8_t *)"a.dff";
    p[0].name_len = 5;
    p[0].len = 5000;
    p[1].name = (const uint8_t *)"b.col";
    p[1].name_len = 5;
    p[1].len = 1;
    CHECK_STATUS(zc_img_write_directory(ZC_IMG_V2, p, 2, out, 10, &written, &first, &end, &err),
                 ZC_STATUS_BUFFER_TOO_SMALL);
    CHECK(written == 8 + 64);
    CHECK_STATUS(zc_img_write_directory(ZC_IMG_V2, p, 2, out, sizeof out, &written, &first, &end,
                                        &err),
                 ZC_STATUS_OK);
    CHECK(written == 72 && first == 1 && end == 1 + 3 + 1);
    CHECK_STATUS(zc_img_write_directory(ZC_IMG_V1, p, 2, out, sizeof out, &written, NULL, &end,
                                        &err),
                 ZC_STATUS_OK);
    CHECK(written == 64 && end == 4);
    p[0].len = (uint64_t)65536 * SECTOR;
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_img_write_directory(ZC_IMG_V2, p, 2, out, sizeof out, &written, NULL, NULL,
                                        &err),
                 ZC_STATUS_UNWRITABLE);
    CHECK(err.kind == ZC_IMG_WRITE_ERROR_ENTRY_TOO_LARGE);
    CHECK_STATUS(zc_img_write_directory(3, p, 2, out, sizeof out, &written, NULL, NULL, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
}

static void hostile(void) {
    zc_img_source src[4];
    size_t count = make_sources(src), need = 0, n;
    unsigned char *buf;
    zc_img_archive ar, forged;
    zc_img_directory dir;
    zc_img_entry e;
    zc_img_lints lints;
    zc_img_lint lint;
    zc_img_models walk;
    zc_gta_model m;
    zc_error err;
    const uint8_t *bytes;
    size_t blen;
    char text[8];

    zc_img_required_len(src, count, &need, NULL);
    buf = malloc(need);
    zc_img_write(src, count, buf, need, &need, NULL);
    CHECK_STATUS(zc_img_parse(buf, need, ZC_MODE_STRICT, &ar, &err), ZC_STATUS_OK);

    CHECK_STATUS(zc_img_parse(NULL, 16, ZC_MODE_STRICT, &ar, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_parse(buf, SIZE_MAX, ZC_MODE_STRICT, &ar, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_parse(buf, need, 2, &ar, &err), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_parse(buf, need, ZC_MODE_STRICT, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_img_parse(NULL, 0, ZC_MODE_STRICT, &forged, &err), ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_IMG_ERROR_TRUNCATED);
    CHECK_STATUS(zc_img_parse(buf + 1, need - 1, ZC_MODE_STRICT, &forged, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_IMG_ERROR_BAD_MAGIC && err.offset == 0);
    CHECK_STATUS(zc_img_parse_v1(NULL, 0, NULL, 0, ZC_MODE_STRICT, &forged, &err), ZC_STATUS_OK);
    CHECK(forged.directory.count == 0);
    CHECK_STATUS(zc_img_parse_v1(buf, SIZE_MAX, buf, 1, ZC_MODE_STRICT, &forged, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_parse_v1(buf, 32, NULL, 5, ZC_MODE_STRICT, &forged, &err),
                 ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_directory_v2_len(buf, 4, &n, &err), ZC_STATUS_MALFORMED);
    CHECK_STATUS(zc_img_directory_v2_len(buf, 8, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_directory_parse(buf, need, 0, 9, &dir, &err), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_directory_parse_v1(buf, need, 0, ZC_MODE_LENIENT, NULL, &err),
                 ZC_STATUS_NULL_ARGUMENT);

    /* Forged and zero-filled views. */
    memset(&forged, 0, sizeof forged);
    CHECK_STATUS(zc_img_directory_entry(&forged.directory, 0, &e), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_archive_entry_data(&forged, 0, &bytes, &blen), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_lints_begin(&forged.directory, &lints), ZC_STATUS_INVALID_ARGUMENT);
    forged = ar;
    forged.directory.count = 5;
    CHECK_STATUS(zc_img_directory_entry(&forged.directory, 4, &e), ZC_STATUS_INVALID_ARGUMENT);
    forged = ar;
    forged.data_len = need - 1;
    CHECK_STATUS(zc_img_archive_entry_data(&forged, 0, &bytes, &blen), ZC_STATUS_INVALID_ARGUMENT);
    forged = ar;
    forged.directory.archive_len = 2 * SECTOR;
    CHECK_STATUS(zc_img_directory_find(&forged.directory, (const uint8_t *)"a", 1, &e),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_directory_entry(NULL, 0, &e), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_directory_entry(&ar.directory, 0, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_directory_entry(&ar.directory, UINT32_MAX, &e), ZC_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(zc_img_directory_find(&ar.directory, NULL, 3, &e), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_directory_find(&ar.directory, buf, SIZE_MAX, &e),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_archive_entry_data(&ar, 0, NULL, &blen), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_archive_entry_data(&ar, 0, &bytes, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_directory_entry_data(&ar.directory, 0, NULL, 0, &bytes, &blen),
                 ZC_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(zc_img_directory_entry_data(&ar.directory, 0, buf, SIZE_MAX, &bytes, &blen),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_entry_models_begin(&ar.directory, 0, buf + SECTOR, SECTOR, 3, &walk),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_entry_models_begin(&ar.directory, 9, buf, need, 0, &walk),
                 ZC_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(zc_img_entry_models_begin(&ar.directory, 0, buf + SECTOR, SECTOR, 0, &walk),
                 ZC_STATUS_OK);
    CHECK_STATUS(zc_img_entry_models_next(&walk, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    walk.position = 5;
    CHECK_STATUS(zc_img_entry_models_next(&walk, &m, &err), ZC_STATUS_INVALID_ARGUMENT);
    memset(&walk, 0, sizeof walk);
    CHECK_STATUS(zc_img_entry_models_next(&walk, &m, &err), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_lints_begin(&ar.directory, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_lints_begin(&ar.directory, &lints), ZC_STATUS_OK);
    CHECK_STATUS(zc_img_lints_next(&lints, NULL), ZC_STATUS_NULL_ARGUMENT);
    lints.steps = 1000;
    CHECK_STATUS(zc_img_lints_next(&lints, &lint), ZC_STATUS_INVALID_ARGUMENT);
    CHECK(zc_img_lint_message(NULL, text, sizeof text) == 0 && text[0] == '\0');
    CHECK_STATUS(zc_img_lints_begin(&ar.directory, &lints), ZC_STATUS_OK);
    CHECK_STATUS(zc_img_lints_next(&lints, &lint), ZC_STATUS_OK);
    n = zc_img_lint_message(&lint, text, sizeof text);
    CHECK(n > sizeof text && strlen(text) == sizeof text - 1);
    CHECK(zc_img_lint_message(&lint, NULL, 0) == n);

    /* Writers. */
    CHECK_STATUS(zc_img_required_len(NULL, 3, &n, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_required_len(src, SIZE_MAX, &n, &err), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_img_required_len(src, count, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    src[1].data = NULL;
    CHECK_STATUS(zc_img_required_len(src, count, &n, &err), ZC_STATUS_NULL_ARGUMENT);
    src[1].data = dff_bytes;
    src[1].len = SIZE_MAX;
    CHECK_STATUS(zc_img_write(src, count, buf, need, &n, &err), ZC_STATUS_INVALID_ARGUMENT);
    src[1].len = dff_len;
    CHECK_STATUS(zc_img_write(src, count, NULL, 10, &n, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_write(src, count, buf, need, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_v1_required_len(src, count, &n, NULL, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_write_v1(src, count, buf, need, NULL, 5, &n, &n, &err),
                 ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_write_edited(&ar, NULL, 1, buf, 0, &n, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_img_write_edited(NULL, NULL, 0, NULL, 0, &n, &err), ZC_STATUS_NULL_ARGUMENT);
    free(buf);
}

/* Replay: every entry point on one buffer, in one mode. */
static void walk_directory(const zc_img_directory *dir, const zc_img_archive *ar, int mode) {
    uint32_t i;
    zc_img_entry e;
    zc_img_lints lints;
    zc_img_lint lint;
    char text[ZC_MESSAGE_CAP + 1];
    unsigned guard = 0;
    for (i = 0; i < dir->count && i < 4096; i++) {
        const uint8_t *bytes;
        size_t blen;
        zc_status st;
        CHECK_STATUS(zc_img_directory_entry(dir, i, &e), ZC_STATUS_OK);
        CHECK(e.name_len < 24);
        if (!e.skipped) {
            zc_img_entry found;
            CHECK_STATUS(zc_img_directory_find(dir, e.name, e.name_len, &found), ZC_STATUS_OK);
            CHECK(found.index <= i);
        }
        if (!ar)
            continue;
        st = zc_img_archive_entry_data(ar, i, &bytes, &blen);
        if (e.skipped) {
            CHECK_STATUS(st, ZC_STATUS_NOT_FOUND);
            continue;
        }
        CHECK_STATUS(st, ZC_STATUS_OK);
        CHECK(blen <= e.size);
        if (blen > 0)
            CHECK(bytes >= ar->data && bytes + blen <= ar->data + ar->data_len);
        /* The streaming view of the same bytes. */
        {
            const uint8_t *again;
            size_t alen;
            CHECK_STATUS(zc_img_directory_entry_data(dir, i, bytes, blen, &again, &alen),
                         ZC_STATUS_OK);
            CHECK(alen == blen && (blen == 0 || again == bytes));
        }
        if (e.kind == ZC_IMG_KIND_COL) {
            zc_img_models walk;
            zc_gta_model m;
            zc_error err;
            unsigned models = 0;
            CHECK_STATUS(zc_img_entry_models_begin(dir, i, bytes, blen, (uint32_t)mode, &walk),
                         ZC_STATUS_OK);
            while (models < 10000 && (st = zc_img_entry_models_next(&walk, &m, &err)) == ZC_STATUS_OK)
                models++;
            if (st == ZC_STATUS_MALFORMED) {
                CHECK(err.offset >= e.offset && err.offset < e.offset + blen + 1);
                zc_error_message(&err, text, sizeof text);
            }
        }
    }
    CHECK_STATUS(zc_img_lints_begin(dir, &lints), ZC_STATUS_OK);
    while (guard++ < 100000 && zc_img_lints_next(&lints, &lint) == ZC_STATUS_OK) {
        CHECK(zc_img_lint_message(&lint, text, sizeof text) > 0);
        CHECK(lint.kind != ZC_IMG_LINT_OTHER);
        if (lint.has_entry)
            CHECK(lint.entry < dir->count);
        if (mode == ZC_MODE_STRICT)
            CHECK(!lint.tolerated);
    }
}

static unsigned long replay_ok, replay_malformed;

static void replay_one(const char *path, const unsigned char *bytes, size_t len) {
    int mode;
    (void)path;
    for (mode = ZC_MODE_STRICT; mode <= ZC_MODE_LENIENT; mode++) {
        zc_img_archive ar;
        zc_img_directory dir;
        zc_error err;
        size_t head;
        /* As a v2 archive, whole. */
        if (zc_img_parse(bytes, len, (uint32_t)mode, &ar, &err) == ZC_STATUS_OK) {
            replay_ok++;
            walk_directory(&ar.directory, &ar, mode);
        } else {
            replay_malformed++;
            CHECK(err.format == ZC_FORMAT_IMG && err.offset <= len);
        }
        /* As a v2 directory, streamed, with and without the archive's length. */
        if (zc_img_directory_v2_len(bytes, len < 8 ? len : 8, &head, &err) == ZC_STATUS_OK &&
            head <= len) {
            if (zc_img_directory_parse(bytes, head, len, (uint32_t)mode, &dir, &err) ==
                ZC_STATUS_OK)
                walk_directory(&dir, NULL, mode);
            if (zc_img_directory_parse(bytes, head, ZC_IMG_LEN_UNKNOWN, (uint32_t)mode, &dir,
                                       &err) == ZC_STATUS_OK)
                walk_directory(&dir, NULL, mode);
        }
        /* As a v1 pair, split as the fuzz target splits it. */
        if (len > 0) {
            size_t split = (size_t)bytes[0] * 32;
            const unsigned char *rest = bytes + 1;
            size_t rest_len = len - 1;
            if (split > rest_len)
                split = rest_len;
            if (zc_img_parse_v1(rest, split, rest + split, rest_len - split, (uint32_t)mode, &ar,
                                &err) == ZC_STATUS_OK) {
                replay_ok++;
                walk_directory(&ar.directory, &ar, mode);
            } else {
                replay_malformed++;
                CHECK(err.offset <= split);
            }
            if (zc_img_directory_parse_v1(rest, split, ZC_IMG_LEN_UNKNOWN, (uint32_t)mode, &dir,
                                          &err) == ZC_STATUS_OK)
                walk_directory(&dir, NULL, mode);
        }
    }
}

static void run(const char *root) {
    size_t len;
    unsigned char *col = read_file(root, "samples/sample.col", &len);
    unsigned char *dff;
    unsigned long files;
    col_bytes = col;
    col_len = len;
    dff = read_file(root, "samples/vehicle.dff", &len);
    dff_bytes = dff;
    dff_len = len;
    CHECK(col_len == 1116 && dff_len == 464);

    v2_round_trip();
    v1_round_trip();
    entry_error();
    writer_refusals();
    hostile();

    files = for_each_file(root, "fuzz/corpus/img", replay_one);
    files += for_each_file(root, "tests/regressions/img", replay_one);
    CHECK(files > 500);
    printf("img replay: %lu files, %lu reads ok, %lu malformed\n", files, replay_ok,
           replay_malformed);
    free(col);
    free(dff);
}

HARNESS_MAIN
