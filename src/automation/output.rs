//! Where automation events go: one JSON object per line on stdout
//! (natively), or on the console (web).

use serde_json::Value;

/// Writes one automation event line.
pub fn emit(event: &Value) {
    let line = event.to_string();
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
    #[cfg(target_arch = "wasm32")]
    web_sys::console::log_1(&line.into());
}
