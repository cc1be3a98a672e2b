/* Grit TCOL and BCOL through the C API: real values on samples/body.tcol and on a
 * BCOL made by the library's writer (its bytes below), errors with line and column,
 * lints, queries, hostile arguments, and the replay of the Grit corpora and
 * regressions through every entry point in both modes. */
#include "harness.h"

#include <math.h>

/* A float constant as a float: on i686 (x87, C99's FLT_EVAL_METHOD 2) a constant such
 * as 0.1f is otherwise compared at long double precision. */
#define F(x) ((float)(x))

/* The library's BCOL writer's output for this TCOL text (a static body: one shape of
 * each kind, and a trimesh whose third face repeats a vertex). */
static const char SRC_TCOL[] =
    "TCOL1.0\nattributes { static; }\ncompound {\n"
    "hull { material \"/h\"; margin 0.01; vertexes { 0 0 5; 1 0 5; 0 1 5; 0 0 6; } }\n"
    "box { material \"/b\"; centre 10 0 0; orientation 1 0 0 0; dimensions 2 2 2; }\n"
    "cylinder { material \"/c\"; centre 20 0 0; dimensions 1 2 3; }\n"
    "cone { material \"/k\"; centre 30 0 0; radius 1; height 2; }\n"
    "plane { material \"/p\"; normal 0 0 2; distance -10; }\n"
    "sphere { material \"/s\"; centre 40 0 0; radius 0.5; }\n}\n"
    "trimesh { vertexes { -5 -5 0; 5 -5 0; 5 5 0; -5 5 0; } faces { 0 1 2 \"/floor\"; 0 2 3 "
    "\"/floor\"; 1 1 2 \"/bad\"; } }\n";

static const unsigned char BCOL[502] = {
    0x42, 0x43, 0x4f, 0x4c, 0x31, 0x2e, 0x30, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3f,
    0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x80, 0x3f, 0xcd, 0xcc, 0x4c, 0x3f, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x84, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
    0x94, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0xc4, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
    0xf4, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x20, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
    0x34, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x6f, 0x12, 0x83, 0x3a, 0x04, 0x00, 0x00, 0x00, 0x78, 0x01, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
    0xa8, 0x01, 0x00, 0x00, 0x54, 0x01, 0x00, 0x00, 0x0a, 0xd7, 0x23, 0x3c, 0x04, 0x00, 0x00, 0x00,
    0xc4, 0x00, 0x00, 0x00, 0x47, 0x01, 0x00, 0x00, 0x0a, 0xd7, 0x23, 0x3d, 0x00, 0x00, 0x20, 0x41,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x40,
    0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x1a, 0x01, 0x00, 0x00, 0x0a, 0xd7, 0x23, 0x3d, 0x00, 0x00, 0xa0, 0x41,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x40,
    0x00, 0x00, 0x40, 0x40, 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0xed, 0x00, 0x00, 0x00, 0x0a, 0xd7, 0x23, 0x3d, 0x00, 0x00, 0xf0, 0x41,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x40,
    0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0xc4, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40,
    0x00, 0x00, 0x20, 0xc1, 0xb3, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20, 0x42, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0xa0, 0x40, 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xa0, 0x40,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0xa0, 0x40, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x40, 0x00, 0x00, 0xa0, 0xc0, 0x00, 0x00, 0xa0, 0xc0,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xa0, 0x40, 0x00, 0x00, 0xa0, 0xc0, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0xa0, 0x40, 0x00, 0x00, 0xa0, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xa0, 0xc0,
    0x00, 0x00, 0xa0, 0x40, 0x00, 0x00, 0x00, 0x00, 0x42, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x32, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x29, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x2f, 0x68, 0x00, 0x2f, 0x62, 0x00, 0x2f, 0x63,
    0x00, 0x2f, 0x6b, 0x00, 0x2f, 0x70, 0x00, 0x2f, 0x73, 0x00, 0x2f, 0x66, 0x6c, 0x6f, 0x6f, 0x72,
    0x00, 0x2f, 0x62, 0x61, 0x64, 0x00,
};

/* A material (pointer and length) equals a C string. */
static int material_is(const char *m, size_t len, const char *want) {
    return len == strlen(want) && (len == 0 || memcmp(m, want, len) == 0);
}

static int vec_is(const float *v, float x, float y, float z) {
    return v[0] == x && v[1] == y && v[2] == z;
}

/* A pointer of `len` bytes lies in the buffer (or is empty). */
static int inside(const char *p, size_t len, const unsigned char *buf, size_t buf_len) {
    const unsigned char *q = (const unsigned char *)p;
    return len == 0 || (q >= buf && q + len <= buf + buf_len);
}

/* Two hits agree: the same status, and when both hit, the same fields. */
static void same_hit(zc_status st_a, const zc_grit_hit *a, zc_status st_b, const zc_grit_hit *b) {
    CHECK(st_a == st_b);
    if (st_a == ZC_STATUS_OK && st_b == ZC_STATUS_OK) {
        CHECK(a->hit.t == b->hit.t && a->hit.primitive == b->hit.primitive);
        CHECK(a->hit.index == b->hit.index && a->hit.material == b->hit.material);
        CHECK(memcmp(a->hit.point, b->hit.point, sizeof a->hit.point) == 0);
        CHECK(memcmp(a->hit.normal, b->hit.normal, sizeof a->hit.normal) == 0);
        CHECK(a->material == b->material && a->material_len == b->material_len);
    }
}

static unsigned long indexed_queries;

/* Builds the body's face index once and checks every cast, ground and overlap
 * through it against the body's own (zc_grit_cast, _ground, _overlap); then the
 * same index over storage zero-filled and scrambled after the build: every query
 * answers (any answer), with no crash, hang or sanitizer report. */
static void index_agrees(const zc_grit_body *body, const zc_segment *segs, size_t count) {
    size_t need, i, n_a, n_b, k;
    uint32_t *storage;
    uint32_t seed = 12345;
    zc_grit_face_index index;
    zc_grit_hit a, b;
    zc_grit_contact ca[8], cb[8];
    zc_status st;
    int round;
    CHECK_STATUS(zc_grit_face_index_words(body, &need), ZC_STATUS_OK);
    storage = malloc((need + 1) * sizeof *storage);
    if (!storage)
        exit(2);
    CHECK_STATUS(zc_grit_face_index_build(body, storage, need, &index), ZC_STATUS_OK);
    for (i = 0; i < count; i++) {
        zc_ball ball = {{segs[i].start[0], segs[i].start[1], segs[i].start[2]}, 1.5f};
        st = zc_grit_face_index_cast(&index, &segs[i], &a);
        same_hit(st, &a, zc_grit_cast(body, &segs[i], &b), &b);
        st = zc_grit_face_index_ground(&index, segs[i].start[0], segs[i].start[1],
                                       segs[i].start[2], 50, &a);
        same_hit(st, &a, zc_grit_ground(body, segs[i].start[0], segs[i].start[1],
                                        segs[i].start[2], 50, &b), &b);
        CHECK_STATUS(zc_grit_face_index_overlap(&index, &ball, ca, 8, &n_a), ZC_STATUS_OK);
        CHECK_STATUS(zc_grit_overlap(body, &ball, cb, 8, &n_b), ZC_STATUS_OK);
        CHECK(n_a == n_b);
        for (k = 0; k < n_a && k < 8; k++) {
            CHECK(ca[k].contact.primitive == cb[k].contact.primitive);
            CHECK(ca[k].contact.index == cb[k].contact.index);
            CHECK(ca[k].contact.depth == cb[k].contact.depth);
            CHECK(ca[k].material == cb[k].material && ca[k].material_len == cb[k].material_len);
        }
        indexed_queries += 3;
    }
    for (round = 0; round < 2; round++) {
        if (round == 0) {
            memset(storage, 0, need * sizeof *storage);
        } else {
            for (k = 0; k < need; k++) {
                seed = seed * 1664525u + 1013904223u;
                storage[k] = seed ^ (seed >> 13);
            }
        }
        for (i = 0; i < count; i++) {
            zc_ball ball = {{segs[i].start[0], segs[i].start[1], segs[i].start[2]}, 5};
            st = zc_grit_face_index_cast(&index, &segs[i], &a);
            CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
            st = zc_grit_face_index_ground(&index, 0, 0, 100, 200, &a);
            CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
            CHECK_STATUS(zc_grit_face_index_overlap(&index, &ball, ca, 8, &n_a), ZC_STATUS_OK);
        }
    }
    free(storage);
}

static void sample_tcol(const char *root) {
    size_t len, n;
    unsigned char *text = read_file(root, "samples/body.tcol", &len);
    zc_grit_body body;
    zc_grit_attributes a;
    zc_grit_summary s;
    zc_grit_shape shapes[8];
    zc_grit_trimesh mesh;
    zc_grit_hit hit;
    zc_grit_contact contacts[4];
    zc_segment down = {{0, 0, 5}, {0, 0, -5}};
    zc_ball ball = {{0, 0, 0.3f}, 0.2f};
    float hv[8][3];
    float point[3] = {0, 0, 5};
    uint64_t total;

    CHECK(zc_grit_sniff(text, len) == ZC_FORMAT_TCOL);
    CHECK(zc_sniff(text, len) == ZC_FORMAT_TCOL);
    CHECK_STATUS(zc_grit_parse(text, len, ZC_MODE_STRICT, &body, NULL), ZC_STATUS_OK);
    CHECK(body.format == ZC_FORMAT_TCOL && body.mode == ZC_MODE_STRICT);
    CHECK(body.has_compound == 1 && body.has_trimesh == 0);
    CHECK(body.shape_count == 4 && body.vertex_count == 0 && body.face_count == 0);

    CHECK_STATUS(zc_grit_body_attributes(&body, &a), ZC_STATUS_OK);
    CHECK(a.is_static == 0 && a.mass == F(30.0f) && a.has_inertia == 1);
    CHECK(vec_is(a.inertia, 1.25f, 1.5f, 0.875f));
    CHECK(a.linear_damping == F(0.25f) && a.angular_damping == F(0.5f));
    CHECK(a.linear_sleep_threshold == F(1.0f) && a.angular_sleep_threshold == F(0.6f));
    CHECK(a.ccd_motion_threshold == F(0.0f) && a.ccd_swept_sphere_radius == F(0.0f));

    CHECK_STATUS(zc_grit_body_summary(&body, &s), ZC_STATUS_OK);
    CHECK(s.format == ZC_FORMAT_TCOL && s.is_static == 0 && s.mass == F(30.0f));
    CHECK(s.shapes == 4 && s.hulls == 1 && s.boxes == 1 && s.cylinders == 1 && s.spheres == 1);
    CHECK(s.cones == 0 && s.planes == 0 && s.hull_vertices == 5);
    CHECK(s.has_trimesh == 0 && s.vertices == 0 && s.faces == 0);
    CHECK(s.lints == 0 && s.tolerated == 0 && s.lines == 44 && s.string_table_len == 0);

    CHECK_STATUS(zc_grit_shapes(&body, 0, shapes, 8, &n), ZC_STATUS_OK);
    CHECK(n == 4);
    CHECK(shapes[0].kind == ZC_GRIT_SHAPE_HULL && shapes[0].margin == F(0.04f));
    CHECK(material_is(shapes[0].material, shapes[0].material_len, "../shared/Plastic"));
    CHECK(shapes[0].material == (const char *)text + 407);
    CHECK(shapes[0].hull_vertex_first == 0 && shapes[0].hull_vertex_count == 5);
    CHECK(shapes[1].kind == ZC_GRIT_SHAPE_BOX);
    CHECK(material_is(shapes[1].material, shapes[1].material_len, "/common/props/Wood"));
    CHECK(vec_is(shapes[1].centre, 0, 0, 0.55f) && vec_is(shapes[1].dimensions, 1.2f, 0.8f, 0.1f));
    CHECK(shapes[1].orientation[0] == F(0.9659258f) && shapes[1].orientation[3] == F(0.258819f));
    CHECK(shapes[2].kind == ZC_GRIT_SHAPE_CYLINDER && shapes[2].margin == F(0.02f));
    CHECK(material_is(shapes[2].material, shapes[2].material_len, "Metal"));
    CHECK(shapes[2].radius == F(0.1f) && shapes[2].height == F(0.5f));
    CHECK(shapes[2].orientation[0] == F(1.0f) && shapes[2].orientation[1] == F(0.0f));
    CHECK(shapes[3].kind == ZC_GRIT_SHAPE_SPHERE && shapes[3].radius == F(0.1f));
    CHECK(vec_is(shapes[3].centre, 0, 0, -0.05f) && shapes[3].margin == F(0.0f));
    /* From an index, and the empty rest. */
    CHECK_STATUS(zc_grit_shapes(&body, 3, shapes, 8, &n), ZC_STATUS_OK);
    CHECK(n == 1 && shapes[0].kind == ZC_GRIT_SHAPE_SPHERE);
    CHECK_STATUS(zc_grit_shapes(&body, 4, shapes, 8, &n), ZC_STATUS_OK);
    CHECK(n == 0);
    CHECK_STATUS(zc_grit_shapes(&body, 5, shapes, 8, &n), ZC_STATUS_OUT_OF_RANGE);

    CHECK_STATUS(zc_grit_hull_vertices(&body, 0, hv, 8, &n), ZC_STATUS_OK);
    CHECK(n == 5 && vec_is(hv[0], 0.3f, 0.3f, 0.6f) && vec_is(hv[4], 0, 0, 1.2f));
    CHECK(vec_is(hv[3], -0.3f, -0.3f, 0.6f));
    CHECK_STATUS(zc_grit_hull_vertices(&body, 2, hv, 1, &n), ZC_STATUS_OK);
    CHECK(n == 1 && vec_is(hv[0], 0.3f, -0.3f, 0.6f));
    CHECK_STATUS(zc_grit_body_trimesh(&body, &mesh), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_grit_vertices(&body, 0, hv, 8, &n), ZC_STATUS_OK);
    CHECK(n == 0);
    CHECK_STATUS(zc_grit_lints(&body, 0, NULL, 0, &n, &total), ZC_STATUS_OK);
    CHECK(n == 0 && total == 0);

    /* Queries (the values of Tcol::cast, ground and overlap). */
    CHECK_STATUS(zc_grit_cast(&body, &down, &hit), ZC_STATUS_OK);
    CHECK(hit.hit.t == F(0.37600002f) && hit.hit.primitive == ZC_PRIMITIVE_HULL);
    CHECK(hit.hit.index == 0 && hit.hit.point[2] == F(1.2399998f));
    CHECK(hit.hit.normal[2] == F(0.99999905f) && hit.hit.material == 407);
    CHECK(material_is(hit.material, hit.material_len, "../shared/Plastic"));
    CHECK_STATUS(zc_grit_ground(&body, point[0], point[1], point[2], 10.0f, &hit), ZC_STATUS_OK);
    CHECK(hit.hit.t == F(0.37600002f) && hit.hit.primitive == ZC_PRIMITIVE_HULL);
    CHECK_STATUS(zc_grit_ground(&body, point[0], point[1], point[2], 1.0f, &hit), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_grit_ground(&body, point[0], point[1], point[2], -1.0f, &hit), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_grit_overlap(&body, &ball, contacts, 4, &n), ZC_STATUS_OK);
    CHECK(n == 2);
    CHECK(contacts[0].contact.primitive == ZC_PRIMITIVE_BOX && contacts[0].contact.index == 1);
    CHECK(contacts[0].contact.depth == F(0.0f) && vec_is(contacts[0].contact.point, 0, 0, 0.5f));
    CHECK(material_is(contacts[0].material, contacts[0].material_len, "/common/props/Wood"));
    CHECK(contacts[1].contact.primitive == ZC_PRIMITIVE_CYLINDER && contacts[1].contact.index == 2);
    CHECK(contacts[1].contact.depth == F(0.3f) && vec_is(contacts[1].contact.normal, 1, 0, 0));
    CHECK_STATUS(zc_grit_overlap(&body, &ball, NULL, 0, &n), ZC_STATUS_OK);
    CHECK(n == 2);
    index_agrees(&body, &down, 1);

    /* Lenient reads it the same. */
    CHECK_STATUS(zc_tcol_parse(text, len, ZC_MODE_LENIENT, &body, NULL), ZC_STATUS_OK);
    CHECK(body.mode == ZC_MODE_LENIENT && body.shape_count == 4);
    /* As BCOL it is malformed: a bad magic. */
    {
        zc_error err;
        CHECK_STATUS(zc_bcol_parse(text, len, ZC_MODE_STRICT, &body, &err), ZC_STATUS_MALFORMED);
        CHECK(err.format == ZC_FORMAT_BCOL && err.kind == ZC_BCOL_ERROR_BAD_MAGIC);
        CHECK(err.offset == 0 && err.line == 0 && err.column == 0);
    }
    free(text);
}

static void sample_bcol(void) {
    size_t n;
    zc_grit_body body;
    zc_grit_attributes a;
    zc_grit_summary s;
    zc_grit_shape shapes[8];
    zc_grit_trimesh mesh;
    zc_grit_face faces[4];
    zc_grit_lint lints[4];
    zc_grit_hit hit;
    zc_grit_contact contacts[4];
    float v[8][3];
    float point[3] = {1, -1, 3};
    zc_segment down = {{10, 0, 5}, {10, 0, -5}};
    zc_segment inside_hull = {{0, 0, 5.5f}, {0, 0, -20}};
    zc_ball ball = {{1, 1, 0.1f}, 0.5f};
    uint64_t total;
    char text[400];
    const char *buf = (const char *)BCOL;

    CHECK(zc_grit_sniff(BCOL, sizeof BCOL) == ZC_FORMAT_BCOL);
    CHECK_STATUS(zc_grit_parse(BCOL, sizeof BCOL, ZC_MODE_STRICT, &body, NULL), ZC_STATUS_OK);
    CHECK(body.format == ZC_FORMAT_BCOL && body.has_compound == 1 && body.has_trimesh == 1);
    CHECK(body.shape_count == 6 && body.vertex_count == 4 && body.face_count == 3);
    CHECK_STATUS(zc_grit_body_attributes(&body, &a), ZC_STATUS_OK);
    CHECK(a.is_static == 1 && a.mass == F(0.0f) && a.has_inertia == 0);
    CHECK(a.linear_damping == F(0.5f) && a.angular_sleep_threshold == F(0.8f));

    CHECK_STATUS(zc_grit_body_summary(&body, &s), ZC_STATUS_OK);
    CHECK(s.format == ZC_FORMAT_BCOL && s.is_static == 1 && s.shapes == 6);
    CHECK(s.hulls == 1 && s.boxes == 1 && s.cylinders == 1 && s.cones == 1);
    CHECK(s.planes == 1 && s.spheres == 1 && s.hull_vertices == 4);
    CHECK(s.vertices == 4 && s.faces == 3 && s.trimesh_margin == F(0.0f));
    CHECK(s.edge_distance_threshold == F(0.001f));
    CHECK(vec_is(s.bounds_min, -5, -5, 0) && vec_is(s.bounds_max, 5, 5, 0));
    CHECK(s.lints == 3 && s.tolerated == 0 && s.lines == 0);
    CHECK(s.string_table_offset == 472 && s.string_table_len == 30);

    CHECK_STATUS(zc_grit_shapes(&body, 0, shapes, 8, &n), ZC_STATUS_OK);
    CHECK(n == 6);
    CHECK(shapes[0].kind == ZC_GRIT_SHAPE_HULL && shapes[0].margin == F(0.01f));
    CHECK(material_is(shapes[0].material, shapes[0].material_len, "/h"));
    CHECK(shapes[0].material == buf + 472);
    CHECK(shapes[0].hull_vertex_count == 4);
    CHECK(shapes[1].kind == ZC_GRIT_SHAPE_BOX && vec_is(shapes[1].centre, 10, 0, 0));
    CHECK(vec_is(shapes[1].dimensions, 2, 2, 2) && shapes[1].margin == F(0.04f));
    CHECK(material_is(shapes[1].material, shapes[1].material_len, "/b"));
    CHECK(shapes[2].kind == ZC_GRIT_SHAPE_CYLINDER && vec_is(shapes[2].dimensions, 1, 2, 3));
    CHECK(shapes[2].radius == F(0.5f) && shapes[2].height == F(3.0f));
    CHECK(shapes[3].kind == ZC_GRIT_SHAPE_CONE && vec_is(shapes[3].centre, 30, 0, 0));
    CHECK(shapes[3].radius == F(1.0f) && shapes[3].height == F(2.0f));
    CHECK(material_is(shapes[3].material, shapes[3].material_len, "/k"));
    CHECK(shapes[4].kind == ZC_GRIT_SHAPE_PLANE && vec_is(shapes[4].normal, 0, 0, 2));
    CHECK(shapes[4].distance == F(-10.0f) && shapes[4].margin == F(0.0f));
    CHECK(shapes[5].kind == ZC_GRIT_SHAPE_SPHERE && vec_is(shapes[5].centre, 40, 0, 0));
    CHECK(shapes[5].radius == F(0.5f));
    CHECK(material_is(shapes[5].material, shapes[5].material_len, "/s"));
    CHECK_STATUS(zc_grit_hull_vertices(&body, 0, v, 8, &n), ZC_STATUS_OK);
    CHECK(n == 4 && vec_is(v[0], 0, 0, 5) && vec_is(v[1], 1, 0, 5) && vec_is(v[3], 0, 0, 6));

    CHECK_STATUS(zc_grit_body_trimesh(&body, &mesh), ZC_STATUS_OK);
    CHECK(mesh.margin == F(0.0f) && mesh.edge_distance_threshold == F(0.001f));
    CHECK(mesh.vertex_count == 4 && mesh.face_count == 3);
    CHECK_STATUS(zc_grit_vertices(&body, 0, v, 8, &n), ZC_STATUS_OK);
    CHECK(n == 4 && vec_is(v[0], -5, -5, 0) && vec_is(v[2], 5, 5, 0) && vec_is(v[3], -5, 5, 0));
    CHECK_STATUS(zc_grit_faces(&body, 0, faces, 4, &n), ZC_STATUS_OK);
    CHECK(n == 3);
    CHECK(faces[0].indices[0] == 0 && faces[0].indices[1] == 1 && faces[0].indices[2] == 2);
    CHECK(material_is(faces[0].material, faces[0].material_len, "/floor"));
    CHECK(faces[1].indices[2] == 3);
    CHECK(faces[2].indices[0] == 1 && faces[2].indices[1] == 1);
    CHECK(material_is(faces[2].material, faces[2].material_len, "/bad"));
    CHECK_STATUS(zc_grit_faces(&body, 4, faces, 4, &n), ZC_STATUS_OUT_OF_RANGE);

    /* The lints of Bcol::lints, with their offsets and messages. */
    CHECK_STATUS(zc_grit_lints(&body, 0, lints, 4, &n, &total), ZC_STATUS_OK);
    CHECK(n == 3 && total == 3);
    CHECK(lints[0].kind == ZC_GRIT_LINT_CYLINDER_XY_DIFFER && lints[0].offset == 196);
    CHECK(lints[0].shape == 2 && lints[0].tolerated == 0 && lints[0].line == 0);
    CHECK(zc_grit_lint_message(&lints[0], text, sizeof text) == strlen(text));
    CHECK(strncmp(text, "cylinder x and y dimensions differ (1 and 2)", 44) == 0);
    CHECK(lints[1].kind == ZC_GRIT_LINT_NON_UNIT_NORMAL && lints[1].offset == 288);
    CHECK(lints[1].shape == 4);
    CHECK(lints[2].kind == ZC_GRIT_LINT_REPEATED_INDEX && lints[2].offset == 456);
    CHECK(lints[2].shape == UINT64_MAX);
    zc_grit_lint_message(&lints[2], text, sizeof text);
    CHECK(strncmp(text, "face 2 [1, 1, 2] repeats a vertex", 33) == 0);
    CHECK(zc_grit_lint_message(&lints[2], text, 5) > 5 && strlen(text) == 4);
    CHECK(zc_grit_lint_message(NULL, text, sizeof text) == 0 && text[0] == '\0');
    CHECK_STATUS(zc_grit_lints(&body, 2, lints, 4, &n, NULL), ZC_STATUS_OK);
    CHECK(n == 1 && lints[0].kind == ZC_GRIT_LINT_REPEATED_INDEX);
    CHECK_STATUS(zc_grit_lints(&body, 4, lints, 4, &n, NULL), ZC_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(zc_tcol_mesh_scratch_len(&body, &n), ZC_STATUS_OK);
    CHECK(n == 0);

    /* Queries (the values of Bcol::cast, ground and overlap). */
    CHECK_STATUS(zc_grit_cast(&body, &down, &hit), ZC_STATUS_OK);
    CHECK(hit.hit.t == F(0.4f) && hit.hit.primitive == ZC_PRIMITIVE_BOX && hit.hit.index == 1);
    CHECK(vec_is(hit.hit.point, 10, 0, 1) && vec_is(hit.hit.normal, 0, 0, 1));
    CHECK(material_is(hit.material, hit.material_len, "/b") && hit.hit.material == 475);
    CHECK_STATUS(zc_grit_cast(&body, &inside_hull, &hit), ZC_STATUS_OK);
    CHECK(hit.hit.t == F(0.0f) && hit.hit.primitive == ZC_PRIMITIVE_HULL);
    CHECK_STATUS(zc_grit_ground(&body, point[0], point[1], point[2], 10.0f, &hit), ZC_STATUS_OK);
    CHECK(hit.hit.t == F(0.3f) && hit.hit.primitive == ZC_PRIMITIVE_FACE && hit.hit.index == 0);
    CHECK(vec_is(hit.hit.point, 1, -1, 0));
    CHECK(material_is(hit.material, hit.material_len, "/floor"));
    CHECK_STATUS(zc_grit_overlap(&body, &ball, contacts, 4, &n), ZC_STATUS_OK);
    CHECK(n == 2 && contacts[0].contact.primitive == ZC_PRIMITIVE_FACE);
    CHECK(contacts[0].contact.index == 0 && contacts[1].contact.index == 1);
    CHECK(contacts[0].contact.depth == F(0.4f) && vec_is(contacts[0].contact.point, 1, 1, 0));
    CHECK_STATUS(zc_grit_overlap(&body, &ball, contacts, 1, &n), ZC_STATUS_OK);
    CHECK(n == 2);
    /* The face index: built once into caller storage, then many queries. */
    {
        zc_segment segs[4] = {{{10, 0, 5}, {10, 0, -5}},
                              {{0, 0, 5.5f}, {0, 0, -20}},
                              {{1, -1, 3}, {1, -1, -7}},
                              {{100, 100, 1}, {100, 100, -1}}};
        zc_grit_hit hits[4];
        zc_grit_face_index index, forged;
        size_t need, more;
        uint32_t *storage;
        int i;
        CHECK_STATUS(zc_grit_face_index_words(&body, &need), ZC_STATUS_OK);
        CHECK(need > body.face_count * ZC_GRIT_FACE_INDEX_FACE_WORDS + body.vertex_count * 3);
        CHECK((need - body.face_count * ZC_GRIT_FACE_INDEX_FACE_WORDS - body.vertex_count * 3) %
                  ZC_GRIT_FACE_INDEX_NODE_WORDS ==
              0);
        storage = malloc((need + 2) * sizeof *storage);
        if (!storage)
            exit(2);
        CHECK_STATUS(zc_grit_face_index_build(&body, storage, need, &index), ZC_STATUS_OK);
        CHECK(index.storage == storage && index.body.check == body.check);
        for (i = 0; i < 4; i++)
            CHECK_STATUS(zc_grit_face_index_cast(&index, &segs[i], &hits[i]),
                         i == 3 ? ZC_STATUS_NOT_FOUND : ZC_STATUS_OK);
        CHECK(hits[0].hit.t == F(0.4f) && hits[0].hit.primitive == ZC_PRIMITIVE_BOX);
        CHECK(material_is(hits[0].material, hits[0].material_len, "/b"));
        CHECK(hits[1].hit.t == F(0.0f) && hits[1].hit.primitive == ZC_PRIMITIVE_HULL);
        CHECK(hits[2].hit.t == F(0.3f) && hits[2].hit.primitive == ZC_PRIMITIVE_FACE);
        CHECK(hits[2].hit.index == 0 && vec_is(hits[2].hit.point, 1, -1, 0));
        CHECK(material_is(hits[2].material, hits[2].material_len, "/floor"));
        CHECK_STATUS(zc_grit_face_index_ground(&index, point[0], point[1], point[2], 10.0f, &hit),
                     ZC_STATUS_OK);
        CHECK(hit.hit.t == F(0.3f) && hit.hit.primitive == ZC_PRIMITIVE_FACE && hit.hit.index == 0);
        CHECK_STATUS(zc_grit_face_index_overlap(&index, &ball, contacts, 4, &n), ZC_STATUS_OK);
        CHECK(n == 2 && contacts[0].contact.primitive == ZC_PRIMITIVE_FACE);
        CHECK(contacts[0].contact.index == 0 && contacts[1].contact.index == 1);
        CHECK(contacts[0].contact.depth == F(0.4f) && vec_is(contacts[0].contact.point, 1, 1, 0));
        CHECK_STATUS(zc_grit_face_index_overlap(&index, &ball, NULL, 0, &n), ZC_STATUS_OK);
        CHECK(n == 2);
        /* Larger storage is fine; short, misaligned, NULL, overlapping the body. */
        CHECK_STATUS(zc_grit_face_index_build(&body, storage, need + 1, &forged), ZC_STATUS_OK);
        CHECK_STATUS(zc_grit_face_index_build(&body, storage, need - 1, &forged),
                     ZC_STATUS_BUFFER_TOO_SMALL);
        CHECK_STATUS(zc_grit_face_index_build(&body, (uint32_t *)((char *)storage + 1), need,
                                              &forged),
                     ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_build(&body, NULL, need, &forged), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_build(&body, storage, SIZE_MAX, &forged),
                     ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_build(&body, (uint32_t *)(void *)BCOL, need, &forged),
                     ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_build(&body, storage, need, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_build(NULL, storage, need, &forged),
                     ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_words(&body, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_words(NULL, &more), ZC_STATUS_NULL_ARGUMENT);
        /* A forged or zero-filled view; NULL arguments. */
        forged = index;
        forged.nodes += 1;
        CHECK_STATUS(zc_grit_face_index_cast(&forged, &segs[0], &hit), ZC_STATUS_INVALID_ARGUMENT);
        forged = index;
        forged.body.face_count += 1;
        CHECK_STATUS(zc_grit_face_index_cast(&forged, &segs[0], &hit), ZC_STATUS_INVALID_ARGUMENT);
        memset(&forged, 0, sizeof forged);
        CHECK_STATUS(zc_grit_face_index_cast(&forged, &segs[0], &hit), ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_ground(&forged, 0, 0, 0, 1, &hit),
                     ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_overlap(&forged, &ball, contacts, 4, &n),
                     ZC_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_cast(NULL, &segs[0], &hit), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_cast(&index, NULL, &hit), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_cast(&index, &segs[0], NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_ground(&index, 0, 0, 0, 1, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_overlap(&index, NULL, contacts, 4, &n),
                     ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_overlap(&index, &ball, contacts, 4, NULL),
                     ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_face_index_overlap(&index, &ball, NULL, 4, &n),
                     ZC_STATUS_NULL_ARGUMENT);
        /* The index still answers after all that. */
        CHECK_STATUS(zc_grit_face_index_cast(&index, &segs[2], &hit), ZC_STATUS_OK);
        CHECK(hit.hit.t == F(0.3f) && hit.hit.primitive == ZC_PRIMITIVE_FACE);
        free(storage);
        index_agrees(&body, segs, 4);
    }
}

/* The TCOL the BCOL came from: its lints with line and column; mesh lints. */
static void text_lints(void) {
    size_t n, need;
    zc_grit_body body;
    zc_grit_lint lints[4];
    uint32_t scratch[8][4];
    uint64_t total;
    static const char MESH[] =
        "TCOL1.0\nattributes { static; }\n"
        "trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; 5 5 5; }\n"
        "faces { 0 1 2 \"/a\"; 2 1 0 \"/a\"; } }\n";
    const unsigned char *m = (const unsigned char *)MESH;

    CHECK_STATUS(zc_tcol_parse((const unsigned char *)SRC_TCOL, strlen(SRC_TCOL), ZC_MODE_STRICT,
                               &body, NULL),
                 ZC_STATUS_OK);
    CHECK_STATUS(zc_grit_lints(&body, 0, lints, 4, &n, &total), ZC_STATUS_OK);
    CHECK(n == 3 && total == 3);
    CHECK(lints[0].kind == ZC_GRIT_LINT_CYLINDER_XY_DIFFER && lints[0].shape == 2);
    CHECK(lints[0].line == 6 && lints[0].column == 1 && lints[0].offset == 197);
    CHECK(lints[1].kind == ZC_GRIT_LINT_NON_UNIT_NORMAL && lints[1].line == 8);
    CHECK(lints[1].column == 1 && lints[1].offset == 317);
    CHECK(lints[2].kind == ZC_GRIT_LINT_REPEATED_INDEX && lints[2].line == 11);
    CHECK(lints[2].column == 96 && lints[2].offset == 520);

    CHECK_STATUS(zc_tcol_parse(m, strlen(MESH), ZC_MODE_STRICT, &body, NULL), ZC_STATUS_OK);
    CHECK_STATUS(zc_tcol_mesh_scratch_len(&body, &need), ZC_STATUS_OK);
    CHECK(need == 6);
    CHECK_STATUS(zc_tcol_mesh_lints(&body, scratch, 5, 0, lints, 4, &n, &total),
                 ZC_STATUS_BUFFER_TOO_SMALL);
    CHECK_STATUS(zc_tcol_mesh_lints(&body, scratch, 8, 0, lints, 4, &n, &total), ZC_STATUS_OK);
    CHECK(n == 2 && total == 2);
    CHECK(lints[0].kind == ZC_GRIT_LINT_DUPLICATE_FACE && lints[0].line == 4);
    CHECK(lints[0].offset == (uint64_t)(strstr(MESH, "2 1 0") - MESH));
    CHECK(lints[1].kind == ZC_GRIT_LINT_UNREFERENCED_VERTEX && lints[1].line == 3);
    CHECK(lints[1].offset == (uint64_t)(strstr(MESH, "5 5 5") - MESH));
    CHECK_STATUS(zc_tcol_mesh_lints(&body, scratch, 8, 1, lints, 4, &n, NULL), ZC_STATUS_OK);
    CHECK(n == 1 && lints[0].kind == ZC_GRIT_LINT_UNREFERENCED_VERTEX);
    CHECK_STATUS(zc_tcol_mesh_lints(&body, scratch, 8, 3, lints, 4, &n, NULL),
                 ZC_STATUS_OUT_OF_RANGE);
}

static void errors(void) {
    zc_grit_body body;
    zc_grit_lint lints[4];
    zc_error err;
    size_t n;
    static const char ZERO_MASS[] = "TCOL1.0\nattributes { mass 0; }\n";
    static const char OLD[] = "TCOL1.0\ncompound { }\n";

    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_grit_parse((const unsigned char *)ZERO_MASS, strlen(ZERO_MASS), ZC_MODE_STRICT,
                               &body, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_TCOL && err.kind == ZC_TCOL_ERROR_ZERO_MASS);
    CHECK(err.line == 2 && err.column == 19 && err.offset == 26);
    CHECK(err.lenient_readable == 0);
    CHECK(strstr(message_of(&err), "line 2, column 19") != NULL);

    /* The 2009 dialect: strict refuses, lenient reads it, with a tolerated lint. */
    CHECK_STATUS(zc_grit_parse((const unsigned char *)OLD, strlen(OLD), ZC_MODE_STRICT, &body,
                               &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_TCOL && err.lenient_readable == 1);
    CHECK(err.line == 2 && err.column == 1 && err.offset == 8);
    CHECK_STATUS(zc_grit_parse((const unsigned char *)OLD, strlen(OLD), ZC_MODE_LENIENT, &body,
                               &err),
                 ZC_STATUS_OK);
    CHECK_STATUS(zc_grit_lints(&body, 0, lints, 4, &n, NULL), ZC_STATUS_OK);
    CHECK(n == 1 && lints[0].kind == ZC_GRIT_LINT_MISSING_ATTRIBUTES && lints[0].tolerated == 1);
    CHECK(lints[0].line == 2 && lints[0].column == 1);

    /* Not Grit at all: read as TCOL, a bad header at line 1, column 1. */
    CHECK_STATUS(zc_grit_parse((const unsigned char *)"hello", 5, ZC_MODE_STRICT, &body, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_TCOL_ERROR_BAD_HEADER && err.line == 1 && err.column == 1);
    CHECK_STATUS(zc_grit_parse(NULL, 0, ZC_MODE_STRICT, &body, &err), ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_TCOL && err.line == 1);

    /* BCOL: a truncated header, and a face index past the vertices. */
    CHECK_STATUS(zc_bcol_parse(BCOL, 20, ZC_MODE_STRICT, &body, &err), ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_BCOL && err.kind == ZC_BCOL_ERROR_TRUNCATED);
    CHECK(err.line == 0 && err.column == 0);
    {
        unsigned char bad[sizeof BCOL];
        memcpy(bad, BCOL, sizeof bad);
        bad[432] = 9; /* the first face's second index */
        CHECK_STATUS(zc_bcol_parse(bad, sizeof bad, ZC_MODE_LENIENT, &body, &err),
                     ZC_STATUS_MALFORMED);
        CHECK(err.kind == ZC_BCOL_ERROR_FACE_INDEX_OUT_OF_RANGE && err.offset == 432);
        CHECK(err.lenient_readable == 0);
    }
}

static void hostile(void) {
    zc_grit_body body, forged;
    zc_grit_shape shapes[2];
    zc_grit_attributes a;
    zc_grit_hit hit;
    zc_segment seg = {{0, 0, 1}, {0, 0, -1}};
    zc_ball ball = {{0, 0, 0}, 1};
    float point[3] = {0, 0, 0};
    size_t n;
    unsigned char copy[sizeof BCOL];

    CHECK(zc_grit_sniff(NULL, 8) == ZC_FORMAT_NONE);
    CHECK(zc_grit_sniff(BCOL, 3) == ZC_FORMAT_NONE);
    CHECK_STATUS(zc_grit_parse(NULL, 10, ZC_MODE_STRICT, &body, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_grit_parse(BCOL, SIZE_MAX, ZC_MODE_STRICT, &body, NULL),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_grit_parse(BCOL, sizeof BCOL, 2, &body, NULL), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_grit_parse(BCOL, sizeof BCOL, ZC_MODE_STRICT, NULL, NULL),
                 ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_tcol_parse(BCOL, sizeof BCOL, 99, &body, NULL), ZC_STATUS_INVALID_ARGUMENT);

    CHECK_STATUS(zc_grit_parse(BCOL, sizeof BCOL, ZC_MODE_STRICT, &body, NULL), ZC_STATUS_OK);
    CHECK_STATUS(zc_grit_body_attributes(NULL, &a), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_grit_body_attributes(&body, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_grit_shapes(&body, 0, NULL, 2, &n), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_grit_shapes(&body, 0, shapes, 2, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_grit_shapes(&body, 0, shapes, SIZE_MAX, &n), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_grit_shapes(&body, UINT64_MAX, shapes, 2, &n), ZC_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(zc_grit_shapes(&body, 0, NULL, 0, &n), ZC_STATUS_OK);
    CHECK(n == 0);
    CHECK_STATUS(zc_grit_shapes(&body, 0, shapes, 2, &n), ZC_STATUS_OK);
    CHECK(n == 2);
    CHECK_STATUS(zc_grit_cast(&body, NULL, &hit), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_grit_cast(&body, &seg, NULL), ZC_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(zc_grit_ground(&body, point[0], point[1], point[2], 1, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_grit_overlap(&body, &ball, NULL, 0, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_grit_overlap(&body, NULL, NULL, 0, &n), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_tcol_mesh_lints(&body, NULL, 0, 0, NULL, 0, NULL, NULL),
                 ZC_STATUS_NULL_ARGUMENT);

    /* A forged or zero-filled view. */
    forged = body;
    forged.shape_count = 7;
    CHECK_STATUS(zc_grit_shapes(&forged, 0, shapes, 2, &n), ZC_STATUS_INVALID_ARGUMENT);
    forged = body;
    forged.buffer_len -= 1;
    CHECK_STATUS(zc_grit_body_attributes(&forged, &a), ZC_STATUS_INVALID_ARGUMENT);
    memset(&forged, 0, sizeof forged);
    CHECK_STATUS(zc_grit_body_attributes(&forged, &a), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_grit_cast(&forged, &seg, &hit), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_grit_lints(&forged, 0, NULL, 0, &n, NULL), ZC_STATUS_INVALID_ARGUMENT);

    /* A buffer changed under its view is refused, not misread. */
    memcpy(copy, BCOL, sizeof copy);
    CHECK_STATUS(zc_bcol_parse(copy, sizeof copy, ZC_MODE_STRICT, &body, NULL), ZC_STATUS_OK);
    copy[432] = 9;
    CHECK_STATUS(zc_grit_faces(&body, 0, NULL, 0, &n), ZC_STATUS_INVALID_ARGUMENT);
    copy[432] = 1;
    CHECK_STATUS(zc_grit_faces(&body, 0, NULL, 0, &n), ZC_STATUS_OK);
}

/* Every entry point on one buffer, in one mode: what a parse hands out, walked. */
static unsigned long replayed, parsed;

static void walk(const unsigned char *bytes, size_t len, const zc_grit_body *body) {
    zc_grit_attributes a;
    zc_grit_summary s;
    zc_grit_shape shapes[16];
    zc_grit_face faces[64];
    zc_grit_lint lints[8];
    zc_grit_trimesh mesh;
    zc_grit_hit hit;
    zc_grit_contact contacts[8];
    float v[64][3];
    char text[ZC_MESSAGE_CAP + 1];
    uint64_t i, total, hull_total = 0;
    size_t n, k, need;
    zc_segment seg = {{0.25f, 0.5f, 100}, {-0.5f, 0.25f, -100}};
    zc_ball ball = {{0, 0, 0}, 2};
    float point[3] = {0.1f, 0.2f, 50};

    CHECK_STATUS(zc_grit_body_attributes(body, &a), ZC_STATUS_OK);
    CHECK_STATUS(zc_grit_body_summary(body, &s), ZC_STATUS_OK);
    CHECK(s.shapes == body->shape_count && s.vertices == body->vertex_count);
    CHECK(s.faces == body->face_count && s.has_trimesh == body->has_trimesh);
    CHECK(s.hulls + s.boxes + s.cylinders + s.cones + s.planes + s.spheres == s.shapes);
    for (i = 0; i < body->shape_count; i += n) {
        CHECK_STATUS(zc_grit_shapes(body, i, shapes, 16, &n), ZC_STATUS_OK);
        CHECK(n > 0);
        if (n == 0)
            break;
        for (k = 0; k < n; k++) {
            CHECK(shapes[k].kind >= ZC_GRIT_SHAPE_HULL && shapes[k].kind <= ZC_GRIT_SHAPE_SPHERE);
            CHECK(inside(shapes[k].material, shapes[k].material_len, bytes, len));
            if (shapes[k].kind == ZC_GRIT_SHAPE_HULL) {
                CHECK(shapes[k].hull_vertex_first == hull_total);
                hull_total += shapes[k].hull_vertex_count;
            }
        }
    }
    CHECK(hull_total == s.hull_vertices);
    for (i = 0; i < hull_total; i += n) {
        CHECK_STATUS(zc_grit_hull_vertices(body, i, v, 64, &n), ZC_STATUS_OK);
        if (n == 0)
            break;
    }
    CHECK_STATUS(zc_grit_body_trimesh(body, &mesh),
                 body->has_trimesh ? ZC_STATUS_OK : ZC_STATUS_NOT_FOUND);
    for (i = 0; i < body->vertex_count; i += n) {
        CHECK_STATUS(zc_grit_vertices(body, i, v, 64, &n), ZC_STATUS_OK);
        if (n == 0)
            break;
    }
    for (i = 0; i < body->face_count; i += n) {
        CHECK_STATUS(zc_grit_faces(body, i, faces, 64, &n), ZC_STATUS_OK);
        if (n == 0)
            break;
        for (k = 0; k < n; k++) {
            CHECK(faces[k].indices[0] < body->vertex_count);
            CHECK(faces[k].indices[1] < body->vertex_count);
            CHECK(faces[k].indices[2] < body->vertex_count);
            CHECK(inside(faces[k].material, faces[k].material_len, bytes, len));
        }
    }
    CHECK_STATUS(zc_grit_lints(body, 0, NULL, 0, &n, &total), ZC_STATUS_OK);
    CHECK(total == s.lints);
    for (i = 0; i < total; i += n) {
        CHECK_STATUS(zc_grit_lints(body, i, lints, 8, &n, NULL), ZC_STATUS_OK);
        if (n == 0)
            break;
        for (k = 0; k < n; k++) {
            CHECK(lints[k].offset <= len);
            CHECK(zc_grit_lint_message(&lints[k], text, sizeof text) > 0);
            if (body->format == ZC_FORMAT_TCOL)
                CHECK(lints[k].line >= 1 && lints[k].column >= 1);
        }
    }
    CHECK_STATUS(zc_tcol_mesh_scratch_len(body, &need), ZC_STATUS_OK);
    {
        uint32_t(*scratch)[4] = malloc((need + 1) * sizeof *scratch);
        CHECK_STATUS(zc_tcol_mesh_lints(body, scratch, need, 0, lints, 8, &n, &total),
                     ZC_STATUS_OK);
        for (k = 0; k < n; k++)
            CHECK(zc_grit_lint_message(&lints[k], text, sizeof text) > 0);
        free(scratch);
    }
    if (zc_grit_cast(body, &seg, &hit) == ZC_STATUS_OK) {
        CHECK(hit.hit.t >= 0 && hit.hit.t <= 1);
        CHECK(inside(hit.material, hit.material_len, bytes, len));
    }
    if (zc_grit_ground(body, point[0], point[1], point[2], 100, &hit) == ZC_STATUS_OK)
        CHECK(hit.hit.t >= 0 && hit.hit.t <= 1);
    {
        zc_segment segs[6] = {{{0.25f, 0.5f, 100}, {-0.5f, 0.25f, -100}},
                              {{-100, 0.1f, 0.2f}, {100, -0.1f, 0.3f}},
                              {{0.5f, 0.5f, 0.5f}, {0.6f, 0.4f, -0.5f}},
                              {{0.1f, -100, 1}, {-0.2f, 100, -1}},
                              {{3, 2, 10}, {-3, -2, -10}},
                              {{-1, 1, 0.5f}, {1, -1, 0.25f}}};
        index_agrees(body, segs, 6);
    }
    CHECK_STATUS(zc_grit_overlap(body, &ball, contacts, 8, &n), ZC_STATUS_OK);
    for (k = 0; k < n && k < 8; k++)
        CHECK(inside(contacts[k].material, contacts[k].material_len, bytes, len));
}

static void replay(const char *path, const unsigned char *bytes, size_t len) {
    uint32_t mode;
    (void)path;
    replayed++;
    zc_grit_sniff(bytes, len);
    for (mode = ZC_MODE_STRICT; mode <= ZC_MODE_LENIENT; mode++) {
        zc_grit_body body;
        zc_error err;
        zc_status st;
        int which;
        for (which = 0; which < 3; which++) {
            memset(&err, 0, sizeof err);
            st = which == 0   ? zc_grit_parse(bytes, len, mode, &body, &err)
                 : which == 1 ? zc_tcol_parse(bytes, len, mode, &body, &err)
                              : zc_bcol_parse(bytes, len, mode, &body, &err);
            if (st == ZC_STATUS_OK) {
                parsed++;
                walk(bytes, len, &body);
            } else {
                CHECK_STATUS(st, ZC_STATUS_MALFORMED);
                CHECK(err.format == ZC_FORMAT_TCOL || err.format == ZC_FORMAT_BCOL);
                CHECK(err.offset <= len && err.message_len > 0);
                if (err.format == ZC_FORMAT_TCOL)
                    CHECK(err.line >= 1 && err.column >= 1);
                else
                    CHECK(err.line == 0 && err.column == 0);
                if (mode == ZC_MODE_LENIENT)
                    CHECK(err.lenient_readable == 0);
            }
        }
    }
}

static void run(const char *root) {
    unsigned long files = 0;
    sample_tcol(root);
    sample_bcol();
    text_lints();
    errors();
    hostile();
    files += for_each_file(root, "fuzz/corpus/grit", replay);
    files += for_each_file(root, "fuzz/corpus/roundtrip_tcol", replay);
    files += for_each_file(root, "fuzz/corpus/roundtrip_bcol", replay);
    files += for_each_file(root, "tests/regressions/grit", replay);
    CHECK(files == replayed && files > 6000);
    printf("grit: replayed %lu files, %lu parses walked, %lu indexed queries compared\n",
           replayed, parsed, indexed_queries);
}

HARNESS_MAIN
