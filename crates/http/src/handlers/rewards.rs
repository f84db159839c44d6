//! An owner's rewards, which apply in all its stores.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::{owner, pos};
use utoipa::OpenApi;

use super::{named_to_replace, route};
use crate::auth::Authenticated;
use crate::dto::{RewardEnvelope, RewardListPlain, RewardPatchRequest, RewardReplaceRequest, RewardRequest};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(list_rewards, create_reward, update_reward, patch_reward))]
pub struct RewardsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_rewards, _, _>(cfg, list_rewards);
    route::<__path_create_reward, _, _>(cfg, create_reward);
    route::<__path_update_reward, _, _>(cfg, update_reward);
    route::<__path_patch_reward, _, _>(cfg, patch_reward);
}

/// Rewards: the active ones of the store's owner for a POS user; all of its own for an owner.
#[utoipa::path(get, path = "/api/v1/rewards", tag = "sales",
    responses(
        (status = 200, description = "Rewards, cheapest first", body = RewardListPlain),
        (status = 403, description = "Role not allowed", body = ErrorBody),
    ))]
async fn list_rewards(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let rewards = caller.run(pos::rewards).await?;
    Ok(HttpResponse::Ok().json(RewardListPlain { data: rewards.into_iter().map(Into::into).collect() }))
}

fn reward_form(body: RewardRequest) -> owner::RewardForm {
    owner::RewardForm {
        name: body.name,
        description: body.description,
        reward_type: body.reward_type,
        points_required: body.points_required,
        amount: body.amount.map(|a| a.into_string()),
        is_active: body.is_active,
    }
}

/// Adds a reward (prize, discount 0-100 %, or cash) offered in all the owner's stores.
#[utoipa::path(post, path = "/api/v1/rewards", tag = "owner",
    request_body = RewardRequest,
    responses(
        (status = 409, description = "No plan in effect: no new reward until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 201, description = "Created", body = RewardEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn create_reward(caller: Authenticated, body: ValidJson<RewardRequest>) -> Result<HttpResponse, ApiError> {
    let form = reward_form(body.0);
    let reward = caller.run(move |services, actor| owner::create_reward(services, actor, form)).await?;
    Ok(HttpResponse::Created().json(RewardEnvelope { data: reward.into() }))
}

/// Replaces a reward: a full replacement, so the body names every field (`null` for no
/// description) and one leaving out `description`, `amount` or `is_active` is a 422 (to change
/// only some fields, such as switching it off, `PATCH`).
#[utoipa::path(put, path = "/api/v1/rewards/{id}", tag = "owner",
    params(("id" = i64, Path, description = "Reward id")),
    request_body = RewardReplaceRequest,
    responses(
        (status = 409, description = "No plan in effect: no reward switched back on until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 200, description = "Updated", body = RewardEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's rewards", body = ErrorBody),
        (status = 422, description = "Invalid or unknown fields, or `description`, `amount` or `is_active` left out", body = ErrorBody),
    ))]
async fn update_reward(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<RewardReplaceRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let RewardReplaceRequest { name, description, reward_type, points_required, amount, is_active } = body.0;
    let named =
        [("description", description.is_some()), ("amount", amount.is_some()), ("is_active", is_active.is_some())];
    named_to_replace(&named, caller.lang)?;
    let form = owner::RewardForm {
        name,
        description: description.flatten(),
        reward_type,
        points_required,
        amount: amount.flatten().map(|a| a.into_string()),
        is_active,
    };
    let reward = caller.run(move |services, actor| owner::update_reward(services, actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(RewardEnvelope { data: reward.into() }))
}

/// Changes only the fields the body names, as a JSON Merge Patch (RFC 7396): a field left out
/// stays as it is, `null` clears the description, a value replaces it. `{"is_active": false}`
/// switches the reward off (and `true` on again, with a plan in effect). Sent as
/// `application/merge-patch+json` (or `application/json`).
#[utoipa::path(patch, path = "/api/v1/rewards/{id}", tag = "owner",
    params(("id" = i64, Path, description = "Reward id")),
    request_body(content = RewardPatchRequest, content_type = "application/merge-patch+json"),
    responses(
        (status = 409, description = "No plan in effect: no reward switched back on until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 200, description = "Updated", body = RewardEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's rewards", body = ErrorBody),
        (status = 422, description = "Invalid or unknown fields", body = ErrorBody),
    ))]
async fn patch_reward(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<RewardPatchRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let RewardPatchRequest { name, description, reward_type, points_required, amount, is_active } = body.0;
    let patch = owner::RewardPatch {
        name,
        description,
        reward_type,
        points_required,
        // null: no amount, 0 (as a blank form sends it).
        amount: amount.map(|a| a.map(|a| a.into_string()).unwrap_or_default()),
        is_active,
    };
    let reward = caller.run(move |services, actor| owner::patch_reward(services, actor, id, patch)).await?;
    Ok(HttpResponse::Ok().json(RewardEnvelope { data: reward.into() }))
}
