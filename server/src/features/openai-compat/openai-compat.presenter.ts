import type { TOpenAIImagesResponse, TOpenAIModelList } from '@kaleido/common';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { ResolvedModel } from '../generations/provider-registry.js';

/** One finished image of a request: its stored file, or its PNG bytes when the client asked for them. */
export type OpenAIImageResult =
  | { format: 'url'; fileKey: string; prompt: string }
  | { format: 'b64_json'; png: Buffer; prompt: string };

/** The OpenAI-compatible answers: OpenAI's shapes, URLs absolute on the installation's public URL. */
export function createOpenAICompatPresenter(deps: { publicUrl: string; signer: UrlSigner }) {
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

  return {
    /** `GET /models`: the image models, `created` being when this process started (we keep no model dates). */
    models(models: readonly ResolvedModel[], startedAt: Date): TOpenAIModelList {
      return {
        object: 'list',
        data: models
          .filter(({ model }) => model.kinds.includes('image') && model.generates !== false)
          .map(({ provider, model }) => ({
            id: model.id,
            object: 'model',
            created: seconds(startedAt),
            owned_by: provider.id,
          })),
      };
    },

    /** `POST /images/generations`: the images, each with the prompt it was made from (we do not revise it). */
    images(createdAt: Date, results: readonly OpenAIImageResult[]): TOpenAIImagesResponse {
      return {
        created: seconds(createdAt),
        data: results.map((result) =>
          result.format === 'url'
            ? { url: `${deps.publicUrl}${deps.signer.url(result.fileKey)}`, revised_prompt: result.prompt }
            : { b64_json: result.png.toString('base64'), revised_prompt: result.prompt },
        ),
      };
    },
  };
}

export type OpenAICompatPresenter = ReturnType<typeof createOpenAICompatPresenter>;
