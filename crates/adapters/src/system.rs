//! Small adapters for the application's non-database ports: password hashing (argon2id),
//! bearer tokens (jwt-simple, HS256), the clock, sign-in limits (governor) and random ids.

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use chrono::{NaiveDateTime, SubsecRound, Utc};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use jwt_simple::prelude::{Claims, Duration as JwtDuration, HS256Key, MACLike, NoCustomClaims, VerificationOptions};
use loyalty_application::ports::{
    Clock, IdGenerator, LoginThrottle, PasswordHasher, PublicThrottle, TokenClaims, TokenService,
};
use loyalty_application::AppError;
use parking_lot::Mutex;
use rand::RngCore;
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
        let running = self.running.clone();
        let job: HashJob = Box::new(move || {
            running.fetch_add(1, Ordering::SeqCst);
            let result = work();
            running.fetch_sub(1, Ordering::SeqCst);
            let _ = reply.send(result);
        });
        self.jobs.send(job).map_err(|_| AppError::Internal("the hashing threads have stopped".into()))?;
        answer.recv().map_err(|_| AppError::Internal("a hashing thread stopped".into()))
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
}

/// HS256 JWTs: `sub` is the user id, `jti` the server-side session id.
pub struct JwtTokens {
    key: HS256Key,
}

impl JwtTokens {
    pub fn new(secret: &[u8]) -> Self {
        Self { key: HS256Key::from_bytes(secret) }
    }
}

impl TokenService for JwtTokens {
    fn issue(&self, claims: &TokenClaims, expires_at: NaiveDateTime) -> Result<String, AppError> {
        let exp = u64::try_from(expires_at.and_utc().timestamp()).unwrap_or(0);
        let mut jwt =
            Claims::create(JwtDuration::from_secs(0)).with_subject(claims.user_id).with_jwt_id(&claims.session_id);
        jwt.expires_at = Some(JwtDuration::from_secs(exp));
        self.key.authenticate(jwt).map_err(|e| AppError::Internal(format!("token signing failed: {e}")))
    }

    fn verify(&self, token: &str) -> Option<TokenClaims> {
        let options = VerificationOptions {
            // Expiry is exact: a token is dead at its `exp`, not fifteen minutes later.
            time_tolerance: Some(JwtDuration::from_secs(0)),
            max_token_length: Some(2048),
            ..Default::default()
        };
        let claims = self.key.verify_token::<NoCustomClaims>(token, Some(options)).ok()?;
        claims.expires_at?;
        Some(TokenClaims { session_id: claims.jwt_id?, user_id: claims.subject?.parse().ok()? })
    }
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> NaiveDateTime {
        Utc::now().naive_utc().trunc_subsecs(6)
    }
}

/// Sign-in and registration limits.
///
/// Sign-in: every attempt counts against its client address; wrong passwords count against
/// the pair (account, client address) and, with a much higher ceiling, against the account
/// from every address. So an attacker who knows an email slows down their own address, and the
/// owner signing in from theirs is not locked out; only a spread attack on one account (many
/// addresses) reaches the ceiling. Registration: per client address and overall, per hour.
pub struct GovernorLoginThrottle {
    attempts_per_client: DefaultKeyedRateLimiter<String>,
    failures_per_pair: FailureLimit,
    failures_per_account: FailureLimit,
    registrations_per_client: DefaultKeyedRateLimiter<String>,
    registrations: governor::DefaultDirectRateLimiter,
}

/// The limits, all bursts then a steady rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginLimits {
    /// Wrong passwords per minute for one account from one client address.
    pub failures_per_account_client: u32,
    /// Wrong passwords per minute for one account from all addresses together.
    pub failures_per_account: u32,
    /// Sign-in attempts per minute from one client address, right or wrong.
    pub attempts_per_client: u32,
    /// Registrations per hour from one client address.
    pub registrations_per_client_hour: u32,
    /// Registrations per hour from everyone.
    pub registrations_per_hour: u32,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self {
            failures_per_account_client: 10,
            failures_per_account: 100,
            attempts_per_client: 60,
            registrations_per_client_hour: 10,
            registrations_per_hour: 300,
        }
    }
}

fn nonzero(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN)
}

/// Failures under a rate, and the keys that went over it until they may try again. A key is
/// refused before its password is checked while it is blocked.
struct FailureLimit {
    limiter: DefaultKeyedRateLimiter<String>,
    blocked_until: Mutex<std::collections::HashMap<String, std::time::Instant>>,
}

impl FailureLimit {
    fn per_minute(n: u32) -> Self {
        Self { limiter: RateLimiter::keyed(Quota::per_minute(nonzero(n))), blocked_until: Mutex::default() }
    }

    fn check(&self, key: &str) -> Result<(), u64> {
        let now = std::time::Instant::now();
        match self.blocked_until.lock().get(key) {
            Some(until) if *until > now => Err(until.duration_since(now).as_secs().max(1)),
            _ => Ok(()),
        }
    }

    fn record(&self, key: String) {
        if let Err(not_until) = self.limiter.check_key(&key) {
            self.blocked_until.lock().insert(key, std::time::Instant::now() + wait_time(&not_until));
        }
    }

    fn prune(&self) {
        self.limiter.retain_recent();
        let now = std::time::Instant::now();
        self.blocked_until.lock().retain(|_, until| *until > now);
    }
}

impl GovernorLoginThrottle {
    pub fn new(limits: LoginLimits) -> Self {
        Self {
            attempts_per_client: RateLimiter::keyed(Quota::per_minute(nonzero(limits.attempts_per_client))),
            failures_per_pair: FailureLimit::per_minute(limits.failures_per_account_client),
            failures_per_account: FailureLimit::per_minute(limits.failures_per_account),
            registrations_per_client: RateLimiter::keyed(Quota::per_hour(nonzero(
                limits.registrations_per_client_hour,
            ))),
            registrations: RateLimiter::direct(Quota::per_hour(nonzero(limits.registrations_per_hour))),
        }
    }

    /// Forgets keys that are back to a full burst, so memory stays bounded.
    pub fn prune(&self) {
        self.attempts_per_client.retain_recent();
        self.failures_per_pair.prune();
        self.failures_per_account.prune();
        self.registrations_per_client.retain_recent();
    }
}

fn pair(email: &str, client: &str) -> String {
    format!("{email}\n{client}")
}

type NotUntil = governor::NotUntil<governor::clock::QuantaInstant>;

/// How long governor says to wait.
fn wait_time(not_until: &NotUntil) -> std::time::Duration {
    let clock = governor::clock::DefaultClock::default();
    not_until.wait_time_from(governor::clock::Clock::now(&clock))
}

/// Seconds to wait (at least 1), from governor's answer.
fn wait(outcome: Result<(), NotUntil>) -> Result<(), u64> {
    outcome.map_err(|not_until| wait_time(&not_until).as_secs().max(1))
}

impl LoginThrottle for GovernorLoginThrottle {
    fn before_sign_in(&self, email: &str, client: &str) -> Result<(), u64> {
        self.failures_per_pair.check(&pair(email, client))?;
        self.failures_per_account.check(email)?;
        wait(self.attempts_per_client.check_key(&client.to_owned()))
    }

    fn sign_in_failed(&self, email: &str, client: &str) {
        self.failures_per_pair.record(pair(email, client));
        self.failures_per_account.record(email.to_owned());
    }

    fn before_registration(&self, client: &str) -> Result<(), u64> {
        wait(self.registrations_per_client.check_key(&client.to_owned()))?;
        wait(self.registrations.check())
    }
}

/// The public pages' limits: per client address and per phone number, per minute.
pub struct GovernorPublicThrottle {
    per_client: DefaultKeyedRateLimiter<String>,
    per_phone: DefaultKeyedRateLimiter<String>,
}

impl GovernorPublicThrottle {
    pub fn new(per_client: u32, per_phone: u32) -> Self {
        Self {
            per_client: RateLimiter::keyed(Quota::per_minute(nonzero(per_client))),
            per_phone: RateLimiter::keyed(Quota::per_minute(nonzero(per_phone))),
        }
    }

    /// Forgets keys that are back to a full burst, so memory stays bounded.
    pub fn prune(&self) {
        self.per_client.retain_recent();
        self.per_phone.retain_recent();
    }
}

impl PublicThrottle for GovernorPublicThrottle {
    fn check(&self, client: &str, phone: &str) -> Result<(), u64> {
        wait(self.per_client.check_key(&client.to_owned()))?;
        wait(self.per_phone.check_key(&phone.to_owned()))
    }
}

/// 128 random bits from the OS, as 32 hex digits.
pub struct RandomIds;

impl IdGenerator for RandomIds {
    fn random_id(&self) -> String {
        let mut bytes = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_reject_other_keys() {
        let tokens = JwtTokens::new(b"0123456789abcdef0123456789abcdef");
        let claims = TokenClaims { session_id: "abc".into(), user_id: 7 };
        let later = SystemClock.now() + chrono::Duration::hours(1);
        let token = tokens.issue(&claims, later).unwrap_or_default();
        assert_eq!(tokens.verify(&token), Some(claims.clone()));
        assert_eq!(JwtTokens::new(b"another key, another key, another").verify(&token), None);
        let earlier = SystemClock.now() - chrono::Duration::seconds(5);
        let expired = tokens.issue(&claims, earlier).unwrap_or_default();
        assert_eq!(tokens.verify(&expired), None);
        assert_eq!(tokens.verify("not.a.token"), None);
    }

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
    fn wrong_passwords_block_their_pair_and_then_the_account() {
        let throttle = GovernorLoginThrottle::new(LoginLimits {
            failures_per_account_client: 2,
            failures_per_account: 4,
            ..LoginLimits::default()
        });
        for _ in 0..3 {
            assert!(throttle.before_sign_in("a@demo.ly", "1.2.3.4").is_ok());
            throttle.sign_in_failed("a@demo.ly", "1.2.3.4");
        }
        assert!(matches!(throttle.before_sign_in("a@demo.ly", "1.2.3.4"), Err(secs) if secs >= 1));
        assert!(throttle.before_sign_in("a@demo.ly", "5.6.7.8").is_ok());
        assert!(throttle.before_sign_in("b@demo.ly", "1.2.3.4").is_ok());
        // Two more failures from elsewhere pass the account's ceiling of four.
        throttle.sign_in_failed("a@demo.ly", "5.6.7.8");
        throttle.sign_in_failed("a@demo.ly", "9.9.9.9");
        assert!(throttle.before_sign_in("a@demo.ly", "10.0.0.1").is_err());
        throttle.prune();
        assert!(throttle.before_sign_in("a@demo.ly", "10.0.0.1").is_err(), "pruning keeps a live block");
    }

    #[test]
    fn ids_are_random_hex() {
        let (a, b) = (RandomIds.random_id(), RandomIds.random_id());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
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
}
