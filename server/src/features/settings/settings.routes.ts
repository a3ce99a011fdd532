import { ZSettingsPatch } from '@kaleido/common';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/validation.js';
import type { Authenticator } from '../auth/authn.js';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(
  app: FastifyInstance,
  deps: { authn: Authenticator; settings: SettingsService },
): void {
  app.get('/api/settings', async (request, reply) => {
    const auth = await deps.authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await deps.settings.get(auth.user.id) };
  });

  app.patch('/api/settings', async (request) => {
    const auth = await deps.authn.required(request);
    const patch = parseInput(ZSettingsPatch, request.body);
    return { success: true, data: await deps.settings.update(auth.user.id, patch) };
  });
}
