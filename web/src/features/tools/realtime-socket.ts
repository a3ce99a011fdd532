import type { TRealtimeClientMessage, TRealtimeServerMessage } from '@kaleido/common';
import { REALTIME_CLOSE, REALTIME_SOCKET_PATH } from '@kaleido/common/browser';
import { useCallback, useEffect, useRef, useState } from 'react';

export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'signedOut';

type Of<T extends TRealtimeServerMessage['type']> = Extract<TRealtimeServerMessage, { type: T }>;

export interface RealtimeConnection {
  status: RealtimeStatus;
  ready: Of<'ready'> | null;
  frame: Of<'frame'> | null;
  /** The last refusal or failure, until the next frame. */
  problem: Of<'error'> | Of<'rate_limited'> | null;
  /** Sends a preview request when the socket is open; answers whether it was sent. */
  send: (message: TRealtimeClientMessage) => boolean;
}

/**
 * What the preview is doing: `updating` while a newer request is scheduled or on its way, `refining`
 * while the shown frame is a draft whose full frame is still to come, else `idle`.
 */
export function previewPhase(state: {
  frame: Pick<Of<'frame'>, 'id' | 'draft'> | null;
  lastSent: number | null;
  scheduled: boolean;
  problem: RealtimeConnection['problem'];
}): 'idle' | 'updating' | 'refining' {
  const { frame, lastSent, scheduled, problem } = state;
  if (scheduled || (lastSent !== null && (frame?.id ?? -1) < lastSent && problem === null)) return 'updating';
  return frame?.draft && problem === null ? 'refining' : 'idle';
}

/** The socket's address on this page's own origin (the server refuses any other Origin). */
export function realtimeSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_SOCKET_PATH}`;
}

/**
 * The Realtime preview socket: opens on mount, reconnects after a drop (1 s, doubling to 15 s), stops
 * for good when the server says the person is signed out (4401), and closes on unmount.
 */
export function useRealtimeSocket(): RealtimeConnection {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [ready, setReady] = useState<Of<'ready'> | null>(null);
  const [frame, setFrame] = useState<Of<'frame'> | null>(null);
  const [problem, setProblem] = useState<RealtimeConnection['problem']>(null);
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    let stopped = false;
    let delay = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const socket = new WebSocket(realtimeSocketUrl());
      socketRef.current = socket;
      socket.onopen = () => {
        delay = 1000;
        setStatus('open');
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        const message = JSON.parse(event.data) as TRealtimeServerMessage;
        if (message.type === 'ready') setReady(message);
        else if (message.type === 'frame') {
          setFrame(message);
          setProblem(null);
        } else setProblem(message);
      };
      socket.onclose = (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        if (stopped) return;
        if (event.code === REALTIME_CLOSE.unauthenticated) {
          setStatus('signedOut');
          return;
        }
        setStatus('reconnecting');
        timer = setTimeout(connect, delay);
        delay = Math.min(15_000, delay * 2);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socketRef.current?.close(1000);
      socketRef.current = null;
    };
  }, []);

  const send = useCallback((message: TRealtimeClientMessage) => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }, []);

  return { status, ready, frame, problem, send };
}
