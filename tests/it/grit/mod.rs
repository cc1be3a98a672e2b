//! Grit TCOL text and BCOL binary (docs/formats/grit.md).

mod bcol_props;
mod bcol_reader;
mod bcol_roundtrip;
mod tcol_conformance;
mod tcol_parse;
mod tcol_print;
mod tcol_props;
