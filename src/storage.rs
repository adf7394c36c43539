//! Where the game keeps its files: the platform's data folder natively (the
//! `directories` crate; `ARKES_DATA_DIR` overrides it), `localStorage` on the
//! web. Writes are atomic: a crash or kill at any moment leaves the old file
//! or the new one, never a mix.

use bevy::prelude::*;
use thiserror::Error;

/// Largest file read back, in bytes: anything larger is not ours.
pub const MAX_FILE: usize = 4 << 20;

/// Why a stored file could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    /// No place to keep files (no home folder, no `localStorage`).
    #[error("there is no place to keep files on this system")]
    Unavailable,
    /// The name is not a plain file name.
    #[error("`{0}` is not a valid name")]
    BadName(String),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(String),
    /// The file is larger than [`MAX_FILE`].
    #[error("the file is too large ({0} bytes) to be an ARKES file")]
    TooLarge(usize),
    /// The file is not UTF-8 text.
    #[error("the file is not text (not UTF-8)")]
    NotText,
}

/// The game's file store.
#[derive(Resource, Clone, Debug)]
pub struct Store {
    #[cfg(not(target_arch = "wasm32"))]
    dir: Option<std::path::PathBuf>,
}

/// Names are `[A-Za-z0-9 _.-]` paths of at most two parts (`saves/x.json`).
fn check_name(name: &str) -> Result<(), StoreError> {
    let ok = !name.is_empty()
        && name.len() <= 200
        && name.split('/').count() <= 2
        && name.split('/').all(|part| {
            !part.is_empty()
                && !part.starts_with('.')
                && part.chars().all(|c| c.is_alphanumeric() || " _.-".contains(c))
        });
    if ok { Ok(()) } else { Err(StoreError::BadName(name.chars().take(40).collect())) }
}

#[cfg(not(target_arch = "wasm32"))]
impl Store {
    /// The store in `ARKES_DATA_DIR`, or the platform's data folder for ARKES.
    #[must_use]
    pub fn platform() -> Store {
        let dir = std::env::var_os("ARKES_DATA_DIR").map(std::path::PathBuf::from).or_else(|| {
            directories::ProjectDirs::from("org", "ARKES", "ARKES").map(|d| d.data_dir().to_path_buf())
        });
        Store { dir }
    }

    /// A store in `dir` (tests).
    #[must_use]
    pub fn in_dir(dir: impl Into<std::path::PathBuf>) -> Store {
        Store { dir: Some(dir.into()) }
    }

    fn path(&self, name: &str) -> Result<std::path::PathBuf, StoreError> {
        check_name(name)?;
        Ok(self.dir.as_ref().ok_or(StoreError::Unavailable)?.join(name))
    }

    /// The text of `name`, `None` if there is no such file.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read, is too large or is not text.
    pub fn read(&self, name: &str) -> Result<Option<String>, StoreError> {
        use std::io::Read;
        let path = self.path(name)?;
        let file = match std::fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(StoreError::Io(format!("{}: {e}", path.display()))),
        };
        let mut bytes = Vec::new();
        file.take(MAX_FILE as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| StoreError::Io(format!("{}: {e}", path.display())))?;
        if bytes.len() > MAX_FILE {
            return Err(StoreError::TooLarge(bytes.len()));
        }
        String::from_utf8(bytes).map(Some).map_err(|_| StoreError::NotText)
    }

    /// Replaces `name` by `text` atomically: written to a temporary file in
    /// the same folder, flushed to disk, then renamed over the old one.
    ///
    /// # Errors
    /// [`StoreError::Io`] when the disk refuses; the old file is then intact.
    pub fn write(&self, name: &str, text: &str) -> Result<(), StoreError> {
        use std::io::Write;
        let path = self.path(name)?;
        let io = |e: std::io::Error| StoreError::Io(format!("{}: {e}", path.display()));
        let folder = path.parent().ok_or(StoreError::Unavailable)?;
        std::fs::create_dir_all(folder).map_err(io)?;
        let temp = folder.join(format!(
            ".{}.{}.tmp",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("file"),
            std::process::id()
        ));
        let result = (|| {
            let mut file = std::fs::File::create(&temp)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            std::fs::rename(&temp, &path)?;
            // Make the rename itself durable.
            if let Ok(dir) = std::fs::File::open(folder) {
                let _ = dir.sync_all();
            }
            Ok(())
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        result.map_err(io)
    }

    /// Deletes `name` (nothing if it does not exist).
    ///
    /// # Errors
    /// [`StoreError::Io`] if it exists and cannot be deleted.
    pub fn remove(&self, name: &str) -> Result<(), StoreError> {
        let path = self.path(name)?;
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(StoreError::Io(format!("{}: {e}", path.display())))
            }
            _ => Ok(()),
        }
    }

    /// The names of the files in `folder` (one level), sorted.
    #[must_use]
    pub fn list(&self, folder: &str) -> Vec<String> {
        let Ok(path) = self.path(folder) else { return Vec::new() };
        let mut names: Vec<String> = std::fs::read_dir(path)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter(|n| !n.starts_with('.'))
                    .map(|n| format!("{folder}/{n}"))
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    /// Where files are kept, for messages.
    #[must_use]
    pub fn location(&self) -> String {
        self.dir.as_ref().map_or_else(|| "nowhere".to_owned(), |d| d.display().to_string())
    }
}

#[cfg(target_arch = "wasm32")]
impl Store {
    const PREFIX: &'static str = "arkes/";

    /// The browser's `localStorage`.
    #[must_use]
    pub fn platform() -> Store {
        Store {}
    }

    fn storage() -> Result<web_sys::Storage, StoreError> {
        web_sys::window().and_then(|w| w.local_storage().ok().flatten()).ok_or(StoreError::Unavailable)
    }

    /// The text of `name`, `None` if there is no such item.
    ///
    /// # Errors
    /// [`StoreError`] if `localStorage` is unavailable or the item too large.
    pub fn read(&self, name: &str) -> Result<Option<String>, StoreError> {
        check_name(name)?;
        let item = Self::storage()?
            .get_item(&format!("{}{name}", Self::PREFIX))
            .map_err(|e| StoreError::Io(format!("{e:?}")))?;
        match item {
            Some(text) if text.len() > MAX_FILE => Err(StoreError::TooLarge(text.len())),
            other => Ok(other),
        }
    }

    /// Replaces `name` by `text` (one `setItem`, which is atomic).
    ///
    /// # Errors
    /// [`StoreError::Io`] if the browser refuses (quota); the old item stays.
    pub fn write(&self, name: &str, text: &str) -> Result<(), StoreError> {
        check_name(name)?;
        Self::storage()?
            .set_item(&format!("{}{name}", Self::PREFIX), text)
            .map_err(|e| StoreError::Io(format!("{e:?}")))
    }

    /// Deletes `name`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] without `localStorage`.
    pub fn remove(&self, name: &str) -> Result<(), StoreError> {
        check_name(name)?;
        Self::storage()?
            .remove_item(&format!("{}{name}", Self::PREFIX))
            .map_err(|e| StoreError::Io(format!("{e:?}")))
    }

    /// The names of the items in `folder`, sorted.
    #[must_use]
    pub fn list(&self, folder: &str) -> Vec<String> {
        let Ok(storage) = Self::storage() else { return Vec::new() };
        let prefix = format!("{}{folder}/", Self::PREFIX);
        let count = storage.length().unwrap_or(0);
        let mut names: Vec<String> = (0..count)
            .filter_map(|i| storage.key(i).ok().flatten())
            .filter_map(|k| k.strip_prefix(Self::PREFIX).map(str::to_owned))
            .filter(|k| k.starts_with(&prefix[Self::PREFIX.len()..]))
            .collect();
        names.sort();
        names
    }

    /// Where files are kept, for messages.
    #[must_use]
    pub fn location(&self) -> String {
        "this browser's storage".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_plain() {
        for good in ["settings.json", "saves/My game 1.json", "autosave.json"] {
            assert_eq!(check_name(good), Ok(()), "{good}");
        }
        for bad in ["", "../x", "/etc/passwd", "a/b/c", ".hidden", "saves/", "a\\b", "x\0"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn writes_replace_files_atomically_and_read_back() {
        let dir = std::env::temp_dir().join(format!("arkes-store-{}", std::process::id()));
        let store = Store::in_dir(&dir);
        assert_eq!(store.read("a.json"), Ok(None));
        store.write("a.json", "one").unwrap();
        store.write("a.json", "two").unwrap();
        assert_eq!(store.read("a.json"), Ok(Some("two".into())));
        store.write("saves/b.json", "three").unwrap();
        assert_eq!(store.list("saves"), vec!["saves/b.json".to_owned()]);
        // No temporary files are left behind.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        std::fs::write(dir.join("big.json"), vec![b'x'; MAX_FILE + 1]).unwrap();
        assert!(matches!(store.read("big.json"), Err(StoreError::TooLarge(_))));
        std::fs::write(dir.join("bin.json"), [0xff, 0xfe]).unwrap();
        assert_eq!(store.read("bin.json"), Err(StoreError::NotText));
        store.remove("a.json").unwrap();
        assert_eq!(store.read("a.json"), Ok(None));
        let _ = std::fs::remove_dir_all(dir);
    }
}
