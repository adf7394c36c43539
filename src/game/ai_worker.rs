//! The browser build's computer players in a Web Worker
//! (`arkes_ai_worker`): the page's main thread sends the game and gets the
//! move back, so the search never runs on the thread that draws the frames
//! (it runs on another core, where there is one). Made at start with
//! `gloo-worker`, from the worker module's JS shim next to the page
//! ([`WORKER_SCRIPT`], written by `cargo xtask web`).
//!
//! Only on `wasm32`; natively the search runs on a background task.

use std::cell::RefCell;
use std::rc::Rc;

use arkes_ai_worker::{AiWorker, Answer, Request};
use bevy::prelude::*;
use gloo_worker::{Spawnable, WorkerBridge};

/// The worker module's JS shim, relative to the page.
const WORKER_SCRIPT: &str = "./ai_worker.js";

/// The worker and the answers it has sent, not yet taken.
struct Client {
    bridge: WorkerBridge<AiWorker>,
    answers: Rc<RefCell<Vec<Answer>>>,
}

thread_local! {
    /// The one worker of the page (the web build has one thread), made on
    /// first use; `Err` once it could not be made.
    static CLIENT: RefCell<Option<Result<Client, String>>> = const { RefCell::new(None) };
}

/// Whether this browser has workers (`gloo-worker` panics when it cannot
/// make one).
fn has_workers() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &"Worker".into()).unwrap_or(false)
}

fn spawn() -> Result<Client, String> {
    if !has_workers() {
        return Err("this browser has no Web Workers".into());
    }
    let answers = Rc::new(RefCell::new(Vec::new()));
    let inbox = answers.clone();
    let bridge = AiWorker::spawner()
        .callback(move |answer: Answer| inbox.borrow_mut().push(answer))
        .as_module(true)
        .spawn(WORKER_SCRIPT);
    info!("the computer players think in a Web Worker ({WORKER_SCRIPT})");
    Ok(Client { bridge, answers })
}

/// Makes the worker, if not made yet, so that it has loaded its module by
/// the first computer turn (a system at start: making it costs the main
/// thread several milliseconds in the frame that does).
pub(super) fn prepare() {
    CLIENT.with_borrow_mut(|client| {
        if let Err(e) = client.get_or_insert_with(spawn) {
            warn!("{e}: the computer will search on the main thread");
        }
    });
}

/// Sends `request` to the worker, making it first if need be.
///
/// # Errors
/// The worker cannot be made (no Web Workers in this browser): the caller
/// searches on the main thread instead.
pub(super) fn send(request: Request) -> Result<(), String> {
    CLIENT.with_borrow_mut(|client| {
        let client = client.get_or_insert_with(spawn).as_mut().map_err(|e| e.clone())?;
        // Answers to turns that are over are no longer wanted.
        client.answers.borrow_mut().clear();
        client.bridge.send(request);
        Ok(())
    })
}

/// The worker's answer for `turn`, once it has come (answers for other
/// turns are dropped).
pub(super) fn take(turn: u64) -> Option<Answer> {
    CLIENT.with_borrow(|client| {
        let client = client.as_ref()?.as_ref().ok()?;
        let mut answers = client.answers.borrow_mut();
        answers.retain(|a| a.turn == turn);
        answers.pop()
    })
}
