//! The built web app (`web/dist`): hashed assets cached for a year, every other path served
//! `index.html` so the client router takes over.

use std::path::PathBuf;

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, Service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, CacheControl, CacheDirective};
use actix_web::{web, HttpResponse};

pub fn configure(web_dir: PathBuf) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        let index = web_dir.join("index.html");
        if !index.is_file() {
            tracing::warn!(dir = %web_dir.display(), "web app not built; serving the API only");
            cfg.default_service(web::to(|| async {
                HttpResponse::NotFound()
                    .content_type("text/plain; charset=utf-8")
                    .body("The web app is not built. Run `just build-web`.")
            }));
            return;
        }
        cfg.service(
            web::scope("/assets")
                .wrap_fn(|req, srv| {
                    let source_map = req.path().ends_with(".map");
                    let call = (!source_map).then(|| srv.call(req));
                    async move {
                        let Some(call) = call else {
                            // Source maps are for developers, not the public.
                            return Err(actix_web::error::ErrorNotFound("not found"));
                        };
                        let mut res = call.await?;
                        // Hashed names never change content; a miss must not be kept for a year.
                        let value = if res.status().is_success() {
                            CacheControl(vec![
                                CacheDirective::Public,
                                CacheDirective::MaxAge(31_536_000),
                                CacheDirective::Extension("immutable".into(), None),
                            ])
                        } else {
                            CacheControl(vec![CacheDirective::NoStore])
                        };
                        res.headers_mut().insert(
                            header::CACHE_CONTROL,
                            header::HeaderValue::from_str(&value.to_string())
                                .unwrap_or(header::HeaderValue::from_static("no-store")),
                        );
                        Ok(res)
                    }
                })
                .service(Files::new("/", web_dir.join("assets"))),
        );
        cfg.service(Files::new("/", web_dir).index_file("index.html").default_handler(fn_service(
            move |req: ServiceRequest| {
                let index = index.clone();
                async move {
                    let (req, _) = req.into_parts();
                    let file = NamedFile::open_async(&index).await?;
                    let mut res = file.into_response(&req);
                    res.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-cache"));
                    Ok(ServiceResponse::new(req, res))
                }
            },
        )));
    }
}
