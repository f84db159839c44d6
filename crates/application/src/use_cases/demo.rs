//! The demo data: three accounts sharing one password (and a second cashier, in Benghazi), an
//! owner with a plan and two stores, customers, rewards, sales and redemptions. Every record is
//! made by the use case a person would use, each at its own past moment (a clock the seed moves),
//! so the ledger, the expiry lots, the store days and the activity feed have one writer.
//! Written only into a database without users.

use std::sync::{Arc, Mutex};

use chrono::{Duration, Months, NaiveDateTime};
use loyalty_domain::local_day::local_date;
use loyalty_domain::plan::PlanMode;
use loyalty_domain::{Email, Role, SettingsChange};

use super::admin::{self, CardForm, PackageForm, UserForm};
use super::customers::{self, CustomerForm};
use super::invoices::{self, CreateInvoice};
use super::owner::{self, RewardForm, StoreForm};
use super::redemptions::{self, RedemptionRequest};
use super::staff::{self, StaffForm};
use crate::ports::{transaction, Clock, NewUser, TxMode};
use crate::{Actor, AppError, Services};

pub const DEMO_PASSWORD: &str = "demo1234";
pub const DEMO_ADMIN: &str = "admin@demo.ly";
pub const DEMO_OWNER: &str = "owner@demo.ly";
pub const DEMO_CASHIER: &str = "cashier@demo.ly";
/// The Benghazi store's cashier (not on the login page's card).
pub const DEMO_BENGHAZI_CASHIER: &str = "benghazi@demo.ly";

/// The clock the seed moves: each step runs at the moment it stands for.
struct SeedClock(Mutex<NaiveDateTime>);

impl Clock for SeedClock {
    fn now(&self) -> NaiveDateTime {
        *self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

struct Seeder {
    services: Services,
    clock: Arc<SeedClock>,
    /// The real now: every step is some days and hours before it.
    now: NaiveDateTime,
}

impl Seeder {
    /// Moves the clock to `days` days and `hours` hours before now.
    fn at(&self, days: i64, hours: i64) {
        self.set(self.now - Duration::days(days) - Duration::hours(hours));
    }

    fn set(&self, when: NaiveDateTime) {
        *self.clock.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = when;
    }
}

/// The person a step is done as (a seed has no session).
fn acting(user_id: i64, role: Role, store_id: Option<i64>) -> Actor {
    Actor { user_id, role, store_id, session_id: "demo-seed".into(), key: None }
}

/// Seeds the demo data when there are no users yet; returns whether it did.
pub fn seed(services: &Services) -> Result<bool, AppError> {
    let empty = transaction(&*services.db, TxMode::Read, |repos| Ok(repos.user_emails()?.is_empty()))?;
    if !empty {
        return Ok(false);
    }
    let now = services.clock.now();
    let clock = Arc::new(SeedClock(Mutex::new(now)));
    let seeder = Seeder { services: Services { clock: clock.clone(), ..services.clone() }, clock, now };
    seeder.run()?;
    Ok(true)
}

/// The demo owner's loyalty settings: 1 point per LYD from a 5 LYD purchase; 100 points are
/// worth 5.000 LYD (the coffee's 50 points are worth 2.500 LYD), from 50 points.
fn demo_settings() -> SettingsChange {
    SettingsChange {
        rate: Some("1".into()),
        minimum_purchase: Some("5".into()),
        point_value: Some(Some("5".into())),
        min_redeem_points: Some(50),
        ..SettingsChange::default()
    }
}

/// Points expire a month after they are earned, since the owner said so 15 days ago (the points
/// earned before never expire): the nearest expiries fall two to four weeks ahead.
const EXPIRY_SINCE_DAYS: i64 = 15;

/// The days the demo owner's plan has left.
pub const PLAN_DAYS_LEFT: i64 = 25;

impl Seeder {
    fn run(&self) -> Result<(), AppError> {
        let s = &self.services;
        // The platform: its admin, its packages, a store owner on the business plan.
        self.at(160, 0);
        let admin = self.first_admin()?;
        let package = |name: &str, description: &str, price: &str, stores: i64, months: i64, features: &[&str]| {
            admin::create_package(
                s,
                &admin,
                PackageForm {
                    name: name.into(),
                    description: Some(description.into()),
                    price: Some(price.into()),
                    store_limit: Some(stores),
                    duration_months: Some(months),
                    features: features.iter().map(|f| (*f).to_owned()).collect(),
                    is_active: Some(true),
                },
            )
        };
        package(
            "أساسي",
            "لمتجر واحد يبدأ مع برنامج الولاء",
            "50",
            1,
            1,
            &["متجر واحد", "نقاط ومكافآت", "دعم عبر البريد"],
        )?;
        let business =
            package("أعمال", "لأصحاب عدة فروع", "250", 3, 6, &["حتى 3 متاجر", "رموز QR للتسجيل", "تقارير النشاط"])?;
        let enterprise =
            package("مؤسسات", "للسلاسل الكبيرة", "900", 10, 12, &["حتى 10 متاجر", "دعم ذو أولوية", "تحليلات متقدمة"])?;
        let owner = admin::create_user(
            s,
            &admin,
            UserForm {
                name: "خالد بن علي".into(),
                email: DEMO_OWNER.into(),
                password: Some(DEMO_PASSWORD.into()),
                role: Some(Role::StoreOwner.as_str().into()),
                store_owner_name: Some("محلات بن علي".into()),
                store_id: None,
                is_active: Some(true),
            },
        )?;
        // Six months that end in 25 days, so the expiration ribbon has something to say (up to
        // three days sooner where the month six months before is shorter: 31 August is reached
        // from 28 February).
        let plan_ends = self.now + Duration::days(PLAN_DAYS_LEFT);
        self.set(plan_ends.checked_sub_months(Months::new(6)).unwrap_or(plan_ends - Duration::days(182)));
        admin::assign_package(s, &admin, Some(owner.id), Some(business.id), false, None, PlanMode::Queue)?;
        let owner = acting(owner.id, Role::StoreOwner, None);

        // The owner's two stores, a cashier in each, the settings and the rewards.
        self.at(58, 0);
        let store = |name: &str, address: &str| {
            owner::create_store(
                s,
                &owner,
                StoreForm { name: name.into(), address: Some(address.into()), store_owner_id: None },
            )
        };
        let tripoli = store("بن علي - طرابلس", "شارع عمر المختار، طرابلس")?.id;
        let benghazi = store("بن علي - بنغازي", "شارع جمال عبد الناصر، بنغازي")?.id;
        let cashier = |name: &str, email: &str, store_id: i64| {
            let form = StaffForm {
                name: name.into(),
                email: email.into(),
                password: Some(DEMO_PASSWORD.into()),
                store_id: Some(store_id),
            };
            staff::create(s, &owner, form).map(|user| acting(user.id, Role::PosUser, Some(store_id)))
        };
        let tripoli_cashier = cashier("سالم الزوي", DEMO_CASHIER, tripoli)?;
        let benghazi_cashier = cashier("ريم الورفلي", DEMO_BENGHAZI_CASHIER, benghazi)?;
        owner::save_loyalty_settings(s, &owner, &demo_settings())?;
        self.at(50, 0);
        let reward = |name: &str, description: &str, kind: &str, points: i64, amount: &str| {
            let form = RewardForm {
                name: name.into(),
                description: Some(description.into()),
                reward_type: Some(kind.into()),
                points_required: Some(points),
                amount: Some(amount.into()),
                is_active: Some(true),
            };
            owner::create_reward(s, &owner, form).map(|r| r.id)
        };
        let coffee = reward("قهوة مجانية", "كوب قهوة عربية من المقهى", "prize", 50, "0")?;
        let discount = reward("خصم 10%", "خصم على الفاتورة التالية", "discount", 120, "10")?;
        reward("قسيمة 20 دينار", "قسيمة شراء بقيمة 20 د.ل", "cash", 250, "20")?;

        // Customers join over six weeks: the Tripoli ones at the cashier's counter, the
        // Benghazi ones through the owner. Then the sales and two redemptions, in time order.
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
        let mut customers = Vec::new();
        for (i, (store_id, name, phone, email)) in people.into_iter().enumerate() {
            let (by, counter) =
                if store_id == tripoli { (&tripoli_cashier, &tripoli_cashier) } else { (&owner, &benghazi_cashier) };
            self.at(45 - 4 * i as i64, 3);
            // The first customer's birthday is ten days after the seed (the owner gives points
            // on it): shown, and never given while a demo is looked at.
            let birthday = (i == 0).then(|| {
                let day = loyalty_domain::local_day::local_date(self.now) + Duration::days(10);
                format!("{:02}-{:02}", chrono::Datelike::month(&day), chrono::Datelike::day(&day))
            });
            let form = CustomerForm {
                name: name.into(),
                phone: phone.map(Into::into),
                email: email.map(Into::into),
                birthday: Some(birthday),
                loyalty_points: None,
                store_id: (by.role == Role::StoreOwner).then_some(store_id),
            };
            customers.push((customers::create(s, by, form, None)?.value.id, counter));
        }

        // (customer, total in LYD, days ago, hours ago); a reward redemption has no total.
        enum Step<'a> {
            Sale(usize, &'a str),
            Redeem(usize, i64),
            Expiry,
        }
        let mut steps = vec![
            (30, 2, Step::Sale(0, "85.500")),
            (18, 5, Step::Sale(0, "42.250")),
            (14, 1, Step::Sale(1, "120")),
            (9, 4, Step::Sale(2, "15.750")),
            (6, 3, Step::Sale(0, "63")),
            (4, 6, Step::Sale(3, "3.500")),
            (2, 2, Step::Sale(2, "210")),
            (1, 7, Step::Sale(1, "27.900")),
            (12, 1, Step::Sale(5, "95")),
            (3, 4, Step::Sale(6, "48.500")),
            (1, 2, Step::Sale(7, "33")),
            (0, 1, Step::Sale(0, "18.250")),
            (5, 1, Step::Redeem(0, coffee)),
            (1, 3, Step::Redeem(2, discount)),
            (EXPIRY_SINCE_DAYS, 0, Step::Expiry),
        ];
        // Oldest first; the invoice numbers follow the list's order, as a shop's paper book would.
        let numbers: Vec<usize> = (0..steps.len()).collect();
        let mut numbered: Vec<_> = steps.drain(..).zip(numbers).collect();
        numbered.sort_by_key(|((days, hours, _), _)| std::cmp::Reverse(days * 24 + hours));
        for ((days, hours, step), n) in numbered {
            self.at(days, hours);
            match step {
                Step::Sale(who, total) => {
                    let (customer_id, counter) = customers[who];
                    let sale = CreateInvoice {
                        customer_id: Some(customer_id),
                        walk_in: false,
                        store_id: None,
                        invoice_number: Some(format!("INV-{:04}", 1001 + n)),
                        total: Some(total.into()),
                    };
                    invoices::create(s, counter, sale, None)?;
                }
                Step::Redeem(who, reward_id) => {
                    let (customer_id, counter) = customers[who];
                    let request =
                        RedemptionRequest { customer_id: Some(customer_id), reward_id: Some(reward_id), points: None };
                    redemptions::create(s, counter, request, None)?;
                }
                Step::Expiry => {
                    let change = SettingsChange {
                        expiry_months: Some(Some(1)),
                        birthday_points: Some(50),
                        ..SettingsChange::default()
                    };
                    owner::save_loyalty_settings(s, &owner, &change)?;
                }
            }
        }

        // Two redemption cards the admin made ten days ago: one for the business plan that
        // expires in six months, one for the enterprise plan that never does.
        self.at(10, 0);
        let card = |code: &str, package_id: i64, expires: Option<NaiveDateTime>| {
            let form = CardForm {
                package_id: Some(package_id),
                code: Some(code.into()),
                expires_at: expires.map(|t| local_date(t).format("%Y-%m-%d").to_string()),
                notes: Some("بطاقة تجريبية".into()),
            };
            admin::create_card(s, &admin, form)
        };
        card("K7M2Q9XHT4WD", business.id, Some(self.now + Duration::days(180)))?;
        card("P3ZR8NFA6JLC", enterprise.id, None)?;
        Ok(())
    }

    /// The platform's first admin: nobody can add it through the admin's screens, so the seed
    /// writes it as `create_user` would.
    fn first_admin(&self) -> Result<Actor, AppError> {
        let s = &self.services;
        let email = Email::parse(DEMO_ADMIN).map_err(|_| AppError::Internal("the demo admin's email".into()))?;
        let password_hash = s.hasher.hash(DEMO_PASSWORD)?;
        let now = s.clock.now();
        let admin = transaction(&*s.db, TxMode::Write, |repos| {
            let user = NewUser {
                name: "نادية المقريف".into(),
                email: email.clone(),
                password_hash: password_hash.clone(),
                role: Role::Admin,
                store_owner_name: None,
                store_id: None,
                now,
            };
            Ok(repos.insert_user(user)?)
        })?;
        Ok(acting(admin.id, Role::Admin, None))
    }
}
