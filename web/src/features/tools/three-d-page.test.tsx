import type { TThreeDInfo } from '@kaleido/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { notEnoughCredits, serveTool, toolsInfo, uploadedImage } from './tool-test-fixtures';

const offline = {
  id: 'lowpoly-3d',
  name: 'Low-poly (offline)',
  provider: 'sketch',
  providerName: 'Sketch',
  offline: true,
  takesImage: false,
  available: true,
};
const hosted = (id: string, name: string, providerName: string) => ({
  id,
  name,
  provider: id.split('-')[0] ?? id,
  providerName,
  offline: false,
  takesImage: true,
  available: true,
});

const chair = uploadedImage('chair-1');

/** The server of these tests: the 3D info, the image, and the 3D call (recorded, answered 402). */
const serve = (models: TThreeDInfo['models']) =>
  serveTool({
    get: {
      '/api/tools/3d': { models, price: 3, providers: ['sketch', 'fal', 'replicate'] },
      '/api/tools': toolsInfo(),
    },
    assets: [chair],
    post: '/api/generate-3d',
    answer: () => notEnoughCredits(3),
  });

describe('3D Objects page with image-to-3D models', () => {
  it('offers no image when only the offline modeller is set up', async () => {
    serve([offline]);
    renderApp('/tools/3d');
    expect(await screen.findByLabelText('Describe the object')).toBeInTheDocument();
    expect(screen.queryByText('Image (optional)')).not.toBeInTheDocument();
  });

  it('without an image, offers the prompt models; with one, the image-to-3D models, and sends the image', async () => {
    const posted = serve([
      offline,
      hosted('fal-hunyuan3d', 'Hunyuan3D 2', 'fal.ai'),
      hosted('replicate-trellis', 'TRELLIS', 'Replicate'),
    ]);
    const first = renderApp('/tools/3d');
    expect(await screen.findByRole('heading', { name: 'Image (optional)' })).toBeInTheDocument();
    expect(screen.getByText('Drop an image here, or paste one')).toBeInTheDocument();
    // Only the offline modeller works without an image: no model choice.
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
    first.unmount();

    const { user } = renderApp('/tools/3d?image=chair-1');
    const model = await screen.findByRole('combobox', { name: 'Model' });
    expect([...model.querySelectorAll('option')].map((option) => option.value)).toEqual([
      'fal-hunyuan3d',
      'replicate-trellis',
    ]);
    await user.selectOptions(model, 'replicate-trellis');
    await user.type(screen.getByLabelText('Describe the object (a hint for the model)'), 'a chair');
    await user.click(screen.getByRole('button', { name: /Make 3D object/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/generate-3d?wait=false',
      body: { prompt: 'a chair', imageAssetId: 'chair-1', model: 'replicate-trellis' },
    });
    expect(await screen.findByText('Not enough credits: this costs 3.')).toBeInTheDocument();
  });

  it('offers a hosted text-to-3D model for the prompt alone, and not for an image', async () => {
    const tripo = { ...hosted('fal-tripo', 'Tripo v2.5', 'fal.ai'), takesImage: false };
    const posted = serve([offline, hosted('fal-hunyuan3d', 'Hunyuan3D 2', 'fal.ai'), tripo]);
    const first = renderApp('/tools/3d?image=chair-1');
    // Once the image is read, the prompt is a hint and only the image-to-3D model remains: no choice.
    await screen.findByLabelText('Describe the object (a hint for the model)');
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
    first.unmount();

    const { user } = renderApp('/tools/3d');
    const model = await screen.findByRole('combobox', { name: 'Model' });
    expect([...model.querySelectorAll('option')].map((option) => option.value)).toEqual([
      'lowpoly-3d',
      'fal-tripo',
    ]);
    await user.selectOptions(model, 'fal-tripo');
    await user.type(screen.getByLabelText('Describe the object'), 'a red toy car');
    await user.click(screen.getByRole('button', { name: /Make 3D object/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/generate-3d?wait=false',
      body: { prompt: 'a red toy car', model: 'fal-tripo' },
    });
  });

  it('asks for an image when every model set up makes 3D from one', async () => {
    serve([hosted('fal-hunyuan3d', 'Hunyuan3D 2', 'fal.ai')]);
    const { user } = renderApp('/tools/3d');
    expect(
      await screen.findByText('The models set up here make 3D objects from an image: choose one.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Describe the object'), 'a chair');
    expect(screen.getByRole('button', { name: /Make 3D object/ })).toBeDisabled();
  });
});
