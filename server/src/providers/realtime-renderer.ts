import type { TRealtimeModel } from '@kaleido/common';

/** One Realtime preview to render: the drawing's bytes (PNG or WebP) with the prompt and style. */
export interface RealtimeRenderRequest {
  prompt: string;
  style: string;
  drawing: Buffer;
  seed: number;
  /** A quick reduced-size frame is asked for (only of a renderer with `drafts`). */
  draft?: boolean;
}

/** A model that renders previews live (issue 21): the offline renderer, or a provider's realtime model. */
export interface RealtimeRenderer {
  model: TRealtimeModel;
  /** Renders quick drafts too (`request.draft`): the offline renderer, whose cost grows with the size. */
  drafts?: boolean;
  /** An image (WebP, PNG or JPEG) of the frame. */
  render(
    request: RealtimeRenderRequest,
    signal: AbortSignal,
  ): Promise<{ data: Buffer; contentType: string; width: number; height: number }>;
  /** Lets go of a held connection (the app is stopping). */
  close?(): void;
}
