//! Where the workbench's files live, as the XDG Base Directory specification says.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The base directory named by the environment variable `variable` (`XDG_STATE_HOME`, ...),
/// else `fallback` under `$HOME` (`.local/state`); `None` when neither is set. A relative
/// value is ignored, as the specification asks: `XDG_STATE_HOME=relstate` kept the recovery
/// file under whatever folder the workbench started in, and "the next start offers it" was
/// true only of a start from there (attack A).
pub fn base(variable: &str, fallback: &str) -> Option<PathBuf> {
    base_from(std::env::var_os(variable), std::env::var_os("HOME"), fallback)
}

/// [`base`] from the values read.
fn base_from(value: Option<OsString>, home: Option<OsString>, fallback: &str) -> Option<PathBuf> {
    value.map(PathBuf::from).filter(|v| v.is_absolute()).or_else(|| {
        home.filter(|h| !h.is_empty())
            .map(|home| Path::new(&home).join(fallback))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_absolute_value_is_taken_else_home_s_folder() {
        let home = Some(OsString::from("/home/me"));
        let base = |value: Option<&str>, home: &Option<OsString>| {
            base_from(value.map(OsString::from), home.clone(), ".local/state")
        };
        assert_eq!(base(Some("/var/x"), &home), Some(PathBuf::from("/var/x")));
        assert_eq!(base(None, &home), Some(PathBuf::from("/home/me/.local/state")));
        assert_eq!(base(Some(""), &home), Some(PathBuf::from("/home/me/.local/state")));
        assert_eq!(
            base(Some("relstate"), &home),
            Some(PathBuf::from("/home/me/.local/state")),
            "relative: ignored"
        );
        assert_eq!(base(Some("relstate"), &None), None);
        assert_eq!(base(None, &Some(OsString::new())), None);
    }
}
