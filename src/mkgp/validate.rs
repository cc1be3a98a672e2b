//! Parsing: the header's rules, then a walk over both grids that accounts for
//! every byte ([`guide::mkgp`](crate::guide::mkgp) working rules).

use crate::wire;

use super::Options;
use super::error::{Dimension, Error, ErrorKind};
use super::layout::{HEADER_LEN, field};
use super::raw;
use super::records::{MAGIC, VERSION};
use super::view::{Course, read_cell, read_wall_cell};

impl<'a> Course<'a> {
    /// Validates a whole file: header, W × L primary cells, W × L secondary cells,
    /// and nothing after them ([`guide::mkgp`](crate::guide::mkgp) working rules).
    pub fn parse(bytes: &'a [u8], options: Options) -> Result<Self, Error> {
        let header: &raw::Header = wire::header(bytes, &MAGIC)?;
        let version = header.version.get();
        if version != VERSION && !options.accept_any_version {
            return Err(Error::new(
                field::VERSION,
                ErrorKind::UnsupportedVersion { found: version },
            ));
        }
        let dimension = |offset, dimension, value: i32| {
            u32::try_from(value)
                .ok()
                .filter(|&v| v > 0)
                .ok_or(Error::new(
                    offset,
                    ErrorKind::NonPositiveDimension { dimension, value },
                ))
        };
        let width = dimension(field::WIDTH, Dimension::Width, header.width.get())?;
        let length = dimension(field::LENGTH, Dimension::Length, header.length.get())?;
        if header
            .width
            .get()
            .checked_mul(header.length.get())
            .is_none()
        {
            return Err(Error::new(
                field::WIDTH,
                ErrorKind::CellCountOverflow {
                    width: header.width.get(),
                    length: header.length.get(),
                },
            ));
        }
        for (offset, dimension, value) in [
            (
                field::CELL_SIZE_X,
                Dimension::Width,
                header.cell_size[0].get(),
            ),
            (
                field::CELL_SIZE_Z,
                Dimension::Length,
                header.cell_size[1].get(),
            ),
        ] {
            if !(value > 0.0 && value.is_finite()) {
                return Err(Error::new(
                    offset,
                    ErrorKind::BadCellSize { dimension, value },
                ));
            }
        }

        let mut course = Self {
            bytes,
            header,
            width,
            length,
            secondary: 0,
        };
        // Each cell consumes at least 8 (primary) or 4 (secondary) bytes, so the
        // walks end after at most len / 4 steps, whatever W × L claims.
        let mut at = HEADER_LEN;
        for index in 0..course.cell_count() {
            at = read_cell(bytes, at, index)?.1;
        }
        course.secondary = at;
        for index in 0..course.cell_count() {
            at = read_wall_cell(bytes, at, index)?.1;
        }
        if at != bytes.len() {
            return Err(Error::new(
                at,
                ErrorKind::TrailingBytes {
                    len: bytes.len().saturating_sub(at),
                },
            ));
        }
        Ok(course)
    }
}
