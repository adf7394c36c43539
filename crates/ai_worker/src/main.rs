//! The computer players' Web Worker module (see the library's docs): built
//! for `wasm32-unknown-unknown` by `cargo xtask web`, bound by
//! `wasm-bindgen`, whose start runs `main` in the worker: it installs the
//! message handler and tells the page it listens.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    // Each message, whatever it holds, gets one answer (an error for
    // anything but a request): nothing a page posts can stop the worker.
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let reply = ai_worker::reply_to(event.data().as_string().as_deref());
        if let Err(e) = replies.post_message(&reply.into()) {
            web_sys::console::error_2(&"the AI worker cannot answer:".into(), &e);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    if let Err(e) = scope.post_message(&ai_worker::ready_message().into()) {
        web_sys::console::error_2(&"the AI worker cannot say it is ready:".into(), &e);
    }
}

/// Natively there is no worker to start: the game searches on a task.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ai_worker is the browser build's Web Worker module: `cargo xtask web` builds it");
    std::process::exit(2);
}
