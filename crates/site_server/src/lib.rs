//! The web server of the browser version: serves a site written by
//! `cargo xtask web` (or `--dist DIR`) with tower-http's [`ServeDir`] on
//! axum, as a static host would.
//!
//! - **Compression, negotiated**: a request whose `Accept-Encoding` takes
//!   brotli gets the file's `.br` beside it, else gzip its `.gz`, else the
//!   file itself; `Content-Encoding` and `Vary: Accept-Encoding` say so.
//!   Nothing is compressed on the fly: the site carries both forms.
//! - **Content types** from the file's extension (`application/wasm` for
//!   the game, `text/javascript`, `application/manifest+json`, …).
//! - **Caching that suits the service worker**: a file whose name carries
//!   its content's hash ([`is_content_addressed`]: `app.<16 hex>.js`,
//!   `app_bg.<16 hex>.wasm`) never changes, so it is kept for a year
//!   ([`IMMUTABLE`]); everything else (the page, `sw.js`, the manifest,
//!   the icons) is revalidated on every use ([`REVALIDATE`]), by ETag or
//!   Last-Modified, answered `304 Not Modified` when unchanged.
//!
//! ```
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let app = site_server::router(std::path::Path::new("site"), false);
//! // axum::serve(listener, app).await?;
//! # drop((listener, app));
//! # Ok(())
//! # }
//! ```

use std::path::Path;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::services::ServeDir;

/// `Cache-Control` of a content-addressed file: a year, never revalidated
/// (its name changes with its content).
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `Cache-Control` of every other file: kept, but revalidated before each
/// use (a new build's page, service worker or manifest is seen at once).
pub const REVALIDATE: &str = "no-cache";

/// Hex digits of the content hash in a content-addressed file's name.
pub const HASH_DIGITS: usize = 16;

/// Whether the file at `path` (a URL path or a file name) is named after
/// its content: `stem.<16 lowercase hex digits>.ext`, as `cargo xtask web`
/// names the game's wasm and JS.
#[must_use]
pub fn is_content_addressed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let mut parts = name.rsplit('.');
    let (Some(ext), Some(hash), Some(stem)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    !ext.is_empty()
        && !stem.is_empty()
        && hash.len() == HASH_DIGITS
        && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The `Cache-Control` header for the file at `path`: [`IMMUTABLE`] for a
/// content-addressed file, [`REVALIDATE`] for the rest.
#[must_use]
pub fn cache_control(path: &str) -> &'static str {
    if is_content_addressed(path) { IMMUTABLE } else { REVALIDATE }
}

/// The site in `site` as an axum router: `GET` and `HEAD` of its files
/// (`/` is `index.html`), their precompressed forms chosen by
/// `Accept-Encoding` (brotli first, then gzip), cache headers by
/// [`cache_control`]; a missing file or a path leaving `site` is a 404.
/// With `log`, each response is written to standard output as one line,
/// `site_server: GET /path 200 br 123456` (method, path, status, encoding
/// or `-`, bytes of body sent or `-`).
pub fn router(site: &Path, log: bool) -> Router {
    let files = ServeDir::new(site).precompressed_br().precompressed_gzip();
    Router::new().fallback_service(files).layer(middleware::from_fn_with_state(log, headers))
}

/// Adds the cache and content-sniffing headers to a response, and logs it.
async fn headers(State(log): State<bool>, request: Request, next: Next) -> Response {
    let (method, path) = (request.method().clone(), request.uri().path().to_owned());
    let mut response = next.run(request).await;
    let head = response.headers_mut();
    head.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control(&path)));
    head.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if log {
        let text = |name: HeaderName| {
            response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("-").to_owned()
        };
        let bytes = if method == Method::HEAD { "0".to_owned() } else { text(header::CONTENT_LENGTH) };
        println!(
            "site_server: {method} {path} {} {} {bytes}",
            response.status().as_u16(),
            text(header::CONTENT_ENCODING)
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_with_sixteen_hex_digits_before_its_extension_is_content_addressed() {
        assert!(is_content_addressed("/app.0123456789abcdef.js"));
        assert!(is_content_addressed("app_bg.fedcba9876543210.wasm"));
        assert!(!is_content_addressed("/app.js"), "no hash");
        assert!(!is_content_addressed("/app.0123456789abcde.js"), "15 digits");
        assert!(!is_content_addressed("/app.0123456789abcdef0.js"), "17 digits");
        assert!(!is_content_addressed("/app.0123456789ABCDEF.js"), "upper case");
        assert!(!is_content_addressed("/app.0123456789abcdeg.js"), "not hex");
        assert!(!is_content_addressed("/0123456789abcdef.js"), "no stem");
        assert!(!is_content_addressed("/app.0123456789abcdef."), "no extension");
        assert!(!is_content_addressed("/"));
        assert_eq!(cache_control("/index.html"), REVALIDATE);
        assert_eq!(cache_control("/sw.js"), REVALIDATE);
        assert_eq!(cache_control("/ai_worker_bg.0123456789abcdef.wasm"), IMMUTABLE);
    }
}
