//! Exit statuses, and what stops a command when stdout fails.

use std::io;
use std::process::ExitCode;

/// Exit status, ordered so that the worst of several wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Status {
    /// Everything read.
    Ok,
    /// `check`: every file read, and one at least has a warning on which the game
    /// may crash (exit status 3).
    Risky,
    /// Malformed input.
    Malformed,
    /// Usage or I/O error.
    Failed,
}

impl Status {
    pub(crate) fn code(self) -> ExitCode {
        ExitCode::from(match self {
            Self::Ok => 0,
            Self::Malformed => 1,
            Self::Failed => 2,
            Self::Risky => 3,
        })
    }
}

/// Writing to stdout failed (a closed pipe, a full disk): the status reached so far.
pub(crate) struct Interrupted {
    pub status: Status,
    pub error: io::Error,
}
