//! What every format's checks share.

/// Asserts that `len` bytes at `ptr` lie inside `buffer` (an empty span anywhere is
/// fine: the pointer of `&[]` is dangling).
pub fn inside(buffer: &[u8], ptr: *const u8, len: usize) {
    if len == 0 {
        return;
    }
    let start = buffer.as_ptr() as usize;
    let p = ptr as usize;
    assert!(
        p >= start && p + len <= start + buffer.len(),
        "{len} bytes at {p:#x} outside the buffer {start:#x}+{}",
        buffer.len()
    );
}

/// Formats `value` with `Display` and `Debug` into a sink that allocates nothing, and
/// checks the message is one non-empty line (tools print errors and lints one per line).
pub fn one_line(value: &(impl core::fmt::Display + core::fmt::Debug)) {
    use core::fmt::Write as _;
    let mut line = Line::default();
    write!(line, "{value}").expect("a Line accepts everything");
    assert!(line.len > 0, "empty message for {value:?}");
    assert!(!line.newline, "message spans lines: {value}");
    write!(line, "{value:?}").expect("a Line accepts everything");
}

/// Formats `value` with `Debug` into the same sink: it must not panic, and costs no
/// allocation.
pub fn debug(value: &impl core::fmt::Debug) {
    use core::fmt::Write as _;
    write!(Line::default(), "{value:?}").expect("a Line accepts everything");
}

/// A `fmt::Write` that keeps only what `one_line` checks: the length and whether a
/// line ended. Formatting millions of messages this way costs no allocation.
#[derive(Default)]
struct Line {
    len: usize,
    newline: bool,
}

impl core::fmt::Write for Line {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.len += s.len();
        self.newline |= s.contains('\n');
        Ok(())
    }
}

/// Whether `a` and `b` are the same value: `==`, or where that fails, the same `Debug`
/// text (a NaN is never `==` itself, but prints the same). Formatting only on that
/// slow path keeps the checks cheap per execution.
pub fn alike<T: PartialEq + core::fmt::Debug + ?Sized>(a: &T, b: &T) -> bool {
    a == b || format!("{a:?}") == format!("{b:?}")
}

/// Asserts [`alike`], showing both values' `Debug` text when they differ.
#[track_caller]
pub fn same<T: PartialEq + core::fmt::Debug + ?Sized>(a: &T, b: &T) {
    assert!(alike(a, b), "{a:?} differs from {b:?}");
}

/// How many messages of one kind `Messages` formats per input: every `Display` arm is
/// reached by an input with few of that kind, and formatting thousands of lints of one
/// kind on every execution tests nothing new.
const MESSAGES_PER_KIND: u8 = 4;

/// Formats the first few messages of each kind (the enum variant of `K`) with
/// [`one_line`], and counts the rest.
pub struct Messages<K> {
    seen: Vec<(core::mem::Discriminant<K>, u8)>,
}

impl<K> Default for Messages<K> {
    fn default() -> Self {
        Self { seen: Vec::new() }
    }
}

impl<K> Messages<K> {
    /// Checks `value`, a message of kind `kind`, if fewer than the limit of its kind
    /// were checked already.
    pub fn check(&mut self, kind: &K, value: &(impl core::fmt::Display + core::fmt::Debug)) {
        if self.first_few(kind) {
            one_line(value);
        }
    }

    /// Counts one message of `kind`: whether it is among the first few of its kind.
    fn first_few(&mut self, kind: &K) -> bool {
        let d = core::mem::discriminant(kind);
        let count = match self.seen.iter_mut().find(|(k, _)| *k == d) {
            Some((_, count)) => count,
            None => {
                self.seen.push((d, 0));
                &mut self.seen.last_mut().expect("just pushed").1
            }
        };
        if *count < MESSAGES_PER_KIND {
            *count += 1;
            true
        } else {
            false
        }
    }
}

impl<K: core::fmt::Display + core::fmt::Debug> Messages<K> {
    /// [`check`](Self::check), formatting the kind itself too.
    pub fn check_with_kind(
        &mut self,
        kind: &K,
        value: &(impl core::fmt::Display + core::fmt::Debug),
    ) {
        if self.first_few(kind) {
            one_line(value);
            one_line(kind);
        }
    }
}

/// Segments for a view's query checks, drawn from a hash of the fuzz input so that
/// every input casts its own: through the box `lo..hi` (grown by 1), plus a
/// zero-length one, an axis-aligned one, and ones holding NaN, infinities and huge
/// values. Never more than 8.
pub fn query_segments(data: &[u8], lo: [f32; 3], hi: [f32; 3]) -> Vec<zerocol::query::Segment> {
    use zerocol::query::Segment;
    let mut state = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32
    };
    let span = |i: usize| {
        let (a, b) = (lo[i] - 1.0, hi[i] + 1.0);
        if a.is_finite() && b.is_finite() && a <= b {
            (a, b)
        } else {
            (-10.0, 10.0)
        }
    };
    let mut point = || -> [f32; 3] {
        std::array::from_fn(|i| {
            let (a, b) = span(i);
            a + (b - a) * next()
        })
    };
    let (p, q, r, s, u, v) = (point(), point(), point(), point(), point(), point());
    vec![
        Segment::new(p, q),
        Segment::new(r, s),
        Segment::new(u, u),
        Segment::new(v, [v[0], v[1], p[2]]),
        Segment::new(q, [q[0], f32::NAN, q[2]]),
        Segment::new(r, [f32::INFINITY, r[1], r[2]]),
        Segment::new([-f32::MAX, 0.0, 0.0], [f32::MAX, 0.0, 0.0]),
        Segment::new(s, [s[0], s[1], -f32::MAX]),
    ]
}

/// A view's queries keep the rules whatever it holds: a cast's `t` in `[0, 1]` (never
/// NaN) with a finite point at `t` and a unit normal; nothing for a segment with a NaN
/// or infinite coordinate; nothing when the filter rejects every material; overlaps
/// count the same whatever room the caller gives, with finite, non-negative depths.
/// Returns the casts, for comparisons between views.
pub fn query_checks<Q: zerocol::query::Query>(
    q: &Q,
    segments: &[zerocol::query::Segment],
) -> Vec<Option<zerocol::query::Hit<Q::Material>>>
where
    Q::Material: core::fmt::Debug,
{
    use zerocol::query::{Ball, Contact, Primitive};
    let finite = |v: [f32; 3]| v.iter().all(|x| x.is_finite());
    let mut hits = Vec::new();
    for s in segments {
        let hit = q.cast(*s);
        if let Some(h) = &hit {
            assert!((0.0..=1.0).contains(&h.t), "{s:?}: {h:?}");
            assert!(finite(h.point) && finite(h.normal), "{s:?}: {h:?}");
            let len = h.normal.iter().map(|x| x * x).sum::<f32>().sqrt();
            assert!((len - 1.0).abs() < 1e-3, "{s:?}: {h:?}");
        }
        if !(finite(s.start) && finite(s.end)) {
            assert!(hit.is_none(), "{s:?}: {hit:?}");
        }
        assert!(
            q.cast_filtered(*s, &mut |_| false).is_none(),
            "{s:?}: the filter skips all"
        );
        hits.push(hit);
        for radius in [0.0, 0.5, 4.0, f32::NAN] {
            let ball = Ball {
                center: s.start,
                radius,
            };
            let n = q.overlap(ball, &mut []);
            let mut out: Vec<Contact<Q::Material>> = Vec::new();
            if let Some(h) = &hits[hits.len() - 1] {
                out = vec![
                    Contact {
                        depth: 0.0,
                        point: [0.0; 3],
                        normal: [0.0; 3],
                        primitive: Primitive::Sphere,
                        index: 0,
                        material: h.material,
                    };
                    n.min(64)
                ];
            }
            if !out.is_empty() {
                assert_eq!(q.overlap(ball, &mut out), n, "{ball:?}");
                for c in &out {
                    assert!(c.depth >= 0.0 && c.depth.is_finite(), "{ball:?}: {c:?}");
                    assert!(finite(c.point) && finite(c.normal), "{ball:?}: {c:?}");
                }
            }
            if !(finite(ball.center) && ball.radius >= 0.0) {
                assert_eq!(n, 0, "{ball:?}");
            }
        }
    }
    hits
}
