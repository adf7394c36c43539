//! The site server's answers, asked of its router in-process: which file
//! a request gets (judged by the bytes of the files written here), its
//! headers, and revalidation.

use std::path::PathBuf;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use site_server::{IMMUTABLE, REVALIDATE, router};
use tower::ServiceExt;

/// A site in a new temporary folder, removed when dropped: a page, a
/// content-addressed wasm and script with their `.br` and `.gz` (each
/// file's bytes name it), and a manifest without compressed forms.
struct Site(PathBuf);

const WASM: &str = "app_bg.0123456789abcdef.wasm";
const SCRIPT: &str = "app.fedcba9876543210.js";

impl Site {
    fn new(name: &str) -> Site {
        let dir = std::env::temp_dir().join(format!("site-server-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        for (file, text) in [
            ("index.html", "<!doctype html>page"),
            (WASM, "raw wasm"),
            (&format!("{WASM}.br"), "brotli wasm"),
            (&format!("{WASM}.gz"), "gzip wasm"),
            (SCRIPT, "raw script"),
            (&format!("{SCRIPT}.gz"), "gzip script"),
            ("manifest.webmanifest", "{}"),
            ("sub/index.html", "sub page"),
        ] {
            std::fs::write(dir.join(file), text).unwrap();
        }
        std::fs::write(dir.with_extension("secret"), "outside").unwrap();
        Site(dir)
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
        let _ = std::fs::remove_file(self.0.with_extension("secret"));
    }
}

/// A response's status, headers and body.
struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

impl Answer {
    fn header(&self, name: header::HeaderName) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

async fn get(site: &Site, path: &str, headers: &[(header::HeaderName, &str)]) -> Answer {
    let mut request = Request::get(path);
    for (name, value) in headers {
        request = request.header(name, *value);
    }
    let response = router(&site.0, false).oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    Answer {
        status: parts.status,
        headers: parts.headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

#[tokio::test]
async fn the_encoding_is_negotiated_from_accept_encoding() {
    let site = Site::new("encoding");
    let path = format!("/{WASM}");
    let br = get(&site, &path, &[(header::ACCEPT_ENCODING, "gzip, deflate, br")]).await;
    assert_eq!((br.status, br.body.as_str()), (StatusCode::OK, "brotli wasm"));
    assert_eq!(br.header(header::CONTENT_ENCODING), Some("br"));
    assert_eq!(br.header(header::CONTENT_TYPE), Some("application/wasm"));
    assert_eq!(br.header(header::VARY), Some("accept-encoding"));

    let gzip = get(&site, &path, &[(header::ACCEPT_ENCODING, "gzip")]).await;
    assert_eq!((gzip.body.as_str(), gzip.header(header::CONTENT_ENCODING)), ("gzip wasm", Some("gzip")));
    let refused = get(&site, &path, &[(header::ACCEPT_ENCODING, "br;q=0, gzip")]).await;
    assert_eq!(refused.body, "gzip wasm", "brotli refused by its weight");

    let plain = get(&site, &path, &[]).await;
    assert_eq!((plain.body.as_str(), plain.header(header::CONTENT_ENCODING)), ("raw wasm", None));
    assert_eq!(plain.header(header::CONTENT_TYPE), Some("application/wasm"));

    // A file without a brotli form falls back to gzip, one without any to
    // itself.
    let script = get(&site, &format!("/{SCRIPT}"), &[(header::ACCEPT_ENCODING, "br, gzip")]).await;
    assert_eq!(script.body, "gzip script");
    assert!(script.header(header::CONTENT_TYPE).is_some_and(|t| t.starts_with("text/javascript")));
    let manifest = get(&site, "/manifest.webmanifest", &[(header::ACCEPT_ENCODING, "br, gzip")]).await;
    assert_eq!((manifest.body.as_str(), manifest.header(header::CONTENT_ENCODING)), ("{}", None));
    assert_eq!(manifest.header(header::CONTENT_TYPE), Some("application/manifest+json"));
}

#[tokio::test]
async fn content_addressed_files_are_kept_a_year_and_the_rest_revalidated() {
    let site = Site::new("cache");
    let wasm = get(&site, &format!("/{WASM}"), &[(header::ACCEPT_ENCODING, "br")]).await;
    assert_eq!(wasm.header(header::CACHE_CONTROL), Some(IMMUTABLE));
    for path in ["/", "/index.html", "/manifest.webmanifest", "/missing.js"] {
        let answer = get(&site, path, &[]).await;
        assert_eq!(answer.header(header::CACHE_CONTROL), Some(REVALIDATE), "{path}");
        assert_eq!(answer.header(header::X_CONTENT_TYPE_OPTIONS), Some("nosniff"), "{path}");
    }
    let page = get(&site, "/", &[]).await;
    assert_eq!((page.status, page.body.as_str()), (StatusCode::OK, "<!doctype html>page"));
    assert!(page.header(header::CONTENT_TYPE).is_some_and(|t| t.starts_with("text/html")));
    assert_eq!(get(&site, "/sub/", &[]).await.body, "sub page");
}

#[tokio::test]
async fn an_unchanged_file_is_answered_not_modified() {
    let site = Site::new("revalidate");
    let first = get(&site, "/index.html", &[]).await;
    let etag = first.header(header::ETAG).expect("an ETag").to_owned();
    let again = get(&site, "/index.html", &[(header::IF_NONE_MATCH, &etag)]).await;
    assert_eq!((again.status, again.body.as_str()), (StatusCode::NOT_MODIFIED, ""));
    let modified = first.header(header::LAST_MODIFIED).expect("a Last-Modified").to_owned();
    let since = get(&site, "/index.html", &[(header::IF_MODIFIED_SINCE, &modified)]).await;
    assert_eq!(since.status, StatusCode::NOT_MODIFIED);
    // Another ETag (a new build's page): the file itself.
    let changed = get(&site, "/index.html", &[(header::IF_NONE_MATCH, "\"other\"")]).await;
    assert_eq!(changed.status, StatusCode::OK);
}

#[tokio::test]
async fn nothing_outside_the_site_or_missing_is_served() {
    let site = Site::new("outside");
    let name = site.0.with_extension("secret");
    let name = name.file_name().unwrap().to_string_lossy();
    for path in [format!("/../{name}"), format!("/%2e%2e/{name}"), "/nothing.wasm".to_owned()] {
        let answer = get(&site, &path, &[]).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}: {}", answer.body);
        assert!(!answer.body.contains("outside"), "{path}");
    }
}
