import type { TAsset, TToolsInfo } from '@kaleido/common';
import { TOOL_PROVIDERS, UPLOAD_LIMITS } from '@kaleido/common/browser';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { createQueryClient } from '../../lib/query-client';
import { makeAsset } from '../../test/generation-fixtures';
import { jsonResponse, mockServer, renderApp, TEST_USER } from '../../test/render-app';
import { CompareSlider, nextPosition } from './compare-slider';
import { enhancePlan } from './enhance-page';
import {
  drawMask,
  EMPTY_MASK,
  hasPaint,
  type MaskContext,
  type MaskOp,
  pushOp,
  redoOp,
  undoOp,
} from './mask-ops';
import { MaskPainter } from './mask-painter';
import { toolsInfo as baseToolsInfo } from './tool-test-fixtures';
import { UploadControl } from './upload-control';

const offlineModel = {
  id: 'sketch-esrgan',
  name: 'ESRGAN',
  provider: 'sketch',
  providerName: 'Kaleido Sketch',
  offline: true,
  maxOutputLongSide: 8192,
  available: true,
};

function toolsInfo(
  overrides: Partial<Record<'restyle' | 'expand' | 'inpaint' | 'prompt', boolean>> = {},
): TToolsInfo {
  const mode = (name: keyof typeof TOOL_PROVIDERS, available: boolean) => ({
    available,
    models: available ? [{ ...offlineModel, id: `sketch-${name}`, maxOutputLongSide: null }] : [],
    providers: [...TOOL_PROVIDERS[name]],
  });
  const base = baseToolsInfo();
  return {
    ...base,
    enhance: { ...base.enhance, ...mode('enhance', true), models: [offlineModel] },
    edit: {
      modes: {
        restyle: mode('restyle', overrides.restyle ?? true),
        expand: mode('expand', overrides.expand ?? true),
        inpaint: mode('inpaint', overrides.inpaint ?? false),
        prompt: mode('prompt', overrides.prompt ?? false),
      },
      styles: ['default', 'anime', 'pixel-art', 'fantasy', 'sci-fi', 'vintage', 'minimalist', 'surreal'],
    },
  };
}

function renderWithProviders(ui: React.ReactNode) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('before/after slider', () => {
  it('moves the divider with the keyboard and says where it is', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <CompareSlider
        beforeUrl="/a.png"
        afterUrl="/b.png"
        beforeAlt="Before"
        afterAlt="After"
        width={100}
        height={50}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Before and after divider' });
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    expect(slider).toHaveAttribute('aria-valuetext', '50% before, 50% after');
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '52');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(slider).toHaveAttribute('aria-valuenow', '42');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    // The "before" picture is cut at the divider.
    expect(screen.getByAltText('Before')).toHaveStyle({ clipPath: 'inset(0 100% 0 0)' });
    expect(nextPosition(95, 'PageUp', false)).toBe(100);
    expect(nextPosition(50, 'a', false)).toBeNull();
  });
});

describe('mask painter', () => {
  it('undoes and redoes operations exactly, and knows when something is painted', () => {
    const stroke: MaskOp = { kind: 'stroke', tool: 'brush', size: 10, points: [[1, 1]] };
    const erase: MaskOp = { kind: 'stroke', tool: 'eraser', size: 10, points: [[1, 1]] };
    let history = pushOp(EMPTY_MASK, stroke);
    history = pushOp(history, erase);
    expect(history.ops).toEqual([stroke, erase]);
    history = undoOp(history);
    expect(history.ops).toEqual([stroke]);
    expect(history.undone).toEqual([erase]);
    history = redoOp(history);
    expect(history.ops).toEqual([stroke, erase]);
    // A new operation forgets what could be redone.
    history = pushOp(undoOp(history), { kind: 'clear' });
    expect(history.undone).toEqual([]);
    expect(hasPaint(history.ops)).toBe(false);
    expect(hasPaint([...history.ops, { kind: 'fill' }])).toBe(true);
    expect(undoOp(EMPTY_MASK)).toBe(EMPTY_MASK);
  });

  it('exports black for keep and white for change', () => {
    const calls: string[] = [];
    const ctx = new Proxy({} as MaskContext, {
      get:
        (_target, key: string) =>
        (...args: unknown[]) =>
          calls.push(`${key}(${args.join(',')})`),
      set: (_target, key: string, value: unknown) => {
        calls.push(`${key}=${String(value)}`);
        return true;
      },
    });
    drawMask(ctx, [{ kind: 'stroke', tool: 'brush', size: 4, points: [[2, 2]] }], {
      width: 10,
      height: 10,
      mode: 'export',
    });
    expect(calls).toContain('fillStyle=#000000');
    expect(calls).toContain('fillRect(0,0,10,10)');
    expect(calls).toContain('fillStyle=#ffffff');
    expect(calls.indexOf('fillStyle=#000000')).toBeLessThan(calls.indexOf('fillStyle=#ffffff'));
  });

  it('paints with the pointer, and Undo / Redo / Ctrl+Z take strokes away and back', async () => {
    const user = userEvent.setup();
    const context = new Proxy({} as CanvasRenderingContext2D, {
      get: () => () => {},
      set: () => true,
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context);
    const onChange = vi.fn();
    renderWithProviders(
      <MaskPainter imageUrl="/a.png" imageAlt="Source" width={800} height={600} onChange={onChange} />,
    );
    const lastOps = () => onChange.mock.lastCall?.[0] as MaskOp[];
    const canvas = screen.getByLabelText('Mask: paint over the area to change');
    expect(canvas).toHaveAttribute('width', '800');
    const paint = () => {
      fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, button: 0, pointerId: 1 });
      fireEvent.pointerMove(canvas, { clientX: 20, clientY: 20, pointerId: 1 });
      fireEvent.pointerUp(canvas, { pointerId: 1 });
    };
    paint();
    await waitFor(() => expect(lastOps()).toHaveLength(1));
    expect(lastOps()[0]).toMatchObject({ kind: 'stroke', tool: 'brush' });
    await user.click(screen.getByRole('button', { name: 'Eraser' }));
    expect(screen.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true');
    paint();
    await waitFor(() => expect(lastOps()).toHaveLength(2));
    expect(lastOps()[1]).toMatchObject({ tool: 'eraser' });

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(lastOps()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(lastOps()).toHaveLength(2);
    screen.getByRole('button', { name: 'Undo' }).focus();
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{Control>}z{/Control}');
    expect(lastOps()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(lastOps()).toEqual([{ kind: 'fill' }]);

    // Zoom in and out by steps.
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('150%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });
});

/** A stand-in XMLHttpRequest that answers every upload with `status` and `body`. */
function stubUploads(status: number, body: unknown) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    open() {}
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push(form);
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function toolsHandler(info: TToolsInfo = toolsInfo()) {
  return (url: string) => (url === '/api/tools' ? jsonResponse({ success: true, data: info }) : undefined);
}

describe('upload control', () => {
  const file = (name = 'photo.png', type = 'image/png', size = 1000) =>
    new File([new Uint8Array(size)], name, { type });

  async function upload(status: number, body: unknown, picked = file()) {
    mockServer({ user: TEST_USER, handler: toolsHandler() });
    const sent = stubUploads(status, body);
    const onChange = vi.fn();
    const { container } = renderWithProviders(
      <UploadControl kinds={['image', 'video']} value={null} onChange={onChange} label="Source" />,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [picked] } });
    return { sent, onChange };
  }

  it('uploads a chosen file and hands over the new asset', async () => {
    const asset = makeAsset({ origin: 'uploaded', tool: null });
    const { sent, onChange } = await upload(200, { success: true, data: asset });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(asset));
    const sentFile = sent[0]?.get('file');
    expect(sentFile instanceof File ? sentFile.name : null).toBe('photo.png');
  });

  it('says why a file is refused: too large (413), not supported (415), unreadable (400), storage full', async () => {
    await upload(413, {
      success: false,
      error: 'This file is too large: at most 25 MB.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file is too large. Images can be up to');
    expect(alert).toHaveTextContent('This file is too large: at most 25 MB.');
  });

  it('explains a 415', async () => {
    await upload(415, { success: false, error: 'Not supported', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is not a file the tools can use. Upload a PNG, JPEG, WebP, AVIF or HEIC image, or an MP4, WebM or MOV video.',
    );
  });

  it('explains a 400 with the server’s detail', async () => {
    await upload(400, {
      success: false,
      error: 'This file could not be read: it is damaged or incomplete.',
      code: 'BAD_REQUEST',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file could not be used.');
    expect(alert).toHaveTextContent('it is damaged or incomplete');
  });

  it('explains a full quota and links to the storage and the library', async () => {
    await upload(413, {
      success: false,
      error: 'Your storage is full (1024 MB).',
      code: 'PAYLOAD_TOO_LARGE',
      details: { usedBytes: 1024 ** 3, limitBytes: 1024 ** 3 },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your storage is full.');
    expect(alert).toHaveTextContent('Your storage is full (1024 MB).');
    expect(within(alert).getByRole('link', { name: 'See your storage' })).toHaveAttribute('href', '/profile');
    expect(within(alert).getByRole('link', { name: 'Free space in your library' })).toHaveAttribute(
      'href',
      '/library',
    );
  });

  it('refuses a file that is plainly too large before sending it', async () => {
    const { sent } = await upload(200, {}, file('big.png', 'image/png', UPLOAD_LIMITS.image.maxBytes + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is too large.');
    expect(sent).toHaveLength(0);
  });
});

describe('tool pages', () => {
  it('Edit: a mode no configured provider can do shows the "needs an AI provider" state', async () => {
    mockServer({ user: TEST_USER, handler: toolsHandler(toolsInfo({ inpaint: false })) });
    const { user } = renderApp('/tools/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit' })).toBeInTheDocument();
    // Restyle works offline: no provider needed.
    expect(screen.queryByText(/needs an AI provider/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: 'Inpaint' }));
    const state = await screen.findByRole('heading', { name: 'Inpaint needs an AI provider' });
    const section = state.closest('section') as HTMLElement;
    const providers = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(providers.map((item) => item.textContent)).toEqual(['OpenAI', 'ComfyUI', 'Replicate', 'fal.ai']);
    expect(section).toHaveTextContent('can connect OpenAI, ComfyUI, Replicate, or fal.ai');
    expect(within(section).getByRole('link', { name: 'How to set up a provider' })).toHaveAttribute(
      'href',
      '/docs/providers',
    );
    expect(screen.queryByRole('button', { name: /Inpaint ·/ })).not.toBeInTheDocument();
  });

  it('Enhancer: states the output size, the real maximum and the price before submit', async () => {
    const source: TAsset = makeAsset({ id: 'src-1', origin: 'uploaded', tool: null });
    mockServer({
      user: TEST_USER,
      handler: (url) =>
        url === '/api/tools'
          ? jsonResponse({ success: true, data: toolsInfo() })
          : url === '/api/assets/src-1'
            ? jsonResponse({ success: true, data: source })
            : undefined,
    });
    const { user } = renderApp('/tools/enhance?asset=src-1');
    expect(await screen.findByText('Output: 2,048 × 2,048 px')).toBeInTheDocument();
    expect(
      screen.getByText('Largest output: 8,192 px on the long side (offline model).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enhance ×2 · 2 credits' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: '×4' }));
    expect(screen.getByText('Output: 4,096 × 4,096 px')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enhance ×4 · 5 credits' })).toBeEnabled();
    expect(screen.getByText('Costs 5 credits. Your balance: 42 credits.')).toBeInTheDocument();
  });

  it('plans an enhance: output size, price by megapixels or seconds, and the maximum', () => {
    const info = toolsInfo();
    const image = makeAsset();
    expect(enhancePlan(image, 4, info, undefined)).toMatchObject({ width: 4096, height: 4096, price: 5 });
    const big = makeAsset({ metadata: { ...image.metadata, width: 3000, height: 2000 } });
    expect(enhancePlan(big, 4, info, undefined).tooLarge).toBe(true);
    const video = makeAsset({ type: 'video' });
    expect(enhancePlan(video, 2, info, undefined)).toMatchObject({ maxLongSide: 3840, price: 3 });
  });
});
