/* MKGP DX course collision through the C API: the shipped sample's values (from the
 * Rust API), the corpus and regression replay through every entry point in both modes,
 * and hostile arguments. */
#include "harness.h"

static unsigned long replayed, parsed;

/* Walks everything a parsed course hands out. */
static void walk_course(const zc_mkgp_course *course) {
    zc_mkgp_grid grid;
    zc_mkgp_summary summary;
    zc_mkgp_cells cells;
    zc_mkgp_cell cell;
    zc_mkgp_lints lints;
    zc_mkgp_lint lint;
    zc_mkgp_height ground;
    zc_hit hit;
    zc_contact contacts[4];
    uint64_t found, total_t = 0, total_w = 0, total_u = 0, lint_count = 0;
    uint32_t *index;
    uint64_t index_len;
    uint32_t n = 0, x, z;
    char text[64];
    zc_status st;
    zc_segment seg;
    zc_ball ball;

    CHECK_STATUS(zc_mkgp_course_grid(course, &grid), ZC_STATUS_OK);
    CHECK_STATUS(zc_mkgp_course_summary(course, &summary), ZC_STATUS_OK);
    CHECK(summary.cell_count == grid.width * grid.length);

    CHECK_STATUS(zc_mkgp_cells_begin(course, &cells), ZC_STATUS_OK);
    while ((st = zc_mkgp_cells_next(&cells, &cell)) == ZC_STATUS_OK) {
        uint32_t i;
        zc_mkgp_triangle t;
        zc_mkgp_wall w;
        zc_mkgp_triangle_wall u;
        CHECK(cell.index == n);
        for (i = 0; i < cell.triangle_count; i++)
            CHECK_STATUS(zc_mkgp_cell_triangle(&cell, i, &t), ZC_STATUS_OK);
        for (i = 0; i < cell.wall_count; i++)
            CHECK_STATUS(zc_mkgp_cell_wall(&cell, i, &w), ZC_STATUS_OK);
        for (i = 0; i < cell.triangle_wall_count; i++)
            CHECK_STATUS(zc_mkgp_cell_triangle_wall(&cell, i, &u), ZC_STATUS_OK);
        CHECK_STATUS(zc_mkgp_cell_triangle(&cell, cell.triangle_count, &t), ZC_STATUS_OUT_OF_RANGE);
        CHECK_STATUS(zc_mkgp_cell_wall(&cell, cell.wall_count, &w), ZC_STATUS_OUT_OF_RANGE);
        CHECK_STATUS(zc_mkgp_cell_triangle_wall(&cell, cell.triangle_wall_count, &u),
                     ZC_STATUS_OUT_OF_RANGE);
        total_t += cell.triangle_count;
        total_w += cell.wall_count;
        total_u += cell.triangle_wall_count;
        n++;
    }
    CHECK_STATUS(st, ZC_STATUS_END);
    CHECK(n == summary.cell_count);
    CHECK(total_t == summary.triangles && total_w == summary.walls &&
          total_u == summary.triangle_walls);

    CHECK_STATUS(zc_mkgp_lints_begin(course, &lints), ZC_STATUS_OK);
    while ((st = zc_mkgp_lints_next(&lints, &lint, text, sizeof text)) == ZC_STATUS_OK) {
        CHECK(strlen(text) == (lint.message_len < sizeof text ? lint.message_len : sizeof text - 1));
        CHECK(lint.kind != ZC_MKGP_LINT_OTHER);
        lint_count++;
    }
    CHECK_STATUS(st, ZC_STATUS_END);
    CHECK(lint_count == summary.lints);

    /* The index, then a few queries both ways. */
    index_len = zc_mkgp_index_len(course);
    CHECK(index_len == 2 * (uint64_t)summary.cell_count);
    index = malloc((size_t)index_len * sizeof *index + 1);
    CHECK_STATUS(zc_mkgp_index_build(course, index, (size_t)index_len), ZC_STATUS_OK);
    x = grid.width / 2;
    z = grid.length / 2;
    {
        zc_mkgp_cell a, b;
        CHECK_STATUS(zc_mkgp_course_cell(course, NULL, 0, x, z, &a), ZC_STATUS_OK);
        CHECK_STATUS(zc_mkgp_course_cell(course, index, (size_t)index_len, x, z, &b), ZC_STATUS_OK);
        CHECK(a.offset == b.offset && a.wall_offset == b.wall_offset && a.index == b.index);
    }
    {
        float px = grid.min[0] + grid.cell_size[0] * ((float)x + 0.5f);
        float pz = grid.min[1] + grid.cell_size[1] * ((float)z + 0.5f);
        zc_mkgp_height g2;
        zc_status s1 = zc_mkgp_ground_height(course, NULL, 0, px, pz, &ground);
        zc_status s2 = zc_mkgp_ground_height(course, index, (size_t)index_len, px, pz, &g2);
        CHECK(s1 == s2);
        if (s1 == ZC_STATUS_OK)
            CHECK(ground.height == g2.height && ground.triangle.offset == g2.triangle.offset);
        seg.start[0] = px; seg.start[1] = 1000.0f; seg.start[2] = pz;
        seg.end[0] = px; seg.end[1] = -1000.0f; seg.end[2] = pz;
        s1 = zc_mkgp_cast(course, NULL, 0, &seg, &hit);
        CHECK(s1 == ZC_STATUS_OK || s1 == ZC_STATUS_NOT_FOUND);
        s2 = zc_mkgp_cast(course, index, (size_t)index_len, &seg, &hit);
        CHECK(s1 == s2);
        s1 = zc_mkgp_ground(course, index, (size_t)index_len, px, 1000.0f, pz, 2000.0f, &hit);
        CHECK(s1 == s2);
        ball.center[0] = px; ball.center[1] = 0.0f; ball.center[2] = pz; ball.radius = 3.0f;
        CHECK_STATUS(zc_mkgp_overlap(course, NULL, 0, &ball, contacts, 4, &found), ZC_STATUS_OK);
        {
            uint64_t found2;
            CHECK_STATUS(zc_mkgp_overlap(course, index, (size_t)index_len, &ball, contacts, 4, &found2),
                         ZC_STATUS_OK);
            CHECK(found == found2);
        }
    }
    free(index);
}

static void replay(const char *path, const unsigned char *bytes, size_t len) {
    uint32_t mode;
    (void)path;
    replayed++;
    for (mode = ZC_MODE_STRICT; mode <= ZC_MODE_LENIENT; mode++) {
        zc_mkgp_course course;
        zc_error err;
        zc_status st = zc_mkgp_parse(bytes, len, mode, &course, &err);
        if (st == ZC_STATUS_OK) {
            parsed++;
            walk_course(&course);
        } else {
            CHECK_STATUS(st, ZC_STATUS_MALFORMED);
            CHECK(err.format == ZC_FORMAT_MKGP_COL);
            CHECK(err.kind != ZC_MKGP_ERROR_OTHER);
            CHECK(err.offset <= len);
            CHECK(strlen(message_of(&err)) > 0);
        }
    }
}

static void sample(const char *root) {
    size_t len;
    unsigned char *col = read_file(root, "samples/course.col", &len);
    zc_mkgp_course course, forged;
    zc_mkgp_grid grid;
    zc_mkgp_summary s;
    zc_mkgp_cell cell;
    zc_mkgp_triangle t;
    zc_mkgp_wall w;
    zc_mkgp_triangle_wall u;
    zc_mkgp_height g;
    zc_mkgp_lints lints;
    zc_mkgp_lint lint;
    zc_hit hit;
    zc_contact contacts[8];
    zc_segment seg = {{1.0f, 1000.0f, 1.0f}, {1.0f, -1000.0f, 1.0f}};
    zc_ball ball = {{1.0f, 0.0f, 1.0f}, 2.0f};
    zc_error err;
    uint32_t index[24], x, z;
    uint64_t found;

    CHECK(zc_sniff(col, len) == ZC_FORMAT_MKGP_COL);
    CHECK(len == 12008);
    CHECK_STATUS(zc_mkgp_parse(col, len, ZC_MODE_STRICT, &course, &err), ZC_STATUS_OK);
    CHECK(course.buffer == col && course.buffer_len == len);
    CHECK(course.version == 0x20120816u && course.width == 4 && course.length == 3);
    CHECK(course.secondary == 11792);
    CHECK_STATUS(zc_mkgp_parse(col, len, ZC_MODE_LENIENT, NULL, NULL), ZC_STATUS_OK);

    CHECK_STATUS(zc_mkgp_course_grid(&course, &grid), ZC_STATUS_OK);
    CHECK(grid.cell_size[0] == 8.0f && grid.cell_size[1] == 8.0f);
    CHECK(grid.min[0] == 0.0f && grid.min[1] == 0.0f);
    CHECK(grid.max[0] == 32.0f && grid.max[1] == 24.0f);
    CHECK(grid.neg_min[0] == 0.0f && grid.neg_min[1] == 0.0f);

    CHECK_STATUS(zc_mkgp_course_summary(&course, &s), ZC_STATUS_OK);
    CHECK(s.cell_count == 12 && s.secondary == 11792);
    CHECK(s.triangles == 80 && s.walls == 42 && s.triangle_walls == 3);
    CHECK(s.cells_used == 12 && s.wall_cells_used == 3);
    CHECK(s.lints == 0 && s.tolerated == 0);
    CHECK(s.surfaces[4] > 0); /* grass, 0x0010 */

    /* Cell (1, 0): 12 triangles, 5 walls, at byte 1208. */
    CHECK_STATUS(zc_mkgp_course_cell(&course, NULL, 0, 1, 0, &cell), ZC_STATUS_OK);
    CHECK(cell.index == 1 && cell.x == 1 && cell.z == 0);
    CHECK(cell.offset == 1208 && cell.wall_offset == 11796);
    CHECK(cell.triangle_count == 12 && cell.wall_count == 5 && cell.triangle_wall_count == 0);
    CHECK_STATUS(zc_mkgp_cell_triangle(&cell, 0, &t), ZC_STATUS_OK);
    CHECK(t.offset == 1216);
    CHECK(t.min[0] == 6.0f && t.min[1] == 0.0f && t.max[0] == 10.0f && t.max[1] == 6.0f);
    CHECK(t.vertices[2][0] == 10.0f && t.vertices[2][1] == 0.5f && t.vertices[2][2] == 6.0f);
    CHECK(t.edges[0][2] == 1.0f);
    CHECK(t.neighbours == 7 && t.flags == 65552);
    CHECK(t.surface_bits == 0x10 && t.sound_variant == 1 && t.special_effect == 0);
    CHECK(t.surface_type == 0x10 && strcmp(zc_mkgp_surface_name(t.surface_type), "grass") == 0);
    /* Casts: i686 evaluates float constants in long double precision (C99). */
    CHECK(t.normal[1] == (float)0.99227786f && t.d == (float)0.7442084f);
    CHECK_STATUS(zc_mkgp_cell_wall(&cell, 0, &w), ZC_STATUS_OK);
    CHECK(w.offset == 1216 + 12 * 0x70);
    CHECK(w.min[0] == 6.0f && w.max[0] == 10.0f && w.max[1] == 0.5f);
    CHECK(w.p1[0] == 10.0f && w.p1[1] == 0.5f && w.p2[0] == 6.0f);
    CHECK_STATUS(zc_mkgp_cell_triangle_wall(&cell, 0, &u), ZC_STATUS_OUT_OF_RANGE);
    CHECK(zc_mkgp_surface_name(0x0002) == NULL);

    /* Cell (3, 0) holds the first triangle wall, at 11804 + 4. */
    CHECK_STATUS(zc_mkgp_course_cell(&course, NULL, 0, 3, 0, &cell), ZC_STATUS_OK);
    CHECK(cell.offset == 4168 && cell.wall_offset == 11804 && cell.triangle_wall_count == 1);
    CHECK_STATUS(zc_mkgp_cell_triangle_wall(&cell, 0, &u), ZC_STATUS_OK);
    CHECK(u.offset == 11808);
    CHECK_STATUS(zc_mkgp_course_cell(&course, NULL, 0, 4, 0, &cell), ZC_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(zc_mkgp_course_cell(&course, NULL, 0, 0, 3, &cell), ZC_STATUS_OUT_OF_RANGE);

    /* By world position, and the index. */
    CHECK_STATUS(zc_mkgp_cell_of(&course, 9.0f, 17.0f, &x, &z), ZC_STATUS_OK);
    CHECK(x == 1 && z == 2);
    CHECK_STATUS(zc_mkgp_cell_of(&course, -1.0f, 1.0f, &x, &z), ZC_STATUS_NOT_FOUND);
    CHECK(zc_mkgp_index_len(&course) == 24);
    CHECK_STATUS(zc_mkgp_index_build(&course, index, 23), ZC_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(zc_mkgp_index_build(&course, index, 24), ZC_STATUS_OK);
    CHECK(index[0] == 48 && index[1] == 1208 && index[11] == 11016);
    CHECK(index[12] == 11792 && index[23] == 11948);
    CHECK_STATUS(zc_mkgp_course_cell_at(&course, index, 24, 9.0f, 17.0f, &cell), ZC_STATUS_OK);
    CHECK(cell.index == 9 && cell.offset == 8056 && cell.triangle_count == 12);
    CHECK_STATUS(zc_mkgp_course_cell_at(&course, index, 24, 99.0f, 1.0f, &cell), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_mkgp_course_cell(&course, index, 12, 1, 1, &cell), ZC_STATUS_BUFFER_TOO_SMALL);

    /* Ground and queries: as the Rust API says. */
    CHECK_STATUS(zc_mkgp_ground_height(&course, NULL, 0, 1.0f, 1.0f, &g), ZC_STATUS_OK);
    CHECK(g.height == 0.0f && g.triangle.flags == 16);
    CHECK_STATUS(zc_mkgp_ground_height(&course, index, 24, 1.0f, 1.0f, &g), ZC_STATUS_OK);
    CHECK(g.height == 0.0f && g.triangle.flags == 16);
    CHECK_STATUS(zc_mkgp_ground_height(&course, index, 24, -5.0f, 1.0f, &g), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_mkgp_cast(&course, NULL, 0, &seg, &hit), ZC_STATUS_OK);
    CHECK(hit.t == 0.5f && hit.point[0] == 1.0f && hit.point[1] == 0.0f && hit.normal[1] == 1.0f);
    CHECK(hit.primitive == ZC_PRIMITIVE_FACE && hit.index == 56 && hit.material == 16);
    memset(&hit, 0, sizeof hit);
    CHECK_STATUS(zc_mkgp_cast(&course, index, 24, &seg, &hit), ZC_STATUS_OK);
    CHECK(hit.t == 0.5f && hit.index == 56);
    CHECK_STATUS(zc_mkgp_ground(&course, NULL, 0, 1.0f, 1000.0f, 1.0f, 2000.0f, &hit), ZC_STATUS_OK);
    CHECK(hit.point[1] == 0.0f && hit.index == 56);
    CHECK_STATUS(zc_mkgp_ground(&course, NULL, 0, 1.0f, 1000.0f, 1.0f, -1.0f, &hit),
                 ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_mkgp_overlap(&course, index, 24, &ball, contacts, 8, &found), ZC_STATUS_OK);
    CHECK(found == 2);
    CHECK(contacts[0].depth == 2.0f && contacts[0].index == 56 && contacts[1].index == 168);
    CHECK(contacts[0].primitive == ZC_PRIMITIVE_FACE && contacts[0].material == 16);
    CHECK_STATUS(zc_mkgp_overlap(&course, NULL, 0, &ball, NULL, 0, &found), ZC_STATUS_OK);
    CHECK(found == 2);

    CHECK_STATUS(zc_mkgp_lints_begin(&course, &lints), ZC_STATUS_OK);
    CHECK_STATUS(zc_mkgp_lints_next(&lints, &lint, NULL, 0), ZC_STATUS_END);

    walk_course(&course);

    /* A lenient read of another version: one tolerated lint. */
    {
        unsigned char *copy = malloc(len);
        char text[256];
        memcpy(copy, col, len);
        copy[4] = 0x17;
        memset(&err, 0, sizeof err);
        CHECK_STATUS(zc_mkgp_parse(copy, len, ZC_MODE_STRICT, &course, &err), ZC_STATUS_MALFORMED);
        CHECK(err.kind == ZC_MKGP_ERROR_UNSUPPORTED_VERSION && err.offset == 4);
        CHECK(err.lenient_readable == 1);
        CHECK_STATUS(zc_mkgp_parse(copy, len, ZC_MODE_LENIENT, &course, &err), ZC_STATUS_OK);
        CHECK_STATUS(zc_mkgp_course_summary(&course, &s), ZC_STATUS_OK);
        CHECK(s.lints == 1 && s.tolerated == 1);
        CHECK_STATUS(zc_mkgp_lints_begin(&course, &lints), ZC_STATUS_OK);
        CHECK_STATUS(zc_mkgp_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_OK);
        CHECK(lint.kind == ZC_MKGP_LINT_UNEXPECTED_VERSION && lint.tolerated == 1);
        CHECK(lint.offset == 4 && lint.has_cell == 0);
        CHECK(strstr(text, "0x20120817") != NULL && lint.message_len == strlen(text));
        CHECK_STATUS(zc_mkgp_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_END);
        CHECK_STATUS(zc_mkgp_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_END);
        free(copy);
        CHECK_STATUS(zc_mkgp_parse(col, len, ZC_MODE_STRICT, &course, &err), ZC_STATUS_OK);
    }

    /* Errors. */
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_mkgp_parse(col, 20, ZC_MODE_STRICT, &forged, &err), ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_MKGP_COL && err.kind == ZC_MKGP_ERROR_TRUNCATED);
    CHECK_STATUS(zc_mkgp_parse(col, len - 1, ZC_MODE_STRICT, &forged, &err), ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_MKGP_ERROR_RECORDS_PAST_END);

    /* Hostile arguments. */
    CHECK_STATUS(zc_mkgp_parse(NULL, 48, ZC_MODE_STRICT, &course, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_mkgp_parse(col, SIZE_MAX, ZC_MODE_STRICT, &course, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_mkgp_parse(col, len, 2, &course, &err), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_mkgp_parse(NULL, 0, ZC_MODE_STRICT, &course, &err), ZC_STATUS_MALFORMED);
    CHECK_STATUS(zc_mkgp_course_grid(NULL, &grid), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_mkgp_course_grid(&course, NULL), ZC_STATUS_NULL_ARGUMENT);
    memset(&forged, 0, sizeof forged);
    CHECK_STATUS(zc_mkgp_course_grid(&forged, &grid), ZC_STATUS_INVALID_ARGUMENT);
    CHECK(zc_mkgp_index_len(&forged) == 0);
    forged = course;
    forged.secondary = 48;
    CHECK_STATUS(zc_mkgp_course_summary(&forged, &s), ZC_STATUS_INVALID_ARGUMENT);
    forged = course;
    forged.buffer_len = SIZE_MAX;
    CHECK_STATUS(zc_mkgp_cast(&forged, NULL, 0, &seg, &hit), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_mkgp_cast(&course, NULL, 0, NULL, &hit), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_mkgp_cast(&course, NULL, 0, &seg, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_mkgp_cast(&course, NULL, 24, &seg, &hit), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_mkgp_cast(&course, index, SIZE_MAX, &seg, &hit), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_mkgp_overlap(&course, NULL, 0, &ball, contacts, 8, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_mkgp_overlap(&course, NULL, 0, &ball, NULL, 8, &found), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_mkgp_index_build(&course, NULL, 24), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_mkgp_cell_of(&course, 1.0f, 1.0f, NULL, &z), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_mkgp_course_cell(&course, NULL, 0, 0, 0, &cell), ZC_STATUS_OK);
    {
        zc_mkgp_cell bad = cell;
        bad.triangle_count = 1000;
        CHECK_STATUS(zc_mkgp_cell_triangle(&bad, 0, &t), ZC_STATUS_INVALID_ARGUMENT);
        memset(&bad, 0, sizeof bad);
        CHECK_STATUS(zc_mkgp_cell_wall(&bad, 0, &w), ZC_STATUS_INVALID_ARGUMENT);
    }
    CHECK_STATUS(zc_mkgp_cell_triangle(&cell, UINT32_MAX, &t), ZC_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(zc_mkgp_cell_triangle(&cell, 0, NULL), ZC_STATUS_NULL_ARGUMENT);
    {
        zc_mkgp_cells cells;
        CHECK_STATUS(zc_mkgp_cells_begin(&course, &cells), ZC_STATUS_OK);
        cells.next = 5;
        CHECK_STATUS(zc_mkgp_cells_next(&cells, &cell), ZC_STATUS_INVALID_ARGUMENT);
        memset(&lints, 0, sizeof lints);
        CHECK_STATUS(zc_mkgp_lints_next(&lints, &lint, NULL, 0), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_mkgp_lints_begin(&course, &lints), ZC_STATUS_OK);
        CHECK_STATUS(zc_mkgp_lints_next(&lints, NULL, NULL, 0), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_mkgp_lints_next(&lints, &lint, NULL, 8), ZC_STATUS_NULL_ARGUMENT);
    }
    free(col);
}

static void run(const char *root) {
    sample(root);
    for_each_file(root, "fuzz/corpus/mkgp", replay);
    for_each_file(root, "fuzz/corpus/roundtrip_mkgp_course", replay);
    for_each_file(root, "fuzz/corpus/roundtrip_mkgp_soup", replay);
    for_each_file(root, "tests/regressions/mkgp", replay);
    CHECK(replayed > 1000);
    printf("mkgp: replayed %lu files, %lu parses\n", replayed, parsed);
}

HARNESS_MAIN
