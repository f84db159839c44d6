//! Wiring: configuration, the shared services, and the actix app. `main.rs` and the
//! integration tests both start the product through here.

use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::{middleware, web, App, HttpServer};
use loyalty_application::{Services, Settings};
use loyalty_db::{DbPool, DbUrl, DieselDatabase};
pub use loyalty_http::client_addr::TrustedProxies;
use loyalty_http::ServerInfo;
use loyalty_system::{
    AdjustableClock, Argon2Hasher, GovernorLoginThrottle, GovernorPublicThrottle, JwtTokens, LimitStore, RandomIds,
};

pub use loyalty_system::LoginLimits;

pub mod fake_provider;

pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Everything the server needs to start.
#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    /// A PostgreSQL streaming replica of `database_url` for the reads that may be a few seconds
    /// old (`LOYALTY_READ_DATABASE_URL`); none by default. Refused with SQLite.
    pub read_database_url: Option<String>,
    /// The replica's lag past which its reads go to the primary (`LOYALTY_READ_MAX_LAG_MS`).
    pub read_max_lag: Duration,
    pub jwt_secret: Vec<u8>,
    pub demo_mode: bool,
    pub web_dir: PathBuf,
    pub session_ttl: chrono::Duration,
    pub db_pool_size: u32,
    /// Sign-in and registration limits.
    pub login_limits: LoginLimits,
    /// Where customers reach the web app; QR registration links start with it.
    pub public_url: String,
    /// Public lookups and joins per minute per client address and per phone number.
    pub public_limits: (u32, u32),
    /// Origins whose browser pages may call the API (CORS, without credentials); none by default.
    pub cors_origins: Vec<String>,
    /// Webhooks may go to `http://` and private addresses (`LOYALTY_WEBHOOK_ALLOW_PRIVATE=1`).
    pub webhook_allow_private: bool,
    /// Deliveries under way at once to one endpoint, all instances together
    /// (`LOYALTY_WEBHOOK_CONCURRENCY`).
    pub webhook_concurrency: u32,
    /// Requests per minute each API key may make, reads and writes
    /// (`LOYALTY_KEY_READS_PER_MINUTE`, `LOYALTY_KEY_WRITES_PER_MINUTE`).
    pub key_limits: loyalty_application::KeyLimits,
    /// Load balancers and proxies whose forwarding headers name the client
    /// (`LOYALTY_TRUSTED_PROXIES`); none by default.
    pub trusted_proxies: TrustedProxies,
    /// Count the limits in this process even on PostgreSQL (`LOYALTY_LIMITS=process`): for a
    /// single instance, which then saves a database write per limited request. By default they
    /// count in PostgreSQL, shared by every instance.
    pub limits_in_process: bool,
    /// What messages cost the operator, for the owners' estimates
    /// (`LOYALTY_SMS_SEGMENT_PRICE_USD`, `LOYALTY_WHATSAPP_MESSAGE_PRICE_USD`).
    pub message_prices: loyalty_application::MessagePrices,
    /// The server's clock: the system's, which tests may move (expiring points).
    pub clock: Arc<AdjustableClock>,
    /// The channels customer messages go by (`LOYALTY_WHATSAPP_*`, `LOYALTY_SMS_*`); none by
    /// default.
    pub channels: loyalty_system::messages::ChannelSettings,
}

/// How often an instance asks whether a periodic job is due.
const JOBS_EVERY: Duration = Duration::from_secs(300);

/// Blocking threads per HTTP worker beyond the database pool's connections (use cases run
/// there; see `serve`): room for exports, which hold theirs for seconds.
const BLOCKING_THREADS_BEYOND_POOL: usize = 4;

/// Connections per instance for the limits shared in PostgreSQL, beside `db_pool_size`.
pub const LIMIT_CONNECTIONS: u32 = 4;

/// Connections per instance to the read replica, beside `db_pool_size`: its reads are the
/// dashboards, reports, exports, syncs and lookups, a small share of the requests.
pub const REPLICA_CONNECTIONS: u32 = 4;

/// How long a sign-in lasts unless configured (`LOYALTY_SESSION_MINUTES`).
pub const SESSION_MINUTES_DEFAULT: i64 = 720;
/// Public lookups and joins per minute per client address and per phone number unless
/// configured (`LOYALTY_PUBLIC_PER_CLIENT`, `LOYALTY_PUBLIC_PER_PHONE`).
pub const PUBLIC_LIMITS_DEFAULT: (u32, u32) = (30, 10);

impl Config {
    /// A test or demo configuration for a database URL.
    pub fn for_url(database_url: impl Into<String>) -> Self {
        Self {
            database_url: database_url.into(),
            read_database_url: None,
            read_max_lag: loyalty_db::replica::MAX_LAG_DEFAULT,
            jwt_secret: random_secret(),
            demo_mode: false,
            web_dir: PathBuf::from("web/dist"),
            session_ttl: chrono::Duration::minutes(SESSION_MINUTES_DEFAULT),
            db_pool_size: 8,
            login_limits: LoginLimits::default(),
            public_limits: PUBLIC_LIMITS_DEFAULT,
            public_url: "http://127.0.0.1:8080".to_owned(),
            cors_origins: Vec::new(),
            webhook_allow_private: false,
            webhook_concurrency: loyalty_application::use_cases::webhooks::CONCURRENCY_DEFAULT,
            message_prices: loyalty_application::MessagePrices::default(),
            key_limits: loyalty_application::KeyLimits::default(),
            trusted_proxies: TrustedProxies::default(),
            limits_in_process: false,
            clock: Arc::default(),
            channels: loyalty_system::messages::ChannelSettings::default(),
        }
    }
}

/// 32 random bytes from the OS, for demo mode when no secret is configured.
pub fn random_secret() -> Vec<u8> {
    use rand::RngCore;
    let mut secret = vec![0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut secret);
    secret
}

/// The running pieces: services for the use cases plus what the HTTP layer shows.
#[derive(Clone)]
pub struct AppState {
    pub services: Services,
    pub info: ServerInfo,
    pub pool: DbPool,
}

/// Connects, migrates, and (in demo mode) seeds an empty database.
pub fn build_state(config: &Config) -> Result<AppState, String> {
    let url = DbUrl::parse(&config.database_url)?;
    let replica = match (&config.read_database_url, &url) {
        (None, _) => None,
        (Some(_), DbUrl::Sqlite(_)) => {
            return Err("LOYALTY_READ_DATABASE_URL names a PostgreSQL streaming replica, but DATABASE_URL is \
                        SQLite: unset LOYALTY_READ_DATABASE_URL, or use PostgreSQL"
                .into())
        }
        (Some(read), DbUrl::Postgres(_)) => Some((
            loyalty_db::replica::connect_replica(&DbUrl::parse(read)?, REPLICA_CONNECTIONS)
                .map_err(|e| format!("LOYALTY_READ_DATABASE_URL: {e}"))?,
            read,
        )),
    };
    let pool = loyalty_db::pool::connect(&url, config.db_pool_size)?;
    migrate(&pool)?;
    let mut db = DieselDatabase::new(pool.clone());
    if let Some((replica, read_url)) = replica {
        db = db.with_replica(replica, read_url, &config.database_url, config.read_max_lag);
    }
    let hasher = Arc::new(Argon2Hasher::new().map_err(|e| e.to_string())?);
    // Several instances share one PostgreSQL database: their limits count there, together.
    let limits = match url.backend() {
        loyalty_db::Backend::Postgres if !config.limits_in_process => LimitStore::Shared(Arc::new(
            loyalty_db::limits::PgSharedLimits::new(loyalty_db::pool::connect_for_limits(&url, LIMIT_CONNECTIONS)?),
        )),
        loyalty_db::Backend::Postgres | loyalty_db::Backend::Sqlite => LimitStore::Local,
    };
    let throttle = Arc::new(GovernorLoginThrottle::new(config.login_limits, &limits));
    let public_throttle =
        Arc::new(GovernorPublicThrottle::new(config.public_limits.0, config.public_limits.1, &limits));
    spawn_pruner(throttle.clone(), public_throttle.clone());
    let services = Services {
        db: Arc::new(db),
        hasher,
        tokens: Arc::new(JwtTokens::new(&config.jwt_secret)),
        clock: config.clock.clone(),
        login_throttle: throttle,
        public_throttle,
        key_throttle: Arc::new(loyalty_system::KeyRequestThrottle::new(&limits)),
        ids: Arc::new(RandomIds),
        webhook_payloads: Arc::new(loyalty_http::dto::JsonWebhookPayloads),
        programs: Arc::default(),
        message_channels: Arc::new(loyalty_system::messages::HttpChannels::new(config.channels.clone())),
        settings: Settings {
            session_ttl: config.session_ttl,
            demo_mode: config.demo_mode,
            webhook_allow_private: config.webhook_allow_private,
            webhook_concurrency: config.webhook_concurrency,
            message_prices: config.message_prices,
            key_limits: config.key_limits,
        },
    };
    if config.demo_mode {
        seed_demo(&url, &services)?;
    }
    let info = ServerInfo {
        version: VERSION,
        demo_mode: config.demo_mode,
        started_at: Instant::now(),
        public_url: config.public_url.clone(),
        cors_origins: config.cors_origins.clone(),
        trusted_proxies: config.trusted_proxies.clone(),
        stopping: Arc::default(),
    };
    Ok(AppState { services, info, pool })
}

/// Forgets idle rate-limit keys every minute so their memory stays bounded.
fn spawn_pruner(login: Arc<GovernorLoginThrottle>, public: Arc<GovernorPublicThrottle>) {
    let weak_login = Arc::downgrade(&login);
    let weak_public = Arc::downgrade(&public);
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_secs(60));
        match (weak_login.upgrade(), weak_public.upgrade()) {
            (Some(login), Some(public)) => {
                login.prune();
                public.prune();
            }
            _ => break,
        }
    });
}

pub fn migrate(pool: &DbPool) -> Result<usize, String> {
    let mut conn = pool.get().map_err(|e| format!("cannot connect to the database: {e}"))?;
    loyalty_db::pool::with_setup_lock(&mut conn, loyalty_db::pool::run_migrations)
}

/// Seeds the demo accounts and data into a database without users, through the use cases
/// (`use_cases::demo`); returns whether it did. Instances starting together on one PostgreSQL
/// database seed once: the setup lock is held on a connection of its own, outside the pool the
/// use cases run on (a pool of one connection would otherwise wait for itself). A SQLite file
/// has one server, and no second connection is opened to it here: opening and closing its
/// files beside the pool's connections would drop the process's locks on them (POSIX locks
/// belong to the process), and SQLite would then lose committed writes.
pub fn seed_demo(url: &DbUrl, services: &Services) -> Result<bool, String> {
    let seed = || loyalty_application::use_cases::demo::seed(services).map_err(|e| format!("seeding failed: {e:?}"));
    match url.backend() {
        loyalty_db::Backend::Sqlite => seed(),
        loyalty_db::Backend::Postgres => {
            let lock = loyalty_db::pool::connect(url, 1)?;
            let mut conn = lock.get().map_err(|e| format!("cannot connect to the database: {e}"))?;
            loyalty_db::pool::with_setup_lock(&mut conn, |_| seed())
        }
    }
}

/// Whether `origin` is one an operator may allow: `http(s)://host[:port]`, nothing after.
pub fn is_origin(origin: &str) -> bool {
    let Some(rest) = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://")) else {
        return false;
    };
    !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
}

/// Browser pages of `origins` may call the API: preflights are answered for them, without
/// credentials (a key or token goes in `Authorization`), and the headers an integration reads
/// are exposed. Other origins get no CORS headers, so their browsers refuse the answer.
fn cors(origins: &[String]) -> actix_cors::Cors {
    use actix_web::http::header;
    let mut cors = actix_cors::Cors::default()
        .block_on_origin_mismatch(false)
        .allowed_methods(["GET", "POST", "PUT", "PATCH", "DELETE"])
        .allowed_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::ACCEPT_LANGUAGE])
        .allowed_header("idempotency-key")
        .expose_headers([header::RETRY_AFTER])
        .expose_headers(["idempotent-replayed", "ratelimit", "ratelimit-policy"])
        .max_age(3600);
    for origin in origins.iter().filter(|o| is_origin(o)) {
        cors = cors.allowed_origin(origin);
    }
    cors
}

/// How long an instance finishes what it has once it stops accepting, before it exits.
pub const SHUTDOWN_TIMEOUT: Duration = Duration::from_secs(10);

/// Starts serving on `listener`; the returned server runs until stopped through its handle
/// ([`stop_on_signals`] does that for the binary).
pub fn serve(
    state: AppState,
    listener: TcpListener,
    web_dir: PathBuf,
    workers: usize,
) -> std::io::Result<actix_web::dev::Server> {
    let blocking_threads = state.pool.max_size() as usize + BLOCKING_THREADS_BEYOND_POOL;
    let services = web::Data::new(state.services);
    let cors_origins = state.info.cors_origins.clone();
    let info = web::Data::new(state.info);
    let server = HttpServer::new(move || {
        App::new()
            .wrap(middleware::Condition::new(!cors_origins.is_empty(), cors(&cors_origins)))
            .app_data(services.clone())
            .app_data(info.clone())
            .app_data(web::PayloadConfig::new(loyalty_http::json::JSON_LIMIT))
            .wrap(middleware::Compress::default())
            .wrap(middleware::from_fn(loyalty_http::routes::refuse_control_characters))
            .wrap(middleware::from_fn(loyalty_http::routes::rate_limit_headers))
            .wrap(loyalty_http::routes::security_headers())
            .wrap(
                // The client the limits see (behind trusted proxies, the one they name).
                middleware::Logger::new("%{client}xi \"%r\" %s %b %Dms")
                    .custom_request_replace("client", |req| loyalty_http::client_address(req.request()))
                    .exclude("/api/v1/health")
                    .exclude("/api/v1/ready"),
            )
            .configure(loyalty_http::configure)
            .configure(loyalty_http::spa::configure(web_dir.clone()))
    })
    .workers(workers)
    // Requests past these wait in the runtime's queue instead of on a thread of their own: the
    // work they wait for has its own bounds (the database pool's connections, the two hashing
    // threads), and each of actix's default 512 threads kept its own memory (the server grew
    // past 850 MB under 1,500 busy connections, issue #20). As many per worker as the pool has
    // connections (a use case holds one while it runs), and a few for exports: a sign-in waits
    // for its hashing thread holding none (issue #37), and SQLite's reads that can start at once
    // run on the HTTP thread.
    .worker_max_blocking_threads(blocking_threads)
    .client_request_timeout(Duration::from_secs(10))
    .client_disconnect_timeout(Duration::from_secs(5))
    .shutdown_timeout(SHUTDOWN_TIMEOUT.as_secs())
    .disable_signals()
    .listen(listener)?
    .run();
    Ok(server)
}

/// How an instance stops. SIGTERM (a supervisor, a rolling restart) first marks it stopping:
/// `/api/v1/ready` answers 503 while it goes on answering everything else for `drain`, so a
/// balancer's health checks take it out of rotation before it closes its port. SIGINT (Ctrl-C),
/// or a second signal, skips that wait. Then it stops accepting, finishes what it has for up to
/// [`SHUTDOWN_TIMEOUT`] and returns.
pub async fn stop_on_signals(server: actix_web::dev::ServerHandle, stopping: Arc<AtomicBool>, drain: Duration) {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut term), Ok(mut int)) = (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) else {
        tracing::warn!("cannot listen for SIGTERM and SIGINT; stop the process with SIGKILL");
        return;
    };
    let terminated = tokio::select! {
        _ = term.recv() => true,
        _ = int.recv() => false,
    };
    stopping.store(true, Ordering::Relaxed);
    if terminated && !drain.is_zero() {
        tracing::info!(seconds = drain.as_secs_f64(), "SIGTERM: not ready; answering for a while before stopping");
        tokio::select! {
            () = tokio::time::sleep(drain) => {}
            _ = term.recv() => {}
            _ = int.recv() => {}
        }
    }
    tracing::info!(limit_seconds = SHUTDOWN_TIMEOUT.as_secs(), "stopping: finishing the requests in progress");
    server.stop(true).await;
}

/// The periodic jobs, on a thread of their own: forgetting old `Idempotency-Key` answers and
/// ended sessions (hourly), expiring points (once a Tripoli day, shortly after midnight) and
/// birthday points (each customer once a year, on the day; every pass gives what is still due)
/// and tiers (once a Tripoli day: grace ended, spend left the twelve months), and what owners keep
/// for a time (once a Tripoli day: old activity and deliveries; PostgreSQL's partitions ahead).
/// Every instance asks every few minutes; each job runs once per period across them all.
pub fn start_housekeeping(services: Services) -> std::io::Result<()> {
    use loyalty_application::use_cases::{birthdays, expiry, housekeeping, retention, tiers};
    std::thread::Builder::new().name("housekeeping".into()).spawn(move || loop {
        match housekeeping::prune(&services) {
            Ok(Some(pruned)) if pruned != housekeeping::Pruned::default() => {
                tracing::info!(idempotency_keys = pruned.idempotency_keys, sessions = pruned.sessions, "pruned")
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "housekeeping failed; trying again later"),
        }
        match expiry::run_daily(&services) {
            Ok(Some(run)) => tracing::info!(customers = run.customers, points = run.points, "points expired"),
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, "expiring points failed; the rest stays due for the next run"),
        }
        match birthdays::run_daily(&services) {
            Ok(run) if run.customers > 0 => {
                tracing::info!(customers = run.customers, points = run.points, "birthday points given")
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "birthday points failed; the rest stays due for the next pass"),
        }
        match loyalty_application::use_cases::messages::tell_expiring(&services) {
            Ok(0) => {}
            Ok(written) => tracing::info!(written, "customers told of points expiring"),
            Err(error) => tracing::warn!(%error, "telling customers of expiring points failed; the next pass goes on"),
        }
        match tiers::run_daily(&services) {
            Ok(Some(run)) => tracing::info!(reviewed = run.reviewed, moved = run.moved, "tiers reviewed"),
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, "reviewing tiers failed; tomorrow's run reviews them again"),
        }
        match retention::run_daily(&services) {
            Ok(Some(run)) => tracing::info!(
                partitions_made = run.partitions_made,
                activity = run.activity_forgotten,
                deliveries = run.deliveries_forgotten,
                "old activity and webhook deliveries forgotten"
            ),
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, "forgetting old records failed; tomorrow's run goes on"),
        }
        std::thread::sleep(JOBS_EVERY);
    })?;
    Ok(())
}
