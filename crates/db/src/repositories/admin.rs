use chrono::{NaiveDate, NaiveDateTime};
use diesel::dsl::{count_star, sql};
use diesel::expression::SqlLiteral;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};
use loyalty_application::ports::{AdminRepo, CardFields, CardFilter, PackageFields, RepoResult};
use loyalty_application::{
    Card, CardStatus, DayFigures, Package, PageRequest, PersonRef, PlatformCounts, StoreRanking, StoreRef, User,
};
use loyalty_domain::{Money, Role};

use super::plans::{package as package_summary, PackageRow as PackageSummaryRow};
use super::users::{users_with_store, UserWithStore};
use super::{any_row, contains_pattern, limits, sandboxes, sql_lower};
use crate::pool::DbBackend;
use crate::schema::{
    customers, invoices, packages, points_ledger, redemption_cards, redemptions, store_days, stores, subscriptions,
    users,
};
use crate::tx::{map_error, map_unique, DbTx};

/// A package as the admin edits it.
#[derive(Queryable, Selectable)]
#[diesel(table_name = packages, check_for_backend(DbBackend))]
struct PackageRow {
    id: i64,
    name: String,
    description: Option<String>,
    price_dirhams: i64,
    store_limit: i32,
    duration_months: i32,
    features: String,
    is_active: bool,
    created_at: NaiveDateTime,
}

fn into_package(row: PackageRow) -> Package {
    Package {
        id: row.id,
        name: row.name,
        description: row.description,
        price: Money::from_dirhams(row.price_dirhams),
        store_limit: i64::from(row.store_limit),
        duration_months: i64::from(row.duration_months),
        features: row.features.lines().map(str::to_owned).filter(|f| !f.is_empty()).collect(),
        is_active: row.is_active,
        created_at: row.created_at,
    }
}

/// A card with its package and, once redeemed, who redeemed it.
#[derive(Queryable, Selectable)]
#[diesel(table_name = redemption_cards, check_for_backend(DbBackend))]
struct CardRow {
    id: i64,
    code: String,
    expires_at: Option<NaiveDateTime>,
    notes: Option<String>,
    redeemed_by: Option<i64>,
    redeemed_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
    #[diesel(embed)]
    package: PackageSummaryRow,
    #[diesel(embed)]
    redeemer: Option<RedeemerRow>,
}

/// The name and email of the person who redeemed a card.
#[derive(Queryable, Selectable)]
#[diesel(table_name = users, check_for_backend(DbBackend))]
struct RedeemerRow {
    name: String,
    email: String,
}

fn into_card(row: CardRow, now: NaiveDateTime) -> Card {
    let status = match (row.redeemed_by, row.expires_at) {
        (Some(_), _) => CardStatus::Redeemed,
        (None, Some(expiry)) if expiry <= now => CardStatus::Expired,
        _ => CardStatus::Available,
    };
    Card {
        id: row.id,
        code: row.code,
        package: package_summary(row.package),
        status,
        redeemed_by: row.redeemed_by.zip(row.redeemer).map(|(id, r)| (PersonRef { id, name: r.name }, r.email)),
        redeemed_at: row.redeemed_at,
        expires_at: row.expires_at,
        notes: row.notes,
        created_at: row.created_at,
    }
}

macro_rules! cards_joined {
    () => {
        redemption_cards::table
            .inner_join(packages::table)
            .left_join(users::table.on(redemption_cards::redeemed_by.eq(users::id.nullable())))
            .select(CardRow::as_select())
    };
}

/// The platform's totals over every store and day.
#[derive(Queryable, Selectable)]
#[diesel(table_name = store_days, check_for_backend(DbBackend))]
struct PlatformRow {
    #[diesel(select_expression = total("store_days.invoices"), select_expression_type = SqlLiteral<BigInt>)]
    invoices: i64,
    #[diesel(select_expression = total("store_days.revenue_dirhams"), select_expression_type = SqlLiteral<BigInt>)]
    revenue_dirhams: i64,
    #[diesel(select_expression = total("store_days.redemptions"), select_expression_type = SqlLiteral<BigInt>)]
    redemptions: i64,
}

/// One day's figures summed over the stores.
#[derive(Queryable, Selectable)]
#[diesel(table_name = store_days, check_for_backend(DbBackend))]
struct DayRow {
    day: NaiveDate,
    #[diesel(select_expression = total("store_days.invoices"), select_expression_type = SqlLiteral<BigInt>)]
    invoices: i64,
    #[diesel(select_expression = total("store_days.revenue_dirhams"), select_expression_type = SqlLiteral<BigInt>)]
    revenue_dirhams: i64,
    #[diesel(select_expression = total("store_days.points_issued"), select_expression_type = SqlLiteral<BigInt>)]
    points_issued: i64,
    #[diesel(select_expression = total("store_days.points_redeemed"), select_expression_type = SqlLiteral<BigInt>)]
    points_redeemed: i64,
    #[diesel(select_expression = total("store_days.points_expired"), select_expression_type = SqlLiteral<BigInt>)]
    points_expired: i64,
}

/// One store's sales summed over its days.
#[derive(Queryable, Selectable)]
#[diesel(table_name = store_days, check_for_backend(DbBackend))]
struct StoreSumRow {
    store_id: i64,
    #[diesel(select_expression = total("store_days.invoices"), select_expression_type = SqlLiteral<BigInt>)]
    invoices: i64,
    #[diesel(select_expression = total("store_days.revenue_dirhams"), select_expression_type = SqlLiteral<BigInt>)]
    revenue_dirhams: i64,
}

/// A store's name and its owner's.
#[derive(Queryable, Selectable)]
#[diesel(table_name = stores, check_for_backend(DbBackend))]
struct StoreOwnerRow {
    id: i64,
    name: String,
    #[diesel(select_expression = users::id)]
    owner_id: i64,
    #[diesel(select_expression = users::name)]
    owner_name: String,
}

macro_rules! cards_filtered {
    ($query:expr, $filter:expr, $now:expr) => {{
        let mut query = $query.into_boxed::<DbBackend>();
        if let Some(package_id) = $filter.package_id {
            query = query.filter(redemption_cards::package_id.eq(package_id));
        }
        match $filter.status {
            Some(CardStatus::Redeemed) => query = query.filter(redemption_cards::redeemed_by.is_not_null()),
            Some(CardStatus::Expired) => {
                query =
                    query.filter(redemption_cards::redeemed_by.is_null()).filter(redemption_cards::expires_at.le($now))
            }
            Some(CardStatus::Available) => {
                query = query
                    .filter(redemption_cards::redeemed_by.is_null())
                    .filter(redemption_cards::expires_at.is_null().or(redemption_cards::expires_at.gt($now)))
            }
            None => {}
        }
        query
    }};
}

/// `SUM(column)` as a BIGINT, 0 over no rows (PostgreSQL's SUM of BIGINT is NUMERIC).
fn total(column: &str) -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>(&format!("CAST(COALESCE(SUM({column}), 0) AS BIGINT)"))
}

impl AdminRepo for DbTx<'_> {
    fn list_users(
        &mut self,
        search: Option<&str>,
        role: Option<Role>,
        page: PageRequest,
    ) -> RepoResult<(Vec<User>, i64)> {
        macro_rules! filtered {
            ($query:expr) => {{
                let mut query = $query.filter(users::deleted_at.is_null()).into_boxed::<DbBackend>();
                if let Some(role) = role {
                    query = query.filter(users::role.eq(role.as_str()));
                }
                if let Some(search) = search {
                    let pattern = contains_pattern(&search.to_lowercase());
                    query = query.filter(
                        sql_lower(users::name)
                            .like(pattern.clone())
                            .escape('\\')
                            .or(users::email.like(pattern).escape('\\')),
                    );
                }
                query
            }};
        }
        let total: i64 = filtered!(users::table.select(count_star())).get_result(self.conn).map_err(map_error)?;
        let (limit, offset) = limits(page);
        let rows: Vec<UserWithStore> = filtered!(users_with_store!())
            .order(users::id.desc())
            .limit(limit)
            .offset(offset)
            .load(self.conn)
            .map_err(map_error)?;
        let users = rows.into_iter().map(|(user, store)| user.into_user(store)).collect::<RepoResult<Vec<_>>>()?;
        Ok((users, total))
    }

    fn store_has_history(&mut self, store_id: i64) -> RepoResult<bool> {
        any_row!(self.conn;
            customers::table.filter(customers::store_id.eq(store_id)),
            invoices::table.filter(invoices::store_id.eq(store_id)),
            redemptions::table.filter(redemptions::store_id.eq(store_id)),
        )
    }

    fn user_has_history(&mut self, user_id: i64) -> RepoResult<bool> {
        any_row!(self.conn;
            stores::table.filter(stores::owner_id.eq(user_id)).filter(stores::deleted_at.is_null()),
            subscriptions::table.filter(subscriptions::store_owner_id.eq(user_id)),
            invoices::table.filter(invoices::pos_user_id.eq(user_id)),
            redemptions::table.filter(redemptions::pos_user_id.eq(user_id)),
            points_ledger::table.filter(points_ledger::actor_id.eq(user_id)),
        )
    }

    fn hide_store(&mut self, store_id: i64, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(stores::table.find(store_id))
            .set((stores::deleted_at.eq(now), stores::updated_at.eq(now)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn list_packages(&mut self, active_only: bool) -> RepoResult<Vec<Package>> {
        let mut query = packages::table.select(PackageRow::as_select()).order(packages::id).into_boxed::<DbBackend>();
        if active_only {
            query = query.filter(packages::is_active.eq(true));
        }
        let rows: Vec<PackageRow> = query.load(self.conn).map_err(map_error)?;
        Ok(rows.into_iter().map(into_package).collect())
    }

    fn package_by_id(&mut self, id: i64) -> RepoResult<Option<Package>> {
        let row: Option<PackageRow> =
            packages::table.find(id).select(PackageRow::as_select()).first(self.conn).optional().map_err(map_error)?;
        Ok(row.map(into_package))
    }

    fn insert_package(&mut self, p: &PackageFields, now: NaiveDateTime) -> RepoResult<i64> {
        diesel::insert_into(packages::table)
            .values((PackageValues::of(p, now), packages::created_at.eq(now)))
            .returning(packages::id)
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn update_package(&mut self, id: i64, p: &PackageFields, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(packages::table.find(id))
            .set(PackageValues::of(p, now))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn package_in_use(&mut self, id: i64) -> RepoResult<bool> {
        any_row!(self.conn;
            subscriptions::table.filter(subscriptions::package_id.eq(id)),
            redemption_cards::table.filter(redemption_cards::package_id.eq(id)),
        )
    }

    fn delete_package(&mut self, id: i64) -> RepoResult<()> {
        diesel::delete(packages::table.find(id)).execute(self.conn).map_err(map_error)?;
        Ok(())
    }

    fn list_cards(
        &mut self,
        filter: &CardFilter,
        page: PageRequest,
        now: NaiveDateTime,
    ) -> RepoResult<(Vec<Card>, i64)> {
        let total: i64 = cards_filtered!(redemption_cards::table.select(count_star()), filter, now)
            .get_result(self.conn)
            .map_err(map_error)?;
        let (limit, offset) = limits(page);
        let rows: Vec<CardRow> = cards_filtered!(cards_joined!(), filter, now)
            .order(redemption_cards::id.desc())
            .limit(limit)
            .offset(offset)
            .load(self.conn)
            .map_err(map_error)?;
        Ok((rows.into_iter().map(|r| into_card(r, now)).collect(), total))
    }

    fn card_by_id(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<Option<Card>> {
        let row: Option<CardRow> =
            cards_joined!().filter(redemption_cards::id.eq(id)).first(self.conn).optional().map_err(map_error)?;
        Ok(row.map(|r| into_card(r, now)))
    }

    fn insert_card(&mut self, c: &CardFields, now: NaiveDateTime) -> RepoResult<i64> {
        diesel::insert_into(redemption_cards::table)
            .values((
                redemption_cards::code.eq(&c.code),
                redemption_cards::package_id.eq(c.package_id),
                redemption_cards::expires_at.eq(c.expires_at),
                redemption_cards::notes.eq(&c.notes),
                redemption_cards::created_at.eq(now),
                redemption_cards::updated_at.eq(now),
            ))
            .returning(redemption_cards::id)
            .get_result(self.conn)
            .map_err(map_unique("redemption_cards.code"))
    }

    fn update_card(&mut self, id: i64, c: &CardFields, now: NaiveDateTime) -> RepoResult<bool> {
        let changed = diesel::update(redemption_cards::table.find(id).filter(redemption_cards::redeemed_by.is_null()))
            .set((
                redemption_cards::code.eq(&c.code),
                redemption_cards::package_id.eq(c.package_id),
                redemption_cards::expires_at.eq(c.expires_at),
                redemption_cards::notes.eq(&c.notes),
                redemption_cards::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map_err(map_unique("redemption_cards.code"))?;
        Ok(changed == 1)
    }

    fn delete_card(&mut self, id: i64) -> RepoResult<bool> {
        let deleted = diesel::delete(redemption_cards::table.find(id).filter(redemption_cards::redeemed_by.is_null()))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(deleted == 1)
    }

    fn platform_counts(&mut self) -> RepoResult<PlatformCounts> {
        let users: i64 = users::table
            .filter(users::deleted_at.is_null())
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)?;
        let stores: i64 = stores::table
            .filter(stores::deleted_at.is_null())
            .filter(stores::is_sandbox.eq(false))
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)?;
        let sums: PlatformRow = store_days::table
            .filter(store_days::store_id.ne_all(sandboxes!()))
            .select(PlatformRow::as_select())
            .get_result(self.conn)
            .map_err(map_error)?;
        Ok(PlatformCounts {
            users,
            stores,
            transactions: sums.invoices + sums.redemptions,
            revenue: Money::from_dirhams(sums.revenue_dirhams),
        })
    }

    fn daily_figures(&mut self, stores: Option<&[i64]>, from: NaiveDate) -> RepoResult<Vec<DayFigures>> {
        let mut query = store_days::table
            .filter(store_days::day.ge(from))
            .group_by(store_days::day)
            .select(DayRow::as_select())
            .order(store_days::day)
            .into_boxed::<DbBackend>();
        match stores {
            Some(ids) => query = query.filter(store_days::store_id.eq_any(ids.to_vec())),
            None => query = query.filter(store_days::store_id.ne_all(sandboxes!())),
        }
        let rows: Vec<DayRow> = query.load(self.conn).map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|row| DayFigures {
                day: row.day,
                invoices: row.invoices,
                revenue: Money::from_dirhams(row.revenue_dirhams),
                points_issued: row.points_issued,
                points_redeemed: row.points_redeemed,
                points_expired: row.points_expired,
            })
            .collect())
    }

    fn top_stores(&mut self, from: NaiveDate, limit: i64) -> RepoResult<Vec<StoreRanking>> {
        // Sums each store's days first, then joins the few stores and owners.
        let sums: Vec<StoreSumRow> = store_days::table
            .filter(store_days::day.ge(from))
            .filter(store_days::store_id.ne_all(sandboxes!()))
            .group_by(store_days::store_id)
            .having(sql::<Bool>("SUM(store_days.invoices) > 0"))
            .select(StoreSumRow::as_select())
            .load(self.conn)
            .map_err(map_error)?;
        let ids: Vec<i64> = sums.iter().map(|s| s.store_id).collect();
        let names: Vec<StoreOwnerRow> = stores::table
            .inner_join(users::table.on(users::id.eq(stores::owner_id)))
            .filter(stores::id.eq_any(&ids))
            .select(StoreOwnerRow::as_select())
            .load(self.conn)
            .map_err(map_error)?;
        let mut ranking: Vec<StoreRanking> = sums
            .into_iter()
            .filter_map(|sum| {
                let store = names.iter().find(|n| n.id == sum.store_id)?;
                Some(StoreRanking {
                    store: StoreRef { id: store.id, name: store.name.clone() },
                    owner: PersonRef { id: store.owner_id, name: store.owner_name.clone() },
                    invoices: sum.invoices,
                    revenue: Money::from_dirhams(sum.revenue_dirhams),
                })
            })
            .collect();
        ranking.sort_by(|a, b| b.revenue.dirhams().cmp(&a.revenue.dirhams()).then(a.store.id.cmp(&b.store.id)));
        ranking.truncate(usize::try_from(limit.clamp(1, 100)).unwrap_or(100));
        Ok(ranking)
    }
}

/// What the package form writes, on insert and on update alike (a cleared description is
/// written as NULL, not skipped).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = packages, treat_none_as_null = true)]
struct PackageValues<'a> {
    name: &'a str,
    description: Option<&'a str>,
    price_dirhams: i64,
    store_limit: i32,
    duration_months: i32,
    features: String,
    is_active: bool,
    updated_at: NaiveDateTime,
}

impl<'a> PackageValues<'a> {
    fn of(p: &'a PackageFields, now: NaiveDateTime) -> Self {
        PackageValues {
            name: &p.name,
            description: p.description.as_deref(),
            price_dirhams: p.price.dirhams(),
            store_limit: i32::try_from(p.store_limit).unwrap_or(i32::MAX),
            duration_months: i32::try_from(p.duration_months).unwrap_or(i32::MAX),
            features: p.features.join("\n"),
            is_active: p.is_active,
            updated_at: now,
        }
    }
}
