import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, type Resolver, resolveTarget, SafeFetchError, safeFetch } from './safe-fetch.js';

const request = { timeoutMs: 2_000, maxBodyBytes: 4096 };

/** A resolver of test names only: `*.public.test` are public, `loopback.test` is 127.0.0.1. */
const resolver: Resolver = async (hostname) => {
  if (hostname === 'loopback.test') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'mixed.test') {
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
  }
  if (hostname === 'metadata.test') return [{ address: 'fd00:ec2::254', family: 6 }];
  if (hostname.endsWith('.public.test')) return [{ address: '93.184.216.34', family: 4 }];
  throw new Error('ENOTFOUND');
};

async function refusal(url: string, allowPrivate = false): Promise<string> {
  try {
    await resolveTarget(url, { allowPrivate, resolver });
  } catch (error) {
    if (error instanceof SafeFetchError) return error.code;
    throw error;
  }
  return 'allowed';
}

describe('the SSRF guard of outbound calls', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT, multicast and metadata ones', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      '::127.0.0.1',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses literal and resolved private addresses unless allowed, and odd URLs always', async () => {
    expect(await refusal('http://127.0.0.1/hook')).toBe('BLOCKED_ADDRESS');
    expect(await refusal('http://2130706433/hook')).toBe('BLOCKED_ADDRESS'); // 127.0.0.1 as a number
    expect(await refusal('http://0x7f.1/hook')).toBe('BLOCKED_ADDRESS');
    expect(await refusal('http://[::1]:8080/hook')).toBe('BLOCKED_ADDRESS');
    expect(await refusal('http://[::ffff:127.0.0.1]/hook')).toBe('BLOCKED_ADDRESS');
    expect(await refusal('https://[fe80::1]/hook')).toBe('BLOCKED_ADDRESS');
    expect(await refusal('http://169.254.169.254/latest/meta-data')).toBe('BLOCKED_ADDRESS');
    expect(await refusal('https://loopback.test/hook')).toBe('BLOCKED_ADDRESS');
    expect(await refusal('https://metadata.test/hook')).toBe('BLOCKED_ADDRESS');
    // One private address among the answers is enough to refuse.
    expect(await refusal('https://mixed.test/hook')).toBe('BLOCKED_ADDRESS');
    expect(await refusal('https://hooks.public.test/hook')).toBe('allowed');
    expect(await refusal('https://nowhere.invalid/hook')).toBe('DNS_FAILED');
    expect(await refusal('ftp://hooks.public.test/hook')).toBe('INVALID_URL');
    expect(await refusal('https://user:pw@hooks.public.test/hook')).toBe('INVALID_URL');
    expect(await refusal('http://127.0.0.1/hook', true)).toBe('allowed');
    expect(await refusal('https://loopback.test/hook', true)).toBe('allowed');
  });

  describe('against a local receiver', () => {
    let server: http.Server;
    let port: number;
    const seen: { url: string; host: string | undefined; body: string }[] = [];

    beforeAll(async () => {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on('end', () => {
          seen.push({ url: req.url ?? '', host: req.headers.host, body });
          if (req.url === '/redirect') {
            res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
          } else if (req.url === '/big') {
            res.writeHead(200).end('x'.repeat(100_000));
          } else if (req.url === '/slow') {
            setTimeout(() => res.writeHead(200).end('late'), 1_000);
          } else {
            res.writeHead(200).end('ok');
          }
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('connects to the address it checked, with the name in the Host header', async () => {
      const response = await safeFetch(
        `http://loopback.test:${port}/hook?x=1`,
        { ...request, body: '{"a":1}', headers: { 'content-type': 'application/json' } },
        { allowPrivate: true, resolver },
      );
      expect(response.status).toBe(200);
      expect(response.body).toBe('ok');
      expect(seen.at(-1)).toEqual({ url: '/hook?x=1', host: `loopback.test:${port}`, body: '{"a":1}' });
    });

    it('refuses the same receiver when private addresses are not allowed', async () => {
      const before = seen.length;
      await expect(
        safeFetch(`http://loopback.test:${port}/hook`, request, { allowPrivate: false, resolver }),
      ).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
      await expect(
        safeFetch(`http://127.0.0.1:${port}/hook`, request, { allowPrivate: false, resolver }),
      ).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
      expect(seen.length).toBe(before);
    });

    it('never follows a redirect, reads at most the limit and gives up at the timeout', async () => {
      const redirected = await safeFetch(`http://127.0.0.1:${port}/redirect`, request, {
        allowPrivate: true,
      });
      expect(redirected.status).toBe(302);
      expect(seen.some((entry) => entry.url === '/elsewhere')).toBe(false);
      const big = await safeFetch(`http://127.0.0.1:${port}/big`, request, { allowPrivate: true });
      expect(big.body.length).toBe(4096);
      await expect(
        safeFetch(`http://127.0.0.1:${port}/slow`, { ...request, timeoutMs: 100 }, { allowPrivate: true }),
      ).rejects.toMatchObject({ code: 'TIMEOUT' });
    });
  });
});
