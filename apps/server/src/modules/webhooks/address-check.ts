import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

// No server-side request forgery (ADR 282): an endpoint is https (http only when allowed) and every address its
// host resolves to is a public unicast one. Checked when an endpoint is saved and again before each delivery,
// whose connection then goes to the address checked (a DNS answer that changes in between is not followed).

export type AddressPolicy = { allowHttp: boolean; allowPrivate: boolean }

/** Why a URL or an address may not be used, as a sentence; thrown by `checkEndpointUrl`. */
export class EndpointRefused extends Error {
  override name = 'EndpointRefused'
}

/** The name of the range an address is in, or null when it is a public unicast address. */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address'
  let parsed = ipaddr.parse(address)
  // ::ffff:127.0.0.1 is 127.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  }
  const range = parsed.range()
  return range === 'unicast' ? null : (RANGE_NAMES[range] ?? `a reserved range (${range})`)
}

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'the unspecified address (0.0.0.0 or ::)',
  broadcast: 'the broadcast address',
  multicast: 'a multicast range',
  linkLocal: 'a link-local range (169.254.0.0/16 or fe80::/10, where cloud metadata services live)',
  loopback: 'the loopback range (this server itself)',
  carrierGradeNat: 'the carrier-grade NAT range (100.64.0.0/10)',
  private: 'a private network range (10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16)',
  uniqueLocal: 'a private IPv6 range (fc00::/7)',
  reserved: 'a reserved range',
}

/** A URL the delivery may use, and the addresses its host resolved to (all checked). */
export type CheckedEndpoint = { url: URL; addresses: { address: string; family: 4 | 6 }[] }

/**
 * Parses and checks an endpoint URL: scheme, no credentials, and every resolved address public (unless the
 * policy allows private ones). Throws `EndpointRefused` with a sentence naming the problem.
 */
export async function checkEndpointUrl(value: string, policy: AddressPolicy): Promise<CheckedEndpoint> {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new EndpointRefused('Enter a full URL, such as https://example.com/webhooks.')
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new EndpointRefused(
      url.protocol === 'http:'
        ? 'The endpoint URL must start with https:// (plain http is allowed only in development).'
        : 'The endpoint URL must start with https://.',
    )
  }
  if (url.username || url.password) {
    throw new EndpointRefused(
      'The endpoint URL may not hold a user name or password; the signature authenticates.',
    )
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = await resolve(host)
  if (!policy.allowPrivate) {
    for (const { address } of addresses) {
      const range = nonPublicRange(address)
      if (range) {
        throw new EndpointRefused(
          host === address
            ? `The endpoint's address ${address} is in ${range}; webhooks go to public addresses only.`
            : `The endpoint's host ${host} resolves to ${address}, in ${range}; webhooks go to public addresses only.`,
        )
      }
    }
  }
  return { url, addresses }
}

async function resolve(host: string): Promise<CheckedEndpoint['addresses']> {
  const literal = isIP(host)
  if (literal) return [{ address: host, family: literal as 4 | 6 }]
  try {
    const found = await lookup(host, { all: true, verbatim: true })
    if (found.length === 0) throw new Error('no address')
    return found.map(({ address, family }) => ({ address, family: family as 4 | 6 }))
  } catch {
    throw new EndpointRefused(`The endpoint's host ${host} could not be found (no DNS answer).`)
  }
}
