//! The site as it is served: the game's and the worker's wasm and JS glue
//! named after their content (`app_bg.<16 hex>.wasm`, see
//! `site_server::is_content_addressed`), so a host may keep them for a
//! year; the page and the service worker told those names; and a brotli
//! (`.br`) and a gzip (`.gz`) copy beside every large file, so any static
//! host can send them compressed.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The modules wasm-bindgen writes, by `--out-name`: `NAME.js` and
/// `NAME_bg.wasm`.
pub(super) const MODULES: [&str; 2] = ["app", "ai_worker"];

/// The files of the page copied from `web/` (with [`TEMPLATED`] filled in).
const PAGE_FILE_EXTENSIONS: &[&str] = &["html", "js", "css", "svg", "ico", "png", "webmanifest"];

/// Files of `web/` written with the build's names in place of a marker.
const TEMPLATED: &[&str] = &["index.html", "sw.js"];

/// The marker in `index.html` replaced by the site's description (JSON).
const SITE_MARKER: &str = "__ARKES_SITE__";
/// The marker in `sw.js` replaced by the list of files to cache (JSON).
const FILES_MARKER: &str = "__ARKES_FILES__";
/// The marker in `sw.js` replaced by the build's version.
const VERSION_MARKER: &str = "__ARKES_BUILD_VERSION__";

/// Extensions of the files that get compressed copies.
const COMPRESSED_EXTENSIONS: &[&str] = &["html", "js", "wasm", "webmanifest", "json", "svg", "css"];

/// Files smaller than this are sent as they are (compression would save
/// less than a packet).
const COMPRESS_FROM_BYTES: u64 = 1024;

/// FNV-1a (64 bits) of `bytes`, continuing from `hash`: a content hash for
/// cache names, not for security.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for byte in bytes {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// 16 lowercase hex digits naming `bytes`.
pub(super) fn content_hash(bytes: &[u8]) -> String {
    format!("{:016x}", fnv1a(FNV_OFFSET, bytes))
}

/// `stem.ext` as `stem.<hash>.ext`.
fn addressed_name(stem: &str, ext: &str, bytes: &[u8]) -> String {
    format!("{stem}.{}.{ext}", content_hash(bytes))
}

/// The file names of one built site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Names {
    /// The game's JS glue and wasm.
    pub app_js: String,
    pub app_wasm: String,
    /// The computer players' worker: its JS glue and wasm.
    pub worker_js: String,
    pub worker_wasm: String,
}

/// Renames the modules wasm-bindgen wrote into `out` (`app.js`,
/// `app_bg.wasm`, `ai_worker.js`, `ai_worker_bg.wasm`) after their
/// content, the glue pointing at its wasm's new name.
///
/// # Errors
/// A module missing, a glue that does not name its wasm exactly once, or
/// a file that cannot be renamed or written.
pub(super) fn content_address(out: &Path) -> Result<Names, String> {
    let mut names = Vec::new();
    for module in MODULES {
        let (js, wasm) = (out.join(format!("{module}.js")), out.join(format!("{module}_bg.wasm")));
        let wasm_bytes = read(&wasm)?;
        let wasm_name = addressed_name(&format!("{module}_bg"), "wasm", &wasm_bytes);
        drop(wasm_bytes);
        rename(&wasm, &out.join(&wasm_name))?;
        let glue = std::fs::read_to_string(&js).map_err(|e| format!("{}: {e}", js.display()))?;
        let glue = replace_once(&glue, &format!("'{module}_bg.wasm'"), &format!("'{wasm_name}'"))
            .map_err(|e| format!("{}: {e}", js.display()))?;
        let js_name = addressed_name(module, "js", glue.as_bytes());
        write(&out.join(&js_name), glue.as_bytes())?;
        std::fs::remove_file(&js).map_err(|e| format!("{}: {e}", js.display()))?;
        names.push((js_name, wasm_name));
    }
    let [(app_js, app_wasm), (worker_js, worker_wasm)]: [(String, String); 2] =
        names.try_into().map_err(|_| "two modules".to_owned())?;
    Ok(Names { app_js, app_wasm, worker_js, worker_wasm })
}

/// The game's wasm in the built site `out` (`app_bg.<hash>.wasm`), if
/// there is exactly one.
pub(super) fn game_wasm(out: &Path) -> Option<PathBuf> {
    let mut found = std::fs::read_dir(out)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("app_bg.")))
        .filter(|p| p.extension().is_some_and(|e| e == "wasm"));
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// `text` with its one `from` replaced by `to`.
///
/// # Errors
/// `from` is not in `text` exactly once.
fn replace_once(text: &str, from: &str, to: &str) -> Result<String, String> {
    match text.matches(from).count() {
        1 => Ok(text.replacen(from, to, 1)),
        n => Err(format!("expected {from} once, found it {n} times")),
    }
}

/// Copies the page's files from `web` (the repository's `web/`) into `out`,
/// with `index.html` told the module names and the game wasm's size (its
/// `window.arkesSite`), and `sw.js` the files to cache and the build's
/// version (a hash of every file of the site but itself).
///
/// # Errors
/// A file that cannot be read or written, or a marker missing.
pub(super) fn write_pages(web: &Path, out: &Path, names: &Names) -> Result<(), String> {
    let mut templated = Vec::new();
    for entry in std::fs::read_dir(web).map_err(|e| format!("{}: {e}", web.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let keep = path.extension().is_some_and(|e| PAGE_FILE_EXTENSIONS.iter().any(|x| e == *x));
        if !keep || !path.is_file() {
            continue;
        }
        let file_name = path.file_name().expect("a file").to_string_lossy().into_owned();
        if TEMPLATED.contains(&file_name.as_str()) {
            templated.push((file_name, path));
        } else {
            std::fs::copy(&path, out.join(&file_name)).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let text = |name: &str| -> Result<String, String> {
        let (_, path) = templated.iter().find(|(n, _)| n == name).ok_or(format!("web/{name} is missing"))?;
        std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let wasm_bytes = std::fs::metadata(out.join(&names.app_wasm)).map_err(|e| e.to_string())?.len();
    let site = serde_json::json!({
        "app": format!("./{}", names.app_js),
        "wasm": format!("./{}", names.app_wasm),
        "wasmBytes": wasm_bytes,
        "worker": format!("./{}", names.worker_js),
    });
    let page = replace_once(&text("index.html")?, SITE_MARKER, &site.to_string())
        .map_err(|e| format!("web/index.html: {e}"))?;
    write(&out.join("index.html"), page.as_bytes())?;
    // Every file of the site is cached by the service worker, the page
    // also as `./` (its address when opened).
    let mut files: Vec<String> = site_files(out)?.iter().map(|f| format!("./{f}")).collect();
    files.insert(0, "./".into());
    let version = site_version(out)?;
    let worker =
        replace_once(&text("sw.js")?, FILES_MARKER, &serde_json::to_string(&files).expect("strings"))
            .and_then(|t| replace_once(&t, VERSION_MARKER, &version))
            .map_err(|e| format!("web/sw.js: {e}"))?;
    write(&out.join("sw.js"), worker.as_bytes())
}

/// The files of the site in `out`, by name, sorted: all but the service
/// worker itself and the compressed copies.
fn site_files(out: &Path) -> Result<Vec<String>, String> {
    let mut files: Vec<String> = std::fs::read_dir(out)
        .map_err(|e| format!("{}: {e}", out.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .filter(|n| n != "sw.js" && !n.ends_with(".br") && !n.ends_with(".gz"))
        .collect();
    files.sort();
    Ok(files)
}

/// A version naming the site in `out`: a hash of the names and bytes of
/// its files ([`site_files`]), so it changes with any change of the build.
fn site_version(out: &Path) -> Result<String, String> {
    let mut hash = FNV_OFFSET;
    for file in site_files(out)? {
        hash = fnv1a(hash, file.as_bytes());
        hash = fnv1a(hash, &read(&out.join(&file))?);
    }
    Ok(format!("{hash:016x}"))
}

/// One file's sizes after [`precompress`], in bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Compressed {
    pub file: String,
    pub raw: u64,
    pub gzip: u64,
    pub brotli: u64,
}

/// Writes `FILE.br` (brotli, quality `brotli_quality`, a 16 MiB window)
/// and `FILE.gz` (gzip, level 9) beside every file of `out` of 1 KiB or
/// more whose kind compresses (HTML, JS, wasm, JSON, the manifest),
/// compressing the files on as many threads as there are cores.
///
/// # Errors
/// A file that cannot be read or written.
pub(super) fn precompress(out: &Path, brotli_quality: u32) -> Result<Vec<Compressed>, String> {
    let mut files: Vec<(PathBuf, u64)> = Vec::new();
    let worker = out.join("sw.js").is_file().then(|| "sw.js".to_owned());
    for name in site_files(out)?.into_iter().chain(worker) {
        let path = out.join(&name);
        let size = std::fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?.len();
        let kind = path.extension().is_some_and(|e| COMPRESSED_EXTENSIONS.iter().any(|x| e == *x));
        if kind && size >= COMPRESS_FROM_BYTES {
            files.push((path, size));
        }
    }
    // The largest first, so the threads end together.
    files.sort_by_key(|(_, size)| std::cmp::Reverse(*size));
    let jobs: Vec<(PathBuf, bool)> =
        files.iter().flat_map(|(p, _)| [(p.clone(), true), (p.clone(), false)]).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(jobs.len().max(1));
    let results: Vec<Result<(PathBuf, bool, u64), String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((path, brotli)) = jobs.get(i) else { break };
                        done.push(
                            compress_file(path, *brotli, brotli_quality).map(|n| (path.clone(), *brotli, n)),
                        );
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|_| vec![Err("a thread panicked".into())]))
            .collect()
    });
    let mut sizes: Vec<Compressed> = files
        .iter()
        .map(|(p, raw)| Compressed {
            file: p.file_name().expect("a file").to_string_lossy().into_owned(),
            raw: *raw,
            gzip: 0,
            brotli: 0,
        })
        .collect();
    for result in results {
        let (path, brotli, n) = result?;
        let name = path.file_name().expect("a file").to_string_lossy();
        let entry = sizes.iter_mut().find(|s| s.file == name).expect("a file compressed");
        if brotli {
            entry.brotli = n;
        } else {
            entry.gzip = n;
        }
    }
    Ok(sizes)
}

/// Writes the brotli or gzip copy of `path` beside it; returns its size.
fn compress_file(path: &Path, brotli: bool, quality: u32) -> Result<u64, String> {
    let bytes = read(path)?;
    let mut packed = Vec::with_capacity(bytes.len() / 3);
    if brotli {
        let params = brotli::enc::BrotliEncoderParams {
            quality: i32::try_from(quality).unwrap_or(11),
            lgwin: 24,
            size_hint: bytes.len(),
            ..Default::default()
        };
        brotli::BrotliCompress(&mut bytes.as_slice(), &mut packed, &params)
            .map_err(|e| format!("brotli {}: {e}", path.display()))?;
    } else {
        let mut encoder = flate2::write::GzEncoder::new(&mut packed, flate2::Compression::best());
        encoder.write_all(&bytes).and_then(|()| encoder.finish().map(|_| ())).map_err(|e| e.to_string())?;
    }
    let mut name = path.as_os_str().to_owned();
    name.push(if brotli { ".br" } else { ".gz" });
    write(Path::new(&name), &packed)?;
    Ok(packed.len() as u64)
}

/// `cargo xtask web --dist DIR`: copies the built site `site` (a flat
/// folder) into `dist`, ready for any static host. A `dist` that holds an
/// earlier site (its `index.html` and `sw.js`) is emptied first.
///
/// # Errors
/// `dist` is a file, or a folder that is neither empty nor an earlier
/// site (nothing is written there), or a file cannot be copied.
pub fn copy_site(site: &Path, dist: &Path) -> Result<(), String> {
    if dist.exists() {
        let entries: Vec<PathBuf> = std::fs::read_dir(dist)
            .map_err(|e| format!("{}: {e}", dist.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        let earlier_site = dist.join("index.html").is_file() && dist.join("sw.js").is_file();
        if !entries.is_empty() && !earlier_site {
            return Err(format!(
                "{} is not empty and holds no earlier site: give a new or empty folder",
                dist.display()
            ));
        }
        if let Some(folder) = entries.iter().find(|p| !p.is_file()) {
            return Err(format!("{} holds a folder, {}: a site has none", dist.display(), folder.display()));
        }
        for file in entries {
            std::fs::remove_file(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    std::fs::create_dir_all(dist).map_err(|e| format!("{}: {e}", dist.display()))?;
    let mut bytes = 0;
    for entry in std::fs::read_dir(site).map_err(|e| format!("{}: {e}", site.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() {
            let to = dist.join(path.file_name().expect("a file"));
            bytes += std::fs::copy(&path, &to)
                .map_err(|e| format!("{} → {}: {e}", path.display(), to.display()))?;
        }
    }
    println!(
        "xtask: the site is in {} ({:.1} MB with its compressed copies)",
        dist.display(),
        bytes as f64 / 1e6
    );
    Ok(())
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn rename(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::rename(from, to).map_err(|e| format!("{} → {}: {e}", from.display(), to.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new temporary folder, removed when dropped.
    struct Dir(PathBuf);

    impl Dir {
        fn new(name: &str) -> Dir {
            let dir = std::env::temp_dir().join(format!("xtask-site-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Dir(dir)
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// What wasm-bindgen writes, in miniature.
    fn bound(out: &Path) {
        for module in MODULES {
            let glue = format!(
                "export default async function init(m) {{ m ??= new URL('{module}_bg.wasm', import.meta.url); }}\n"
            );
            std::fs::write(out.join(format!("{module}.js")), glue).unwrap();
            std::fs::write(out.join(format!("{module}_bg.wasm")), format!("\0asm {module}").repeat(400))
                .unwrap();
        }
    }

    #[test]
    fn the_modules_are_named_after_their_content_and_the_glue_after_the_new_name() {
        let dir = Dir::new("address");
        bound(&dir.0);
        let names = content_address(&dir.0).unwrap();
        for name in [&names.app_js, &names.app_wasm, &names.worker_js, &names.worker_wasm] {
            let parts: Vec<&str> = name.split('.').collect();
            assert_eq!(parts.len(), 3, "{name}: stem.hash.ext");
            assert!(parts[1].len() == 16 && parts[1].bytes().all(|b| b.is_ascii_hexdigit()), "{name}");
            assert!(dir.0.join(name).is_file(), "{name}");
        }
        for plain in ["app.js", "app_bg.wasm", "ai_worker.js", "ai_worker_bg.wasm"] {
            assert!(!dir.0.join(plain).exists(), "{plain} renamed");
        }
        let glue = std::fs::read_to_string(dir.0.join(&names.app_js)).unwrap();
        assert!(glue.contains(&format!("new URL('{}'", names.app_wasm)), "{glue}");
        // The name is the hash of the content, worked out independently.
        let wasm = std::fs::read(dir.0.join(&names.app_wasm)).unwrap();
        assert_eq!(names.app_wasm, format!("app_bg.{}.wasm", content_hash(&wasm)));
        assert_eq!(content_hash(b""), "cbf29ce484222325", "FNV-1a's offset basis");
        assert_eq!(content_hash(b"a"), "af63dc4c8601ec8c", "FNV-1a 64 of \"a\"");

        // Other content, other names; the same content, the same names.
        let again = Dir::new("address-again");
        bound(&again.0);
        assert_eq!(content_address(&again.0).unwrap(), names);
        let other = Dir::new("address-other");
        bound(&other.0);
        std::fs::write(other.0.join("app_bg.wasm"), "other").unwrap();
        let renamed = content_address(&other.0).unwrap();
        assert_ne!(renamed.app_wasm, names.app_wasm);
        assert_ne!(renamed.app_js, names.app_js, "the glue names the new wasm");
        assert_eq!(renamed.worker_wasm, names.worker_wasm);
    }

    #[test]
    fn a_glue_that_does_not_name_its_wasm_once_is_an_error() {
        let dir = Dir::new("glue");
        bound(&dir.0);
        std::fs::write(dir.0.join("app.js"), "no wasm named here").unwrap();
        let error = content_address(&dir.0).unwrap_err();
        assert!(error.contains("app.js") && error.contains("0 times"), "{error}");
    }

    #[test]
    fn the_page_and_service_worker_get_the_names_and_every_file_to_cache() {
        let (web, out) = (Dir::new("web"), Dir::new("out"));
        bound(&out.0);
        let names = content_address(&out.0).unwrap();
        std::fs::write(web.0.join("index.html"), "<script>window.arkesSite = __ARKES_SITE__;</script>")
            .unwrap();
        std::fs::write(
            web.0.join("sw.js"),
            "const V = '__ARKES_BUILD_VERSION__'; const F = __ARKES_FILES__;",
        )
        .unwrap();
        std::fs::write(web.0.join("icon.png"), "png").unwrap();
        std::fs::write(web.0.join("notes.txt"), "not a page file").unwrap();
        write_pages(&web.0, &out.0, &names).unwrap();

        let page = std::fs::read_to_string(out.0.join("index.html")).unwrap();
        let site: serde_json::Value =
            serde_json::from_str(page.split("= ").nth(1).unwrap().trim_end_matches(";</script>")).unwrap();
        assert_eq!(site["app"], format!("./{}", names.app_js));
        assert_eq!(site["wasm"], format!("./{}", names.app_wasm));
        assert_eq!(site["worker"], format!("./{}", names.worker_js));
        assert_eq!(site["wasmBytes"], std::fs::metadata(out.0.join(&names.app_wasm)).unwrap().len());

        let worker = std::fs::read_to_string(out.0.join("sw.js")).unwrap();
        let files: Vec<String> =
            serde_json::from_str(worker.split("const F = ").nth(1).unwrap().trim_end_matches(';')).unwrap();
        let mut expected: Vec<String> = ["icon.png", "index.html"]
            .iter()
            .map(|s| s.to_string())
            .chain([&names.app_js, &names.app_wasm, &names.worker_js, &names.worker_wasm].map(|s| s.clone()))
            .map(|f| format!("./{f}"))
            .collect();
        expected.sort();
        expected.insert(0, "./".into());
        assert_eq!(files, expected);
        assert!(!out.0.join("notes.txt").exists());
        let version = worker.split('\'').nth(1).unwrap();
        assert_eq!(version.len(), 16, "{worker}");

        // A change of any file is a new version.
        std::fs::write(out.0.join("icon.png"), "other png").unwrap();
        assert_ne!(site_version(&out.0).unwrap(), version);
    }

    #[test]
    fn a_dist_folder_is_written_only_where_nothing_else_would_be_lost() {
        let (site, dist) = (Dir::new("dist-site"), Dir::new("dist"));
        for file in ["index.html", "sw.js", "app.0123456789abcdef.js"] {
            std::fs::write(site.0.join(file), file).unwrap();
        }
        let into = dist.0.join("new");
        copy_site(&site.0, &into).unwrap();
        assert_eq!(std::fs::read_to_string(into.join("sw.js")).unwrap(), "sw.js");
        // An earlier site is replaced whole (its old module is gone).
        std::fs::write(into.join("app.1111111111111111.js"), "old").unwrap();
        copy_site(&site.0, &into).unwrap();
        assert!(!into.join("app.1111111111111111.js").exists());
        assert!(into.join("app.0123456789abcdef.js").exists());
        // A folder holding something else is left alone.
        let other = dist.0.join("other");
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(other.join("notes.txt"), "mine").unwrap();
        let error = copy_site(&site.0, &other).unwrap_err();
        assert!(error.contains("not empty"), "{error}");
        assert_eq!(std::fs::read_to_string(other.join("notes.txt")).unwrap(), "mine");
        assert!(!other.join("index.html").exists());
    }

    #[test]
    fn large_files_get_brotli_and_gzip_copies_that_decompress_to_them() {
        let dir = Dir::new("compress");
        let text = "ARKES and Arcanor ".repeat(500);
        std::fs::write(dir.0.join("app.js"), &text).unwrap();
        std::fs::write(dir.0.join("small.js"), "tiny").unwrap();
        std::fs::write(dir.0.join("icon.png"), text.as_bytes()).unwrap();
        let sizes = precompress(&dir.0, 9).unwrap();
        assert_eq!(sizes.len(), 1, "{sizes:?}");
        assert_eq!((sizes[0].file.as_str(), sizes[0].raw), ("app.js", text.len() as u64));
        assert!(sizes[0].brotli > 0 && sizes[0].brotli < sizes[0].raw / 10, "{sizes:?}");
        assert!(sizes[0].gzip > 0 && sizes[0].gzip < sizes[0].raw / 10, "{sizes:?}");
        for absent in ["small.js.br", "small.js.gz", "icon.png.br", "icon.png.gz"] {
            assert!(!dir.0.join(absent).exists(), "{absent}");
        }
        let mut unpacked = Vec::new();
        brotli::BrotliDecompress(
            &mut std::fs::read(dir.0.join("app.js.br")).unwrap().as_slice(),
            &mut unpacked,
        )
        .unwrap();
        assert_eq!(unpacked, text.as_bytes());
        let mut unzipped = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(std::fs::File::open(dir.0.join("app.js.gz")).unwrap()),
            &mut unzipped,
        )
        .unwrap();
        assert_eq!(unzipped, text);
    }
}
