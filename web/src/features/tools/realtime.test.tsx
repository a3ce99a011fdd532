import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { createQueryClient } from '../../lib/query-client';
import { RealtimeCanvas } from './realtime-canvas';
import {
  type DrawHistory,
  type DrawOp,
  drawAll,
  EMPTY_DRAWING,
  hasPaint,
  pushOp,
  redoOp,
  undoOp,
} from './realtime-ops';
import { previewPhase, realtimeSocketUrl } from './realtime-socket';

/** A 2D context that writes down what is drawn, with the compositing mode of each call. */
function recorder() {
  const calls: string[] = [];
  const state: Record<string, unknown> = { globalCompositeOperation: 'source-over' };
  const saved: Record<string, unknown>[] = [];
  const ctx = new Proxy({} as CanvasRenderingContext2D, {
    get: (_target, key: string) => {
      if (key === 'save') return () => saved.push({ ...state });
      if (key === 'restore') return () => Object.assign(state, saved.pop());
      if (key in state) return state[key];
      return (...args: unknown[]) =>
        calls.push(`${key}[${String(state.globalCompositeOperation)}](${args.join(',')})`);
    },
    set: (_target, key: string, value) => {
      state[key] = value;
      return true;
    },
  });
  return { ctx, calls, state };
}

const stroke = (tool: 'brush' | 'eraser'): DrawOp => ({
  kind: 'stroke',
  tool,
  colour: '#e53935',
  size: 0.1,
  points: [
    [0.1, 0.1],
    [0.5, 0.5],
  ],
});

afterEach(() => vi.restoreAllMocks());

describe('the Realtime drawing as a list of operations', () => {
  it('undoes and redoes operations, and a new one forgets what was undone', () => {
    const rect: DrawOp = { kind: 'shape', shape: 'rectangle', colour: '#4caf50', from: [0, 0.5], to: [1, 1] };
    let history: DrawHistory = pushOp(pushOp(EMPTY_DRAWING, stroke('brush')), rect);
    history = undoOp(history);
    expect(history.ops).toEqual([stroke('brush')]);
    expect(history.undone).toEqual([rect]);
    history = redoOp(history);
    expect(history.ops).toEqual([stroke('brush'), rect]);
    history = pushOp(undoOp(history), { kind: 'clear' });
    expect(redoOp(history)).toBe(history);
    expect(history.ops).toEqual([stroke('brush'), { kind: 'clear' }]);
    expect(undoOp(EMPTY_DRAWING)).toBe(EMPTY_DRAWING);
  });

  it('erases to transparency (destination-out) and paints normally again after', () => {
    const { ctx, calls, state } = recorder();
    drawAll(ctx, [stroke('brush'), stroke('eraser'), stroke('brush')], 512);
    const strokes = calls.filter((call) => call.startsWith('stroke['));
    expect(strokes).toEqual(['stroke[source-over]()', 'stroke[destination-out]()', 'stroke[source-over]()']);
    expect(state.globalCompositeOperation).toBe('source-over');
    expect(calls[0]).toBe('clearRect[source-over](0,0,512,512)');
    expect(calls).toContain('moveTo[destination-out](51.2,51.2)');
  });

  it('draws shapes at the canvas size and says whether anything is painted', () => {
    const { ctx, calls } = recorder();
    const ellipse: DrawOp = {
      kind: 'shape',
      shape: 'ellipse',
      colour: '#ffd54f',
      from: [0.5, 0.5],
      to: [0.25, 0.25],
    };
    drawAll(ctx, [ellipse], 100);
    expect(calls).toContain(`ellipse[source-over](37.5,37.5,12.5,12.5,0,0,${Math.PI * 2})`);
    expect(hasPaint([stroke('eraser')])).toBe(false);
    expect(hasPaint([stroke('brush'), { kind: 'clear' }])).toBe(false);
    expect(hasPaint([stroke('brush'), stroke('eraser')])).toBe(true);
  });

  it('opens the socket on the page’s own origin, wss on https', () => {
    expect(realtimeSocketUrl({ protocol: 'https:', host: 'kaleido.example' })).toBe(
      'wss://kaleido.example/api/tools/realtime/socket',
    );
    expect(realtimeSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/tools/realtime/socket',
    );
  });

  it('shows a draft frame as refining until its full frame comes, and a newer request as updating', () => {
    const at = (frame: { id: number; draft: boolean } | null, lastSent: number | null, scheduled = false) =>
      previewPhase({ frame, lastSent, scheduled, problem: null });
    expect(at({ id: 3, draft: true }, 3)).toBe('refining');
    expect(at({ id: 3, draft: false }, 3)).toBe('idle');
    expect(at({ id: 2, draft: false }, 3)).toBe('updating');
    expect(at({ id: 3, draft: true }, 3, true)).toBe('updating');
    expect(at(null, null)).toBe('idle');
    // Refused for the rate: no full frame is on its way, so the draft is not said to be refining.
    expect(
      previewPhase({
        frame: { id: 3, draft: true },
        lastSent: 3,
        scheduled: false,
        problem: { type: 'rate_limited', id: 4, retryAfterMs: 200, burst: 20, perSecond: 5 },
      }),
    ).toBe('idle');
  });
});

function Harness({ onHistory }: { onHistory: (history: DrawHistory) => void }) {
  const [history, setHistory] = useState<DrawHistory>(EMPTY_DRAWING);
  return (
    <RealtimeCanvas
      history={history}
      onChange={(next) => {
        setHistory(next);
        onHistory(next);
      }}
      onDraft={() => undefined}
    />
  );
}

describe('the Realtime canvas', () => {
  it('draws with the pointer, switches tools by keyboard, and undoes / redoes', async () => {
    const user = userEvent.setup();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(recorder().ctx);
    const onHistory = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider>
          <MemoryRouter>
            <Harness onHistory={onHistory} />
          </MemoryRouter>
        </I18nProvider>
      </QueryClientProvider>,
    );
    const last = () => onHistory.mock.lastCall?.[0] as DrawHistory;
    const canvas = screen.getByRole('img', { name: /Drawing canvas/ });
    vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 200, 200));
    const drag = () => {
      fireEvent.pointerDown(canvas, { clientX: 20, clientY: 20, button: 0, pointerId: 1 });
      fireEvent.pointerMove(canvas, { clientX: 100, clientY: 120, pointerId: 1 });
      fireEvent.pointerUp(canvas, { pointerId: 1 });
    };
    drag();
    expect(last().ops).toEqual([
      expect.objectContaining({
        kind: 'stroke',
        tool: 'brush',
        points: [
          [0.1, 0.1],
          [0.5, 0.6],
        ],
      }),
    ]);

    await user.keyboard('e');
    expect(screen.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true');
    drag();
    expect(last().ops[1]).toMatchObject({ kind: 'stroke', tool: 'eraser' });

    await user.keyboard('r');
    await user.click(screen.getByRole('button', { name: 'Colour #4caf50' }));
    drag();
    expect(last().ops[2]).toEqual({
      kind: 'shape',
      shape: 'rectangle',
      colour: '#4caf50',
      from: [0.1, 0.1],
      to: [0.5, 0.6],
    });

    await user.keyboard('{Control>}z{/Control}');
    expect(last().ops).toHaveLength(2);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(last().ops).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(screen.getByRole('button', { name: 'Clear the canvas' }));
    expect(last().ops.at(-1)).toEqual({ kind: 'clear' });
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rectangle' })).toHaveAttribute('aria-pressed', 'true');
  });
});
