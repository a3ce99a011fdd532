import { STORAGE_QUOTAS, type TPlanId, UPLOAD_LIMITS } from '@kaleido/common';

/** Upload limits and storage quotas as this installation has them (defaults: the shared constants). */
export interface UploadLimits {
  image: { maxBytes: number; maxPixels: number };
  video: { maxBytes: number; maxDurationSeconds: number };
  audio: { maxBytes: number; maxDurationSeconds: number };
  /** Bytes an account may keep, per plan. */
  storageQuotas: Record<TPlanId, number>;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  image: { ...UPLOAD_LIMITS.image },
  video: { ...UPLOAD_LIMITS.video },
  audio: { ...UPLOAD_LIMITS.audio },
  storageQuotas: { ...STORAGE_QUOTAS },
};

/** The defaults with an operator's overrides (config), section by section. */
export function uploadLimits(overrides: Partial<UploadLimits> = {}): UploadLimits {
  return {
    image: { ...DEFAULT_UPLOAD_LIMITS.image, ...overrides.image },
    video: { ...DEFAULT_UPLOAD_LIMITS.video, ...overrides.video },
    audio: { ...DEFAULT_UPLOAD_LIMITS.audio, ...overrides.audio },
    storageQuotas: { ...DEFAULT_UPLOAD_LIMITS.storageQuotas, ...overrides.storageQuotas },
  };
}
