//! Exit statuses, and what stops a command when stdout fails.

use std::io;
use std::process::ExitCode;

/// Exit status, ordered so that the worst of several wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything read.
    Ok,
    /// Malformed input.
    Malformed,
    /// Usage or I/O error.
    Failed,
}

impl Status {
    pub fn code(self) -> ExitCode {
        ExitCode::from(match self {
            Self::Ok => 0,
            Self::Malformed => 1,
            Self::Failed => 2,
        })
    }
}

/// Writing to stdout failed (a closed pipe, a full disk): the status reached so far.
pub struct Interrupted {
    pub status: Status,
    pub error: io::Error,
}
