import { ZSettings, ZSettingsPatch, ZSuccessEnvelope } from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(app: App, deps: { authn: Authenticator; settings: SettingsService }): void {
  const settings = ZSuccessEnvelope(ZSettings);

  app.get(
    '/api/settings',
    { preValidation: deps.authn.signedIn, schema: { response: { 200: settings } } },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await deps.settings.get(auth.user.id) };
    },
  );

  app.patch(
    '/api/settings',
    { preValidation: deps.authn.signedIn, schema: { body: ZSettingsPatch, response: { 200: settings } } },
    async (request) => {
      const auth = await deps.authn.required(request);
      return { success: true as const, data: await deps.settings.update(auth.user.id, request.body) };
    },
  );
}
