//! Reading the text lists (`body/lists.rs`): each item is read again from the
//! validated text by the item readers the parser used (the fast reader of
//! `items.rs` for the common lines, the lexer for the rest).

use super::lexer::Lexer;
use super::validate;
use super::view::ListSpan;
use super::{Error, Position};
use crate::grit::body::{Face, Shape, TextAt, TextFaces, TextShapes, TextVertices, list_iterator};
use crate::wire;

/// The next item of a validated list: `read` from the lexer at `at`, which moves
/// past it; `None` once `remaining` is 0. A read that fails cannot happen after
/// validation; it ends the list.
fn next_item<'a, T>(
    at: &mut TextAt<'a>,
    remaining: &mut usize,
    read: impl FnOnce(&mut Lexer<'a>) -> Result<Option<(Position, T)>, Error>,
) -> Option<(Position, T)> {
    if *remaining == 0 {
        return None;
    }
    let mut lex = Lexer::resume(*at);
    match wire::validated(read(&mut lex).ok().flatten()) {
        Some(item) => {
            *at = lex.at();
            *remaining = remaining.saturating_sub(1);
            Some(item)
        }
        None => {
            *remaining = 0;
            None
        }
    }
}

impl<'a> TextVertices<'a> {
    pub(crate) const fn of(span: ListSpan<'a>) -> Self {
        Self {
            at: span.lex.at(),
            remaining: span.count,
        }
    }

    /// The next vertex and where it starts.
    pub(crate) fn next_positioned(&mut self) -> Option<(Position, [f32; 3])> {
        next_item(&mut self.at, &mut self.remaining, |lex| {
            Ok(validate::vertex_item::<true>(lex)?.map(|item| (item.position, item.value)))
        })
    }
}

impl<'a> TextFaces<'a> {
    pub(crate) const fn of(span: ListSpan<'a>, vertex_count: usize) -> Self {
        Self {
            at: span.lex.at(),
            remaining: span.count,
            vertex_count,
            material: "",
        }
    }

    /// The next face and where it starts.
    pub(crate) fn next_positioned(&mut self) -> Option<(Position, Face<'a>)> {
        let vertex_count = self.vertex_count;
        let material = &mut self.material;
        next_item(&mut self.at, &mut self.remaining, |lex| {
            Ok(validate::face_item(lex, vertex_count, true, material)?
                .map(|item| (item.position, item.value)))
        })
    }
}

impl<'a> TextShapes<'a> {
    pub(crate) const fn of(span: ListSpan<'a>) -> Self {
        Self {
            at: span.lex.at(),
            remaining: span.count,
        }
    }

    /// The next shape and where its keyword is (for messages that name a shape
    /// by its place in the text).
    pub fn next_positioned(&mut self) -> Option<(Position, Shape<'a>)> {
        next_item(&mut self.at, &mut self.remaining, |lex| {
            let keyword = lex.next_token()?;
            Ok(Some((keyword.position, validate::shape(lex, keyword)?)))
        })
    }
}

list_iterator!(TextVertices, [f32; 3]);
list_iterator!(TextFaces, Face<'a>);
list_iterator!(TextShapes, Shape<'a>);
