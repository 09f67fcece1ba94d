//! Long work with the GIL released, stopped by Ctrl+C or the caller's `cancel` hook, and
//! never attaching to an interpreter that is going away (`interruptible`, `cancellable`).

use crate::error::Error;
use pyo3::prelude::*;
use std::cell::{Cell as Slot, RefCell};
use std::time::{Duration, Instant};

/// How often long work asks Python whether a signal came (Ctrl+C): often enough to stop within a
/// fraction of a second, seldom enough that the GIL is not fought over.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs long work with the GIL released, handing it a `stop` hook to poll. Every
/// `SIGNAL_POLL` the hook attaches to Python and runs its signal handlers (on the main thread
/// only; elsewhere it never stops); when one raises (KeyboardInterrupt for Ctrl+C) the hook says
/// stop, and that exception comes back, to be raised instead of the work's result.
///
/// A worker thread may still be in the work when the interpreter shuts down (a daemon thread
/// left running at exit). The hook then does not attach: `Python::try_attach` declines once
/// `Py_IsInitialized` is 0, which CPython sets as finalization begins (after the atexit hooks),
/// where `Python::attach` panicked ("The Python interpreter is not initialized and the
/// `auto-initialize` feature is not enabled"). The hook says stop, as if cancelled, and the work
/// returns without touching Python; PyO3 then parks the thread where `detach` would take the GIL
/// back, rather than let CPython end it, and the process exits around it. (PyO3's check of
/// `Py_IsFinalizing` needs a 3.13 build; this abi3-py310 one has the `Py_IsInitialized` check.)
pub(super) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&dyn Fn() -> bool) -> T + Send,
) -> (T, Option<PyErr>) {
    cancellable(py, None, work)
}

/// `interruptible`, also calling the caller's `cancel` hook (a Python callable) at each poll,
/// with the GIL held only for that call: when it raises (`llk.Cancelled`, from a game's Esc on
/// another thread), the work stops and that exception comes back.
pub(super) fn cancellable<T: Send>(
    py: Python<'_>,
    cancel: Option<&Py<PyAny>>,
    work: impl FnOnce(&dyn Fn() -> bool) -> T + Send,
) -> (T, Option<PyErr>) {
    py.detach(|| {
        let polled = Slot::new(Instant::now());
        let raised: RefCell<Option<PyErr>> = RefCell::new(None);
        let gone = Slot::new(false);
        let stop = || {
            if gone.get() || raised.borrow().is_some() {
                return true;
            }
            if polled.get().elapsed() < SIGNAL_POLL {
                return false;
            }
            let polled_hooks = Python::try_attach(|py| {
                py.check_signals()?;
                cancel.map_or(Ok(()), |hook| hook.call0(py).map(drop))
            });
            match polled_hooks {
                // Python is going away: stop, and touch nothing of it.
                None => {
                    gone.set(true);
                    true
                }
                Some(Err(e)) => {
                    *raised.borrow_mut() = Some(e);
                    true
                }
                Some(Ok(())) => {
                    polled.set(Instant::now());
                    false
                }
            }
        };
        let out = work(&stop);
        (out, raised.into_inner())
    })
}

/// The result of interruptible work: the signal handler's own exception first (Ctrl+C), then
/// the work's error, if any.
pub(super) fn finished<T>((result, raised): (Result<T, Error>, Option<PyErr>)) -> PyResult<T> {
    match raised {
        Some(e) => Err(e),
        None => Ok(result?),
    }
}
