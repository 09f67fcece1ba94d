//! Arguments that `llk._core.Board` checks itself, for a caller that reaches it past the facade
//! (python/llk/_input.py checks the public API's): each refusal an [`Error`] worded as the
//! pure-Python core words it (python/llk/_pycore/args.py), never PyO3's OverflowError or
//! TypeError, and never a panic further in (a block of 0 cells divided by zero).

use crate::error::Error;
use numpy::{PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt};
use std::time::Duration;

/// A value as the cores show one they refuse: an int (or anything with `__index__`) as its
/// decimal digits, whatever its size; anything else as "a <type name>".
fn shown(value: &Bound<'_, PyAny>) -> String {
    let py = value.py();
    let digits = py
        .import("operator")
        .and_then(|operator| operator.getattr("index"))
        .and_then(|index| index.call1((value,)))
        .and_then(|int| int.str().map(|s| s.to_string()));
    digits.unwrap_or_else(|_| format!("a {}", type_name(value)))
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|name| name.to_string()).unwrap_or_else(|_| "object".to_owned())
}

/// A count, seed or budget: an int from `minimum` to 2**64 - 1.
pub fn int(name: &'static str, value: &Bound<'_, PyAny>, minimum: u64) -> Result<u64, Error> {
    match value.extract::<u64>() {
        Ok(n) if n >= minimum => Ok(n),
        _ => Err(Error::CoreInt { name, minimum, value: shown(value) }),
    }
}

/// A solver's time limit in seconds: None (no limit), or an int or a float (not a bool) above 0
/// and finite; one too long for a `Duration` is as good as none.
pub fn time_limit(value: Option<&Bound<'_, PyAny>>) -> Result<Option<Duration>, Error> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let number = value.cast::<PyBool>().is_err() && (value.cast::<PyFloat>().is_ok() || value.cast::<PyInt>().is_ok());
    match value.extract::<f64>() {
        Ok(seconds) if number && seconds.is_finite() && seconds > 0.0 => {
            Ok(Some(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX)))
        }
        _ => Err(Error::TimeLimit(
            value.repr().map(|r| r.to_string()).unwrap_or_else(|_| format!("a {}", type_name(value))),
        )),
    }
}

/// A cell's row or column: an int that fits in 64 bits (whether it is on the board is the
/// caller's next check).
pub fn coord(value: &Bound<'_, PyAny>) -> Result<i64, Error> {
    value.extract::<i64>().map_err(|_| Error::CoreCoord(shown(value)))
}

/// True or False, and nothing else (not 1, not numpy's bool).
pub fn flag(name: &'static str, value: &Bound<'_, PyAny>) -> Result<bool, Error> {
    match value.cast::<PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => Err(Error::CoreFlag { name, value: shown(value) }),
    }
}

/// The kinds: a 2-D numpy array of uint16 (the facade's `_input.as_grid` makes one).
pub fn grid<'py>(value: &Bound<'py, PyAny>) -> Result<PyReadonlyArray2<'py, u16>, Error> {
    if let Ok(array) = value.cast::<PyArray2<u16>>() {
        if let Ok(readonly) = array.try_readonly() {
            return Ok(readonly);
        }
    }
    let described = match value.cast::<PyUntypedArray>() {
        Ok(array) => {
            let dtype = array.dtype().getattr("name").map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
            format!("a {}-D {dtype} array", array.ndim())
        }
        Err(_) => format!("a {}", type_name(value)),
    };
    Err(Error::CoreGrid(described))
}
