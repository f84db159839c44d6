//! Demo data: three accounts sharing one password, an owner with an active plan and two
//! stores, a cashier, customers, rewards, invoices and redemptions whose ledger matches the
//! balances. Written only into an empty database.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use loyalty_domain::local_day::local_date;
use loyalty_domain::{points_for_purchase, LoyaltySettings, Money, PointsRate};

use super::pool::DbConnection;
use super::repositories::lots;
use super::repositories::store_days::{self, DayDelta};
use super::schema::*;

pub const DEMO_PASSWORD: &str = "demo1234";
pub const DEMO_ADMIN: &str = "admin@demo.ly";
pub const DEMO_OWNER: &str = "owner@demo.ly";
pub const DEMO_CASHIER: &str = "cashier@demo.ly";

/// What seeding needs from outside: the hash of [`DEMO_PASSWORD`], now, and random tokens.
pub struct SeedInput<'a> {
    pub password_hash: &'a str,
    pub now: NaiveDateTime,
    pub random_token: &'a dyn Fn() -> String,
}

/// Seeds the demo data when there are no users yet; returns whether it did.
pub fn seed_demo(conn: &mut DbConnection, input: &SeedInput<'_>) -> QueryResult<bool> {
    conn.transaction(|conn| {
        let existing: i64 = users::table.count().get_result(conn)?;
        if existing > 0 {
            return Ok(false);
        }
        Seeder { conn, input }.run()?;
        Ok(true)
    })
}

struct Seeder<'c, 'a> {
    conn: &'c mut DbConnection,
    input: &'a SeedInput<'a>,
}

impl Seeder<'_, '_> {
    fn ago(&self, days: i64, hours: i64) -> NaiveDateTime {
        self.input.now - Duration::days(days) - Duration::hours(hours)
    }

    fn user(
        &mut self,
        name: &str,
        email: &str,
        role: &str,
        owner_name: Option<&str>,
        store: Option<i64>,
    ) -> QueryResult<i64> {
        let t = self.ago(60, 0);
        diesel::insert_into(users::table)
            .values((
                users::name.eq(name),
                users::email.eq(email),
                users::password_hash.eq(self.input.password_hash),
                users::role.eq(role),
                users::is_active.eq(true),
                users::store_owner_name.eq(owner_name),
                users::store_id.eq(store),
                users::created_at.eq(t),
                users::updated_at.eq(t),
            ))
            .returning(users::id)
            .get_result(self.conn)
    }

    fn store(&mut self, owner: i64, name: &str, address: &str) -> QueryResult<i64> {
        let t = self.ago(58, 0);
        diesel::insert_into(stores::table)
            .values((
                stores::owner_id.eq(owner),
                stores::name.eq(name),
                stores::address.eq(address),
                stores::registration_token.eq((self.input.random_token)()),
                stores::created_at.eq(t),
                stores::updated_at.eq(t),
            ))
            .returning(stores::id)
            .get_result(self.conn)
    }

    fn package(
        &mut self,
        name: &str,
        description: &str,
        price: i64,
        limit: i32,
        months: i32,
        features: &[&str],
    ) -> QueryResult<i64> {
        let t = self.ago(90, 0);
        diesel::insert_into(packages::table)
            .values((
                packages::name.eq(name),
                packages::description.eq(description),
                packages::price_dirhams.eq(price),
                packages::store_limit.eq(limit),
                packages::duration_months.eq(months),
                packages::features.eq(features.join("\n")),
                packages::is_active.eq(true),
                packages::created_at.eq(t),
                packages::updated_at.eq(t),
            ))
            .returning(packages::id)
            .get_result(self.conn)
    }

    fn reward(
        &mut self,
        owner: i64,
        name: &str,
        description: &str,
        kind: &str,
        points: i64,
        amount_milli: i64,
    ) -> QueryResult<i64> {
        let t = self.ago(50, 0);
        diesel::insert_into(rewards::table)
            .values((
                rewards::store_owner_id.eq(owner),
                rewards::name.eq(name),
                rewards::description.eq(description),
                rewards::reward_type.eq(kind),
                rewards::points_required.eq(points),
                rewards::amount_milli.eq(amount_milli),
                rewards::is_active.eq(true),
                rewards::created_at.eq(t),
                rewards::updated_at.eq(t),
            ))
            .returning(rewards::id)
            .get_result(self.conn)
    }

    fn customer(
        &mut self,
        store: i64,
        by: i64,
        name: &str,
        phone: Option<&str>,
        email: Option<&str>,
        days_ago: i64,
    ) -> QueryResult<i64> {
        let t = self.ago(days_ago, 3);
        let id: i64 = diesel::insert_into(customers::table)
            .values((
                customers::store_id.eq(store),
                customers::name.eq(name),
                customers::phone.eq(phone),
                customers::email.eq(email),
                customers::loyalty_points.eq(0i64),
                customers::created_by.eq(by),
                customers::created_at.eq(t),
                customers::updated_at.eq(t),
            ))
            .returning(customers::id)
            .get_result(self.conn)?;
        self.activity("customer_created", by, store, id, serde_json::json!({"customer": name}), t)?;
        Ok(id)
    }

    fn activity(
        &mut self,
        kind: &str,
        actor: i64,
        store: i64,
        subject: i64,
        details: serde_json::Value,
        at: NaiveDateTime,
    ) -> QueryResult<()> {
        diesel::insert_into(activity_log::table)
            .values((
                activity_log::actor_id.eq(actor),
                activity_log::store_id.eq(store),
                activity_log::kind.eq(kind),
                activity_log::subject_id.eq(subject),
                activity_log::details.eq(details.to_string()),
                activity_log::created_at.eq(at),
            ))
            .execute(self.conn)?;
        Ok(())
    }

    /// Moves a customer's balance and writes its ledger row, as the use cases do.
    #[allow(clippy::too_many_arguments)]
    fn ledger(
        &mut self,
        customer: i64,
        store: i64,
        kind: &str,
        delta: i64,
        actor: i64,
        refs: (Option<i64>, Option<i64>),
        at: NaiveDateTime,
    ) -> QueryResult<()> {
        let balance: i64 = diesel::update(customers::table.find(customer))
            .set(customers::loyalty_points.eq(customers::loyalty_points + delta))
            .returning(customers::loyalty_points)
            .get_result(self.conn)?;
        if delta > 0 {
            // Points earned since the owner's expiry setting expire a month after.
            let expires_on = (at >= self.ago(Self::DEMO_EXPIRY_SINCE_DAYS, 0))
                .then(|| Self::demo_settings().expiry_for(local_date(at)))
                .flatten();
            lots::earn(self.conn, customer, delta, expires_on, at)?;
        } else {
            lots::take(self.conn, customer, -delta, false)?;
        }
        diesel::insert_into(points_ledger::table)
            .values((
                points_ledger::customer_id.eq(customer),
                points_ledger::store_id.eq(store),
                points_ledger::kind.eq(kind),
                points_ledger::delta.eq(delta),
                points_ledger::balance_after.eq(balance),
                points_ledger::actor_id.eq(actor),
                points_ledger::invoice_id.eq(refs.0),
                points_ledger::redemption_id.eq(refs.1),
                points_ledger::created_at.eq(at),
            ))
            .execute(self.conn)?;
        Ok(())
    }

    /// The demo owner's loyalty settings: 1 point per LYD from a 5 LYD purchase.
    const DEMO_RATE: PointsRate = PointsRate::from_milli(1000);
    const DEMO_MINIMUM: Money = Money::from_dirhams(5_000);
    /// 100 points = 5.000 LYD (the coffee's 50 points are worth 2.500 LYD), from 50 points.
    const DEMO_POINT_VALUE: Money = Money::from_dirhams(5_000);
    const DEMO_MIN_REDEEM: i64 = 50;
    /// Points expire a month after they are earned, since the owner said so 15 days ago (the
    /// points earned before never expire): the nearest expiries fall 13 to 19 days ahead.
    const DEMO_EXPIRY_MONTHS: i64 = 1;
    const DEMO_EXPIRY_SINCE_DAYS: i64 = 15;

    fn demo_settings() -> LoyaltySettings {
        LoyaltySettings { expiry_months: Some(Self::DEMO_EXPIRY_MONTHS), ..LoyaltySettings::DEFAULT }
    }

    /// An invoice at the demo owner's settings, its points by the domain's rule.
    fn invoice(
        &mut self,
        store: i64,
        customer: i64,
        cashier: i64,
        number: &str,
        total_dirhams: i64,
        at: NaiveDateTime,
    ) -> QueryResult<()> {
        let points = points_for_purchase(Money::from_dirhams(total_dirhams), Self::DEMO_RATE, Self::DEMO_MINIMUM);
        let id: i64 = diesel::insert_into(invoices::table)
            .values((
                invoices::store_id.eq(store),
                invoices::customer_id.eq(customer),
                invoices::pos_user_id.eq(cashier),
                invoices::invoice_number.eq(number),
                invoices::total_dirhams.eq(total_dirhams),
                invoices::points_earned.eq(points),
                invoices::created_at.eq(at),
                invoices::updated_at.eq(at),
            ))
            .returning(invoices::id)
            .get_result(self.conn)?;
        store_days::add_now(self.conn, store, at, DayDelta::sale(total_dirhams, points))?;
        if points > 0 {
            self.ledger(customer, store, "invoice", points, cashier, (Some(id), None), at)?;
        }
        let name = self.customer_name(customer)?;
        let details = serde_json::json!({
            "customer": name,
            "total": format!("{}.{:03}", total_dirhams / 1000, total_dirhams % 1000),
            "points": points.to_string(),
            "invoice_number": number,
        });
        self.activity("invoice_created", cashier, store, id, details, at)
    }

    fn redemption(
        &mut self,
        store: i64,
        customer: i64,
        reward: i64,
        points: i64,
        cashier: i64,
        at: NaiveDateTime,
    ) -> QueryResult<()> {
        let id: i64 = diesel::insert_into(redemptions::table)
            .values((
                redemptions::store_id.eq(store),
                redemptions::customer_id.eq(customer),
                redemptions::reward_id.eq(Some(reward)),
                redemptions::pos_user_id.eq(cashier),
                redemptions::points_spent.eq(points),
                redemptions::created_at.eq(at),
            ))
            .returning(redemptions::id)
            .get_result(self.conn)?;
        store_days::add_now(self.conn, store, at, DayDelta::gift(points))?;
        self.ledger(customer, store, "redemption", -points, cashier, (None, Some(id)), at)?;
        let name = self.customer_name(customer)?;
        let reward_name: String = rewards::table.find(reward).select(rewards::name).first(self.conn)?;
        let details = serde_json::json!({"customer": name, "reward": reward_name, "points": points.to_string()});
        self.activity("redemption_created", cashier, store, id, details, at)
    }

    fn customer_name(&mut self, id: i64) -> QueryResult<String> {
        customers::table.find(id).select(customers::name).first(self.conn)
    }

    fn run(mut self) -> QueryResult<()> {
        let now = self.input.now;
        self.user("نادية المقريف", DEMO_ADMIN, "admin", None, None)?;
        let owner = self.user("خالد بن علي", DEMO_OWNER, "store_owner", Some("محلات بن علي"), None)?;
        let tripoli = self.store(owner, "بن علي - طرابلس", "شارع عمر المختار، طرابلس")?;
        let benghazi = self.store(owner, "بن علي - بنغازي", "شارع جمال عبد الناصر، بنغازي")?;
        let cashier = self.user("سالم الزوي", DEMO_CASHIER, "pos_user", None, Some(tripoli))?;

        self.package(
            "أساسي",
            "لمتجر واحد يبدأ مع برنامج الولاء",
            50_000,
            1,
            1,
            &["متجر واحد", "نقاط ومكافآت", "دعم عبر البريد"],
        )?;
        let business = self.package(
            "أعمال",
            "لأصحاب عدة فروع",
            250_000,
            3,
            6,
            &["حتى 3 متاجر", "رموز QR للتسجيل", "تقارير النشاط"],
        )?;
        let enterprise = self.package(
            "مؤسسات",
            "للسلاسل الكبيرة",
            900_000,
            10,
            12,
            &["حتى 10 متاجر", "دعم ذو أولوية", "تحليلات متقدمة"],
        )?;

        // The owner's plan ends in 25 days, so the expiration ribbon has something to say.
        diesel::insert_into(subscriptions::table)
            .values((
                subscriptions::store_owner_id.eq(owner),
                subscriptions::package_id.eq(business),
                subscriptions::status.eq("active"),
                subscriptions::starts_at.eq(now - Duration::days(157)),
                subscriptions::ends_at.eq(now + Duration::days(25)),
                subscriptions::auto_renew.eq(false),
                subscriptions::source.eq("demo"),
                subscriptions::created_at.eq(now - Duration::days(157)),
                subscriptions::updated_at.eq(now - Duration::days(157)),
            ))
            .execute(self.conn)?;
        let t = self.ago(10, 0);
        for (code, package, expires) in
            [("K7M2Q9XHT4WD", business, Some(now + Duration::days(180))), ("P3ZR8NFA6JLC", enterprise, None)]
        {
            diesel::insert_into(redemption_cards::table)
                .values((
                    redemption_cards::code.eq(code),
                    redemption_cards::package_id.eq(package),
                    redemption_cards::expires_at.eq(expires),
                    redemption_cards::notes.eq("بطاقة تجريبية"),
                    redemption_cards::created_at.eq(t),
                    redemption_cards::updated_at.eq(t),
                ))
                .execute(self.conn)?;
        }

        diesel::insert_into(loyalty_settings::table)
            .values((
                loyalty_settings::store_owner_id.eq(owner),
                loyalty_settings::points_per_lyd_milli.eq(Self::DEMO_RATE.milli()),
                loyalty_settings::min_purchase_dirhams.eq(Self::DEMO_MINIMUM.dirhams()),
                loyalty_settings::point_value_dirhams.eq(Some(Self::DEMO_POINT_VALUE.dirhams())),
                loyalty_settings::min_redeem_points.eq(Self::DEMO_MIN_REDEEM),
                loyalty_settings::points_expiry_months.eq(Some(Self::DEMO_EXPIRY_MONTHS)),
                loyalty_settings::updated_at.eq(self.ago(Self::DEMO_EXPIRY_SINCE_DAYS, 0)),
            ))
            .execute(self.conn)?;
        let coffee = self.reward(owner, "قهوة مجانية", "كوب قهوة عربية من المقهى", "prize", 50, 0)?;
        let discount = self.reward(owner, "خصم 10%", "خصم على الفاتورة التالية", "discount", 120, 10_000)?;
        self.reward(owner, "قسيمة 20 دينار", "قسيمة شراء بقيمة 20 د.ل", "cash", 250, 20_000)?;

        let people = [
            (tripoli, "فاطمة الشريف", Some("+218912345678"), Some("fatima@example.ly")),
            (tripoli, "محمد الككلي", Some("+218923456789"), None),
            (tripoli, "عائشة بن عمران", Some("+218913334455"), Some("aisha@example.ly")),
            (tripoli, "يوسف المصراتي", Some("+218945556677"), None),
            (tripoli, "مريم القذافي", None, Some("mariam@example.ly")),
            (benghazi, "عمر الفيتوري", Some("+218925557788"), None),
            (benghazi, "هدى العبيدي", Some("+218917778899"), Some("huda@example.ly")),
            (benghazi, "فاطمة الشريف", Some("+218912345678"), None),
        ];
        let mut ids = Vec::new();
        for (i, (store, name, phone, email)) in people.into_iter().enumerate() {
            let by = if store == tripoli { cashier } else { owner };
            ids.push((store, by, self.customer(store, by, name, phone, email, 45 - 4 * i as i64)?));
        }
        let sales: [(usize, i64, i64, i64); 12] = [
            (0, 85_500, 30, 2),
            (0, 42_250, 18, 5),
            (1, 120_000, 14, 1),
            (2, 15_750, 9, 4),
            (0, 63_000, 6, 3),
            (3, 3_500, 4, 6),
            (2, 210_000, 2, 2),
            (1, 27_900, 1, 7),
            (5, 95_000, 12, 1),
            (6, 48_500, 3, 4),
            (7, 33_000, 1, 2),
            (0, 18_250, 0, 1),
        ];
        for (n, (who, total, days, hours)) in sales.into_iter().enumerate() {
            let (store, by, customer) = ids[who];
            let at = self.ago(days, hours);
            self.invoice(store, customer, by, &format!("INV-{:04}", 1001 + n), total, at)?;
        }
        let (s0, b0, c0) = ids[0];
        self.redemption(s0, c0, coffee, 50, b0, self.ago(5, 1))?;
        let (s2, b2, c2) = ids[2];
        self.redemption(s2, c2, discount, 120, b2, self.ago(1, 3))?;
        Ok(())
    }
}
