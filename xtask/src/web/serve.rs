//! `cargo xtask web --serve`: the site on 127.0.0.1, each request in a
//! thread of its own.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;

/// The content type of a file served.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ogg") => "audio/ogg",
        Some("json") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

fn respond(mut stream: TcpStream, root: &Path) {
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    // Skip the headers.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let relative = if path == "/" { "index.html" } else { path.trim_start_matches('/') };
    let file = root.join(relative);
    let safe = !relative.split('/').any(|p| p == ".." || p.is_empty()) && file.starts_with(root);
    let (status, body, kind) = match std::fs::File::open(&file).and_then(|mut f| {
        let mut b = Vec::new();
        f.read_to_end(&mut b).map(|_| b)
    }) {
        Ok(body) if safe => ("200 OK", body, content_type(&file)),
        _ => ("404 Not Found", b"not found".to_vec(), "text/plain"),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body));
}

/// Serves `root` on 127.0.0.1:`port` (0 picks a free port) until killed,
/// after calling `ready` with the URL.
pub fn serve(root: &Path, port: u16, ready: impl FnOnce(&str)) -> Result<(), String> {
    let listener =
        TcpListener::bind(("127.0.0.1", port)).map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    ready(&format!("http://{address}/"));
    let root = root.canonicalize().map_err(|e| e.to_string())?;
    for stream in listener.incoming().flatten() {
        let root = root.clone();
        std::thread::spawn(move || respond(stream, &root));
    }
    Ok(())
}
