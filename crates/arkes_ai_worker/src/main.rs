//! The computer players' Web Worker module (see the library's docs): built
//! for `wasm32-unknown-unknown` by `cargo xtask web`, bound by
//! `wasm-bindgen`, whose start runs `main` in the worker.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;
    arkes_ai_worker::AiWorker::registrar().register();
}

/// Natively there is no worker to register: the game searches on a task.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ai_worker is the browser build's Web Worker module: `cargo xtask web` builds it");
    std::process::exit(2);
}
