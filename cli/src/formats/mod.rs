//! One module per format's tool, each implementing [`Tool`](crate::tool::Tool) over the
//! library's module of the same name: [`gta`] (with `convert`), [`dff`] (GTA models
//! inside a RenderWare `.dff`, and putting one there), [`mkgp`], [`battleforge`] and
//! [`grit`] (with `convert` between TCOL and BCOL).

pub mod battleforge;
pub mod dff;
pub mod grit;
pub mod gta;
pub(crate) mod img;
pub mod mkgp;
