//! What a sale consults beside its customer: the owner's tier ladder, its stores' stamp cards
//! and which events its webhook endpoints take. They change rarely and a sale reads all three,
//! so each instance keeps them in memory per owner (issue #38's bench row 9d, issue #37 item 5).
//!
//! The key is the owner's `programs_version`, which the sale reads with the owner's settings
//! in the statement it runs anyway (`Repos::sale_settings`). Database triggers move the version
//! on every change of those rows (migration `2026-11-28-000010_programs_version`), whoever
//! writes them and on whichever instance, so an entry is never served for a version it was
//! not loaded at or after. The versions only grow: a sale that read version `v` and loads
//! finds content at least as new as `v`'s.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};

use loyalty_domain::tiers::TierLadder;

use crate::ports::Repos;
use crate::{AppError, Mode, StoreStampCard, WebhookEventType};

/// Entries kept at most: past it the cache starts again (each owner's next sale loads its own
/// again; three short reads).
const MAX_OWNERS: usize = 20_000;

/// One owner's programs at one version.
#[derive(Debug, Default)]
pub struct OwnerPrograms {
    pub ladder: TierLadder,
    cards: HashMap<i64, StoreStampCard>,
    subscriptions: HashSet<(Mode, WebhookEventType)>,
}

impl OwnerPrograms {
    /// Reads them (three statements).
    fn load(repos: &mut dyn Repos, owner_id: i64) -> Result<Self, AppError> {
        Ok(Self {
            ladder: repos.loyalty_tiers(owner_id)?,
            cards: repos.owner_stamp_cards(owner_id)?.into_iter().map(|c| (c.store_id, c)).collect(),
            subscriptions: repos.webhook_subscriptions(owner_id)?.into_iter().collect(),
        })
    }

    /// The store's stamp card, if it has one.
    pub fn stamp_card(&self, store_id: i64) -> Option<&StoreStampCard> {
        self.cards.get(&store_id)
    }

    /// Whether some endpoint of `mode` takes `event` (and so the event is to be written).
    pub fn subscribed(&self, mode: Mode, event: WebhookEventType) -> bool {
        self.subscriptions.contains(&(mode, event))
    }
}

/// The instance's entries: owner -> (version, programs).
#[derive(Debug, Default)]
pub struct ProgramsCache {
    entries: RwLock<HashMap<i64, (i64, Arc<OwnerPrograms>)>>,
}

impl ProgramsCache {
    /// The owner's programs at `version` (as the caller's transaction just read it): kept, or
    /// read in that transaction and kept.
    pub(crate) fn get(
        &self,
        repos: &mut dyn Repos,
        owner_id: i64,
        version: i64,
    ) -> Result<Arc<OwnerPrograms>, AppError> {
        if let Ok(entries) = self.entries.read() {
            if let Some((kept, programs)) = entries.get(&owner_id) {
                if *kept == version {
                    return Ok(programs.clone());
                }
            }
        }
        let programs = Arc::new(OwnerPrograms::load(repos, owner_id)?);
        if let Ok(mut entries) = self.entries.write() {
            // A slower sale that read an older version does not replace a newer entry.
            let newer = entries.get(&owner_id).is_some_and(|(kept, _)| *kept > version);
            if !newer {
                if entries.len() >= MAX_OWNERS && !entries.contains_key(&owner_id) {
                    entries.clear();
                }
                entries.insert(owner_id, (version, programs.clone()));
            }
        }
        Ok(programs)
    }
}
