import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/provider.js';
import { providerErrorText, redactProviderText } from './diagnostics.js';

describe('provider error text for diagnostics', () => {
  it('redacts query strings, credentials in URLs, bearer tokens, key=value secrets and key-like words', () => {
    const text = redactProviderText(
      'GET https://user:pa55@api.example.com/v1/predictions?token=t0ps3cret#frag failed; ' +
        'Authorization: Bearer abc.def.ghi; api_key=sk-live-123456789; password: "hunter22"; ' +
        'key r8_ABCDEFGHIJKLMNOP rejected',
    );
    expect(text).toBe(
      'GET https://[redacted]@api.example.com/v1/predictions?[redacted] failed; ' +
        'Authorization: Bearer [redacted]; api_key=[redacted]; password: "[redacted]"; ' +
        'key [redacted] rejected',
    );
  });

  it('keeps plain provider text and cuts it to 500 characters', () => {
    expect(redactProviderText('CUDA out of memory (tried to allocate 2.00 GiB)')).toBe(
      'CUDA out of memory (tried to allocate 2.00 GiB)',
    );
    const long = redactProviderText('x'.repeat(2000));
    expect(long).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });

  it('adds the cause when it says more', () => {
    const error = new ProviderError('unavailable', 'fetch failed', {
      cause: new Error('connect ECONNREFUSED 127.0.0.1:8188'),
    });
    expect(providerErrorText(error)).toBe('fetch failed (connect ECONNREFUSED 127.0.0.1:8188)');
    expect(providerErrorText(new Error('same'))).toBe('same');
  });
});
