/*
 * The C API on a Cortex-M0: a freestanding C program (no libc) on the micro:bit under
 * QEMU, linking libzerocol_capi.a built for thumbv6m-none-eabi. It checks the sample
 * library (samples/sample.col, in flash), walks its models, casts a segment down through
 * each and checks the nearest hit against the Rust API's figures (tests/cases/gta.rs,
 * `cast_through_the_sample`). Output and exit go through semihosting, as the Rust
 * firmware's (text to ":tt", exit through SYS_EXIT_EXTENDED): each check counts; the stack high-water of each phase is measured by
 * painting; the closing line is "N passed, N failed"; the exit status is 0 when every
 * check passed, 1 on a failure, 3 on a HardFault, 4 on any other exception.
 *
 * Built and run by targets/run (step capi-cortex-m0). ZEROCOL_HAS_CAST is defined
 * there when zerocol.h declares zc_gta_model_cast; without it the cast is left out.
 */
#include <stddef.h>
#include <stdint.h>

#include "zerocol.h"

/* ------------------------------------------------------------------ semihosting */

#define SYS_OPEN 0x01
#define SYS_WRITE 0x05
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

static uintptr_t semihost(uintptr_t op, const void *arg)
{
    register uintptr_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

/* Standard output: ":tt" opened for writing (SYS_WRITE0 would write to QEMU's stderr). */
static uintptr_t out_handle;

static void open_stdout(void)
{
    static const char tt[] = ":tt";
    uintptr_t block[3] = { (uintptr_t)tt, 4 /* "w" */, sizeof tt - 1 };
    out_handle = semihost(SYS_OPEN, block);
}

static void put(const char *s)
{
    uintptr_t block[3];
    size_t len = 0;
    while (s[len] != '\0') {
        len++;
    }
    block[0] = out_handle;
    block[1] = (uintptr_t)s;
    block[2] = len;
    (void)semihost(SYS_WRITE, block);
}

static void put_u(uint64_t v)
{
    char buf[24];
    size_t i = sizeof buf - 1;
    buf[i] = '\0';
    do {
        buf[--i] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0 && i > 0);
    put(&buf[i]);
}

static void __attribute__((noreturn)) exit_with(uint32_t code)
{
    uint32_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, code };
    for (;;) {
        (void)semihost(SYS_EXIT_EXTENDED, block);
    }
}

/* ------------------------------------------------------------------ checks */

static unsigned passed, failed;

#define CHECK(cond) check((cond), #cond, __LINE__)

static int check(int ok, const char *what, int line)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        put("FAILED (line ");
        put_u((uint64_t)line);
        put("): ");
        put(what);
        put("\n");
    }
    return ok;
}

#ifdef ZEROCOL_HAS_CAST
static int near(float a, float b, float tolerance)
{
    float d = a > b ? a - b : b - a;
    return d <= tolerance;
}
#endif

/* ------------------------------------------------------------------ stack painting */

#define PAINT 0xDEADC0DEu
/* Left unpainted below the stack pointer for paint's own frame. */
#define MARGIN 64u

extern uint32_t _ebss[], _stack_top[];

static inline __attribute__((always_inline)) uintptr_t inline_sp(void)
{
    uintptr_t sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    return sp;
}

static void __attribute__((noinline)) paint(void)
{
    uintptr_t top = (inline_sp() & ~(uintptr_t)3) - MARGIN;
    volatile uint32_t *at = _ebss;
    while ((uintptr_t)at < top) {
        *at++ = PAINT;
    }
}

/* Bytes of stack used below `base` since paint(). */
static uint32_t used_below(uintptr_t base)
{
    volatile uint32_t *at = _ebss;
    while ((uintptr_t)at < base && *at == PAINT) {
        at++;
    }
    return (uint32_t)(base - (uintptr_t)at);
}

/* Runs `phase` on a freshly painted stack; the bytes it used below this frame. */
static uint32_t __attribute__((noinline)) measure(void (*phase)(void))
{
    uintptr_t base = inline_sp();
    paint();
    phase();
    return used_below(base);
}

/* ------------------------------------------------------------------ the work */

extern const uint8_t sample_col[], sample_col_end[];

/* Outputs of the phases, in static storage so that only the library's frames count. */
static zc_status check_status;
static zc_gta_summary summary;
static zc_error error;

static zc_status walk_status;
static uint64_t models_walked;
#ifdef ZEROCOL_HAS_CAST
static zc_status cast_status;
static uint64_t hit_model, hits;
static zc_hit nearest;
#endif

/* Phase 1: validate the whole library. */
static void check_library(void)
{
    size_t len = (size_t)(sample_col_end - sample_col);
    check_status = zc_gta_check(sample_col, len, ZC_MODE_STRICT, &summary, &error);
}

/* Phase 2: walk the models, casting a segment down through each; keep the nearest hit. */
static void walk_and_cast(void)
{
    size_t len = (size_t)(sample_col_end - sample_col);
    zc_gta_models walk;
    zc_gta_model model;
    walk_status = zc_gta_models_begin(sample_col, len, ZC_MODE_STRICT, &walk);
    if (walk_status != ZC_STATUS_OK) {
        return;
    }
    while ((walk_status = zc_gta_models_next(&walk, &model, &error)) == ZC_STATUS_OK) {
#ifdef ZEROCOL_HAS_CAST
        /* The cast: ZC_STATUS_OK with a hit; ZC_STATUS_NOT_FOUND or ZC_STATUS_END on a
           miss; anything else is an error, kept in cast_status. */
        zc_segment down = { { 0.0f, 0.0f, 100.0f }, { 0.0f, 0.0f, -100.0f } };
        zc_hit hit;
        zc_status s = zc_gta_model_cast(&model, &down, &hit);
        if (s == ZC_STATUS_OK) {
            if (hits == 0 || hit.t < nearest.t) {
                nearest = hit;
                hit_model = models_walked;
            }
            hits++;
        } else if (s != ZC_STATUS_NOT_FOUND && s != ZC_STATUS_END) {
            cast_status = s;
        }
#endif
        models_walked++;
    }
}

int main(void)
{
    uint32_t check_stack, walk_stack;

    open_stdout();
    put("capi-cortex-m0: the C API on thumbv6m-none-eabi, samples/sample.col (");
    put_u((uint64_t)(sample_col_end - sample_col));
    put(" bytes at an odd address)\n");

    check_stack = measure(check_library);
    CHECK(check_status == ZC_STATUS_OK);
    CHECK(summary.models == 4);
    CHECK(summary.end == (uint64_t)(sample_col_end - sample_col));
    CHECK(summary.trailing == 0);
    put("check: ");
    put_u(summary.models);
    put(" models\n");

    walk_stack = measure(walk_and_cast);
    CHECK(walk_status == ZC_STATUS_END);
    CHECK(models_walked == 4);
#ifdef ZEROCOL_HAS_CAST
    /* As tests/cases/gta.rs `cast_through_the_sample`: the lamppost (model 1), its
       face 2 (material 16), at z = 7.25: t = (100 - 7.25) / 200. */
    CHECK(cast_status == ZC_STATUS_OK);
    CHECK(hits > 0);
    CHECK(hit_model == 1);
    CHECK(nearest.primitive == ZC_PRIMITIVE_FACE);
    CHECK(nearest.index == 2);
    CHECK(nearest.material == 16);
    CHECK(near(nearest.t, 0.46375f, 1e-6f));
    CHECK(near(nearest.point[0], 0.0f, 1e-4f) && near(nearest.point[1], 0.0f, 1e-4f) &&
          near(nearest.point[2], 7.25f, 1e-4f));
    CHECK(nearest.normal[0] == 0.0f && nearest.normal[1] == 0.0f && nearest.normal[2] == 1.0f);
    put("cast: nearest hit in model ");
    put_u(hit_model);
    put(", face ");
    put_u(nearest.index);
    put(", t = ");
    put_u((uint64_t)(nearest.t * 100000.0f + 0.5f));
    put(" / 100000\n");
#else
    put("cast: zc_gta_model_cast is not in this zerocol.h: left out\n");
#endif

    put("stack check: ");
    put_u(check_stack);
    put(" bytes (zc_gta_check)\n");
    put("stack walk: ");
    put_u(walk_stack);
#ifdef ZEROCOL_HAS_CAST
    put(" bytes (zc_gta_models_begin/next, zc_gta_model_cast)\n");
#else
    put(" bytes (zc_gta_models_begin/next)\n");
#endif
    put_u(passed);
    put(" passed, ");
    put_u(failed);
    put(" failed\n");
    return failed == 0 && passed > 0 ? 0 : 1;
}

/* ------------------------------------------------------------------ startup */

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[];

void reset_handler(void);
void hard_fault_handler(void);
void other_handler(void);

void reset_handler(void)
{
    const uint32_t *from = _sidata;
    uint32_t *to = _sdata;
    while (to < _edata) {
        *to++ = *from++;
    }
    for (to = _sbss; to < _ebss; to++) {
        *to = 0;
    }
    exit_with((uint32_t)main());
}

void hard_fault_handler(void)
{
    put("HardFault: a misaligned or invalid access\n");
    exit_with(3);
}

void other_handler(void)
{
    put("unexpected exception\n");
    exit_with(4);
}

/* The Cortex-M0's initial stack pointer and 15 system vectors (no interrupt is enabled). */
typedef void (*vector)(void);
struct vector_table {
    const void *stack_top;
    vector handlers[15];
};
__attribute__((section(".vectors"), used)) static const struct vector_table vectors = {
    _stack_top,
    {
    reset_handler,
    other_handler,      /* NMI */
    hard_fault_handler, /* HardFault */
    0, 0, 0, 0, 0, 0, 0,
    other_handler,      /* SVCall */
    0, 0,
    other_handler,      /* PendSV */
    other_handler,      /* SysTick */
    },
};
