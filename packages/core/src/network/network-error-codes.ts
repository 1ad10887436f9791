/**
 * The codes of the network guard, each with what happened and what to do. They are refusal
 * codes first (`NetworkCheck` results that tools turn into answers the agent reads) and the
 * codes of `NetworkRefusedError` when a refusal has to travel as an error (a connection's
 * `lookup`). Word order is AREA_OBJECT_PROBLEM, as in `coreErrorCodes`.
 */
export const networkErrorCodes = {
  NETWORK_URL_INVALID: 'The text is not an absolute URL: give one such as https://example.com/page.',
  NETWORK_SCHEME_UNSUPPORTED:
    'The URL uses a scheme the guard does not fetch (file:, gopher:, ftp:, data:, …): use an http:// or https:// URL.',
  NETWORK_CREDENTIALS_REFUSED:
    'The URL carries a user name or password (https://user:pass@host): send credentials in a header instead.',
  NETWORK_ADDRESS_BLOCKED:
    'The host is, or resolves to, an address agents may not reach (loopback, private, link-local, cloud metadata, …): an operator can allow it with an allowed host or range.',
  NETWORK_PORT_BLOCKED:
    'The URL names a port of a service agents may not reach (SSH, SMTP, databases, …; Svc:Security:Url:BlockedPorts): use the service through its own tool, or an operator removes the port from the list.',
  NETWORK_DOMAIN_BLOCKED:
    'The host is in a domain the operator blocked (Svc:Security:Url:BlockedDomains): reach the information elsewhere, or an operator removes the domain from the list.',
  NETWORK_HOST_UNRESOLVED: 'The host name does not resolve to any address: check the spelling of the host.',
  NETWORK_ALLOWLIST_INVALID:
    'An allowed host or address range is malformed: write a host (`api.example.com`, `*.example.com`, `localhost:8080`) or a range (`10.0.0.0/8`, `fd00::/8`).',
} as const;

export type NetworkErrorCode = keyof typeof networkErrorCodes;
