use std::future::{ready, Ready};

use actix_web::{dev::Payload, http::header, FromRequest, HttpRequest};

/// The language of messages, from `Accept-Language`: Arabic when it asks for Arabic first,
/// English otherwise (and when absent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    Ar,
    #[default]
    En,
}

impl Lang {
    pub fn from_request(req: &HttpRequest) -> Lang {
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map(Lang::from_header)
            .unwrap_or_default()
    }

    /// Picks the highest-weighted of `ar` and `en`; the first listed wins a tie.
    pub fn from_header(value: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for part in value.split(',') {
            let mut pieces = part.trim().split(';');
            let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            let weight =
                pieces.find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.parse::<f32>().ok())).unwrap_or(1.0);
            let lang = match tag.split('-').next() {
                Some("ar") => Lang::Ar,
                Some("en") => Lang::En,
                _ => continue,
            };
            if best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, lang));
            }
        }
        best.map(|(_, lang)| lang).unwrap_or_default()
    }
}

impl FromRequest for Lang {
    type Error = actix_web::Error;
    type Future = Ready<Result<Lang, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Lang::from_request(req)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_language() {
        assert_eq!(Lang::from_header("ar"), Lang::Ar);
        assert_eq!(Lang::from_header("ar-LY,ar;q=0.9,en;q=0.8"), Lang::Ar);
        assert_eq!(Lang::from_header("en-US,en;q=0.9,ar;q=0.8"), Lang::En);
        assert_eq!(Lang::from_header("fr-FR,ar;q=0.5"), Lang::Ar);
        assert_eq!(Lang::from_header("en;q=0.1, ar;q=0.9"), Lang::Ar);
        assert_eq!(Lang::from_header("fr"), Lang::En);
        assert_eq!(Lang::from_header(""), Lang::En);
    }
}
