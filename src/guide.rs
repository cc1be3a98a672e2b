// The pages of docs/, as doc modules, so that docs.rs shows them beside the API. Each page
// links to the others by link reference definitions (`[label]: ../obj.md`), which work on
// GitHub; the definitions prepended here come first, and the first definition of a label
// wins, so on docs.rs the same labels lead to these modules.
#![doc = "[formats/gta.md]: crate::guide::gta"]
#![doc = "[formats/mkgp.md]: crate::guide::mkgp"]
#![doc = "[formats/battleforge.md]: crate::guide::battleforge"]
#![doc = "[formats/grit.md]: crate::guide::grit"]
#![doc = "[formats/img.md]: crate::guide::img"]
#![doc = "[dump.md]: crate::guide::dump"]
#![doc = "[obj.md]: crate::guide::obj"]
#![doc = "[library.md]: crate::guide::library"]
#![doc = "[cli.md]: crate::guide::cli"]
#![doc = "[benchmarks.md]: crate::guide::benchmarks"]
#![doc = "[fuzzing.md]: crate::guide::fuzzing"]
#![doc = "[query.md]: crate::guide::query"]
#![doc = "[c.md]: crate::guide::c"]
#![doc = ""]
#![doc = include_str!("../docs/README.md")]

#[doc = "[obj-materials]: crate::guide::obj#material-names-gta"]
#[doc = "[dump-dff]: crate::guide::dump#gta-collision-inside-a-dff"]
#[doc = ""]
#[doc = include_str!("../docs/formats/gta.md")]
pub mod gta {}

#[doc = include_str!("../docs/formats/mkgp.md")]
pub mod mkgp {}

#[doc = include_str!("../docs/formats/battleforge.md")]
pub mod battleforge {}

#[doc = include_str!("../docs/formats/grit.md")]
pub mod grit {}

#[doc = "[formats/gta.md]: crate::guide::gta"]
#[doc = ""]
#[doc = include_str!("../docs/formats/img.md")]
pub mod img {}

#[doc = "[formats/gta.md]: crate::guide::gta"]
#[doc = "[formats/mkgp.md]: crate::guide::mkgp"]
#[doc = "[formats/battleforge.md]: crate::guide::battleforge"]
#[doc = "[formats/grit.md]: crate::guide::grit"]
#[doc = "[report-dont-reject]: crate::guide::battleforge#report-dont-reject"]
#[doc = "[query.md]: crate::guide::query"]
#[doc = ""]
#[doc = include_str!("../docs/dump.md")]
pub mod dump {}

#[doc = "[gta-materials]: crate::guide::gta#surface-materials-between-the-games"]
#[doc = ""]
#[doc = include_str!("../docs/obj.md")]
pub mod obj {}

#[doc = "[dump.md]: crate::guide::dump"]
#[doc = ""]
#[doc = include_str!("../docs/query.md")]
pub mod query {}

#[doc = "[benchmarks.md]: crate::guide::benchmarks"]
#[doc = ""]
#[doc = include_str!("../docs/c.md")]
pub mod c {}

#[doc = include_str!("../docs/library.md")]
pub mod library {}

#[doc = "[formats/img.md]: crate::guide::img"]
#[doc = ""]
#[doc = include_str!("../docs/cli.md")]
pub mod cli {}

#[doc = include_str!("../docs/benchmarks.md")]
pub mod benchmarks {}

#[doc = include_str!("../docs/fuzzing.md")]
pub mod fuzzing {}
