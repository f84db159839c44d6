//! A counting semaphore for blocking threads that lets waiters through first come, first
//! served. r2d2 wakes one waiter when a connection comes back, but the thread that returned it
//! (or any newcomer) may take it first, and a woken waiter that lost goes back to the end of
//! the queue: under load a few requests wait many times longer than the rest. Taking a permit
//! here before the pool (one permit per connection) hands each freed place to the oldest
//! waiter.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use parking_lot::{Condvar, Mutex};

pub(crate) struct FairGate {
    state: Mutex<GateState>,
}

struct GateState {
    free: u32,
    queue: VecDeque<Arc<Waiter>>,
}

#[derive(Default)]
struct Waiter {
    granted: Mutex<bool>,
    ready: Condvar,
}

/// A place taken; dropping it hands the place to the oldest waiter.
pub(crate) struct GatePermit {
    gate: Arc<FairGate>,
}

impl Drop for GatePermit {
    fn drop(&mut self) {
        self.gate.release();
    }
}

impl FairGate {
    pub fn new(places: u32) -> Self {
        Self { state: Mutex::new(GateState { free: places, queue: VecDeque::new() }) }
    }

    /// A place, or `None` after `timeout` (the waiter then leaves the queue).
    pub fn acquire(self: &Arc<Self>, timeout: Duration) -> Option<GatePermit> {
        let waiter = {
            let mut state = self.state.lock();
            if state.free > 0 && state.queue.is_empty() {
                state.free -= 1;
                return Some(GatePermit { gate: self.clone() });
            }
            let waiter = Arc::new(Waiter::default());
            state.queue.push_back(waiter.clone());
            waiter
        };
        let deadline = Instant::now() + timeout;
        {
            let mut granted = waiter.granted.lock();
            while !*granted {
                if waiter.ready.wait_until(&mut granted, deadline).timed_out() {
                    break;
                }
            }
            if *granted {
                return Some(GatePermit { gate: self.clone() });
            }
        }
        // Timed out: leave the queue, unless a place was handed over meanwhile (the state
        // lock is taken before the waiter's, as in `release`).
        let mut state = self.state.lock();
        if *waiter.granted.lock() {
            return Some(GatePermit { gate: self.clone() });
        }
        state.queue.retain(|w| !Arc::ptr_eq(w, &waiter));
        None
    }

    /// A place now, or `None` without waiting (a place is free only when nobody waits).
    pub fn try_acquire(self: &Arc<Self>) -> Option<GatePermit> {
        let mut state = self.state.lock();
        (state.free > 0 && state.queue.is_empty()).then(|| {
            state.free -= 1;
            GatePermit { gate: self.clone() }
        })
    }

    fn release(&self) {
        let mut state = self.state.lock();
        match state.queue.pop_front() {
            Some(next) => {
                *next.granted.lock() = true;
                next.ready.notify_one();
            }
            None => state.free += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_bounded_and_come_back() {
        let gate = Arc::new(FairGate::new(2));
        let a = gate.acquire(Duration::ZERO);
        let b = gate.acquire(Duration::ZERO);
        assert!(a.is_some() && b.is_some());
        assert!(gate.acquire(Duration::from_millis(20)).is_none(), "a third place");
        drop(a);
        assert!(gate.acquire(Duration::ZERO).is_some(), "the freed place");
    }

    #[test]
    fn trying_takes_a_free_place_and_never_waits() {
        let gate = Arc::new(FairGate::new(1));
        let held = gate.try_acquire();
        assert!(held.is_some());
        let started = Instant::now();
        assert!(gate.try_acquire().is_none(), "no second place");
        assert!(started.elapsed() < Duration::from_millis(100), "answered without waiting");
        drop(held);
        assert!(gate.try_acquire().is_some(), "the freed place");
    }

    #[test]
    fn waiters_get_places_in_arrival_order() {
        let gate = Arc::new(FairGate::new(1));
        let first = gate.acquire(Duration::ZERO);
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut threads = Vec::new();
        for n in 0..8 {
            let (waiting, order) = (gate.clone(), order.clone());
            threads.push(std::thread::spawn(move || {
                let permit = waiting.acquire(Duration::from_secs(10));
                assert!(permit.is_some());
                order.lock().push(n);
            }));
            // The next waiter starts only once this one is in the queue.
            let deadline = Instant::now() + Duration::from_secs(5);
            while gate.state.lock().queue.len() < n + 1 && Instant::now() < deadline {
                std::thread::yield_now();
            }
        }
        drop(first);
        for t in threads {
            assert!(t.join().is_ok());
        }
        assert_eq!(*order.lock(), (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn a_waiter_that_gives_up_leaves_the_queue() {
        let gate = Arc::new(FairGate::new(1));
        let held = gate.acquire(Duration::ZERO);
        assert!(gate.acquire(Duration::from_millis(10)).is_none());
        assert!(gate.state.lock().queue.is_empty());
        drop(held);
        assert_eq!(gate.state.lock().free, 1);
    }
}
