/* The core of the C API: statuses, errors and their messages, sniffing, and the
 * boundary checks of the GTA check, on the shipped samples. */
#include "harness.h"

static void run(const char *root) {
    size_t len;
    unsigned char *col = read_file(root, "samples/sample.col", &len);
    zc_gta_summary summary;
    zc_error err;
    char text[8];

    CHECK(strcmp(zc_version(), "0.1.0") == 0);
    CHECK(strcmp(zc_status_name(ZC_STATUS_MALFORMED), "ZC_STATUS_MALFORMED") == 0);
    CHECK(strcmp(zc_status_name(999), "ZC_STATUS_UNKNOWN") == 0);
    CHECK(zc_sniff(col, len) == ZC_FORMAT_GTA_COL);
    CHECK(zc_sniff(NULL, 0) == ZC_FORMAT_NONE);
    CHECK(zc_sniff(NULL, 4) == ZC_FORMAT_NONE);
    CHECK(strcmp(zc_format_name(ZC_FORMAT_MKGP_COL), "mkgp-col") == 0);
    CHECK(strcmp(zc_format_name(12345), "none") == 0);

    /* The sample library: 4 models (as `zerocol check samples/sample.col`). */
    CHECK_STATUS(zc_gta_check(col, len, ZC_MODE_STRICT, &summary, &err), ZC_STATUS_OK);
    CHECK(summary.models == 4);
    CHECK(summary.end == len && summary.trailing == 0);
    CHECK_STATUS(zc_gta_check(col, len, ZC_MODE_LENIENT, NULL, NULL), ZC_STATUS_OK);

    /* A truncation: the error's place, kind and message. */
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_gta_check(col, 10, ZC_MODE_STRICT, &summary, &err), ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_GTA_COL);
    CHECK(err.kind == ZC_GTA_ERROR_SIZE_PAST_END);
    CHECK(err.offset == 4);
    CHECK(err.lenient_readable == 1);
    CHECK(strstr(message_of(&err), "only 10 remain") != NULL);
    /* snprintf's contract: the full length back, the text cut and terminated. */
    CHECK(zc_error_message(&err, text, sizeof text) == strlen(message_of(&err)));
    CHECK(strlen(text) == sizeof text - 1);
    CHECK(zc_error_message(&err, NULL, 0) == strlen(message_of(&err)));
    CHECK(zc_error_message(NULL, text, sizeof text) == 0 && text[0] == '\0');

    /* Hostile arguments. */
    CHECK_STATUS(zc_gta_check(NULL, 16, ZC_MODE_STRICT, &summary, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_gta_check(col, (size_t)-1, ZC_MODE_STRICT, &summary, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_gta_check(col, len, 7, &summary, &err), ZC_STATUS_INVALID_ARGUMENT);
    /* NULL with length 0 is the empty buffer: a library of no models. */
    CHECK_STATUS(zc_gta_check(NULL, 0, ZC_MODE_STRICT, &summary, &err), ZC_STATUS_OK);
    CHECK(summary.models == 0);
    free(col);
}

HARNESS_MAIN
