// Shared set-up of the tool pages' tests: the tools info of an installation, seeded library items and
// a mocked server that answers them and records the tool's own request.
import type { TAsset, TToolsInfo } from '@kaleido/common';
import { LIPSYNC_SYNC_MODES, TOOL_PRICES, TOOL_PROVIDERS, UPLOAD_LIMITS } from '@kaleido/common/browser';
import { afterEach, vi } from 'vitest';
import { makeAsset } from '../../test/generation-fixtures';
import { jsonResponse, mockServer, TEST_USER } from '../../test/render-app';

// Every test file that imports these fixtures mocks `fetch`: each test starts with a fresh server.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A tool no configured provider can do: the providers that could. */
const unavailable = (name: keyof typeof TOOL_PROVIDERS) => ({
  available: false,
  models: [],
  providers: [...TOOL_PROVIDERS[name]],
});

/**
 * `GET /api/tools` of an installation where no tool is set up, with the shared prices and upload
 * limits (the upload control reads them); `lipsync` replaces that tool's part.
 */
export function toolsInfo(parts: { lipsync?: TToolsInfo['lipsync'] } = {}): TToolsInfo {
  return {
    enhance: {
      ...unavailable('enhance'),
      scales: [2, 4],
      qualities: ['fast', 'balanced', 'best'],
      maxOutputLongSide: 8192,
      maxVideoOutputLongSide: 3840,
    },
    edit: {
      modes: {
        restyle: unavailable('restyle'),
        expand: unavailable('expand'),
        inpaint: unavailable('inpaint'),
        prompt: unavailable('prompt'),
      },
      styles: ['default'],
    },
    prices: { ...TOOL_PRICES },
    uploads: UPLOAD_LIMITS,
    lipsync: parts.lipsync ?? {
      ...unavailable('lipsync'),
      syncModes: [...LIPSYNC_SYNC_MODES],
      secondsPerCredit: 2,
    },
    docsUrl: '/docs/providers',
  };
}

/** An uploaded image (1024 × 1024) in the library. */
export const uploadedImage = (id: string): TAsset => makeAsset({ id, origin: 'uploaded', tool: null });

/** An uploaded 5-second video in the library. */
export const uploadedVideo = (id: string): TAsset =>
  makeAsset({ id, type: 'video', origin: 'uploaded', tool: null });

/** An uploaded voice recording (WAV) of `seconds` in the library. */
export function uploadedAudio(id: string, seconds: number): TAsset {
  const base = makeAsset({ id, origin: 'uploaded', tool: null });
  return {
    ...base,
    type: 'audio',
    url: `/files/${id}.wav?sig=1`,
    thumbnailUrl: null,
    prompt: 'voice',
    metadata: {
      ...base.metadata,
      filename: 'voice.wav',
      contentType: 'audio/wav',
      width: 0,
      height: 0,
      durationSeconds: seconds,
      fps: null,
    },
  };
}

/** The server's refusal of a job the balance cannot pay for. */
export const notEnoughCredits = (price: number): Response =>
  jsonResponse(
    { success: false, error: `Not enough credits: this costs ${price}.`, code: 'INSUFFICIENT_CREDITS' },
    402,
  );

/**
 * A signed-in session's server for a tool page: `GET` answers (by exact address), the library items by
 * id (`/api/assets/<id>`), and the tool's own `POST` (any address starting with `post`), recorded with
 * its body and answered by `answer` (or not at all). Returns the recorded requests.
 */
export function serveTool({
  get,
  assets = [],
  post,
  answer,
}: {
  get: Record<string, unknown>;
  assets?: readonly TAsset[];
  post: string;
  answer?: () => Response;
}): { url: string; body: unknown }[] {
  const posted: { url: string; body: unknown }[] = [];
  mockServer({
    user: TEST_USER,
    handler: (url, init) => {
      if (url in get) return jsonResponse({ success: true, data: get[url] });
      const asset = assets.find((candidate) => url === `/api/assets/${candidate.id}`);
      if (asset) return jsonResponse({ success: true, data: asset });
      if (url.startsWith(post)) {
        posted.push({ url, body: JSON.parse(String(init?.body)) });
        return answer?.();
      }
      return undefined;
    },
  });
  return posted;
}
