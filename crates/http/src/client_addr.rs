//! The client's address, as the limits and the access log see it.
//!
//! Behind a load balancer every request comes from the balancer's address, so the client is
//! read from `Forwarded` (RFC 7239) or `X-Forwarded-For`, but only when the peer is a trusted
//! proxy (`LOYALTY_TRUSTED_PROXIES`): anyone else could write any address there. The chain is
//! read from the right, where the nearest proxies appended what they saw; the first address
//! that is not a trusted proxy is the client. With no trusted proxies (the default) the headers
//! are ignored and the client is the peer.

use std::net::IpAddr;

use actix_web::http::header::HeaderMap;
use ipnet::IpNet;

/// The proxies whose forwarding headers are believed: addresses and CIDR ranges.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// `10.0.0.5`, `10.0.0.0/8`, `::1`, `fd00::/8`; anything else is an error naming it.
    pub fn parse<S: AsRef<str>>(entries: &[S]) -> Result<Self, String> {
        let mut nets = Vec::new();
        for entry in entries.iter().map(|e| e.as_ref().trim()).filter(|e| !e.is_empty()) {
            let net = match entry.parse::<IpNet>() {
                Ok(net) => net.trunc(),
                Err(_) => entry
                    .parse::<IpAddr>()
                    .map(IpNet::from)
                    .map_err(|_| format!("{entry} is not an address or a CIDR range like 10.0.0.0/8 or fd00::/8"))?,
            };
            nets.push(net);
        }
        Ok(Self(nets))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn trusts(&self, address: IpAddr) -> bool {
        let address = canonical(address);
        self.0.iter().any(|net| net.contains(&address))
    }

    /// The client of a request that came from `peer` with `headers`.
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        let peer = canonical(peer?);
        if !self.trusts(peer) {
            return Some(peer);
        }
        // `Forwarded` when present (the standard), else `X-Forwarded-For`; every line of it,
        // in order.
        let hops: Vec<Option<IpAddr>> = if headers.contains_key("forwarded") {
            headers
                .get_all("forwarded")
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(forwarded_for)
                .collect()
        } else {
            headers
                .get_all("x-forwarded-for")
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(|hop| parse_hop(hop.trim()))
                .collect()
        };
        let mut client = peer;
        for hop in hops.into_iter().rev() {
            match hop {
                // A trusted proxy wrote this one: keep walking left.
                Some(address) if self.trusts(address) => client = address,
                Some(address) => return Some(address),
                // Not an address (`unknown`, an obfuscated name, garbage): nothing to the left of
                // it can be believed; the last proxy seen is the best answer.
                None => return Some(client),
            }
        }
        Some(client)
    }
}

/// An IPv4 address written as IPv6 (`::ffff:10.0.0.5`) is the IPv4 address.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

/// The `for=` of one element of `Forwarded` (`for=192.0.2.60;proto=https`, `for="[2001:db8::1]:4711"`).
fn forwarded_for(element: &str) -> Option<IpAddr> {
    element.split(';').find_map(|pair| {
        let (name, value) = pair.split_once('=')?;
        name.trim().eq_ignore_ascii_case("for").then(|| parse_hop(value.trim().trim_matches('"')))?
    })
}

/// One hop: `192.0.2.60`, `192.0.2.60:8080`, `2001:db8::1`, `[2001:db8::1]:4711`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(address) = hop.parse::<IpAddr>() {
        return Some(canonical(address));
    }
    if let Some(rest) = hop.strip_prefix('[') {
        return rest.split_once(']').and_then(|(v6, _)| v6.parse().ok()).map(canonical);
    }
    let (host, port) = hop.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    host.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};

    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(HeaderName::from_static(name), HeaderValue::from_static(value));
        }
        map
    }

    fn ip(s: &str) -> Option<IpAddr> {
        s.parse().ok()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let none = TrustedProxies::default();
        let h = headers(&[("x-forwarded-for", "198.51.100.7"), ("forwarded", "for=198.51.100.8")]);
        assert_eq!(none.client(ip("203.0.113.9"), &h), ip("203.0.113.9"));
        let lb = TrustedProxies::parse(&["10.0.0.0/8"]).unwrap_or_default();
        assert_eq!(lb.client(ip("203.0.113.9"), &h), ip("203.0.113.9"), "only the balancer is believed");
    }

    #[test]
    fn behind_trusted_proxies_the_rightmost_untrusted_hop_is_the_client() {
        let lb = TrustedProxies::parse(&["10.0.0.0/8", "127.0.0.1"]).unwrap_or_default();
        // The client sent a made-up address; the balancer appended the real one.
        let h = headers(&[("x-forwarded-for", "1.2.3.4, 198.51.100.7")]);
        assert_eq!(lb.client(ip("10.1.2.3"), &h), ip("198.51.100.7"));
        // Two proxies of ours in a row, on two header lines.
        let h = headers(&[("x-forwarded-for", "1.2.3.4, 198.51.100.7"), ("x-forwarded-for", "10.9.9.9")]);
        assert_eq!(lb.client(ip("127.0.0.1"), &h), ip("198.51.100.7"));
        // No header: the proxy itself.
        assert_eq!(lb.client(ip("10.1.2.3"), &HeaderMap::new()), ip("10.1.2.3"));
        // Every hop ours: the leftmost.
        let h = headers(&[("x-forwarded-for", "10.0.0.1")]);
        assert_eq!(lb.client(ip("10.1.2.3"), &h), ip("10.0.0.1"));
        // Garbage stops the walk at the last proxy.
        let h = headers(&[("x-forwarded-for", "1.2.3.4, nonsense")]);
        assert_eq!(lb.client(ip("10.1.2.3"), &h), ip("10.1.2.3"));
    }

    #[test]
    fn forwarded_wins_over_x_forwarded_for_and_reads_every_form() {
        let lb = TrustedProxies::parse(&["10.0.0.0/8", "::1"]).unwrap_or_default();
        let h = headers(&[
            ("x-forwarded-for", "198.51.100.1"),
            ("forwarded", "for=1.2.3.4, for=\"[2001:db8::7]:4711\";proto=https"),
        ]);
        assert_eq!(lb.client(ip("10.0.0.2"), &h), ip("2001:db8::7"));
        let h = headers(&[("forwarded", "proto=https;For=\"198.51.100.9:8080\"")]);
        assert_eq!(lb.client(ip("::1"), &h), ip("198.51.100.9"));
        let h = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(lb.client(ip("10.0.0.2"), &h), ip("10.0.0.2"));
    }

    #[test]
    fn ipv4_written_as_ipv6_is_ipv4() {
        let lb = TrustedProxies::parse(&["10.0.0.0/8"]).unwrap_or_default();
        let h = headers(&[("x-forwarded-for", "::ffff:198.51.100.7")]);
        assert_eq!(lb.client(ip("::ffff:10.0.0.2"), &h), ip("198.51.100.7"));
    }

    #[test]
    fn bad_entries_are_named() {
        assert_eq!(TrustedProxies::parse(&[" 10.0.0.0/8 ", "", "::1"]).map(|p| p.0.len()), Ok(2));
        let error = TrustedProxies::parse(&["10.0.0.0/33"]).err().unwrap_or_default();
        assert!(error.starts_with("10.0.0.0/33 is not"), "{error}");
        assert!(TrustedProxies::parse(&["balancer.local"]).is_err());
    }
}
