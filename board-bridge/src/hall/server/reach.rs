//! The address a seat's link names, so that a player's phone on the hall's network can use it.
//! The arbiter often opens the hall page on the bridge's own machine, as `127.0.0.1` or
//! `localhost`: a code naming that host sends a phone to itself. When the bridge listens
//! beyond loopback, such a host is replaced by the machine's address on the local network;
//! when it listens on loopback only, no phone can reach it whatever the code says, and the
//! hall page says so.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, SocketAddrV4};

use nix::net::if_::InterfaceFlags;

/// Whether the bridge listening on `listen` answers this machine only.
pub(super) fn loopback_only(listen: SocketAddr) -> bool {
    listen.ip().is_loopback()
}

/// The host (with its port) a seat's link names: `asked`, the Host the arbiter's browser
/// used, unless it is loopback while the bridge listens beyond it; then the listen address
/// when it is a specific one, else `lan()`, the machine's address on the local network (the
/// host asked is kept when there is none).
pub(super) fn link_host(
    listen: SocketAddr,
    asked: Option<&str>,
    lan: impl FnOnce() -> Option<Ipv4Addr>,
) -> String {
    let asked = asked.map_or_else(|| crate::keys::shown_host(listen), str::to_owned);
    if loopback_only(listen) || !names_loopback(&asked) {
        return asked;
    }
    let ip = if listen.ip().is_unspecified() {
        match lan() {
            Some(ip) => IpAddr::V4(ip),
            None => return asked,
        }
    } else {
        listen.ip()
    };
    SocketAddr::new(ip, listen.port()).to_string()
}

/// Whether a Host header (`name:port`, `[v6]:port`) names this machine's loopback.
fn names_loopback(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or_default(),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    let name = name.to_ascii_lowercase();
    name == "localhost"
        || name.ends_with(".localhost")
        || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// The machine's first IPv4 address on an interface that is up and not loopback.
pub(super) fn lan_ipv4() -> Option<Ipv4Addr> {
    nix::ifaddrs::getifaddrs().ok()?.find_map(|a| {
        let up = a.flags.contains(InterfaceFlags::IFF_UP)
            && !a.flags.contains(InterfaceFlags::IFF_LOOPBACK);
        let v4 = a.address.as_ref()?.as_sockaddr_in().copied()?;
        up.then(|| *SocketAddrV4::from(v4).ip())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAN: Ipv4Addr = Ipv4Addr::new(192, 168, 1, 20);

    fn listen(text: &str) -> SocketAddr {
        text.parse().expect("an address")
    }

    /// The host a link names, the machine being on the hall's network as [`LAN`].
    fn named(on: &str, asked: &str) -> String {
        link_host(listen(on), Some(asked), || Some(LAN))
    }

    #[test]
    fn a_loopback_host_becomes_the_machines_lan_address_when_the_bridge_listens_on_all() {
        for asked in [
            "127.0.0.1:8080",
            "localhost:8080",
            "[::1]:8080",
            "LocalHost:8080",
        ] {
            assert_eq!(named("0.0.0.0:8080", asked), "192.168.1.20:8080", "{asked}");
        }
        // No Host at all: the same.
        assert_eq!(
            link_host(listen("0.0.0.0:8080"), None, || Some(LAN)),
            "192.168.1.20:8080"
        );
    }

    #[test]
    fn a_specific_listen_address_is_named_as_it_is() {
        assert_eq!(named("10.0.0.5:9000", "localhost:9000"), "10.0.0.5:9000");
    }

    #[test]
    fn a_host_phones_can_reach_is_kept() {
        for asked in ["192.168.1.7:8080", "hall.example:8080", "[fe80::1]:8080"] {
            assert_eq!(named("0.0.0.0:8080", asked), asked);
        }
    }

    #[test]
    fn on_loopback_only_or_with_no_lan_address_the_host_asked_stays() {
        assert!(loopback_only(listen("127.0.0.1:8080")));
        assert!(!loopback_only(listen("0.0.0.0:8080")));
        assert_eq!(named("127.0.0.1:8080", "127.0.0.1:8080"), "127.0.0.1:8080");
        assert_eq!(
            link_host(listen("0.0.0.0:8080"), Some("127.0.0.1:8080"), || None),
            "127.0.0.1:8080"
        );
    }

    #[test]
    fn the_lan_address_is_never_loopback() {
        assert!(lan_ipv4().is_none_or(|ip| !ip.is_loopback()));
    }
}
