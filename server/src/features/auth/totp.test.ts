import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { newTotpSecret, totpCode, totpStep, totpUri, verifyTotp } from './totp.js';

describe('TOTP (RFC 6238)', () => {
  it('computes the RFC 6238 appendix B SHA-1 test vectors', () => {
    const secret = new TextEncoder().encode('12345678901234567890');
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCode(secret, new Date(seconds * 1000), 8), String(seconds)).toBe(code);
    }
  });

  it('accepts the current code and one step either side, once per step', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-01T10:00:10.000Z');
    const step = totpStep(at);
    expect(verifyTotp(secret, totpCode(secret, at), at, null)).toBe(step);
    expect(verifyTotp(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, null)).toBe(step - 1);
    expect(verifyTotp(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at, null)).toBe(step + 1);
    expect(verifyTotp(secret, totpCode(secret, new Date(at.getTime() - 60_000)), at, null)).toBeNull();
    // A step at or before the last accepted one is a replay.
    expect(verifyTotp(secret, totpCode(secret, at), at, step)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at, step)).toBe(step + 1);
    expect(verifyTotp(secret, 'abcdef', at, null)).toBeNull();
    expect(verifyTotp(secret, '12345', at, null)).toBeNull();
  });

  it('builds the otpauth URI authenticator apps read from the QR code', () => {
    const uri = new URL(totpUri('JBSWY3DPEHPK3PXP', 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Kaleido:ada@example.com');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('Kaleido');
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('recovery codes', () => {
  it('makes ten distinct xxxxx-xxxxx codes, compared without case, spaces or dash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [first = ''] = codes;
    expect(hashRecoveryCode(` ${first.toUpperCase().replace('-', ' ')} `)).toBe(hashRecoveryCode(first));
    expect(looksLikeRecoveryCode(first)).toBe(true);
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });
});
