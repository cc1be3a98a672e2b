/* BattleForge collisionShape through the C API: the shipped DRS sample's values (from
 * the Rust API), a bare payload, the corpus and regression replay through every entry
 * point in both modes, and hostile arguments. */
#include "harness.h"

static unsigned long replayed, parsed;

/* Walks everything a parsed payload hands out. */
static void walk_shapes(const zc_battleforge_shapes *s) {
    zc_battleforge_box b;
    zc_battleforge_sphere sp;
    zc_battleforge_cylinder c;
    zc_battleforge_aabb a;
    zc_battleforge_lints lints;
    zc_battleforge_lint lint;
    zc_hit hit;
    zc_contact contacts[4];
    zc_segment seg = {{0.0f, 100.0f, 0.0f}, {0.0f, -100.0f, 0.0f}};
    zc_ball ball = {{0.0f, 1.0f, 0.0f}, 2.0f};
    uint64_t found;
    uint32_t i, kind, index;
    char text[48];
    zc_status st;

    for (i = 0; i < s->box_count; i++)
        CHECK_STATUS(zc_battleforge_shapes_box(s, i, &b), ZC_STATUS_OK);
    for (i = 0; i < s->sphere_count; i++)
        CHECK_STATUS(zc_battleforge_shapes_sphere(s, i, &sp), ZC_STATUS_OK);
    for (i = 0; i < s->cylinder_count; i++)
        CHECK_STATUS(zc_battleforge_shapes_cylinder(s, i, &c), ZC_STATUS_OK);
    CHECK_STATUS(zc_battleforge_shapes_box(s, s->box_count, &b), ZC_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(zc_battleforge_shapes_sphere(s, s->sphere_count, &sp), ZC_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(zc_battleforge_shapes_cylinder(s, s->cylinder_count, &c), ZC_STATUS_OUT_OF_RANGE);
    st = zc_battleforge_shapes_aabb(s, &a);
    CHECK(st == (s->box_count + s->sphere_count + s->cylinder_count ? ZC_STATUS_OK
                                                                      : ZC_STATUS_NOT_FOUND));
    st = zc_battleforge_contains(s, 0.0f, 1.0f, 0.0f, &kind, &index);
    CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
    st = zc_battleforge_cast(s, &seg, &hit);
    CHECK(st == ZC_STATUS_OK || st == ZC_STATUS_NOT_FOUND);
    CHECK(zc_battleforge_ground(s, 0.0f, 100.0f, 0.0f, 200.0f, &hit) == st);
    CHECK_STATUS(zc_battleforge_overlap(s, &ball, contacts, 4, &found), ZC_STATUS_OK);

    CHECK_STATUS(zc_battleforge_lints_begin(s, &lints), ZC_STATUS_OK);
    while ((st = zc_battleforge_lints_next(&lints, &lint, text, sizeof text)) == ZC_STATUS_OK) {
        CHECK(lint.kind != ZC_BATTLEFORGE_LINT_OTHER && lint.tolerated == 0);
        CHECK(lint.shape_kind != ZC_BATTLEFORGE_SHAPE_OTHER);
        CHECK(strlen(text) == (lint.message_len < sizeof text ? lint.message_len : sizeof text - 1));
    }
    CHECK_STATUS(st, ZC_STATUS_END);
    CHECK_STATUS(zc_battleforge_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_END);
}

static void replay(const char *path, const unsigned char *bytes, size_t len) {
    uint32_t mode;
    (void)path;
    replayed++;
    for (mode = ZC_MODE_STRICT; mode <= ZC_MODE_LENIENT; mode++) {
        zc_battleforge_shapes s;
        zc_battleforge_drs drs;
        zc_error err;
        zc_status st = zc_battleforge_parse(bytes, len, mode, &s, &err);
        if (st == ZC_STATUS_OK) {
            parsed++;
            walk_shapes(&s);
        } else if (st == ZC_STATUS_MALFORMED) {
            CHECK(err.format == ZC_FORMAT_COLLISION_SHAPE);
            CHECK(err.kind != ZC_BATTLEFORGE_ERROR_OTHER);
            CHECK(err.offset <= len);
            CHECK(strlen(message_of(&err)) > 0);
        } else {
            CHECK_STATUS(st, ZC_STATUS_NOT_FOUND);
        }
        st = zc_battleforge_parse_payload(bytes, len, mode, &s, &err);
        if (st == ZC_STATUS_OK)
            walk_shapes(&s);
        else
            CHECK_STATUS(st, ZC_STATUS_MALFORMED);
        st = zc_battleforge_drs_parse(bytes, len, mode, &drs, &err);
        if (st == ZC_STATUS_OK) {
            zc_battleforge_nodes nodes;
            zc_battleforge_node node;
            uint32_t n = 0;
            CHECK_STATUS(zc_battleforge_nodes_begin(&drs, &nodes), ZC_STATUS_OK);
            while ((st = zc_battleforge_nodes_next(&nodes, &node)) == ZC_STATUS_OK) {
                CHECK(node.payload_offset + node.payload_len <= len);
                CHECK(node.name_len == 0 || node.name != NULL);
                n++;
            }
            CHECK_STATUS(st, ZC_STATUS_END);
            CHECK(n + 1 == drs.node_count);
        } else {
            CHECK_STATUS(st, ZC_STATUS_MALFORMED);
        }
    }
}

static void sample(const char *root) {
    size_t len;
    unsigned char *drs_bytes = read_file(root, "samples/collision.drs", &len);
    zc_battleforge_drs drs, forged_drs;
    zc_battleforge_nodes nodes;
    zc_battleforge_node node;
    zc_battleforge_shapes s, bare, forged;
    zc_battleforge_box b;
    zc_battleforge_sphere sp;
    zc_battleforge_cylinder c;
    zc_battleforge_aabb a;
    zc_battleforge_lints lints;
    zc_battleforge_lint lint;
    zc_hit hit;
    zc_contact contacts[8];
    zc_segment seg = {{0.0f, 100.0f, 0.0f}, {0.0f, -100.0f, 0.0f}};
    zc_ball ball = {{0.0f, 1.0f, 0.0f}, 0.5f};
    zc_error err;
    uint64_t found;
    uint32_t kind, index;

    CHECK(len == 591);
    CHECK(zc_sniff(drs_bytes, len) == ZC_FORMAT_COLLISION_SHAPE);

    /* The container and its nodes. */
    CHECK_STATUS(zc_battleforge_drs_parse(drs_bytes, len, ZC_MODE_STRICT, &drs, &err), ZC_STATUS_OK);
    CHECK(drs.model_count == 1 && drs.node_count == 4);
    CHECK(drs.node_info_offset == 20 && drs.node_hierarchy_offset == 148);
    CHECK(drs.root_name_len == 9 && memcmp(drs.root_name, "root node", 9) == 0);
    CHECK(drs.has_collision_shape == 1 && drs.collision_shape_node == 2);
    CHECK_STATUS(zc_battleforge_nodes_begin(&drs, &nodes), ZC_STATUS_OK);
    CHECK_STATUS(zc_battleforge_nodes_next(&nodes, &node), ZC_STATUS_OK);
    CHECK(node.info_index == 1 && node.name_len == 8 && memcmp(node.name, "CGeoMesh", 8) == 0);
    CHECK(node.class_id == 100449016 && node.identifier == 7);
    CHECK(node.payload_offset == 238 && node.payload_len == 40 && node.entry_offset == 169);
    CHECK(node.payload == drs_bytes + 238);
    CHECK_STATUS(zc_battleforge_nodes_next(&nodes, &node), ZC_STATUS_OK);
    CHECK(node.info_index == 2 && node.name_len == 14 && memcmp(node.name, "collisionShape", 14) == 0);
    CHECK(node.class_id == 268607026 && node.identifier == 8);
    CHECK(node.payload_offset == 278 && node.payload_len == 289 && node.entry_offset == 189);
    CHECK_STATUS(zc_battleforge_nodes_next(&nodes, &node), ZC_STATUS_OK);
    CHECK(node.info_index == 3 && node.class_id == 479466400 && node.identifier == 9);
    CHECK(node.payload_offset == 567 && node.payload_len == 24 && node.entry_offset == 215);
    CHECK_STATUS(zc_battleforge_nodes_next(&nodes, &node), ZC_STATUS_END);
    CHECK_STATUS(zc_battleforge_nodes_next(&nodes, &node), ZC_STATUS_END);

    /* The shapes, through the container. */
    CHECK_STATUS(zc_battleforge_parse(drs_bytes, len, ZC_MODE_STRICT, &s, &err), ZC_STATUS_OK);
    CHECK(s.buffer == drs_bytes && s.buffer_len == len);
    CHECK(s.payload_offset == 278 && s.payload_len == 289 && s.version == 1);
    CHECK(s.box_count == 2 && s.sphere_count == 1 && s.cylinder_count == 1);
    CHECK_STATUS(zc_battleforge_parse(drs_bytes, len, ZC_MODE_LENIENT, &s, &err), ZC_STATUS_OK);

    CHECK_STATUS(zc_battleforge_shapes_box(&s, 0, &b), ZC_STATUS_OK);
    CHECK(b.offset == 283);
    CHECK(b.transform.rotation[0][0] == 1.0f && b.transform.rotation[1][1] == 1.0f);
    CHECK(b.transform.position[0] == 0.0f);
    CHECK(b.lower[0] == -2.0f && b.lower[2] == -1.5f && b.upper[0] == 2.0f && b.upper[1] == 3.0f);
    CHECK(b.center[1] == 1.5f && b.half_extents[0] == 2.0f && b.half_extents[2] == 1.5f);
    CHECK(b.aabb.min[0] == -2.0f && b.aabb.max[1] == 3.0f);
    CHECK_STATUS(zc_battleforge_shapes_box(&s, 1, &b), ZC_STATUS_OK);
    CHECK(b.offset == 355);
    CHECK(b.transform.rotation[0][2] == 1.0f && b.transform.rotation[2][0] == -1.0f);
    CHECK(b.transform.position[0] == 6.0f);
    CHECK(b.center[0] == 6.0f && b.center[1] == 1.0f && b.half_extents[2] == 0.5f);
    CHECK(b.axes[0][2] == -1.0f && b.axes[2][0] == 1.0f);
    CHECK(b.aabb.min[0] == 5.5f && b.aabb.min[2] == -1.0f && b.aabb.max[0] == 6.5f &&
          b.aabb.max[1] == 2.0f && b.aabb.max[2] == 1.0f);
    CHECK_STATUS(zc_battleforge_shapes_sphere(&s, 0, &sp), ZC_STATUS_OK);
    CHECK(sp.offset == 431 && sp.radius == 1.5f);
    CHECK(sp.center[1] == 4.5f && sp.world_center[1] == 4.5f && sp.transform.position[1] == 4.5f);
    CHECK(sp.aabb.min[1] == 3.0f && sp.aabb.max[1] == 6.0f && sp.aabb.max[0] == 1.5f);
    CHECK_STATUS(zc_battleforge_shapes_cylinder(&s, 0, &c), ZC_STATUS_OK);
    CHECK(c.offset == 499 && c.height == 4.0f && c.radius == 1.0f);
    CHECK(c.transform.rotation[0][1] == 1.0f && c.transform.rotation[1][0] == -1.0f);
    CHECK(c.base[0] == -7.0f && c.base[1] == 1.0f && c.top[0] == -3.0f && c.top[1] == 1.0f);
    CHECK(c.center[0] == -7.0f);
    CHECK(c.aabb.min[0] == -7.0f && c.aabb.min[1] == 0.0f && c.aabb.max[0] == -3.0f &&
          c.aabb.max[1] == 2.0f);
    CHECK_STATUS(zc_battleforge_shapes_aabb(&s, &a), ZC_STATUS_OK);
    CHECK(a.min[0] == -7.0f && a.min[1] == 0.0f && a.min[2] == -1.5f);
    CHECK(a.max[0] == 6.5f && a.max[1] == 6.0f && a.max[2] == 1.5f);

    /* Point tests and queries, as the Rust API says. */
    CHECK_STATUS(zc_battleforge_contains(&s, 0.0f, 4.5f, 0.0f, &kind, &index), ZC_STATUS_OK);
    CHECK(kind == ZC_BATTLEFORGE_SHAPE_SPHERE && index == 0);
    CHECK_STATUS(zc_battleforge_contains(&s, 6.0f, 1.0f, 0.0f, &kind, &index), ZC_STATUS_OK);
    CHECK(kind == ZC_BATTLEFORGE_SHAPE_BOX && index == 1);
    CHECK_STATUS(zc_battleforge_contains(&s, 0.0f, 50.0f, 0.0f, &kind, &index), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_battleforge_cast(&s, &seg, &hit), ZC_STATUS_OK);
    CHECK(hit.t == (float)0.47f && hit.point[1] == 6.0f && hit.normal[1] == 1.0f);
    CHECK(hit.primitive == ZC_PRIMITIVE_SPHERE && hit.index == 0 && hit.material == 0);
    CHECK_STATUS(zc_battleforge_ground(&s, 0.0f, 100.0f, 0.0f, 200.0f, &hit), ZC_STATUS_OK);
    CHECK(hit.point[1] == 6.0f);
    CHECK_STATUS(zc_battleforge_ground(&s, 0.0f, 100.0f, 0.0f, 10.0f, &hit), ZC_STATUS_NOT_FOUND);
    CHECK_STATUS(zc_battleforge_overlap(&s, &ball, contacts, 8, &found), ZC_STATUS_OK);
    CHECK(found == 1 && contacts[0].primitive == ZC_PRIMITIVE_BOX && contacts[0].index == 0);
    CHECK_STATUS(zc_battleforge_lints_begin(&s, &lints), ZC_STATUS_OK);
    CHECK_STATUS(zc_battleforge_lints_next(&lints, &lint, NULL, 0), ZC_STATUS_END);
    walk_shapes(&s);

    /* The same payload, bare: offsets count from its start. */
    CHECK_STATUS(zc_battleforge_parse(drs_bytes + 278, 289, ZC_MODE_STRICT, &bare, &err), ZC_STATUS_OK);
    CHECK(bare.payload_offset == 0 && bare.payload_len == 289 && bare.box_count == 2);
    CHECK_STATUS(zc_battleforge_shapes_sphere(&bare, 0, &sp), ZC_STATUS_OK);
    CHECK(sp.offset == 431 - 278 && sp.radius == 1.5f);
    CHECK_STATUS(zc_battleforge_parse_payload(drs_bytes + 278, 289, ZC_MODE_LENIENT, &bare, &err),
                 ZC_STATUS_OK);

    /* A lint: a sphere's radius made negative. */
    {
        unsigned char *copy = malloc(len);
        char text[256];
        float r = -1.5f;
        memcpy(copy, drs_bytes, len);
        /* The sphere's record: 48 bytes of transform, then the radius. */
        memcpy(copy + 431 + 48, &r, sizeof r);
        CHECK_STATUS(zc_battleforge_parse(copy, len, ZC_MODE_STRICT, &s, &err), ZC_STATUS_OK);
        CHECK_STATUS(zc_battleforge_shapes_sphere(&s, 0, &sp), ZC_STATUS_OK);
        CHECK(sp.radius == -1.5f);
        CHECK_STATUS(zc_battleforge_lints_begin(&s, &lints), ZC_STATUS_OK);
        CHECK_STATUS(zc_battleforge_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_OK);
        CHECK(lint.kind == ZC_BATTLEFORGE_LINT_NON_POSITIVE_MEASURE && lint.offset == 431);
        CHECK(lint.shape_kind == ZC_BATTLEFORGE_SHAPE_SPHERE && lint.shape_index == 0);
        CHECK(lint.tolerated == 0 && lint.message_len == strlen(text) && strstr(text, "-1.5"));
        CHECK_STATUS(zc_battleforge_lints_next(&lints, &lint, text, sizeof text), ZC_STATUS_END);
        free(copy);
        CHECK_STATUS(zc_battleforge_parse(drs_bytes, len, ZC_MODE_STRICT, &s, &err), ZC_STATUS_OK);
    }

    /* Errors. */
    memset(&err, 0, sizeof err);
    CHECK_STATUS(zc_battleforge_parse(drs_bytes, 10, ZC_MODE_STRICT, &forged, &err), ZC_STATUS_MALFORMED);
    CHECK(err.format == ZC_FORMAT_COLLISION_SHAPE && err.kind == ZC_BATTLEFORGE_ERROR_TRUNCATED);
    CHECK_STATUS(zc_battleforge_parse(drs_bytes + 278, 288, ZC_MODE_STRICT, &forged, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_BATTLEFORGE_ERROR_SHAPES_PAST_END);
    CHECK_STATUS(zc_battleforge_parse(drs_bytes + 278, 290, ZC_MODE_STRICT, &forged, &err),
                 ZC_STATUS_MALFORMED);
    CHECK(err.kind == ZC_BATTLEFORGE_ERROR_SIZE_MISMATCH && err.lenient_readable == 0);
    CHECK_STATUS(zc_battleforge_parse(NULL, 0, ZC_MODE_STRICT, &forged, &err), ZC_STATUS_MALFORMED);

    /* Hostile arguments. */
    CHECK_STATUS(zc_battleforge_parse(NULL, 5, ZC_MODE_STRICT, &s, &err), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_battleforge_parse(drs_bytes, SIZE_MAX, ZC_MODE_STRICT, &s, &err),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_battleforge_parse(drs_bytes, len, 9, &s, &err), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_battleforge_parse(drs_bytes, len, ZC_MODE_STRICT, NULL, &err),
                 ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_battleforge_drs_parse(drs_bytes, len, ZC_MODE_STRICT, NULL, &err),
                 ZC_STATUS_NULL_ARGUMENT);
    memset(&forged, 0, sizeof forged);
    CHECK_STATUS(zc_battleforge_shapes_box(&forged, 0, &b), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_battleforge_cast(&forged, &seg, &hit), ZC_STATUS_INVALID_ARGUMENT);
    forged = s;
    forged.box_count = 3;
    CHECK_STATUS(zc_battleforge_shapes_box(&forged, 2, &b), ZC_STATUS_INVALID_ARGUMENT);
    forged = s;
    forged.buffer_len = SIZE_MAX;
    CHECK_STATUS(zc_battleforge_shapes_aabb(&forged, &a), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_battleforge_shapes_box(&s, UINT32_MAX, &b), ZC_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(zc_battleforge_shapes_box(&s, 0, NULL), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_battleforge_shapes_box(NULL, 0, &b), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_battleforge_cast(&s, NULL, &hit), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_battleforge_contains(&s, 0.0f, 0.0f, 0.0f, NULL, &index), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_battleforge_overlap(&s, &ball, NULL, 3, &found), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_battleforge_overlap(&s, &ball, contacts, SIZE_MAX, &found),
                 ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_battleforge_overlap(&s, &ball, NULL, 0, &found), ZC_STATUS_OK);
    CHECK(found == 1);
    memset(&forged_drs, 0, sizeof forged_drs);
    CHECK_STATUS(zc_battleforge_nodes_begin(&forged_drs, &nodes), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_battleforge_nodes_begin(&drs, &nodes), ZC_STATUS_OK);
    nodes.position += 1;
    CHECK_STATUS(zc_battleforge_nodes_next(&nodes, &node), ZC_STATUS_INVALID_ARGUMENT);
    memset(&lints, 0, sizeof lints);
    CHECK_STATUS(zc_battleforge_lints_next(&lints, &lint, NULL, 0), ZC_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zc_battleforge_lints_begin(&s, &lints), ZC_STATUS_OK);
    CHECK_STATUS(zc_battleforge_lints_next(&lints, NULL, NULL, 0), ZC_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(zc_battleforge_lints_next(&lints, &lint, NULL, 4), ZC_STATUS_NULL_ARGUMENT);
    free(drs_bytes);
}

static void run(const char *root) {
    sample(root);
    for_each_file(root, "fuzz/corpus/battleforge", replay);
    for_each_file(root, "fuzz/corpus/roundtrip_collision_shape", replay);
    for_each_file(root, "fuzz/corpus/roundtrip_drs", replay);
    for_each_file(root, "tests/regressions/battleforge", replay);
    CHECK(replayed > 2000);
    printf("battleforge: replayed %lu files, %lu parses\n", replayed, parsed);
}

HARNESS_MAIN
