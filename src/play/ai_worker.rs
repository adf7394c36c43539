//! The browser build's computer players and coach in a Web Worker
//! (`ai_worker`): the page's main thread sends the game and gets the
//! move or the review back, so the search never runs on the thread that
//! draws the frames (it runs on another core, where there is one). The
//! computer's moves and the coach's hints have one request in flight each,
//! the coach's review several ([`Channel`]); the worker answers them in
//! the order sent, each as soon as it is worked out. The worker runs the
//! worker module's JS shim next to the page (named by the page, see
//! [`worker_script`], written by `cargo xtask web`), started from a small
//! module script that imports it.
//!
//! Messages are JSON texts read by `ai_worker`'s functions on both
//! sides: what the worker sends is untrusted input too. A worker that
//! fails (its `error` event: a script that did not load, a crash) is
//! replaced at once, and the requests in flight are sent to the new one, so
//! a computer turn or a review never waits on a dead worker.
//!
//! Only on `wasm32`; natively the search runs on a background task.

use std::cell::RefCell;
use std::rc::Rc;

use ai_worker::{Answer, FromWorker, Request, read_reply};
use bevy::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

/// The worker module's JS shim, relative to the page, when the page does
/// not name it (`window.arkesSite.worker`, written by `cargo xtask web`
/// with the content-addressed name).
const WORKER_SCRIPT: &str = "./ai_worker.js";

/// The worker module's JS shim as the page names it, else
/// [`WORKER_SCRIPT`].
fn worker_script() -> String {
    let global = js_sys::global();
    js_sys::Reflect::get(&global, &"arkesSite".into())
        .ok()
        .filter(|site| site.is_object())
        .and_then(|site| js_sys::Reflect::get(&site, &"worker".into()).ok())
        .and_then(|name| name.as_string())
        .unwrap_or_else(|| WORKER_SCRIPT.to_owned())
}

/// What the worker has said, shared with its event handlers.
#[derive(Default)]
struct Inbox {
    /// The worker has said it listens.
    ready: bool,
    /// Requests sent before it was ready, in order.
    queued: Vec<String>,
    /// Answers not taken yet.
    answers: Vec<Answer>,
    /// Why the worker failed, once it has.
    failed: Option<String>,
    /// Messages of the worker that could not be read, and replies saying a
    /// message could not be read, since the last look.
    rejected: Vec<String>,
}

/// The worker and its handlers (kept alive as long as it runs).
struct Client {
    worker: Worker,
    inbox: Rc<RefCell<Inbox>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Drop for Client {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// Who sends requests to the worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Channel {
    /// The computer players' moves: one in flight.
    Ai,
    /// The coach's hints and its re-judgement of a ply tried again: one in
    /// flight.
    Coach,
    /// The coach's review of the game's plies: several in flight, so the
    /// worker has the next ply when it answers one (it answers in the
    /// order sent) and never waits for the page's next frame.
    Review,
}

/// The state of the page's one worker (the web build has one thread).
#[derive(Default)]
struct State {
    /// The worker, made on first use; `Err` once it cannot be made.
    client: Option<Result<Client, String>>,
    /// The requests in flight (channel, key, text), in the order sent,
    /// sent again to a new worker after a failure.
    in_flight: Vec<(Channel, u64, String)>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Whether this browser has workers.
fn has_workers() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &"Worker".into()).unwrap_or(false)
}

/// The worker's module script: imports the shim by its full address and
/// starts it (wasm-bindgen's `init` runs the module's `main`).
fn boot_script() -> Result<String, String> {
    let page = web_sys::window().ok_or("no window")?.location().href().map_err(|e| format!("{e:?}"))?;
    let shim = web_sys::Url::new_with_base(&worker_script(), &page).map_err(|e| format!("{e:?}"))?.href();
    let source = format!("import init from {shim:?};\nawait init();\n");
    let parts = js_sys::Array::of1(&source.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|e| format!("{e:?}"))?;
    web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| format!("{e:?}"))
}

fn spawn() -> Result<Client, String> {
    if !has_workers() {
        return Err("this browser has no Web Workers".into());
    }
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(&boot_script()?, &options).map_err(|e| format!("{e:?}"))?;
    let inbox = Rc::new(RefCell::new(Inbox::default()));
    let on_message = {
        let (inbox, worker) = (inbox.clone(), worker.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let mut inbox = inbox.borrow_mut();
            match read_reply(event.data().as_string().as_deref()) {
                Ok(FromWorker::Ready) => {
                    inbox.ready = true;
                    for request in std::mem::take(&mut inbox.queued) {
                        if let Err(e) = worker.post_message(&request.into()) {
                            inbox.failed = Some(format!("a request could not be sent: {e:?}"));
                        }
                    }
                }
                Ok(FromWorker::Answer(answer)) => {
                    // An error answers a message the worker could not use
                    // (the game's own request, or anything posted to it).
                    if let Err(why) = &answer.result {
                        inbox.rejected.push(format!("the worker could not use a message: {why}"));
                    }
                    if answer.key.is_some() {
                        inbox.answers.push(answer);
                    }
                }
                Err(e) => inbox.rejected.push(e),
            }
        })
    };
    let on_error = {
        let inbox = inbox.clone();
        Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            // Handled here: the page's console is not told of an uncaught error.
            event.prevent_default();
            inbox.borrow_mut().failed = Some(format!("the worker failed: {}", event.message()));
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    expose(&worker);
    info!("the computer players think in a Web Worker ({})", worker_script());
    Ok(Client { worker, inbox, _on_message: on_message, _on_error: on_error })
}

/// In automation mode, the page's `window.arkesAiWorker` is the worker, so
/// the browser test can post it garbage and fail it on purpose.
fn expose(worker: &Worker) {
    let automation = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| q.trim_start_matches('?').split('&').any(|p| p == "automation"));
    if automation && let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &"arkesAiWorker".into(), worker);
    }
}

/// Makes the worker, if not made yet, so that it has loaded its module by
/// the first computer turn (a system at start: making it costs the main
/// thread several milliseconds in the frame that does).
pub(crate) fn prepare() {
    STATE.with_borrow_mut(|state| {
        if let Err(e) = state.client.get_or_insert_with(spawn) {
            warn!("{e}: the computer will search on the main thread");
        }
    });
}

fn post(client: &Client, request: String) -> Result<(), String> {
    let mut inbox = client.inbox.borrow_mut();
    if !inbox.ready {
        inbox.queued.push(request);
        return Ok(());
    }
    client.worker.post_message(&request.into()).map_err(|e| format!("{e:?}"))
}

/// Sends `request` on `channel` to the worker, making it first if need
/// be; on the [`Channel::Ai`] and [`Channel::Coach`] channels the earlier
/// request is no longer awaited.
///
/// # Errors
/// The worker cannot be made (no Web Workers in this browser) or the
/// request cannot be written or posted: the caller works on the main
/// thread instead.
pub(crate) fn send(channel: Channel, request: Request) -> Result<(), String> {
    let key = request.key;
    let text = serde_json::to_string(&request).map_err(|e| e.to_string())?;
    STATE.with_borrow_mut(|state| {
        let client = state.client.get_or_insert_with(spawn).as_ref().map_err(|e| e.clone())?;
        if channel != Channel::Review {
            state.in_flight.retain(|(c, _, _)| *c != channel);
        }
        state.in_flight.push((channel, key, text.clone()));
        post(client, text)
    })
}

/// Stops awaiting the request of `key` (its answer, when it comes, is
/// dropped).
pub(crate) fn forget(key: u64) {
    STATE.with_borrow_mut(|state| state.in_flight.retain(|(_, k, _)| *k != key));
}

/// What happened to the worker since the last look.
#[derive(Debug, Default)]
pub(crate) struct Look {
    /// The answer for the key asked about, if it has come.
    pub answer: Option<Answer>,
    /// The worker failed and was replaced (the requests in flight sent
    /// again).
    pub restarted: Option<String>,
    /// Messages that could not be read (by the worker or from it).
    pub rejected: Vec<String>,
}

/// The worker's answer to `channel`'s request in flight ([`Channel::Ai`],
/// [`Channel::Coach`]), once it has come; see [`take_key`].
pub(crate) fn take(channel: Channel) -> Look {
    let key =
        STATE.with_borrow(|state| state.in_flight.iter().find(|(c, _, _)| *c == channel).map(|(_, k, _)| *k));
    take_answer(key)
}

/// The worker's answer to the request of `key`, once it has come (answers
/// no request awaits are dropped); a failed worker is replaced at once and
/// given the requests in flight again, in the order sent.
pub(crate) fn take_key(key: u64) -> Look {
    take_answer(Some(key))
}

/// What [`take`] and [`take_key`] do: `key` the request whose answer is
/// looked for, `None` when none is awaited (the worker is still watched).
fn take_answer(key: Option<u64>) -> Look {
    STATE.with_borrow_mut(|state| {
        let mut look = Look::default();
        let awaited: Vec<u64> = state.in_flight.iter().map(|(_, k, _)| *k).collect();
        let failed = match state.client.as_ref() {
            Some(Ok(client)) => {
                let mut inbox = client.inbox.borrow_mut();
                look.rejected = std::mem::take(&mut inbox.rejected);
                inbox.answers.retain(|a| a.key.is_some_and(|k| awaited.contains(&k)));
                if let Some(i) = inbox.answers.iter().position(|a| a.key.is_some() && a.key == key) {
                    look.answer = Some(inbox.answers.remove(i));
                    state.in_flight.retain(|(_, k, _)| Some(*k) != key);
                }
                inbox.failed.take()
            }
            _ => None,
        };
        if let Some(why) = failed {
            warn!("{why}: the AI worker is replaced");
            // Dropping the old client terminates its worker.
            state.client = Some(spawn());
            if let Some(Ok(client)) = state.client.as_ref() {
                for (_, _, request) in &state.in_flight {
                    if let Err(e) = post(client, request.clone()) {
                        warn!("a request could not be sent again: {e}");
                    }
                }
            }
            look.restarted = Some(why);
        }
        look
    })
}
