import type { TToolModel, TToolsInfo } from '@kaleido/common';
import {
  APP_ROUTES,
  PROVIDER_SETUP_DOCS_PATH,
  TOOL_PRICES,
  TOOL_PROVIDERS,
  UPLOAD_LIMITS,
} from '@kaleido/common/browser';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SKETCH_MODEL } from '../../test/generation-fixtures';
import { jsonResponse, mockServer, renderApp, startInLanguage } from '../../test/render-app';
import { CAPABILITIES, capabilitiesOf, GUIDE_PROVIDERS } from './provider-guide';

const toolModel = (id: string, provider: string, name: string): TToolModel => ({
  id,
  name,
  provider,
  providerName: name,
  offline: provider === 'sketch',
  maxOutputLongSide: null,
  available: true,
});

/** This installation: Sketch (generators, enhance, restyle, expand) and a Replicate fill model (inpaint). */
function toolsInfo(): TToolsInfo {
  const sketch = toolModel('sketch-1', 'sketch', 'Sketch (offline)');
  const mode = (name: keyof typeof TOOL_PROVIDERS, models: TToolModel[]) => ({
    available: models.length > 0,
    models,
    providers: [...TOOL_PROVIDERS[name]],
  });
  return {
    enhance: {
      ...mode('enhance', [sketch]),
      scales: [2, 4],
      qualities: ['fast', 'balanced', 'best'],
      maxOutputLongSide: 8192,
      maxVideoOutputLongSide: 3840,
    },
    edit: {
      modes: {
        restyle: mode('restyle', [sketch]),
        expand: mode('expand', [sketch]),
        inpaint: mode('inpaint', [toolModel('flux-fill', 'replicate', 'FLUX Fill')]),
        prompt: mode('prompt', []),
      },
      styles: ['default', 'anime'],
    },
    prices: { ...TOOL_PRICES },
    uploads: UPLOAD_LIMITS,
    lipsync: {
      available: false,
      models: [],
      providers: ['fal', 'replicate'],
      syncModes: ['cut_off'],
      secondsPerCredit: 2,
    },
    docsUrl: PROVIDER_SETUP_DOCS_PATH,
  };
}

const server = (failing = false) =>
  mockServer({
    handler: (url) => {
      if (url === '/api/tools')
        return failing
          ? jsonResponse({ success: false, code: 'INTERNAL', error: 'down' }, 500)
          : jsonResponse({ success: true, data: toolsInfo() });
      if (url === '/api/models') return jsonResponse({ success: true, data: [SKETCH_MODEL] });
      return undefined;
    },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the AI provider setup guide', () => {
  it('is served where the "needs an AI provider" state links', () => {
    expect(APP_ROUTES.providerDocs).toBe(PROVIDER_SETUP_DOCS_PATH);
  });

  it("declares each provider's capabilities from the tools' provider lists", () => {
    expect(capabilitiesOf('sketch')).toEqual(['image', 'video', 'enhance', 'restyle', 'expand']);
    expect(capabilitiesOf('openai')).toEqual(['image', 'restyle', 'inpaint', 'prompt']);
    for (const provider of GUIDE_PROVIDERS) {
      for (const tool of ['enhance', 'restyle', 'expand', 'inpaint', 'prompt'] as const) {
        expect(capabilitiesOf(provider).includes(tool), `${provider} ${tool}`).toBe(
          (TOOL_PROVIDERS[tool] as readonly string[]).includes(provider),
        );
      }
    }
  });

  it('shows what this installation can do, what each provider adds, and its configuration as code', async () => {
    server();
    renderApp(PROVIDER_SETUP_DOCS_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'AI providers' })).toBeInTheDocument();

    const installation = screen.getByRole('region', { name: 'On this installation' });
    const tiles = await within(installation).findAllByRole('listitem');
    expect(tiles).toHaveLength(CAPABILITIES.length);
    const tile = (name: string) => tiles.find((item) => item.textContent?.startsWith(name)) as HTMLElement;
    expect(tile('Generate images')).toHaveTextContent('ReadyWith Sketch (offline)');
    expect(tile('Inpaint')).toHaveTextContent('ReadyWith FLUX Fill');
    expect(tile('Prompt edit')).toHaveTextContent('Needs a provider');

    const providers = screen.getByRole('region', { name: 'What each provider can do' });
    const cards = within(providers).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Kaleido Sketch',
      'OpenAI',
      'ComfyUI',
      'Replicate',
      'fal.ai',
    ]);
    const card = (name: string) => within(providers).getByRole('article', { name });
    // Connected: the providers this installation has models of.
    expect(within(card('Kaleido Sketch')).getByText('Connected here')).toBeInTheDocument();
    expect(within(card('Replicate')).getByText('Connected here')).toBeInTheDocument();
    expect(within(card('OpenAI')).queryByText('Connected here')).not.toBeInTheDocument();

    const openai = card('OpenAI');
    const can = within(within(openai).getByRole('list', { name: 'What it can do' })).getAllByRole('listitem');
    expect(can.map((item) => item.textContent)).toEqual([
      'Generate images',
      'Not available: Generate videos',
      'Not available: Enhance',
      'Restyle',
      'Not available: Expand',
      'Inpaint',
      'Prompt edit',
    ]);
    expect(openai).toHaveTextContent('OPENAI_API_KEY=sk-…');
    expect(card('Replicate')).toHaveTextContent('REPLICATE_API_TOKEN=r8_…');
    expect(card('Replicate')).toHaveTextContent('"model": "black-forest-labs/flux-fill-pro"');
    expect(card('ComfyUI')).toHaveTextContent('"workflow": "inpaint"');
    expect(card('Kaleido Sketch')).toHaveTextContent('Built in: nothing to configure.');
    expect(screen.getByRole('region', { name: 'Everything else' })).toHaveTextContent('AI providers');
  });

  it('says so when what the installation can do cannot be read, and still explains the providers', async () => {
    server(true);
    renderApp(PROVIDER_SETUP_DOCS_PATH);
    expect(
      await screen.findByText('Could not read what this installation can do. Reload the page to try again.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(GUIDE_PROVIDERS.length);
  });

  it('reads in German, the configuration staying code', async () => {
    await startInLanguage('de');
    server();
    renderApp(PROVIDER_SETUP_DOCS_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'KI-Anbieter' })).toBeInTheDocument();
    const providers = screen.getByRole('region', { name: 'Was jeder Anbieter kann' });
    const fal = within(providers).getByRole('article', { name: 'fal.ai' });
    expect(fal).toHaveTextContent('Bilder generieren');
    expect(fal).toHaveTextContent('FAL_KEY=…');
    expect(fal).toHaveTextContent('"endpoint": "fal-ai/flux-pro/kontext"');
  });
});
