//! The built web app (`web/dist`): hashed assets cached for a year, every other path served
//! `index.html` so the client router takes over. An asset the build compressed ahead (`.br`,
//! `.gz` beside it, at their best levels) is sent as it is to a browser that takes it: smaller
//! than the server's own on-the-fly compression (fast levels) and no work per request.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, Service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, AcceptEncoding, CacheControl, CacheDirective, ContentEncoding, Encoding, Header};
use actix_web::{web, HttpResponse};

/// The compressed forms the build writes beside an asset, best first: the encoding, as the
/// request names it, and the file's suffix.
fn precompressed_forms() -> [(ContentEncoding, Encoding, &'static str); 2] {
    [(ContentEncoding::Brotli, Encoding::brotli(), "br"), (ContentEncoding::Gzip, Encoding::gzip(), "gz")]
}

/// The asset's compressed form the request accepts, if the build wrote one: the file to send, its
/// encoding and the asset's own type. Only a plain file name directly under `assets` is looked
/// up (no separators, no dot files), so no request reaches outside the directory.
fn precompressed(assets: &Path, req: &ServiceRequest) -> Option<(PathBuf, ContentEncoding, actix_web::mime::Mime)> {
    let name = req.match_info().unprocessed().trim_start_matches('/');
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'~'));
    if !plain {
        return None;
    }
    let accepted = AcceptEncoding::parse(req).ok()?;
    let forms = precompressed_forms();
    let chosen = accepted.negotiate(forms.iter().map(|(_, offered, _)| offered))?;
    let (encoding, _, suffix) = forms.iter().find(|(_, offered, _)| *offered == chosen)?;
    let file = assets.join(format!("{name}.{suffix}"));
    let extension = Path::new(name).extension()?.to_str()?;
    file.is_file().then(|| (file, *encoding, actix_files::file_extension_to_mime(extension)))
}

/// What the assets' scope does with a request.
enum Next<F> {
    /// Not served (a source map).
    Missing,
    /// The asset's compressed form, sent as it is.
    File(ServiceRequest, (PathBuf, ContentEncoding, actix_web::mime::Mime)),
    /// The files service (and the server's own compression).
    Call(F),
}

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
                .wrap_fn({
                    let assets = web_dir.join("assets");
                    move |req, srv| {
                        let next = if req.path().ends_with(".map") {
                            // Source maps are for developers, not the public.
                            Next::Missing
                        } else if let Some(found) = precompressed(&assets, &req) {
                            Next::File(req, found)
                        } else {
                            Next::Call(srv.call(req))
                        };
                        async move {
                            let mut res = match next {
                                Next::Missing => return Err(actix_web::error::ErrorNotFound("not found")),
                                Next::Call(call) => call.await?,
                                Next::File(req, (file, encoding, mime)) => {
                                    let (req, _) = req.into_parts();
                                    let file = NamedFile::open_async(&file).await?;
                                    let res =
                                        file.set_content_type(mime).set_content_encoding(encoding).into_response(&req);
                                    ServiceResponse::new(req, res)
                                }
                            };
                            // An asset's body depends on the encodings the request accepts.
                            if res.status().is_success() {
                                res.headers_mut()
                                    .insert(header::VARY, header::HeaderValue::from_static("accept-encoding"));
                            }
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
