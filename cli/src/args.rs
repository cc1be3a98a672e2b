//! The command line: clap's definitions of the commands and their flags.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::formats::gta;
use crate::io::recognise as format;
use crate::tool::Flags;
pub(crate) use crate::tool::Target;
use zerocol::Format;

#[derive(Parser, Debug)]
#[command(
    name = "zerocol",
    version,
    about = "Inspect, dump, check, convert and export game collision files (GTA .col and .dff, Mario Kart Arcade GP DX COL, BattleForge collisionShape, Grit TCOL/BCOL), put GTA collision into .dff files, and list, extract, put into and repair GTA IMG archives"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Print a readable summary of every model (GTA), of the course grid (MKGP), of
    /// the DRS nodes and collision shapes (BattleForge) or of the body (Grit).
    Info {
        #[command(flatten)]
        common: Common,
        /// Step over damaged models instead of stopping at the first one, and list
        /// the skipped byte ranges (gta-col only: an MKGP course is read whole).
        #[arg(long)]
        recover: bool,
        /// GTA: whose material names to show; by default COLL models take III/VC's
        /// and COL2+ models SA's.
        #[arg(long, value_enum)]
        game: Option<GameNames>,
        /// Print only this model of a GTA .col library or .dff: a value of digits
        /// only is its 0-based index, as `info` numbers the models; anything else its
        /// name, ignoring ASCII case (every model of that name).
        #[arg(long, value_name = "NAME|INDEX")]
        model: Option<String>,
        /// The file to read (`-` for stdin); without it, the samples built into
        /// zerocol (a GTA .col, an MKGP course, a BattleForge DRS model, then a Grit TCOL
        /// body; only the one of `--format` if given).
        file: Option<PathBuf>,
    },
    /// Print everything read from FILE as JSON (see `docs/dump.md`).
    Dump {
        #[command(flatten)]
        common: Common,
        /// GTA .col libraries: step over damaged models instead of stopping at the
        /// first, and read the models around the damage. Each damaged byte range is
        /// said (info, check: the file still counts as malformed; dump, convert: a
        /// warning, and the output holds the models read).
        #[arg(long)]
        recover: bool,
        /// The file to read (`-` for stdin).
        file: PathBuf,
    },
    /// Validate files and folders: a verdict line per file, its warnings under it,
    /// then a totals line.
    ///
    /// Errors go to stderr as `FILE: error: ...`. A folder is walked depth first, in
    /// the order of the file names' bytes; links to folders are not followed (links
    /// to files are). In a folder, only collision files count: those whose first
    /// bytes are a format's magic, or named .col, .dff, .gcol, .tcol, .bcol or .drs;
    /// the others are skipped, counted in the totals line, and are no error. A file
    /// named on the command line is always read.
    ///
    /// IMG archives (a VER2 .img, a .img with its .dir beside it, or, named on the
    /// command line, the .dir) are read as folders are: a verdict for the archive
    /// (its directory, its lints as warnings), then one per .col and .dff entry,
    /// named ARCHIVE/ENTRY. The archive is read directory first, then entry by
    /// entry, never whole.
    Check {
        #[command(flatten)]
        common: Common,
        /// GTA .col libraries: step over damaged models instead of stopping at the
        /// first, and read the models around the damage. Each damaged byte range is
        /// said (info, check: the file still counts as malformed; dump, convert: a
        /// warning, and the output holds the models read).
        #[arg(long)]
        recover: bool,
        /// Print only the files with warnings or errors, and the totals line.
        #[arg(short, long)]
        quiet: bool,
        /// Print one JSON object per line and file (`file`, `format`, `status`, then
        /// `summary` and `warnings` with their texts and offsets, or `error`; see
        /// docs/dump.md) instead, errors included, and no totals line.
        #[arg(long)]
        json: bool,
        /// The files and folders to read (`-` for stdin).
        #[arg(required = true, value_name = "FILE|FOLDER")]
        files: Vec<PathBuf>,
    },
    /// Convert a GTA library (or the model in a `.dff`) to another version, or a
    /// Grit collision file between TCOL text and BCOL binary (the input's first
    /// bytes decide what it is; `.gcol` holds either).
    Convert {
        /// Read what the games accept (GTA), the old TCOL dialect, or repair the
        /// material offsets Grit's own converter writes wrongly into BCOL files;
        /// what was let through is printed on stderr as warnings.
        #[arg(long)]
        lenient: bool,
        /// GTA .col libraries: step over damaged models instead of stopping at the
        /// first, and read the models around the damage. Each damaged byte range is
        /// said (info, check: the file still counts as malformed; dump, convert: a
        /// warning, and the output holds the models read).
        #[arg(long)]
        recover: bool,
        #[command(flatten)]
        limit: Limit,
        /// What to write. GTA: `coll`, `col2`, `col3` or `col4` (by default each
        /// model's own version: a rewrite); vertices go to the nearest 1/128 for
        /// COL2+. Grit: by default the other encoding than the input's; the same
        /// one rewrites the file (TCOL in canonical form).
        #[arg(long, value_enum, value_name = "FORMAT")]
        to: Option<Target>,
        /// GTA: recompute each model's bounds (min, max, centre, radius) from its
        /// content.
        #[arg(long)]
        recompute_bounds: bool,
        /// GTA: what to do with face groups.
        #[arg(long, value_enum, value_name = "MODE", default_value = "auto")]
        face_groups: gta::FaceGroups,
        /// GTA: write a model with a shadow mesh as COLL or COL2 without it
        /// (otherwise an error).
        #[arg(long)]
        drop_shadow_mesh: bool,
        /// GTA: the game OUTPUT is for; its surface-material ids are mapped to that
        /// game's table where the input's is the other game's. Needed when COL2+
        /// becomes COLL (iii-vc maps SA's ids, sa keeps them) and when III/VC ids go
        /// to COL2+ (sa maps them); iii-vc needs `--to coll`.
        ///
        /// Each game reads the material ids of every version with its own table
        /// (III/VC: 35 surfaces; SA: 179, for COLL models too). Where the input's
        /// table and the game's differ, every id becomes the game's equivalent, by
        /// meaning, and a warning names each that has none (written as 0 DEFAULT);
        /// where they are the same, the ids are kept. The table is in
        /// docs/formats/gta.md, "Surface materials between the games".
        #[arg(long = "for", value_enum, value_name = "GAME")]
        for_game: Option<GameNames>,
        /// GTA: the game whose material table INPUT's ids are in: by default
        /// III/VC's for COLL models and SA's for COL2+ (as `info` names them); `sa`
        /// for a COLL file made for SA.
        #[arg(long, value_enum, value_name = "GAME")]
        from: Option<GameNames>,
        /// The file to read (`-` for stdin).
        input: PathBuf,
        /// The file to write (`-` for stdout); never the input itself.
        output: PathBuf,
    },
    /// Put a GTA model into a `.dff`: replace its collision, or add one. The model
    /// is copied as it is, version and material ids too (`zerocol convert --to
    /// VERSION --for GAME` changes them first).
    Put {
        /// Read both files as the games do (a short Clump, padding in the model; of
        /// an archive, only the entries the game reads: the others are left out,
        /// each named in a warning).
        #[arg(long)]
        lenient: bool,
        #[command(flatten)]
        limit: Limit,
        /// The model to take from MODEL_FILE: its name (ignoring case) or its
        /// 0-based index; a model named with digits only is taken by its name first.
        /// By default the only model, or the one named like the .dff (its file name
        /// or the collision model inside it, ignoring case; stderr says which);
        /// otherwise put refuses and lists the names.
        #[arg(long, value_name = "NAME|INDEX")]
        model: Option<String>,
        /// IMG archives: the name of the entry MODEL_FILE becomes (1 to 23 bytes);
        /// by default MODEL_FILE's file name.
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// The `.dff` to put it in (`-` for stdin). Or an IMG archive (a `VER2`
        /// `.img`, or a III/VC `.img` with its `.dir`, or the `.dir`): MODEL_FILE, any
        /// file, then replaces the entry of its name, or is added as a new entry
        /// (stderr says which); every other entry is copied byte for byte into the
        /// new archive OUTPUT (III/VC: OUTPUT names the new .img, its .dir is
        /// written beside it).
        dff: PathBuf,
        /// The `.col` file holding the model (for an archive: the entry's bytes).
        model_file: PathBuf,
        /// The `.dff` (or archive) to write (`-` for stdout); never an input.
        output: PathBuf,
    },
    /// List an IMG archive's entries: index, name, type, size and offset (bytes),
    /// then its warnings (duplicate names, overlapping entries, names the game
    /// skips, zero sizes, unused sectors).
    ///
    /// ARCHIVE is a San Andreas `VER2` `.img`, or a GTA III/VC `.img` with its
    /// `.dir` beside it (or the `.dir`). Only the directory is read.
    List {
        /// Read the directory as the games do: list only the entries the game reads
        /// (the warnings name the others).
        #[arg(long)]
        lenient: bool,
        #[command(flatten)]
        limit: Limit,
        /// The archive.
        archive: PathBuf,
    },
    /// Extract entries of an IMG archive into a folder, byte for byte (whole
    /// sectors, as stored): every entry, or those named (ignoring case).
    ///
    /// Each file is written to a temporary file and renamed into place. A name
    /// that is not a plain file name (`..`, a slash) is refused. Before anything
    /// is written, every target is checked: one that is the archive (or its
    /// `.dir`/`.img`) refuses the whole run; so does a link (never written
    /// through, even with `--force`) or an existing file (without `--force`).
    /// A later entry of a name seen before (ignoring case) is not extracted:
    /// the game keeps the first, which is, and a warning names it.
    Extract {
        /// Read the directory as the games do: extract only the entries the game
        /// reads, and name each skipped one in a warning (stderr).
        #[arg(long)]
        lenient: bool,
        /// Replace existing files in FOLDER (never a link, nor the archive).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        limit: Limit,
        /// The archive.
        archive: PathBuf,
        /// The folder to write into (created if missing).
        folder: PathBuf,
        /// The entries to extract (all when none is named).
        names: Vec<String>,
    },
    /// Write the IMG archive the game reads: every entry it reads, byte for byte,
    /// and none it skips (names without an extension the game loads, such as a
    /// damaged directory's leftovers, and names seen before), each dropped entry
    /// named in a warning.
    ///
    /// ARCHIVE is a San Andreas `VER2` `.img`, or a GTA III/VC `.img` with its
    /// `.dir` beside it (or the `.dir`); for III/VC, OUTPUT names the new `.img`
    /// and its `.dir` is written beside it. The new directory is packed, each entry
    /// after the last. Written to a temporary file and renamed into place; never
    /// over ARCHIVE.
    Repair {
        #[command(flatten)]
        limit: Limit,
        /// The archive to read.
        archive: PathBuf,
        /// The archive to write (`-` for stdout, San Andreas only); never an input.
        output: PathBuf,
    },
    /// Write FILE as a Wavefront OBJ and its `.mtl`, to look at in Blender.
    ///
    /// In Blender: File > Import > Wavefront. Every model, shape and mesh is written
    /// as its own object (`MODEL/faces`, `MODEL/sphere/0`, `MODEL/shadow`, ...; see
    /// docs/obj.md), faces counter-clockwise seen from outside, a material and a
    /// colour per surface. The materials go to a `.mtl` beside OUTPUT,
    /// named like it (spaces, `#` and `\` as `_`). Nothing is left written unless
    /// both files are.
    Export {
        #[command(flatten)]
        common: Common,
        /// GTA: whose material names to use; by default COLL models take III/VC's
        /// and COL2+ models SA's.
        #[arg(long, value_enum)]
        game: Option<GameNames>,
        /// Export only this model of a GTA .col library or .dff: a value of digits
        /// only is its 0-based index, as `info` numbers the models; anything else its
        /// name, ignoring ASCII case (every model of that name). Without it every
        /// model is written, each at its own origin as its own objects.
        #[arg(long, value_name = "NAME|INDEX")]
        model: Option<String>,
        /// The file to read (`-` for stdin).
        file: PathBuf,
        /// The OBJ file to write (its `.mtl` goes beside it); never the input.
        output: PathBuf,
    },
    /// Cast the segment from one point to another against FILE's collision and
    /// print the nearest hit as one JSON object (see `docs/dump.md`).
    Ray(Ray),
}

/// `--game` (info, export), `--for` and `--from` (convert): whose GTA material table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum GameNames {
    /// GTA III and Vice City (35 surfaces).
    IiiVc,
    /// San Andreas (179 surfaces, as in surfinfo.dat).
    Sa,
}

impl GameNames {
    pub(crate) const fn game(self) -> zerocol::gta::Game {
        match self {
            Self::IiiVc => zerocol::gta::Game::IiiVc,
            Self::Sa => zerocol::gta::Game::Sa,
        }
    }
}

#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct Common {
    /// Accept what the original games accept, and report what was skipped.
    #[arg(long)]
    pub lenient: bool,
    /// Read the file as this format instead of sniffing it (gta-col, mkgp-col,
    /// collision-shape, tcol, bcol, dff). A bare collisionShape payload needs
    /// --format collision-shape, which reads a DRS file as a container too.
    #[arg(long, value_name = "NAME", value_parser = format::from_name)]
    pub format: Option<Format>,
    #[command(flatten)]
    pub limit: Limit,
}

/// `--max-size`: how large a file the command reads (`list`, `extract`: the most read
/// at once, the directory or one entry).
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct Limit {
    /// Refuse a file larger than SIZE bytes, before reading it (a suffix K, M or G
    /// multiplies by 1024, 1024² or 1024³). No real collision file comes near the
    /// default.
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_size)]
    pub max_size: u64,
}

/// `--max-size`'s value: digits, then optionally `K`, `M` or `G` (powers of 1024;
/// `KiB`, `MiB`, `GiB` and lower case too).
pub(crate) fn parse_size(text: &str) -> Result<u64, String> {
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, suffix) = text.split_at(digits);
    let shift = match suffix.to_ascii_lowercase().as_str() {
        "" => 0,
        "k" | "kib" => 10,
        "m" | "mib" => 20,
        "g" | "gib" => 30,
        _ => {
            return Err(format!(
                "expected a number of bytes, optionally followed by K, M or G (e.g. 512M), not {text:?}"
            ));
        }
    };
    let number: u64 = number.parse().map_err(|_| {
        format!("expected a number of bytes before the suffix, e.g. 512M, not {text:?}")
    })?;
    number
        .checked_mul(1u64 << shift)
        .ok_or_else(|| format!("{text:?} is more than 2^64 bytes"))
}

impl Common {
    /// What the format modules are told.
    pub(crate) fn flags(self) -> Flags<'static> {
        Flags {
            lenient: self.lenient,
            ..Flags::default()
        }
    }
}

/// `zerocol ray`'s arguments.
#[derive(Args, Debug)]
pub(crate) struct Ray {
    #[command(flatten)]
    pub common: Common,
    /// Cast against this model only (a GTA .col library): a value of digits only is
    /// its 0-based index, as `info` numbers the models; anything else its name,
    /// ignoring ASCII case (every model of that name).
    #[arg(long, value_name = "NAME|INDEX")]
    pub model: Option<String>,
    /// The file to read (`-` for stdin).
    pub file: PathBuf,
    /// Where the segment starts (t = 0), in the file's own space: `X,Y,Z`.
    #[arg(value_name = "X,Y,Z", value_parser = point, allow_hyphen_values = true)]
    pub start: [f32; 3],
    /// Where it ends (t = 1): `X,Y,Z`.
    #[arg(value_name = "X,Y,Z", value_parser = point, allow_hyphen_values = true)]
    pub end: [f32; 3],
}

/// `X,Y,Z`: three numbers, commas between.
fn point(text: &str) -> Result<[f32; 3], String> {
    let parts: Vec<&str> = text.split(',').collect();
    let [x, y, z] = parts.as_slice() else {
        return Err(format!(
            "expected three numbers separated by commas (X,Y,Z), found {} part{}",
            parts.len(),
            if parts.len() == 1 { "" } else { "s" }
        ));
    };
    let number = |axis: &str, part: &str| {
        part.trim()
            .parse::<f32>()
            .map_err(|_| format!("{axis}: expected a number, found {part:?}"))
    };
    Ok([number("X", x)?, number("Y", y)?, number("Z", z)?])
}
