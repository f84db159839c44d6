use std::net::TcpListener;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use loyalty_api::{
    build_state, migrate, random_secret, seed_demo, serve, start_housekeeping, stop_on_signals, Config, LoginLimits,
    TrustedProxies, PUBLIC_LIMITS_DEFAULT, SESSION_MINUTES_DEFAULT,
};
use loyalty_application::use_cases::webhooks;
use loyalty_application::KeyLimits;
use loyalty_domain::messages_out;

/// mimalloc instead of glibc's malloc (issue #20): glibc kept freed memory, the argon2 hashes'
/// 19 MiB blocks among it, in up to 16 arenas (505 MB after ten seconds of sign-ins on 64
/// connections, 1.5 GB under the 1,500-connection mixed load); mimalloc gives freed memory back
/// and allocates faster from many threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The loyalty-points platform: API and web app in one process.
#[derive(Parser, Debug)]
#[command(name = "loyalty", version)]
struct Cli {
    /// `sqlite://path/to/file.db` or `postgres://user:password@host/db`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/loyalty.db", global = true)]
    database_url: String,
    /// A PostgreSQL streaming replica of DATABASE_URL (`postgres://...`): dashboards, reports,
    /// exports, syncs and the public lookup read there (docs/deploy.md). Refused with SQLite.
    #[arg(long, env = "LOYALTY_READ_DATABASE_URL", global = true)]
    read_database_url: Option<String>,
    /// Replica lag in milliseconds past which its reads go to the primary.
    #[arg(long, env = "LOYALTY_READ_MAX_LAG_MS", default_value_t = loyalty_db::replica::MAX_LAG_DEFAULT_MS, global = true)]
    read_max_lag_ms: u64,
    #[command(subcommand)]
    command: Command,
}

// Parsed once at start: the size of `Serve` beside the other commands costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Migrate, then serve the API and the web app.
    Serve {
        #[arg(long, env = "LOYALTY_BIND", default_value = "127.0.0.1:8080")]
        bind: String,
        /// Seed the demo data into an empty database and list the demo accounts on the login page.
        #[arg(long, env = "LOYALTY_DEMO", value_parser = parse_flag, default_value = "0")]
        demo: bool,
        /// Signs the bearer tokens; at least 32 bytes. Required unless in demo mode.
        #[arg(long, env = "LOYALTY_JWT_SECRET", hide_env_values = true)]
        jwt_secret: Option<String>,
        /// The built web app.
        #[arg(long, env = "LOYALTY_WEB_DIR", default_value = "web/dist")]
        web_dir: PathBuf,
        /// How long a sign-in lasts, in minutes.
        #[arg(long, env = "LOYALTY_SESSION_MINUTES", default_value_t = SESSION_MINUTES_DEFAULT,
            value_parser = clap::value_parser!(i64).range(1..))]
        session_minutes: i64,
        /// Seconds an instance keeps answering after SIGTERM while `/api/v1/ready` answers 503,
        /// so a load balancer stops sending it requests first (more than the balancer's check
        /// interval times its fall count). 0 stops at once, as SIGINT does.
        #[arg(long, env = "LOYALTY_SHUTDOWN_DELAY", default_value_t = 0.0,
            value_parser = parse_seconds)]
        shutdown_delay: f64,
        /// Where the sign-in, registration, lookup and join limits count: `database` (on
        /// PostgreSQL shared by every instance; SQLite counts in process) or `process` (each
        /// instance on its own: for one instance only).
        #[arg(long, env = "LOYALTY_LIMITS", value_enum, default_value_t = LimitsAt::Database)]
        limits: LimitsAt,
        /// HTTP worker threads (default: one per core).
        #[arg(long, env = "LOYALTY_WORKERS")]
        workers: Option<usize>,
        /// Database connections per instance.
        #[arg(long, env = "LOYALTY_DB_POOL_SIZE", default_value_t = 16,
            value_parser = clap::value_parser!(u32).range(1..))]
        db_pool_size: u32,
        /// Wrong passwords allowed per minute for one account from one client address.
        #[arg(long, env = "LOYALTY_LOGIN_PER_ACCOUNT", default_value_t = LoginLimits::default().failures_per_account_client)]
        login_per_account: u32,
        /// Wrong passwords allowed per minute for one account from all addresses together.
        #[arg(long, env = "LOYALTY_LOGIN_ACCOUNT_CEILING", default_value_t = LoginLimits::default().failures_per_account)]
        login_account_ceiling: u32,
        /// Sign-in attempts allowed per minute from one client address.
        #[arg(long, env = "LOYALTY_LOGIN_PER_CLIENT", default_value_t = LoginLimits::default().attempts_per_client)]
        login_per_client: u32,
        /// Registrations allowed per hour from one client address.
        #[arg(long, env = "LOYALTY_REGISTER_PER_CLIENT", default_value_t = LoginLimits::default().registrations_per_client_hour)]
        register_per_client: u32,
        /// Registrations allowed per hour from everyone.
        #[arg(long, env = "LOYALTY_REGISTER_PER_HOUR", default_value_t = LoginLimits::default().registrations_per_hour)]
        register_per_hour: u32,
        /// Where customers reach the product (QR registration links start with it); default:
        /// http://{bind}.
        #[arg(long, env = "LOYALTY_PUBLIC_URL")]
        public_url: Option<String>,
        /// Public points lookups and store joins allowed per minute from one client address.
        #[arg(long, env = "LOYALTY_PUBLIC_PER_CLIENT", default_value_t = PUBLIC_LIMITS_DEFAULT.0)]
        public_per_client: u32,
        /// Public points lookups and store joins allowed per minute for one phone number.
        #[arg(long, env = "LOYALTY_PUBLIC_PER_PHONE", default_value_t = PUBLIC_LIMITS_DEFAULT.1)]
        public_per_phone: u32,
        /// Origins whose browser pages may call the API, comma-separated
        /// (`https://shop.example.ly,https://erp.example.ly`); none by default.
        #[arg(long, env = "LOYALTY_CORS_ORIGINS", value_delimiter = ',')]
        cors_origins: Vec<String>,
        /// `1`: webhooks may go to http:// and to private, loopback and link-local addresses
        /// (tests and local setups only).
        #[arg(long, env = "LOYALTY_WEBHOOK_ALLOW_PRIVATE", value_parser = parse_flag, default_value = "0")]
        webhook_allow_private: bool,
        /// Webhook deliveries under way at once to one endpoint, counted across every instance
        /// on the database (1 to 64).
        #[arg(long, env = "LOYALTY_WEBHOOK_CONCURRENCY", default_value_t = webhooks::CONCURRENCY_DEFAULT,
            value_parser = clap::value_parser!(u32).range(1..=i64::from(webhooks::CONCURRENCY_MAX)))]
        webhook_concurrency: u32,
        /// What one SMS segment costs you, in US dollars (`0.35`): the owners' Messages tab
        /// estimates their month's cost with it.
        #[arg(long, env = "LOYALTY_SMS_SEGMENT_PRICE_USD", value_parser = messages_out::parse_price_usd,
            default_value = messages_out::SMS_SEGMENT_PRICE_DEFAULT_USD)]
        sms_segment_price_usd: i64,
        /// What one WhatsApp template message costs you, in US dollars.
        #[arg(long, env = "LOYALTY_WHATSAPP_MESSAGE_PRICE_USD", value_parser = messages_out::parse_price_usd,
            default_value = messages_out::WHATSAPP_MESSAGE_PRICE_DEFAULT_USD)]
        whatsapp_message_price_usd: i64,
        /// Read requests (GET) one API key may make per minute, counted across every instance.
        #[arg(long, env = "LOYALTY_KEY_READS_PER_MINUTE", default_value_t = KeyLimits::default().reads_per_minute,
            value_parser = clap::value_parser!(u32).range(1..))]
        key_reads_per_minute: u32,
        /// Write requests (every other method) one API key may make per minute.
        #[arg(long, env = "LOYALTY_KEY_WRITES_PER_MINUTE", default_value_t = KeyLimits::default().writes_per_minute,
            value_parser = clap::value_parser!(u32).range(1..))]
        key_writes_per_minute: u32,
        /// Load balancers and proxies in front of this server, comma-separated addresses and CIDR
        /// ranges (`10.0.0.0/8,127.0.0.1`): their `Forwarded` / `X-Forwarded-For` name the
        /// client the limits and the log use. None by default: the headers are ignored.
        #[arg(long, env = "LOYALTY_TRUSTED_PROXIES", value_delimiter = ',')]
        trusted_proxies: Vec<String>,
        #[command(flatten)]
        channels: ChannelArgs,
    },
    /// A stand-in for the WhatsApp Cloud API and an SMS gateway on loopback, for tests and the
    /// demo: `POST /{version}/{phone_number_id}/messages`, `POST /sms`, `GET /_fake/received`.
    FakeProvider {
        #[arg(long, default_value = "127.0.0.1:8090")]
        bind: String,
        /// The bearer token the WhatsApp endpoint requires.
        #[arg(long, default_value = "fake-whatsapp-token")]
        whatsapp_token: String,
        /// Where to post signed status callbacks (`sent`, then `delivered`) of WhatsApp messages.
        #[arg(long)]
        callback_url: Option<String>,
        /// Signs the callbacks (`X-Hub-Signature-256`).
        #[arg(long, hide_env_values = true)]
        app_secret: Option<String>,
        /// Answers 500 to the first N sending requests.
        #[arg(long, default_value_t = 0)]
        fail_first: u32,
        /// Waits this long before answering a sending request.
        #[arg(long, default_value_t = 0)]
        delay_ms: u64,
    },
    /// Run the pending migrations and exit.
    Migrate,
    /// Seed the demo data into an empty database and exit.
    SeedDemo,
    /// Print the OpenAPI document.
    Openapi,
    /// Write the contract's version and fingerprint to FILE (`openapi/openapi.stamp`); refused
    /// when the document changed and its version did not.
    OpenapiStamp { file: PathBuf },
}

/// The channels customer messages go by (issue #39); a channel without its settings is not
/// configured, and its messages are recorded as not sent (`no_channel`).
#[derive(clap::Args, Debug)]
struct ChannelArgs {
    /// The WhatsApp Business Cloud API.
    #[arg(long, env = "LOYALTY_WHATSAPP_BASE_URL", default_value = "https://graph.facebook.com")]
    whatsapp_base_url: String,
    #[arg(long, env = "LOYALTY_WHATSAPP_API_VERSION", default_value = "v21.0")]
    whatsapp_api_version: String,
    /// The sending number's id; with the token, configures WhatsApp.
    #[arg(long, env = "LOYALTY_WHATSAPP_PHONE_NUMBER_ID")]
    whatsapp_phone_number_id: Option<String>,
    /// A system user's access token.
    #[arg(long, env = "LOYALTY_WHATSAPP_TOKEN", hide_env_values = true)]
    whatsapp_token: Option<String>,
    /// The app secret that signs status callbacks (`X-Hub-Signature-256`); without it every
    /// callback is refused.
    #[arg(long, env = "LOYALTY_WHATSAPP_APP_SECRET", hide_env_values = true)]
    whatsapp_app_secret: Option<String>,
    /// The token Meta's webhook subscription handshake must present.
    #[arg(long, env = "LOYALTY_WHATSAPP_VERIFY_TOKEN", hide_env_values = true)]
    whatsapp_verify_token: Option<String>,
    /// The SMS gateway's URL (`POST {to, from, text, reference}`); configures SMS.
    #[arg(long, env = "LOYALTY_SMS_URL")]
    sms_url: Option<String>,
    #[arg(long, env = "LOYALTY_SMS_TOKEN", hide_env_values = true)]
    sms_token: Option<String>,
    /// The registered sender name.
    #[arg(long, env = "LOYALTY_SMS_SENDER")]
    sms_sender: Option<String>,
}

impl ChannelArgs {
    fn settings(self) -> loyalty_system::messages::ChannelSettings {
        use loyalty_system::messages::{ChannelSettings, SmsSettings, WhatsappSettings};
        let given = |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let whatsapp = match (given(self.whatsapp_phone_number_id), given(self.whatsapp_token)) {
            (Some(phone_number_id), Some(token)) => Some(WhatsappSettings {
                base_url: self.whatsapp_base_url.trim().to_owned(),
                api_version: self.whatsapp_api_version.trim().to_owned(),
                phone_number_id,
                token,
            }),
            _ => None,
        };
        let sms = given(self.sms_url).map(|url| SmsSettings {
            url,
            token: given(self.sms_token).unwrap_or_default(),
            sender: given(self.sms_sender).unwrap_or_default(),
        });
        ChannelSettings {
            whatsapp,
            sms,
            app_secret: given(self.whatsapp_app_secret),
            verify_token: given(self.whatsapp_verify_token),
        }
    }
}

fn parse_flag(value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "" | "0" | "false" | "no" | "off" => Ok(false),
        other => Err(format!("expected 1 or 0, got {other}")),
    }
}

/// Where the limits count (`LOYALTY_LIMITS`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum LimitsAt {
    Database,
    Process,
}

/// Seconds from 0 to 300, fractions allowed.
fn parse_seconds(value: &str) -> Result<f64, String> {
    match value.trim().parse::<f64>() {
        Ok(seconds) if (0.0..=300.0).contains(&seconds) => Ok(seconds),
        _ => Err(format!("expected seconds from 0 to 300, got {value}")),
    }
}

/// glibc's malloc still serves the C code in the process (SQLite, libpq, OpenSSL). By default
/// each thread's arena gives freed memory at its top back to the system at once (`madvise`), and
/// every such call stops every core to flush its TLB: 11 % of the server's time under the public
/// lookup, with SQLite freeing a statement's memory on many threads (issue #37's profile). Keeping
/// up to 32 MiB per arena instead made lookups 42 % faster (19,100/s to 27,200/s on two cores);
/// with two arenas (not 16 on two cores) the peak memory of the 1,500-connection mixed load stays
/// where it was (362 MB, 365 MB with glibc's defaults, 398 MB with 16 arenas) and lookups lose
/// nothing. glibc reads its tunables only when a process starts, so the server starts itself
/// again once with them, unless the environment already names a malloc tunable (an operator's
/// own choice stays).
const MALLOC_TUNABLES: &str = "glibc.malloc.trim_threshold=33554432:glibc.malloc.arena_max=2";

fn with_malloc_tuning() {
    let current = std::env::var("GLIBC_TUNABLES").unwrap_or_default();
    if current.contains("glibc.malloc.") {
        return;
    }
    let Ok(exe) = std::env::current_exe() else { return };
    let tunables = if current.is_empty() { MALLOC_TUNABLES.to_owned() } else { format!("{current}:{MALLOC_TUNABLES}") };
    use std::os::unix::process::CommandExt as _;
    // `exec` returns only when it failed: then the server runs on without the setting.
    let error =
        std::process::Command::new(exe).args(std::env::args_os().skip(1)).env("GLIBC_TUNABLES", tunables).exec();
    eprintln!("warning: running without {MALLOC_TUNABLES}: {error}");
}

fn main() -> ExitCode {
    with_malloc_tuning();
    // libpq (PostgreSQL, with TLS) starts OpenSSL, which then frees its global state in an exit
    // handler while pool and worker threads may still use it: an intermittent "double free" or
    // segfault as the process exits after a clean stop (seen in the cluster test). Starting
    // OpenSSL here first, without that handler, is the fix diesel's issue #3441 describes.
    openssl_sys::init();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,actix_server=warn".into()),
        )
        .init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Openapi => {
            print!("{}", loyalty_http::openapi::document_json());
            Ok(())
        }
        Command::OpenapiStamp { file } => {
            let previous = std::fs::read_to_string(&file).unwrap_or_default();
            let stamp = loyalty_http::openapi::next_stamp(&previous)?;
            std::fs::write(&file, stamp).map_err(|e| format!("{}: {e}", file.display()))
        }
        Command::FakeProvider { bind, whatsapp_token, callback_url, app_secret, fail_first, delay_ms } => {
            let options = loyalty_api::fake_provider::Options {
                whatsapp_token,
                callback_url,
                app_secret,
                fail_first,
                delay: std::time::Duration::from_millis(delay_ms),
            };
            let listener = TcpListener::bind(&bind).map_err(|e| format!("cannot listen on {bind}: {e}"))?;
            tracing::info!(url = %format!("http://{bind}"), "fake provider");
            actix_web::rt::System::new().block_on(async move {
                let (server, _) = loyalty_api::fake_provider::start(listener, options).map_err(|e| e.to_string())?;
                server.await.map_err(|e| e.to_string())
            })
        }
        Command::Migrate => {
            let url = loyalty_db::DbUrl::parse(&cli.database_url)?;
            let pool = loyalty_db::pool::connect(&url, 1)?;
            let ran = migrate(&pool)?;
            println!("{ran} migration(s) applied");
            Ok(())
        }
        Command::SeedDemo => {
            // Migrated and wired as the server is, without seeding on the way: then seeded here.
            let state = build_state(&Config::for_url(cli.database_url.clone()))?;
            if seed_demo(&loyalty_db::DbUrl::parse(&cli.database_url)?, &state.services)? {
                println!("demo data seeded");
            } else {
                println!("the database already has users; nothing seeded");
            }
            Ok(())
        }
        Command::Serve {
            bind,
            demo,
            jwt_secret,
            web_dir,
            session_minutes,
            shutdown_delay,
            limits,
            workers,
            db_pool_size,
            login_per_account,
            login_account_ceiling,
            login_per_client,
            register_per_client,
            register_per_hour,
            public_per_client,
            public_per_phone,
            public_url,
            cors_origins,
            webhook_allow_private,
            webhook_concurrency,
            sms_segment_price_usd,
            whatsapp_message_price_usd,
            key_reads_per_minute,
            key_writes_per_minute,
            trusted_proxies,
            channels,
        } => {
            let trusted_proxies =
                TrustedProxies::parse(&trusted_proxies).map_err(|e| format!("LOYALTY_TRUSTED_PROXIES: {e}"))?;
            let cors_origins: Vec<String> =
                cors_origins.iter().map(|o| o.trim().to_owned()).filter(|o| !o.is_empty()).collect();
            if let Some(bad) = cors_origins.iter().find(|o| !loyalty_api::is_origin(o)) {
                return Err(format!("LOYALTY_CORS_ORIGINS: {bad} is not an origin like https://shop.example.ly"));
            }
            let jwt_secret = match jwt_secret {
                Some(secret) if secret.len() >= 32 => secret.into_bytes(),
                Some(_) => return Err("LOYALTY_JWT_SECRET must be at least 32 bytes".into()),
                None if demo => random_secret(),
                None => return Err("LOYALTY_JWT_SECRET is required (or run in demo mode with LOYALTY_DEMO=1)".into()),
            };
            let config = Config {
                jwt_secret,
                demo_mode: demo,
                web_dir: web_dir.clone(),
                session_ttl: chrono::Duration::minutes(session_minutes),
                db_pool_size,
                login_limits: LoginLimits {
                    failures_per_account_client: login_per_account,
                    failures_per_account: login_account_ceiling,
                    attempts_per_client: login_per_client,
                    registrations_per_client_hour: register_per_client,
                    registrations_per_hour: register_per_hour,
                },
                public_limits: (public_per_client, public_per_phone),
                public_url: public_url.unwrap_or_else(|| format!("http://{bind}")),
                cors_origins,
                webhook_allow_private,
                webhook_concurrency,
                message_prices: loyalty_application::MessagePrices {
                    sms_segment_micro_usd: sms_segment_price_usd,
                    whatsapp_message_micro_usd: whatsapp_message_price_usd,
                },
                key_limits: KeyLimits {
                    reads_per_minute: key_reads_per_minute,
                    writes_per_minute: key_writes_per_minute,
                },
                trusted_proxies,
                limits_in_process: limits == LimitsAt::Process,
                channels: channels.settings(),
                read_database_url: cli.read_database_url.clone().filter(|u| !u.trim().is_empty()),
                read_max_lag: std::time::Duration::from_millis(cli.read_max_lag_ms),
                ..Config::for_url(cli.database_url.clone())
            };
            let state = build_state(&config)?;
            start_housekeeping(state.services.clone()).map_err(|e| format!("housekeeping: {e}"))?;
            loyalty_system::webhooks::start_worker(state.services.clone(), webhook_allow_private)
                .map_err(|e| format!("webhooks: {e}"))?;
            loyalty_system::messages::start_worker(state.services.clone()).map_err(|e| format!("messages: {e}"))?;
            let listener = TcpListener::bind(&bind).map_err(|e| format!("cannot listen on {bind}: {e}"))?;
            let workers = workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
            tracing::info!(
                url = %format!("http://{bind}"),
                database = %loyalty_db::pool::redact(&cli.database_url),
                read_replica = ?cli.read_database_url.as_deref().map(loyalty_db::pool::redact),
                demo,
                "serving"
            );
            let stopping = state.info.stopping.clone();
            actix_web::rt::System::new().block_on(async move {
                let server = serve(state, listener, web_dir, workers).map_err(|e| e.to_string())?;
                let drain = std::time::Duration::from_secs_f64(shutdown_delay);
                actix_web::rt::spawn(stop_on_signals(server.handle(), stopping, drain));
                server.await.map_err(|e| e.to_string())
            })
        }
    }
}
