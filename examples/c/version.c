/*
 * version: the smallest program against zerocol.h: prints the library's version and the
 * format it sniffs in each file named on the command line.
 *
 *   version [FILE...]
 *
 * Prints `zerocol VERSION`, then `PATH<TAB>FORMAT` per file (`none` for a format zerocol
 * does not recognise). Exit status: 0, or 2 when a file cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>

#include "zerocol.h"

int main(int argc, char **argv)
{
    int status = 0;
    int i;
    printf("zerocol %s\n", zc_version());
    for (i = 1; i < argc; i++) {
        unsigned char *bytes = NULL;
        size_t len = 0, got;
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL) {
            perror(argv[i]);
            status = 2;
            continue;
        }
        /* The whole file, in 64 KiB steps. */
        do {
            unsigned char *grown = realloc(bytes, len + 65536);
            if (grown == NULL) {
                fprintf(stderr, "%s: out of memory\n", argv[i]);
                free(bytes);
                fclose(f);
                return 2;
            }
            bytes = grown;
            got = fread(bytes + len, 1, 65536, f);
            len += got;
        } while (got == 65536);
        if (ferror(f)) {
            perror(argv[i]);
            status = 2;
        } else {
            printf("%s\t%s\n", argv[i], zc_format_name(zc_sniff(bytes, len)));
        }
        fclose(f);
        free(bytes);
    }
    return status;
}
