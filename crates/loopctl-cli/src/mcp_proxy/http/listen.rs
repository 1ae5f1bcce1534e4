//! Where the HTTP proxy listens: `PORT`, `HOST:PORT` or `[v6]:PORT`, and the rule that a non-loopback address is a choice the operator makes out loud.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The `--http` value as written: a host (name or address) and a port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListenAddr {
    /// A host name, an IPv4 address or an IPv6 address without brackets.
    pub host: String,
    /// The TCP port; 0 lets the system choose one.
    pub port: u16,
}

impl ListenAddr {
    /// Reads `8080` (loopback), `localhost:8080`, `127.0.0.1:8080` or `[::1]:8080`.
    ///
    /// # Errors
    /// A value none of those forms, with the forms that would work.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let bad = || {
            format!(
                "`{text}` is not an address to listen on; write a port (8080), HOST:PORT (localhost:8080, 127.0.0.1:8080) or [IPv6]:PORT ([::1]:8080)"
            )
        };
        if let Ok(port) = text.parse::<u16>() {
            return Ok(Self {
                host: Ipv4Addr::LOCALHOST.to_string(),
                port,
            });
        }
        let (host, port) = if let Some(rest) = text.strip_prefix('[') {
            let (host, port) = rest.split_once("]:").ok_or_else(bad)?;
            host.parse::<std::net::Ipv6Addr>().map_err(|_| bad())?;
            (host, port)
        } else {
            let (host, port) = text.rsplit_once(':').ok_or_else(bad)?;
            // A bare IPv6 address has colons of its own: it needs brackets.
            if host.contains(':') {
                return Err(bad());
            }
            (host, port)
        };
        let port = port.parse::<u16>().map_err(|_| bad())?;
        if host.is_empty()
            || !host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-_:".contains(c))
        {
            return Err(bad());
        }
        Ok(Self {
            host: host.to_ascii_lowercase(),
            port,
        })
    }

    /// The addresses the host resolves to, loopback names included.
    ///
    /// # Errors
    /// A name that resolves to nothing.
    pub async fn resolve(&self) -> Result<Vec<SocketAddr>, String> {
        if let Ok(ip) = self.host.parse::<IpAddr>() {
            return Ok(vec![SocketAddr::new(ip, self.port)]);
        }
        let found: Vec<SocketAddr> = tokio::net::lookup_host((self.host.as_str(), self.port))
            .await
            .map_err(|error| format!("--http {self}: cannot resolve `{}`: {error}", self.host))?
            .collect();
        if found.is_empty() {
            return Err(format!(
                "--http {self}: `{}` resolves to no address",
                self.host
            ));
        }
        Ok(found)
    }
}

impl std::fmt::Display for ListenAddr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.host.contains(':') {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
    }
}

/// The clap value parser for `--http`.
pub(crate) fn parse_listen(text: &str) -> Result<ListenAddr, String> {
    ListenAddr::parse(text)
}

/// Whether every address is loopback: only then may the proxy listen
/// without `--allow-remote`. An unspecified address (`0.0.0.0`, `::`)
/// listens on every interface and is not loopback; an IPv4-mapped IPv6
/// address counts as what it maps.
pub(crate) fn all_loopback(addresses: &[SocketAddr]) -> bool {
    addresses.iter().all(|address| match address.ip() {
        IpAddr::V4(ip) => ip.is_loopback(),
        IpAddr::V6(ip) => ip
            .to_ipv4_mapped()
            .map_or_else(|| ip.is_loopback(), |v4| v4.is_loopback()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_forms_parse() {
        assert_eq!(
            ListenAddr::parse("8080").unwrap(),
            ListenAddr {
                host: "127.0.0.1".into(),
                port: 8080
            }
        );
        assert_eq!(ListenAddr::parse("localhost:9").unwrap().host, "localhost");
        assert_eq!(ListenAddr::parse("LocalHost:9").unwrap().host, "localhost");
        assert_eq!(ListenAddr::parse("0.0.0.0:80").unwrap().host, "0.0.0.0");
        let v6 = ListenAddr::parse("[::1]:8080").unwrap();
        assert_eq!((v6.host.as_str(), v6.port), ("::1", 8080));
        assert_eq!(v6.to_string(), "[::1]:8080");
    }

    #[test]
    fn what_is_not_an_address_is_refused_with_the_forms_that_work() {
        for bad in [
            "",
            ":80",
            "::1:80",
            "[::1]",
            "[nothost]:80",
            "host:",
            "host:65536",
            "host:-1",
            "a b:80",
            "http://localhost:80",
            "localhost:80/mcp",
            "[::1]80",
        ] {
            let error = ListenAddr::parse(bad).unwrap_err();
            assert!(error.contains("HOST:PORT"), "{bad}: {error}");
        }
    }

    #[test]
    fn only_loopback_addresses_count_as_local() {
        let parse = |text: &str| text.parse::<SocketAddr>().unwrap();
        assert!(all_loopback(&[parse("127.0.0.1:1"), parse("[::1]:1")]));
        assert!(all_loopback(&[parse("127.8.9.10:1")]));
        assert!(all_loopback(&[parse("[::ffff:127.0.0.1]:1")]));
        for remote in [
            "0.0.0.0:1",
            "[::]:1",
            "10.0.0.1:1",
            "[::ffff:10.0.0.1]:1",
            "[fe80::1]:1",
        ] {
            assert!(!all_loopback(&[parse(remote)]), "{remote}");
        }
        // A name that resolves to loopback and something else is not local.
        assert!(!all_loopback(&[
            parse("127.0.0.1:1"),
            parse("192.168.1.2:1")
        ]));
    }
}
