//! One module per format's tool, each implementing [`Tool`](crate::tool::Tool) over the
//! library's module of the same name: [`gta`] (with `convert`), [`dff`] (GTA models
//! inside a RenderWare `.dff`, and putting one there), [`mkgp`], [`battleforge`] and
//! [`grit`] (with `convert` between TCOL and BCOL).

pub(crate) mod battleforge;
pub(crate) mod dff;
pub(crate) mod grit;
pub(crate) mod gta;
pub(crate) mod img;
pub(crate) mod mkgp;
