use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::auth::{self, LoginCommand, RegisterCommand};
use loyalty_application::Session;
use utoipa::OpenApi;

use super::{route, Visitor};
use crate::auth::Authenticated;
use crate::dto::{utc, AuthSession, AuthSessionEnvelope, LoginRequest, RegisterRequest, SignedInUserEnvelope};
use crate::error::ErrorBody;
use crate::json::ValidJson;
use crate::{ApiError, ErrorCode};

#[derive(OpenApi)]
#[openapi(paths(login, register, logout, current_user))]
pub struct AuthApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_login, _, _>(cfg, login);
    route::<__path_register, _, _>(cfg, register);
    route::<__path_logout, _, _>(cfg, logout);
    route::<__path_current_user, _, _>(cfg, current_user);
}

fn session_body(session: Session) -> AuthSessionEnvelope {
    AuthSessionEnvelope {
        data: AuthSession {
            token: session.token,
            token_type: "Bearer",
            expires_at: utc(session.expires_at),
            user: session.user.into(),
        },
    }
}

/// Sign in with email and password.
///
/// An unknown email and a wrong password get the same answer. Attempts are limited per client
/// address; wrong passwords per account and client address (so someone else's wrong passwords
/// do not lock the owner out), with a much higher ceiling per account.
#[utoipa::path(post, path = "/api/v1/auth/login", tag = "auth",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = AuthSessionEnvelope),
        (status = 401, description = "Invalid email or password", body = ErrorBody),
        (status = 403, description = "The account is deactivated", body = ErrorBody),
        (status = 422, description = "Email or password missing", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn login(visitor: Visitor, body: ValidJson<LoginRequest>) -> Result<HttpResponse, ApiError> {
    let ValidJson(LoginRequest { email, password }) = body;
    let (services, lang) = (visitor.services(), visitor.lang());
    let pending = visitor
        .clone()
        .read(move |services, client| auth::begin_login(services, LoginCommand { email, password, client }))
        .await?;
    // The hash runs on a hashing thread; this request waits for its answer holding no thread
    // (a flood of sign-ins queues there, not on the blocking pool the sales need: issue #37).
    let (answer, matched) = tokio::sync::oneshot::channel();
    services.hasher.verify_then(
        pending.password(),
        pending.hash(),
        Some(Box::new(move |matched| {
            let _ = answer.send(matched);
        })),
    );
    let matched = matched.await.map_err(|_| ApiError::new(ErrorCode::InternalError, lang))?;
    let session = visitor.run(move |services, _| auth::finish_login(services, pending, matched)).await?;
    Ok(HttpResponse::Ok().json(session_body(session)))
}

/// Sign up as a store owner and sign in.
#[utoipa::path(post, path = "/api/v1/auth/register", tag = "auth",
    request_body = RegisterRequest,
    responses(
        (status = 201, description = "Registered and signed in", body = AuthSessionEnvelope),
        (status = 422, description = "A field is missing or invalid, or the email is taken", body = ErrorBody),
        (status = 429, description = "Too many registrations from this address, or overall", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn register(visitor: Visitor, body: ValidJson<RegisterRequest>) -> Result<HttpResponse, ApiError> {
    let ValidJson(RegisterRequest { name, email, password, store_owner_name }) = body;
    let session = visitor
        .run(move |services, client| {
            auth::register(services, RegisterCommand { name, email, password, store_owner_name, client })
        })
        .await?;
    Ok(HttpResponse::Created().json(session_body(session)))
}

/// Sign out: the token stops working at once.
#[utoipa::path(post, path = "/api/v1/auth/logout", tag = "auth",
    responses(
        (status = 204, description = "Signed out"),
    ))]
async fn logout(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    caller.run(auth::logout).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/v1/auth/user", tag = "auth",
    responses(
        (status = 200, description = "The signed-in user and what they may do", body = SignedInUserEnvelope),
    ))]
async fn current_user(caller: Authenticated) -> HttpResponse {
    HttpResponse::Ok().json(SignedInUserEnvelope { data: caller.user.into() })
}
