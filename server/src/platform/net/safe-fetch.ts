import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Outbound HTTP to addresses people type in (webhook targets), guarded against SSRF: only http(s);
 * the host is resolved once and every address it resolves to must be public (no loopback, private,
 * link-local, CGNAT, multicast, reserved or cloud-metadata address, in IPv4, IPv6 or IPv4-mapped IPv6);
 * the connection goes to the address that was checked (no second lookup an attacker's DNS could answer
 * differently); redirects are never followed; the answer is read up to a limit within a time limit.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address; tests inject their own (e.g. a name resolving to 127.0.0.1). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export type SafeFetchErrorCode =
  | 'INVALID_URL'
  | 'BLOCKED_ADDRESS'
  | 'DNS_FAILED'
  | 'TIMEOUT'
  | 'NETWORK_ERROR';

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchPolicy {
  /** `WEBHOOK_ALLOW_PRIVATE=true`: self-hosted setups and tests may call private addresses. */
  allowPrivate: boolean;
  resolver?: Resolver;
}

export interface SafeFetchRequest {
  method?: 'POST' | 'GET';
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, connection to last byte read (ms). */
  timeoutMs: number;
  /** At most this many bytes of the answer are read; the rest is dropped. */
  maxBodyBytes: number;
}

export interface SafeFetchResponse {
  status: number;
  /** The first `maxBodyBytes` of the answer, as text. */
  body: string;
  latencyMs: number;
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (incl. 192.0.0.192 metadata of some clouds)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local, incl. fd00:ec2::254 (a cloud metadata address)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (with `::` and a dotted IPv4 tail), or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.split('%')[0] ?? address;
  const tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    tail.push(...dotted[1].split('.').map(Number));
    text = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const headParts = head ? head.split(':') : [];
  const restParts = rest ? rest.split(':') : [];
  const missing = 8 - headParts.length - restParts.length;
  const groups = [...headParts, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...restParts];
  const bytes = groups.flatMap((group) => {
    const value = Number.parseInt(group || '0', 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : null;
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`). */
function embeddedIPv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12).join('.');
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) {
    return bytes.slice(12).join('.');
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6).join('.');
  return null;
}

/** Whether an address (IPv4 or IPv6, as text) is one an outbound call may reach. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return !blocked.check(bare, 'ipv4');
  if (isIP(bare) !== 6) return false;
  const inner = embeddedIPv4(bare);
  if (inner && blocked.check(inner, 'ipv4')) return false;
  return !blocked.check(bare.split('%')[0] ?? bare, 'ipv6');
}

/** A URL an outbound call may use: http(s), no credentials; the host without IPv6 brackets. */
function parseTarget(raw: string): { url: URL; host: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('INVALID_URL', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('INVALID_URL', 'only http and https URLs are allowed');
  }
  if (url.username || url.password)
    throw new SafeFetchError('INVALID_URL', 'URLs with credentials are refused');
  return { url, host: url.hostname.replace(/^\[|\]$/g, '') };
}

/**
 * Resolves a URL's host and checks every address; returns the one to connect to. Throws
 * `SafeFetchError` ('INVALID_URL', 'DNS_FAILED', 'BLOCKED_ADDRESS').
 */
export async function resolveTarget(
  raw: string,
  policy: SafeFetchPolicy,
): Promise<ResolvedAddress & { url: URL }> {
  const { url, host } = parseTarget(raw);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolver ?? systemResolver)(host);
    } catch {
      throw new SafeFetchError('DNS_FAILED', `could not resolve ${host}`);
    }
    if (!addresses.length) throw new SafeFetchError('DNS_FAILED', `could not resolve ${host}`);
  }
  // Every address must pass: a name resolving to one public and one private address is refused.
  if (!policy.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new SafeFetchError('BLOCKED_ADDRESS', `${host} resolves to a private or reserved address`);
  }
  const chosen = addresses[0] as ResolvedAddress;
  return { ...chosen, url };
}

/** One guarded request; never follows a redirect (a 3xx is returned as it is). */
export async function safeFetch(
  raw: string,
  request: SafeFetchRequest,
  policy: SafeFetchPolicy,
): Promise<SafeFetchResponse> {
  const started = performance.now();
  const target = await resolveTarget(raw, policy);
  const client = target.url.protocol === 'https:' ? https : http;
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  return new Promise<SafeFetchResponse>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: SafeFetchResponse | SafeFetchError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof SafeFetchError) reject(outcome);
      else resolve(outcome);
    };
    const url = target.url;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const req = client.request(
      {
        protocol: url.protocol,
        // The connection goes to the address checked above (no second lookup); the name travels in
        // the Host header and, for https, in SNI and the certificate check.
        host: target.address,
        family: target.family,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: request.method ?? 'POST',
        headers: {
          ...request.headers,
          host: url.host,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        agent: false,
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          finish({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            latencyMs: Math.round(performance.now() - started),
          });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          const room = request.maxBodyBytes - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= request.maxBodyBytes) done();
        });
        res.on('end', done);
        res.on('error', () => done());
      },
    );
    const timer = setTimeout(() => {
      finish(new SafeFetchError('TIMEOUT', `no answer within ${request.timeoutMs} ms`));
      req.destroy();
    }, request.timeoutMs);
    req.on('error', (error) => finish(new SafeFetchError('NETWORK_ERROR', error.message)));
    req.end(body);
  });
}
