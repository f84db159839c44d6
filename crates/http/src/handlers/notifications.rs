//! The bell: the caller's notifications and marking them read (issue #35, item 5).

use actix_web::{web, HttpResponse};
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{NotificationList, ReadNotificationsRequest};
use crate::error::ErrorBody;
use crate::json::ValidJson;
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(paths(list_notifications, read_notifications))]
pub struct NotificationsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_notifications, _, _>(cfg, list_notifications);
    route::<__path_read_notifications, _, _>(cfg, read_notifications);
}

/// The caller's notifications, newest first, and how many are unread (the bell's count). A
/// store owner's: fraud signals waiting for review (a signal reviewed leaves the list), the plan
/// ending within 14 days with auto-renew off and nothing queued after it, customers imported in
/// the last 7 days, and webhook endpoints whose deliveries gave up in the last 7 days or are
/// still failing after 3 attempts (once a day while they fail). Cashiers and the admin have
/// none yet (an empty list).
#[utoipa::path(get, path = "/api/v1/notifications", tag = "auth",
    responses(
        (status = 200, description = "The notifications", body = NotificationList),
    ))]
async fn list_notifications(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    use loyalty_application::use_cases::notifications;
    let found = caller.read(notifications::list).await?;
    Ok(HttpResponse::Ok().json(NotificationList::of(found, caller.lang)))
}

/// Marks notifications read by their keys (again is no change; a key not in the list is kept
/// as read for when it appears), and answers the list as it is now.
#[utoipa::path(post, path = "/api/v1/notifications/read", tag = "auth",
    request_body = ReadNotificationsRequest,
    responses(
        (status = 200, description = "The notifications, those marked read", body = NotificationList),
        (status = 422, description = "No key, more than 100, or an empty or overlong one", body = ErrorBody),
    ))]
async fn read_notifications(
    caller: Authenticated,
    body: ValidJson<ReadNotificationsRequest>,
) -> Result<HttpResponse, ApiError> {
    use loyalty_application::use_cases::notifications;
    let keys = body.0.keys;
    let found = caller.run(move |services, actor| notifications::mark_read(services, actor, keys)).await?;
    Ok(HttpResponse::Ok().json(NotificationList::of(found, caller.lang)))
}
