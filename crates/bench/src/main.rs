//! `loyalty-bench`: the database side of `just bench` (issue #8).
//!
//! - `prepare` fills a migrated, demo-seeded database with a large generated data set
//!   (set-based SQL, one transaction) and prints the fixture the load scripts need;
//! - `status` tells whether a database already holds the data set of this version and size;
//! - `raw` runs the SQL transaction of a scenario directly in a tight loop (the baseline the
//!   HTTP figures are compared with on SQLite);
//! - `argon2` times one password hash with the product's parameters;
//! - `check` verifies that every balance equals its ledger sum and none is negative, and that
//!   the dashboards' per store and day figures equal the sales and gifts summed again;
//! - `big-store` adds customers to the first generated store (the search in a large store);
//! - `scalar` prints the single integer an SQL query returns (for the script's checks);
//! - `receiver` is a webhook endpoint that answers every POST 204 at once (the delivery rate's
//!   far side).

mod generate;
mod raw;

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use diesel::sql_types::BigInt;
use diesel::RunQueryDsl;
use loyalty_db::{pool, DbConnection, DbUrl};

#[derive(Parser, Debug)]
#[command(name = "loyalty-bench", about = "Data generation and raw baselines for `just bench`")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Size {
    /// Stores to generate (each gets one POS user).
    #[arg(long, default_value_t = 50)]
    pub stores: i64,
    /// Store owners the stores are spread over (stores must be a multiple).
    #[arg(long, default_value_t = 10)]
    pub owners: i64,
    /// Customers, spread evenly over the stores (a multiple of stores).
    #[arg(long, default_value_t = 100_000)]
    pub customers: i64,
    /// Invoices, spread evenly over the customers and the last 365 days.
    #[arg(long, default_value_t = 1_000_000)]
    pub invoices: i64,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Generate the large data set into a migrated, demo-seeded database and print the fixture (Lua).
    Prepare {
        #[arg(long, env = "DATABASE_URL")]
        database_url: String,
        #[command(flatten)]
        size: Size,
    },
    /// Exit 0 when the database holds the data set of this version and size (and print its fixture), else 3.
    Status {
        #[arg(long, env = "DATABASE_URL")]
        database_url: String,
        #[command(flatten)]
        size: Size,
    },
    /// Run a scenario's SQL transaction directly in a tight loop and print `RESULT <name> <rate/s> <p50 ms> <p99 ms> <errors> <count>`.
    Raw {
        #[arg(long, env = "DATABASE_URL")]
        database_url: String,
        /// invoice, redeem, redeem-hot or lookup.
        scenario: String,
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Time argon2id hashes with the product's parameters; prints `ARGON2 <median ms>`.
    Argon2 {
        #[arg(long, default_value_t = 9)]
        rounds: usize,
    },
    /// Check the ledger: every live balance equals its ledger sum, none is negative.
    Check {
        #[arg(long, env = "DATABASE_URL")]
        database_url: String,
    },
    /// Add `customers` customers to the first generated store (the counter's search in a large
    /// store, issue #37): phones `+21892` and 7 digits, Arabic names. Prints how many the store has.
    BigStore {
        #[arg(long, env = "DATABASE_URL")]
        database_url: String,
        #[arg(long, default_value_t = 20_000)]
        customers: i64,
    },
    /// Print the one BIGINT an SQL query returns (alias it `v`).
    Scalar {
        #[arg(long, env = "DATABASE_URL")]
        database_url: String,
        sql: String,
    },
    /// Answer every POST on 127.0.0.1:PORT with 204 until killed (a webhook endpoint).
    Receiver {
        #[arg(long)]
        port: u16,
    },
}

#[derive(diesel::QueryableByName)]
struct Scalar {
    #[diesel(sql_type = BigInt)]
    v: i64,
}

pub fn scalar(conn: &mut DbConnection, sql: &str) -> Result<i64, String> {
    diesel::sql_query(sql).get_result::<Scalar>(conn).map(|s| s.v).map_err(|e| format!("{sql}: {e}"))
}

pub fn open(database_url: &str, size: u32) -> Result<pool::DbPool, String> {
    let url = DbUrl::parse(database_url)?;
    pool::connect(&url, size)
}

fn check(database_url: &str) -> Result<bool, String> {
    let pool = open(database_url, 1)?;
    let mut conn = pool.get().map_err(|e| e.to_string())?;
    let mismatched = scalar(
        &mut conn,
        "SELECT COUNT(*) AS v FROM customers c LEFT JOIN \
         (SELECT customer_id, SUM(delta) AS total FROM points_ledger GROUP BY customer_id) l \
         ON l.customer_id = c.id WHERE c.loyalty_points <> COALESCE(l.total, 0)",
    )?;
    let negative = scalar(&mut conn, "SELECT COUNT(*) AS v FROM customers WHERE loyalty_points < 0")?;
    let bad_after = scalar(&mut conn, "SELECT COUNT(*) AS v FROM points_ledger WHERE balance_after < 0")?;
    let unheld = scalar(
        &mut conn,
        "SELECT COUNT(*) AS v FROM customers c LEFT JOIN \
         (SELECT customer_id, SUM(remaining) AS held FROM point_lots GROUP BY customer_id) p \
         ON p.customer_id = c.id WHERE c.loyalty_points <> COALESCE(p.held, 0)",
    )?;
    let customers = scalar(&mut conn, "SELECT COUNT(*) AS v FROM customers")?;
    let ledger = scalar(&mut conn, "SELECT COUNT(*) AS v FROM points_ledger")?;
    let days = loyalty_db::repositories::store_days::mismatched_days(&mut conn).map_err(|e| e.to_string())?;
    println!(
        "CHECK customers={customers} ledger_rows={ledger} balance_ne_ledger_sum={mismatched} negative_balances={negative} negative_balance_after={bad_after} store_days_ne_sales={days} balance_ne_lots={unheld}"
    );
    Ok(mismatched == 0 && negative == 0 && bad_after == 0 && days == 0 && unheld == 0)
}

fn argon2_ms(rounds: usize) -> Result<f64, String> {
    use argon2::password_hash::rand_core::OsRng;
    use argon2::password_hash::{PasswordHasher, SaltString};
    use argon2::{Algorithm, Argon2, Params, Version};
    // The product's parameters (crates/adapters/src/system.rs): 19 MiB, 2 passes, 1 lane.
    let params = Params::new(19 * 1024, 2, 1, None).map_err(|e| e.to_string())?;
    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
    let mut times = Vec::with_capacity(rounds);
    for _ in 0..rounds.max(1) {
        let salt = SaltString::generate(&mut OsRng);
        let started = Instant::now();
        argon2.hash_password(b"demo1234", &salt).map_err(|e| e.to_string())?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    Ok(times[times.len() / 2])
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Prepare { database_url, size } => {
            let fixture = generate::prepare(&database_url, size)?;
            println!("{}", fixture.to_lua());
        }
        Command::Status { database_url, size } => match generate::status(&database_url, size)? {
            Some(fixture) => println!("{}", fixture.to_lua()),
            None => return Ok(ExitCode::from(3)),
        },
        Command::Raw { database_url, scenario, seconds, threads } => {
            let result = raw::run(&database_url, &scenario, seconds, threads)?;
            println!("{result}");
        }
        Command::Argon2 { rounds } => println!("ARGON2 {:.2}", argon2_ms(rounds)?),
        Command::Check { database_url } => {
            if !check(&database_url)? {
                return Ok(ExitCode::from(1));
            }
        }
        Command::BigStore { database_url, customers } => {
            println!("{}", generate::big_store(&database_url, customers)?);
        }
        Command::Scalar { database_url, sql } => {
            let pool = open(&database_url, 1)?;
            let mut conn = pool.get().map_err(|e| e.to_string())?;
            println!("{}", scalar(&mut conn, &sql)?);
        }
        Command::Receiver { port } => {
            use actix_web::{web, App, HttpResponse, HttpServer};
            actix_web::rt::System::new().block_on(async move {
                HttpServer::new(|| App::new().default_service(web::to(|| async { HttpResponse::NoContent().finish() })))
                    .workers(1)
                    .bind(("127.0.0.1", port))
                    .map_err(|e| e.to_string())?
                    .run()
                    .await
                    .map_err(|e| e.to_string())
            })?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("loyalty-bench: {message}");
            ExitCode::FAILURE
        }
    }
}
