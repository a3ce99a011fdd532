import websocket from '@fastify/websocket';
import {
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  REALTIME_SOCKET_PATH,
  type TRealtimeClientMessage,
  type TRealtimeServerMessage,
  ZRealtimeClientMessage,
  ZRealtimeKeepRequest,
} from '@kaleido/common';
import type { WebSocket } from 'ws';
import { AppError } from '../../platform/http/app-error.js';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import { answerJob, JOB_START_SCHEMA } from '../generations/generations.routes.js';
import type { GenerationsService } from '../generations/generations.service.js';
import type { RealtimeService } from './realtime.service.js';

/**
 * The Realtime tool's calls (issue 21): the preview socket, and "Keep".
 *
 * The socket is authenticated by the session cookie of its upgrade request, and the upgrade must come
 * from this site's own pages (the Origin header, which browsers always send on a WebSocket handshake,
 * equals `PUBLIC_URL`'s origin): a cross-site page can open a socket with the person's cookie, so a
 * foreign Origin is refused with 403 before any upgrade. A signed-out socket is accepted and closed at
 * once with 4401, which a page can read (a refused handshake is opaque to it).
 */
export async function realtimeRoutes(
  app: App,
  deps: {
    authn: Authenticator;
    realtime: RealtimeService;
    generations: GenerationsService;
    appOrigin: string;
  },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: REALTIME_LIMITS.maxMessageBytes } });

  app.get(
    REALTIME_SOCKET_PATH,
    {
      websocket: true,
      onRequest: async (request) => {
        if (request.headers.origin !== deps.appOrigin) throw new AppError('CROSS_SITE_REQUEST');
      },
    },
    (socket: WebSocket, request) => {
      const send = (message: TRealtimeServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      // Messages are listened to at once (none is lost while the session is read) and handled after.
      const early: TRealtimeClientMessage[] = [];
      let session: ReturnType<RealtimeService['session']> | null = null;
      socket.on('message', (data, isBinary) => {
        let parsed: ReturnType<typeof ZRealtimeClientMessage.safeParse> | null = null;
        if (!isBinary) {
          try {
            parsed = ZRealtimeClientMessage.safeParse(JSON.parse(data.toString()));
          } catch {
            parsed = null;
          }
        }
        if (!parsed?.success) {
          send({ type: 'error', id: null, code: 'invalid_message', message: 'Not a valid Realtime message' });
          return;
        }
        if (session) session.receive(parsed.data);
        else early.push(parsed.data);
      });
      socket.on('close', () => session?.close());
      deps.authn
        .optional(request)
        .then((auth) => {
          if (!auth) {
            socket.close(REALTIME_CLOSE.unauthenticated, 'Sign in to use Realtime');
            return;
          }
          if (socket.readyState !== socket.OPEN) return;
          session = deps.realtime.session(auth.user.id, {
            send,
            get open() {
              return socket.readyState === socket.OPEN;
            },
          });
          send(deps.realtime.hello());
          for (const message of early.splice(0)) session.receive(message);
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime session failed');
          socket.close(1011, 'Server error');
        });
    },
  );

  /** Saves a frame the person's socket was sent; answered like the tools (waits unless `?wait=false`). */
  app.post(
    '/api/tools/realtime/keep',
    { preValidation: deps.authn.signedIn, schema: { ...JOB_START_SCHEMA, body: ZRealtimeKeepRequest } },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      const row = await deps.realtime.keep(auth.user.id, request.body.frameId);
      return answerJob(deps.generations, reply, row, request.query.wait === 'true');
    },
  );
}
