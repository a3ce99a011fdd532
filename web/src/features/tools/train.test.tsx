import type { TTraining, TTrainingsInfo } from '@kaleido/common';
import { trainedModelId } from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAsset } from '../../test/generation-fixtures';
import { jsonResponse, mockServer, renderApp, TEST_USER } from '../../test/render-app';
import { addImages, imageCountState } from './train-images';
import { generatorStateFor, trainFormProblem } from './train-page';

function training(overrides: Partial<TTraining> = {}): TTraining {
  return {
    id: 't1',
    name: 'Watercolour',
    triggerWord: 'KLDWATER',
    kind: 'style',
    provider: 'fal',
    providerName: 'fal',
    status: 'succeeded',
    progress: 100,
    stage: null,
    cost: 60,
    error: null,
    imageCount: 12,
    sourceAssetIds: [],
    modelId: trainedModelId('t1'),
    providerDeletes: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:01.000Z',
    completedAt: '2026-11-20T10:20:00.000Z',
    ...overrides,
  };
}

function info(overrides: Partial<TTrainingsInfo> = {}): TTrainingsInfo {
  return {
    trainings: [],
    trainers: [{ id: 'fal', name: 'fal', deletes: false }],
    providers: ['fal', 'replicate'],
    price: 60,
    limits: { minImages: 10, maxImages: 40 },
    ...overrides,
  };
}

describe('Train: rules of the form', () => {
  it('takes 10 to 40 images, each once and only images', () => {
    expect(imageCountState(9)).toBe('few');
    expect(imageCountState(10)).toBe('ok');
    expect(imageCountState(40)).toBe('ok');
    expect(imageCountState(41)).toBe('many');
    const a = makeAsset({ id: 'a' });
    const b = makeAsset({ id: 'b' });
    const video = makeAsset({ id: 'v', type: 'video' });
    expect(addImages([a], [a, b, video]).map((asset) => asset.id)).toEqual(['a', 'b']);
  });

  it('names what is missing first: images, then the name, then a one-word trigger', () => {
    expect(trainFormProblem({ images: 3, name: 'x', triggerWord: 'KLD' })).toBe('train.form.needImages');
    expect(trainFormProblem({ images: 10, name: ' ', triggerWord: 'KLD' })).toBe('train.form.needName');
    expect(trainFormProblem({ images: 10, name: 'x', triggerWord: 'two words' })).toBe(
      'train.form.needTriggerWord',
    );
    expect(trainFormProblem({ images: 10, name: 'x', triggerWord: 'K' })).toBe('train.form.needTriggerWord');
    expect(trainFormProblem({ images: 10, name: 'x', triggerWord: 'KLD_2' })).toBeNull();
  });

  it('opens the image generator with the model chosen and its trigger word in the prompt', () => {
    expect(generatorStateFor(training())).toEqual({ model: 'trained-t1', prompt: 'KLDWATER ' });
  });
});

describe('Train page', () => {
  it('shows the "needs an AI provider" state when no provider can train, and no form', async () => {
    mockServer({
      user: TEST_USER,
      handler: (url) =>
        url === '/api/trainings' ? jsonResponse({ success: true, data: info({ trainers: [] }) }) : undefined,
    });
    renderApp('/tools/train');
    const state = await screen.findByRole('heading', {
      name: 'Training personal models needs an AI provider',
    });
    const section = state.closest('section') as HTMLElement;
    const providers = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(providers.map((item) => item.textContent)).toEqual(['fal.ai', 'Replicate']);
    expect(screen.queryByRole('button', { name: 'Start training' })).not.toBeInTheDocument();
  });

  it('lists trainings: progress and Cancel while running, a link to the generator when ready', async () => {
    const cancels: string[] = [];
    mockServer({
      user: TEST_USER,
      handler: (url, init) => {
        if (url === '/api/trainings')
          return jsonResponse({
            success: true,
            data: info({
              trainings: [
                training({
                  id: 't2',
                  name: 'Mug',
                  status: 'running',
                  progress: 45,
                  stage: 'Training',
                  modelId: null,
                }),
                training(),
              ],
            }),
          });
        if (url === '/api/trainings/t2/cancel' && init?.method === 'POST') {
          cancels.push(url);
          return jsonResponse({
            success: true,
            data: training({ id: 't2', status: 'cancelled', modelId: null }),
          });
        }
        return undefined;
      },
    });
    const { user } = renderApp('/tools/train');
    const bar = await screen.findByRole('progressbar', { name: 'Training progress of Mug' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('45% · Training')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate with it' })).toHaveAttribute('href', '/generate/image');
    await user.click(screen.getByRole('button', { name: 'Cancel training' }));
    await waitFor(() => expect(cancels).toEqual(['/api/trainings/t2/cancel']));
  });

  it('says that fal keeps the trained file when a model is deleted', async () => {
    mockServer({
      user: TEST_USER,
      handler: (url) =>
        url === '/api/trainings'
          ? jsonResponse({ success: true, data: info({ trainings: [training()] }) })
          : undefined,
    });
    const { user } = renderApp('/tools/train');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByText(/fal\.ai offers no way to delete the trained file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete for good' })).toBeInTheDocument();
  });

  it('picks from the library no more images than a training can still take', async () => {
    const images = Array.from({ length: 42 }, (_, index) => makeAsset({ id: `img-${index}` }));
    mockServer({
      user: TEST_USER,
      handler: (url) => {
        if (url === '/api/trainings') return jsonResponse({ success: true, data: info() });
        if (url.startsWith('/api/assets?'))
          return jsonResponse({ success: true, data: { items: images, nextCursor: null } });
        return undefined;
      },
    });
    const { user } = renderApp('/tools/train');
    await user.click(await screen.findByRole('button', { name: 'Pick from library' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your newest images. You can add up to 40 more.')).toBeInTheDocument();
    const items = await within(dialog).findAllByRole('button', { pressed: false });
    expect(items).toHaveLength(42);
    for (const button of items.slice(0, 40)) await user.click(button);
    // The two left over cannot be chosen once 40 are.
    expect(items.slice(40).map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, true]);
    await user.click(within(dialog).getByRole('button', { name: 'Add 40 images' }));
    expect(screen.getByText('40 images chosen (between 10 and 40).')).toBeInTheDocument();
    // The library offers none of those again, and says there is no room left.
    await user.click(screen.getByRole('button', { name: 'Pick from library' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByText(/You already have as many as a training can use/)).toBeInTheDocument();
    expect(within(again).getAllByRole('button', { pressed: false })).toHaveLength(2);
  });

  it('starts a training from images picked in the library, with the name, trigger word and kind', async () => {
    const images = Array.from({ length: 10 }, (_, index) => makeAsset({ id: `img-${index}` }));
    const sent: unknown[] = [];
    mockServer({
      user: TEST_USER,
      handler: (url, init) => {
        if (url === '/api/trainings' && init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return jsonResponse({ success: true, data: training({ status: 'queued', modelId: null }) }, 201);
        }
        if (url === '/api/trainings') return jsonResponse({ success: true, data: info() });
        if (url.startsWith('/api/assets?'))
          return jsonResponse({ success: true, data: { items: images, nextCursor: null } });
        return undefined;
      },
    });
    const { user } = renderApp('/tools/train');
    await user.click(await screen.findByRole('button', { name: 'Pick from library' }));
    const dialog = await screen.findByRole('dialog');
    for (const button of await within(dialog).findAllByRole('button', { pressed: false }))
      await user.click(button);
    await user.click(within(dialog).getByRole('button', { name: 'Add 10 images' }));
    expect(screen.getByText('10 images chosen (between 10 and 40).')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Model name'), 'My mug');
    await user.type(screen.getByLabelText('Trigger word'), 'KLD MUG');
    await user.click(screen.getByRole('radio', { name: /Product/ }));
    // 42 credits against a price of 60: said before submit (the server refuses with 402 all the same).
    expect(screen.getByText(/This costs 60 credits, more than you have/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start training' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'My mug',
      triggerWord: 'KLDMUG',
      kind: 'product',
      assetIds: images.map((asset) => asset.id),
      provider: 'fal',
    });
  });
});
