import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { en } from './i18n/messages/en.js';
import {
  CREDIT_PACKS,
  CREDIT_PRICES,
  errorMessageId,
  generationFailedCode,
  IMAGE_DEFAULTS,
  IMAGE_OPTIONS,
  insufficientCreditsMessage,
  isAppRoute,
  isErrorCode,
  KEY_PLANS,
  KEY_PLANS_BY_ACCOUNT_PLAN,
  loginRequiredCode,
  PLANS,
  type TApiMessage,
  VIDEO_DEFAULTS,
  VIDEO_OPTIONS,
} from './index.js';

/** A message of the shared catalog in English, its values filled in. */
const english = (message: TApiMessage) =>
  String(new IntlMessageFormat(en[message.id], 'en').format(message.values));

describe('contracts', () => {
  it('prices images at 1 credit and videos at 3 (DECISIONS)', () => {
    expect(CREDIT_PRICES).toEqual({ image: 1, video: 3 });
  });

  it('words the insufficient-credit errors as the spec does, from the price', () => {
    expect(english(insufficientCreditsMessage('image', CREDIT_PRICES.image))).toBe(
      'Insufficient credits. Image generation requires 1 credit.',
    );
    expect(english(insufficientCreditsMessage('video', CREDIT_PRICES.video))).toBe(
      'Insufficient credits. Video generation requires 3 credits.',
    );
  });

  it('maps generation types to their catalogue texts', () => {
    const message = (code: Parameters<typeof errorMessageId>[0]) => en[errorMessageId(code)];
    expect(message(loginRequiredCode('image'))).toBe('Please log in to generate images');
    expect(message(loginRequiredCode('video'))).toBe('Please log in to generate videos');
    expect(message(generationFailedCode('image'))).toBe('Failed to generate image');
    expect(message(generationFailedCode('video'))).toBe('Failed to generate video');
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('keeps every default among its options', () => {
    expect(IMAGE_OPTIONS.styles).toContain(IMAGE_DEFAULTS.style);
    expect(IMAGE_OPTIONS.aspectRatios).toContain(IMAGE_DEFAULTS.aspectRatio);
    expect(IMAGE_OPTIONS.resolutions).toContain(IMAGE_DEFAULTS.resolution);
    expect(IMAGE_OPTIONS.imageStyles).toContain(IMAGE_DEFAULTS.imageStyle);
    expect(IMAGE_OPTIONS.qualities).toContain(IMAGE_DEFAULTS.quality);
    expect(VIDEO_OPTIONS.styles).toContain(VIDEO_DEFAULTS.style);
    expect(VIDEO_OPTIONS.durations).toContain(VIDEO_DEFAULTS.duration);
    expect(VIDEO_OPTIONS.resolutions).toContain(VIDEO_DEFAULTS.resolution);
  });

  it('holds the plans, packs and key plans of DECISIONS', () => {
    expect(PLANS.map((p) => [p.id, p.priceUsd, p.monthlyCredits])).toEqual([
      ['free', 0, 10],
      ['pro', 19, 500],
      ['enterprise', 99, 2500],
    ]);
    expect(CREDIT_PACKS.map((p) => [p.credits, p.priceUsd, p.bonusCredits])).toEqual([
      [50, 9, 0],
      [100, 15, 10],
      [250, 35, 25],
      [500, 65, 75],
    ]);
    expect(KEY_PLANS.map((p) => [p.id, p.monthlyCredits, p.requestsPerMinute])).toEqual([
      ['free', 10, 5],
      ['basic', 500, 20],
      ['pro', 2000, 60],
      ['enterprise', 10000, 200],
    ]);
    expect(KEY_PLANS_BY_ACCOUNT_PLAN.free).toEqual(['free']);
    expect(KEY_PLANS_BY_ACCOUNT_PLAN.enterprise).toHaveLength(4);
  });

  it('recognises the app routes, tolerating a trailing slash', () => {
    expect(isAppRoute('/')).toBe(true);
    expect(isAppRoute('/library/')).toBe(true);
    expect(isAppRoute('/generate/video')).toBe(true);
    expect(isAppRoute('/generate')).toBe(false);
    expect(isAppRoute('/administrator')).toBe(false);
  });

  it("recognises the administrators' console and its person and job pages", () => {
    expect(isAppRoute('/admin')).toBe(true);
    expect(isAppRoute('/admin/people/0b6f3c1e-3d7a-4f0e-9a55-2f1f2b9c1d11')).toBe(true);
    expect(isAppRoute('/admin/jobs/job_123/')).toBe(true);
    expect(isAppRoute('/admin/people/a/b')).toBe(false);
    expect(isAppRoute('/admin/elsewhere/1')).toBe(false);
  });
});
