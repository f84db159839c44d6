//! Password hashing: argon2id on a pool of low-priority threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use loyalty_application::ports::{PasswordHasher, VerifyDone};
use loyalty_application::AppError;
use parking_lot::Mutex;
use thread_priority::{set_current_thread_priority, ThreadPriority, ThreadPriorityValue};

/// argon2id with OWASP's second profile: 19 MiB, 2 passes, 1 lane.
///
/// Hashes run on a pool of their own, one thread per core, at a lower CPU priority (nice 9)
/// than the request threads: a flood of sign-ins queues there instead of taking 19 MiB and a
/// core per request, memory stays bounded, and when the machine is busy the sales and lookups
/// of the request threads come first. With nothing else to do, the hashing threads use every
/// core.
pub struct Argon2Hasher {
    argon2: Argon2<'static>,
    dummy_hash: String,
    pool: HashPool,
}

impl Argon2Hasher {
    pub fn new() -> Result<Self, AppError> {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Self::with_concurrency(cores)
    }

    /// A hasher that runs at most `concurrent` hashes at once.
    pub fn with_concurrency(concurrent: usize) -> Result<Self, AppError> {
        let params = Params::new(19 * 1024, 2, 1, None).map_err(|e| AppError::Internal(e.to_string()))?;
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let mut hasher = Self { argon2, dummy_hash: String::new(), pool: HashPool::new(concurrent)? };
        hasher.dummy_hash = hasher.hash("not a real password, only for equal timing")?;
        Ok(hasher)
    }

    /// How many hashes are running now.
    pub fn running(&self) -> usize {
        self.pool.running.load(Ordering::SeqCst)
    }
}

type HashJob = Box<dyn FnOnce() + Send>;

/// The hashing threads: jobs are taken first come, first served.
struct HashPool {
    jobs: mpsc::Sender<HashJob>,
    running: Arc<AtomicUsize>,
}

/// The hashing threads' priority: nice 9 on Linux (`Crossplatform(25)` of 0..=99).
const HASH_PRIORITY: u8 = 25;

impl HashPool {
    fn new(threads: usize) -> Result<Self, AppError> {
        let (sender, receiver) = mpsc::channel::<HashJob>();
        let receiver = Arc::new(Mutex::new(receiver));
        for n in 0..threads.max(1) {
            let receiver = receiver.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || {
                    let lower = ThreadPriorityValue::try_from(HASH_PRIORITY).map_err(|e| e.to_string()).and_then(|p| {
                        set_current_thread_priority(ThreadPriority::Crossplatform(p)).map_err(|e| format!("{e:?}"))
                    });
                    if let Err(e) = lower {
                        tracing::warn!(error = %e, "the hashing thread keeps the normal priority");
                    }
                    // Ends when the hasher (the sender) is dropped.
                    loop {
                        let job = receiver.lock().recv();
                        match job {
                            Ok(job) => job(),
                            Err(_) => break,
                        }
                    }
                })
                .map_err(|e| AppError::Internal(format!("cannot start a hashing thread: {e}")))?;
        }
        Ok(Self { jobs: sender, running: Arc::new(AtomicUsize::new(0)) })
    }

    /// Runs `work` on a hashing thread and waits for its result.
    fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.submit(work, move |result| {
            let _ = reply.send(result);
        })?;
        answer.recv().map_err(|_| AppError::Internal("a hashing thread stopped".into()))
    }

    /// Queues `work` for a hashing thread, which hands its result to `done`; returns at once.
    fn submit<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
        done: impl FnOnce(T) + Send + 'static,
    ) -> Result<(), AppError> {
        let running = self.running.clone();
        let job: HashJob = Box::new(move || {
            running.fetch_add(1, Ordering::SeqCst);
            let result = work();
            running.fetch_sub(1, Ordering::SeqCst);
            done(result);
        });
        self.jobs.send(job).map_err(|_| AppError::Internal("the hashing threads have stopped".into()))
    }
}

impl PasswordHasher for Argon2Hasher {
    fn hash(&self, password: &str) -> Result<String, AppError> {
        let (argon2, password) = (self.argon2.clone(), password.to_owned());
        self.pool.run(move || {
            let salt = SaltString::generate(&mut OsRng);
            argon2
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| AppError::Internal(format!("hashing failed: {e}")))
        })?
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        if PasswordHash::new(hash).is_err() {
            return false;
        }
        let (argon2, password, hash) = (self.argon2.clone(), password.to_owned(), hash.to_owned());
        self.pool
            .run(move || {
                PasswordHash::new(&hash)
                    .is_ok_and(|parsed| argon2.verify_password(password.as_bytes(), &parsed).is_ok())
            })
            .unwrap_or(false)
    }

    fn verify_dummy(&self, password: &str) {
        let _ = self.verify(password, &self.dummy_hash);
    }

    fn verify_then(&self, password: &str, hash: Option<&str>, done: Option<VerifyDone>) -> Option<bool> {
        let Some(done) = done else {
            // The dummy hash's answer is always false, whatever the password.
            let matched = self.verify(password, hash.unwrap_or(&self.dummy_hash));
            return Some(matched && hash.is_some());
        };
        let real = hash.is_some();
        let hash = hash.unwrap_or(&self.dummy_hash);
        if PasswordHash::new(hash).is_err() {
            done(false);
            return None;
        }
        let (argon2, password, hash) = (self.argon2.clone(), password.to_owned(), hash.to_owned());
        let check = move || {
            PasswordHash::new(&hash).is_ok_and(|parsed| argon2.verify_password(password.as_bytes(), &parsed).is_ok())
        };
        let (done, failed) = shared(done);
        if self.pool.submit(check, move |matched| done(matched && real)).is_err() {
            failed(false);
        }
        None
    }
}

/// One `done` callable from two places, whichever comes first (the hashing thread, or the
/// caller when the job could not be queued).
fn shared(done: VerifyDone) -> (impl FnOnce(bool) + Send, impl FnOnce(bool) + Send) {
    let slot = Arc::new(Mutex::new(Some(done)));
    let other = slot.clone();
    let take = |slot: Arc<Mutex<Option<VerifyDone>>>| {
        move |matched: bool| {
            if let Some(done) = slot.lock().take() {
                done(matched);
            }
        }
    };
    (take(slot), take(other))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_run_at_most_one_per_hashing_thread() {
        let hasher = std::sync::Arc::new(Argon2Hasher::with_concurrency(2).unwrap_or_else(|e| panic!("{e}")));
        let hash = hasher.hash("secret-password").unwrap_or_default();
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let watcher = {
            let (hasher, done) = (hasher.clone(), done.clone());
            std::thread::spawn(move || {
                let mut most = 0;
                while !done.load(std::sync::atomic::Ordering::SeqCst) {
                    most = most.max(hasher.running());
                    std::thread::yield_now();
                }
                most
            })
        };
        let workers: Vec<_> = (0..8)
            .map(|i| {
                let (hasher, hash) = (hasher.clone(), hash.clone());
                std::thread::spawn(move || hasher.verify(if i % 2 == 0 { "secret-password" } else { "wrong" }, &hash))
            })
            .collect();
        let results: Vec<bool> = workers.into_iter().map(|w| w.join().unwrap_or(false)).collect();
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        let most = watcher.join().unwrap_or(usize::MAX);
        assert_eq!(results, [true, false, true, false, true, false, true, false]);
        assert!((1..=2).contains(&most), "{most} hashes ran at once");
        assert_eq!(hasher.running(), 0);
    }

    /// The nice value of each of this process's threads named `argon2-*` (Linux /proc).
    fn hashing_thread_nice_values() -> Vec<i64> {
        let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return Vec::new() };
        tasks
            .filter_map(|task| {
                let path = task.ok()?.path();
                let name = std::fs::read_to_string(path.join("comm")).ok()?;
                if !name.starts_with("argon2-") {
                    return None;
                }
                // Fields after the command's closing parenthesis; nice is the 19th field.
                let stat = std::fs::read_to_string(path.join("stat")).ok()?;
                let rest = stat.rsplit_once(')')?.1;
                rest.split_whitespace().nth(16)?.parse().ok()
            })
            .collect()
    }

    #[test]
    fn hashes_run_below_the_request_threads_priority() {
        let hasher = Argon2Hasher::with_concurrency(2).unwrap_or_else(|e| panic!("{e}"));
        assert!(hasher.verify("x", &hasher.hash("x").unwrap_or_default()));
        let nice = hashing_thread_nice_values();
        assert!(nice.len() >= 2, "hashing threads: {nice:?}");
        // Nice 9, or more when the whole process already runs nicer than that.
        assert!(nice.iter().all(|n| *n >= 9), "nice values: {nice:?}");
    }

    #[test]
    fn hashes_verify() {
        let hasher = Argon2Hasher::new().unwrap_or_else(|e| panic!("{e}"));
        let hash = hasher.hash("demo1234").unwrap_or_default();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(hasher.verify("demo1234", &hash));
        assert!(!hasher.verify("demo12345", &hash));
        assert!(!hasher.verify("demo1234", "garbage"));
    }

    /// The sign-in's check (issue #37): the caller is back at once, the answer comes from a
    /// hashing thread; the dummy hash (an unknown email) and a malformed hash answer false.
    #[test]
    fn verify_then_answers_from_a_hashing_thread() {
        let hasher = Argon2Hasher::with_concurrency(1).unwrap_or_else(|e| panic!("{e}"));
        let hash = hasher.hash("demo1234").unwrap_or_default();
        let caller = std::thread::current().id();
        let check = |password: &str, hash: Option<&str>| {
            let (answer, answered) = mpsc::channel();
            let left = hasher.verify_then(
                password,
                hash,
                Some(Box::new(move |matched| {
                    let _ = answer.send((matched, std::thread::current().id()));
                })),
            );
            assert_eq!(left, None, "the answer goes to done, not to the caller");
            answered.recv().unwrap_or_else(|e| panic!("{e}"))
        };
        let (matched, on) = check("demo1234", Some(&hash));
        assert!(matched);
        assert_ne!(on, caller, "computed on a hashing thread");
        assert!(!check("demo12345", Some(&hash)).0);
        assert!(!check("not a real password, only for equal timing", None).0, "the dummy hash never matches");
        assert!(!check("demo1234", Some("garbage")).0);
        assert_eq!(hasher.verify_then("demo1234", Some(&hash), None), Some(true));
        assert_eq!(hasher.verify_then("demo1234", None, None), Some(false));
    }
}
