//! Files as the workbench reads and writes them. Only regular files are read, whole and with a
//! bound on their size: a named pipe, a device or a socket is refused before it is opened (and
//! opened without blocking, should one appear in its place). Writes are atomic (a temporary file
//! beside the target, then a rename), go through a symbolic link to its target, and keep the
//! target's permissions, owner and group (as far as the process may); a new file follows the
//! umask. A write that would do what the person may not expect waits for their word
//! ([`Caution`]): over a read-only file; over a file with other names (hard links), which a new
//! file would split from them; in a folder that takes no new file. With it, such a file is
//! written into in place. What was read is remembered as a [`Fingerprint`], so that a save can
//! tell when another program changed the file since.

use super::counting::{Counting, CountingReader};
pub use crate::app::effect::{Caution, Consent, Fingerprint, MAX_FILE_SIZE, hint_of};
use crate::app::reading::ReadProgress;
use crate::text::{io_error, printable, size, special_file};
use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use sudoku_engine::{ParseError, ParseErrorKind, Parsed, ReadError, parse_document, parse_from};

/// Why a file could not be read as puzzles.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io(io::Error),
    /// Not a regular file: what it is instead.
    Special(&'static str),
    /// The file is bigger than [`MAX_FILE_SIZE`].
    TooBig(u64),
    /// The file has nothing to read now: a file of the kernel's that waits for data (such as
    /// `/proc/kmsg`), which looks like a regular file but holds no stored text. It is opened
    /// without blocking, so a read says "would block" rather than wait for ever.
    WouldWait,
    /// The text is not puzzles.
    Parse(ParseError),
    /// The memory to hold the file of this size and its puzzles could not be had (a limit
    /// such as `ulimit -v`, a machine short of memory): refused, the session going on.
    OutOfMemory(u64),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(e) => f.write_str(&io_error(e)),
            LoadError::Special(kind) => write!(f, "it is {kind}, not a regular file"),
            LoadError::TooBig(bytes) => write!(
                f,
                "too big for a puzzle file ({}; the workbench reads up to {})",
                size(*bytes),
                size(MAX_FILE_SIZE)
            ),
            LoadError::WouldWait => {
                f.write_str("it cannot be read now: not a file of stored text but one that waits for data")
            }
            LoadError::Parse(e) => write!(f, "{e}"),
            LoadError::OutOfMemory(bytes) => write!(
                f,
                "not enough memory to open it ({}): the workbench may not use that much",
                size(*bytes)
            ),
        }
    }
}

/// A failed read: a read that would wait (the file is opened without blocking) is a file with
/// nothing to read now, not an error of the disk's.
impl From<io::Error> for LoadError {
    fn from(e: io::Error) -> LoadError {
        match e.kind() {
            io::ErrorKind::WouldBlock => LoadError::WouldWait,
            _ => LoadError::Io(e),
        }
    }
}

/// Opens `path` for reading if it is a regular file no bigger than [`MAX_FILE_SIZE`]; never
/// blocks on a named pipe.
pub fn open_regular(path: &Path) -> Result<(std::fs::File, std::fs::Metadata), LoadError> {
    let (file, meta) = open_regular_any_size(path)?;
    if meta.len() > MAX_FILE_SIZE {
        return Err(LoadError::TooBig(meta.len()));
    }
    Ok((file, meta))
}

/// Opens `path` for reading if it is a regular file, whatever its size (for readers that stop
/// on their own, such as the trace reader); never blocks on a named pipe.
pub fn open_regular_any_size(path: &Path) -> Result<(std::fs::File, std::fs::Metadata), LoadError> {
    let meta = std::fs::metadata(path).map_err(LoadError::Io)?;
    if let Some(kind) = special_file(&meta) {
        return Err(LoadError::Special(kind));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        // Should the file be swapped for a named pipe between the look and the open, the open
        // must not wait for a writer.
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(LoadError::Io)?;
    let meta = file.metadata().map_err(LoadError::Io)?;
    if let Some(kind) = special_file(&meta) {
        return Err(LoadError::Special(kind));
    }
    Ok((file, meta))
}

/// The bytes of the regular file at `path` and their fingerprint.
pub fn read_bytes(path: &Path) -> Result<(Vec<u8>, Fingerprint), LoadError> {
    read_bytes_counted(path, &ReadProgress::default())
}

/// [`read_bytes`], counting into `progress` and stopping once it is given up.
fn read_bytes_counted(path: &Path, progress: &ReadProgress) -> Result<(Vec<u8>, Fingerprint), LoadError> {
    let (file, meta) = open_regular(path)?;
    progress.set_total(meta.len());
    // Asked for, not assumed: a file the size allows may still not fit in the memory the
    // program may use, and failing to get it would end the program.
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(meta.len() as usize)
        .map_err(|_| LoadError::OutOfMemory(meta.len()))?;
    // A file that grew meanwhile grows the buffer; the standard reader asks for that memory
    // too, and says so when there is none.
    CountingReader::new(file.take(MAX_FILE_SIZE + 1), progress, Counting::Read)
        .read_to_end(&mut bytes)
        .map_err(|e| match e.kind() {
            io::ErrorKind::OutOfMemory => LoadError::OutOfMemory(meta.len().max(bytes.len() as u64)),
            _ => LoadError::from(e),
        })?;
    if bytes.len() as u64 > MAX_FILE_SIZE {
        return Err(LoadError::TooBig(bytes.len() as u64));
    }
    let fingerprint = Fingerprint::of(&bytes, meta.modified().ok());
    Ok((bytes, fingerprint))
}

/// Reads the puzzles of the file at `path`, with the file's fingerprint.
pub fn read_puzzles(path: &Path) -> Result<(Parsed, Fingerprint), LoadError> {
    let (bytes, fingerprint) = read_bytes(path)?;
    let parsed = parse_document(&bytes, hint_of(path)).map_err(|e| parse_failure(e, bytes.len()))?;
    Ok((parsed, fingerprint))
}

/// [`read_puzzles`], counting into `progress` how far it got (the file read, then its text
/// parsed), and stopping once it is given up.
pub fn read_puzzles_counted(path: &Path, progress: &ReadProgress) -> Result<(Parsed, Fingerprint), LoadError> {
    let (bytes, fingerprint) = read_bytes_counted(path, progress)?;
    let text = CountingReader::new(&bytes[..], progress, Counting::Parsed);
    let parsed = parse_from(text, hint_of(path)).map_err(|e| match e {
        ReadError::Parse(e) => parse_failure(e, bytes.len()),
        ReadError::Io(e) => LoadError::from(e),
    })?;
    Ok((parsed, fingerprint))
}

/// Why the text of a file of `size` bytes did not read as puzzles: the memory for them ran out
/// (said as such, with the size), or what is wrong with it.
fn parse_failure(e: ParseError, size: usize) -> LoadError {
    match e.kind {
        ParseErrorKind::OutOfMemory => LoadError::OutOfMemory(size as u64),
        _ => LoadError::Parse(e),
    }
}

/// The fingerprint of the file at `path` as it is now, `None` if there is none; an error if it
/// cannot be read.
pub fn fingerprint_now(path: &Path) -> Result<Option<Fingerprint>, LoadError> {
    match read_bytes(path) {
        Ok((_, fingerprint)) => Ok(Some(fingerprint)),
        Err(LoadError::Io(e)) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Where a write to `path` lands: through symbolic links to the file they point at (so the
/// link stays a link), refusing directories and special files.
pub fn write_target(path: &Path) -> Result<PathBuf, String> {
    let mut target = path.to_path_buf();
    // Follow the chain of links by hand: the target may not exist yet, which `canonicalize`
    // does not allow. Forty links is more than any real chain.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&target) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&target).map_err(|e| io_error(&e))?;
                target = match target.parent() {
                    Some(dir) => dir.join(link),
                    None => link,
                };
            }
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(target),
            Err(e) => return Err(io_error(&e)),
        }
    }
    match std::fs::metadata(&target) {
        Ok(meta) => match special_file(&meta) {
            Some(kind) => Err(format!(
                "{} is {kind}: only a regular file can be saved to",
                printable(&path.to_string_lossy())
            )),
            None => Ok(target),
        },
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(target),
        Err(e) => Err(io_error(&e)),
    }
}

/// The permissions a new file asks for: `rw-rw-rw-` less the umask, as editors and the shell
/// make files (the temporary file is created with them, so the umask applies).
pub const NEW_FILE_MODE: u32 = 0o666;

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, flushed and
/// synced, then renamed over the target; the new file's fingerprint. A failure leaves any
/// existing file as it was. A file replaced keeps its permissions, owner and group; a new one
/// follows the umask. `path` must be a write target ([`write_target`]).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<Fingerprint> {
    write_atomically_as(path, bytes, NEW_FILE_MODE)
}

/// The permissions `mode` for a new file (on Unix; elsewhere the system's default).
pub fn new_file_permissions(mode: u32) -> Option<std::fs::Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(std::fs::Permissions::from_mode(mode))
    }
    #[cfg(not(unix))]
    {
        let _ = mode;
        None
    }
}

/// [`write_atomically`], a new file made with the permissions `new_mode` (less the umask).
fn write_atomically_as(path: &Path, bytes: &[u8], new_mode: u32) -> io::Result<Fingerprint> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if path.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "it is a directory"));
    }
    let old = std::fs::metadata(path).ok();
    let mut builder = tempfile::Builder::new();
    builder.prefix(".sudoku-workbench-").suffix(".tmp");
    // A new file is made with its permissions from the start (the umask then applies); a file
    // replaced gets its own below, once the temporary file is ours alone to change.
    if let (None, Some(permissions)) = (&old, new_file_permissions(new_mode)) {
        builder.permissions(permissions);
    }
    // Registered while it runs: a process ending meanwhile removes the temporary file rather
    // than leave it in the player's folder.
    let (_writing, mut temp) = super::writing::temporary(|| builder.tempfile_in(dir))?;
    temp.write_all(bytes)?;
    temp.flush()?;
    super::writing::pause_for_tests();
    if let Some(meta) = &old {
        keep_owner(temp.as_file(), meta);
        // After the owner: a change of owner clears the set-user-ID bits.
        temp.as_file().set_permissions(meta.permissions())?;
    }
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    let meta = std::fs::metadata(path)?;
    Ok(Fingerprint::of(bytes, meta.modified().ok()))
}

/// Gives `file` the owner and group of the file it replaces, as far as the process may: the
/// owner only for the superuser, the group if the process is in it. What it may not do is left
/// (the file is then the process's own, as any editor leaves it).
fn keep_owner(file: &std::fs::File, meta: &std::fs::Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, fchown};
        if fchown(file, Some(meta.uid()), Some(meta.gid())).is_err() {
            let _ = fchown(file, None, Some(meta.gid()));
        }
    }
    #[cfg(not(unix))]
    let _ = (file, meta);
}

/// Why [`write_over`] did not write.
#[derive(Debug)]
pub enum WriteError {
    /// The write waits for the person's word.
    Needs(Caution),
    /// The bytes are more than [`MAX_FILE_SIZE`]: the workbench could not read the file back
    /// (nor save over it again), so it is not written. Their size.
    TooBig(u64),
    /// It failed; the file is as it was.
    Io(io::Error),
}

/// Writes `bytes` over the file at `path` (a write target, [`write_target`]), or makes it: the
/// new file's fingerprint. A file is replaced atomically ([`write_atomically`]), unless it has
/// other names or its folder takes no new file: then, with `consent`, it is written into in
/// place ([`write_in_place`]). A read-only file is written only with `consent` too. Nothing is
/// written that the workbench could not read back: more than [`MAX_FILE_SIZE`] is refused first.
pub fn write_over(path: &Path, bytes: &[u8], consent: Consent) -> Result<Fingerprint, WriteError> {
    if bytes.len() as u64 > MAX_FILE_SIZE {
        return Err(WriteError::TooBig(bytes.len() as u64));
    }
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return write_atomically(path, bytes).map_err(WriteError::Io),
        Err(e) => return Err(WriteError::Io(e)),
    };
    match write_access(path) {
        // Nothing on a read-only file system can be written, whatever the answer.
        Err(e) if e.kind() == io::ErrorKind::ReadOnlyFilesystem => return Err(WriteError::Io(e)),
        // No one may write it (the superuser may, yet an editor asks first all the same), or
        // this process may not.
        access if !consent.read_only && (meta.permissions().readonly() || access.is_err()) => {
            return Err(WriteError::Needs(Caution::ReadOnly));
        }
        _ => {}
    }
    let links = link_count(&meta);
    if links > 1 {
        return match consent.in_place {
            true => write_in_place(path, bytes).map_err(WriteError::Io),
            false => Err(WriteError::Needs(Caution::Links(links))),
        };
    }
    match write_atomically(path, bytes) {
        // A folder that takes no new file; the file itself may still be written.
        Err(e) if folder_closed(&e) && write_access(path).is_ok() => match consent.in_place {
            true => write_in_place(path, bytes).map_err(WriteError::Io),
            false => Err(WriteError::Needs(Caution::FolderClosed)),
        },
        written => written.map_err(WriteError::Io),
    }
}

/// Whether an error making a file in a folder means the folder takes none.
fn folder_closed(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
    )
}

/// The names the file has (hard links).
pub fn link_count(meta: &std::fs::Metadata) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink()
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        1
    }
}

/// Whether the file at `path` can be opened for writing, or why not (it is not changed:
/// nothing is written, and it is not truncated).
pub fn write_access(path: &Path) -> io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path).map(drop)
}

/// Writes `bytes` into the file at `path` itself, keeping its every name, its permissions and
/// owner: the new text from the start, then the file cut to its length, then synced. Not
/// atomic: should a write fail (a full disk), the old text is written back (its blocks are
/// still the file's, so it fits) and the error returned.
pub fn write_in_place(path: &Path, bytes: &[u8]) -> io::Result<Fingerprint> {
    use std::io::{Seek, SeekFrom};
    // Registered while it runs: a process ending meanwhile waits for it, as a file cut off
    // here would be neither its old text nor its new one.
    let _writing = super::writing::in_place()?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let mut file = options.open(path)?;
    if let Some(kind) = special_file(&file.metadata()?) {
        return Err(io::Error::other(format!("it is {kind}")));
    }
    let mut old = Vec::new();
    (&mut file).take(MAX_FILE_SIZE + 1).read_to_end(&mut old)?;
    if old.len() as u64 > MAX_FILE_SIZE {
        return Err(io::Error::other("it is too big to be written in place"));
    }
    let put = |file: &mut std::fs::File, text: &[u8]| -> io::Result<()> {
        file.seek(SeekFrom::Start(0))?;
        // In two halves, the tests' pause between them: a signal then lands where cutting
        // the write off would leave the file half new, half old.
        let (first, second) = text.split_at(text.len() / 2);
        file.write_all(first)?;
        super::writing::pause_for_tests();
        file.write_all(second)?;
        file.set_len(text.len() as u64)?;
        file.sync_all()
    };
    if let Err(e) = put(&mut file, bytes) {
        let _ = put(&mut file, &old);
        return Err(e);
    }
    Ok(Fingerprint::of(bytes, file.metadata()?.modified().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_files_are_refused_before_they_are_opened() {
        let e = read_bytes(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(e.to_string(), "it is a character device, not a regular file");
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            // Opened, this would wait for a writer for ever.
            let e = read_bytes(&fifo).unwrap_err();
            assert_eq!(e.to_string(), "it is a named pipe (FIFO), not a regular file");
            assert!(write_target(&fifo).unwrap_err().contains("named pipe"));
        }
        assert!(write_target(dir.path()).unwrap_err().contains("a directory"));
    }

    /// Final attack, finding 16: `/proc/kmsg` looks like a regular file, and a read of it
    /// (opened without blocking) says "Resource temporarily unavailable (os error 11)"; the
    /// message says what it is instead.
    #[test]
    fn a_file_that_would_make_a_read_wait_is_named_for_what_it_is() {
        let e = LoadError::from(io::Error::from(io::ErrorKind::WouldBlock));
        assert_eq!(
            e.to_string(),
            "it cannot be read now: not a file of stored text but one that waits for data"
        );
        let e = LoadError::from(io::Error::from(io::ErrorKind::PermissionDenied));
        assert_eq!(e.to_string(), "permission denied", "other errors are as they were");
    }

    #[cfg(unix)]
    #[test]
    fn a_write_goes_through_a_link_to_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.sdk");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.sdk");
        std::os::unix::fs::symlink("real.sdk", &link).unwrap();
        let target = write_target(&link).unwrap();
        assert_eq!(target, dir.path().join("real.sdk"));
        write_atomically(&target, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // A dangling link: the file it names is created.
        let dangling = dir.path().join("dangling.sdk");
        std::os::unix::fs::symlink("made.sdk", &dangling).unwrap();
        assert_eq!(write_target(&dangling).unwrap(), dir.path().join("made.sdk"));
    }

    #[test]
    fn a_fingerprint_sees_a_change_of_content() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.txt");
        let first = write_atomically(&path, b"one").unwrap();
        assert_eq!(read_bytes(&path).unwrap().1, first);
        std::fs::write(&path, b"two").unwrap();
        assert_ne!(fingerprint_now(&path).unwrap(), Some(first));
        assert_eq!(fingerprint_now(&dir.path().join("none")).unwrap(), None);
    }
}
