import { ZAdminAuditPage, ZAdminAuditQuery, ZSuccessEnvelope } from '@kaleido/common';
import type { FastifyReply } from 'fastify';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { AuditService } from './audit.service.js';

/**
 * `GET /api/admin/audit`: the log, newest first, filtered; `format=csv` answers the whole filtered log
 * as a download. Read only: the log has no route that changes or deletes an event.
 */
export function auditRoutes(app: App, deps: { authn: Authenticator; audit: AuditService }): void {
  app.get(
    '/api/admin/audit',
    {
      preValidation: deps.authn.signedInAdmin,
      schema: { querystring: ZAdminAuditQuery, response: { 200: ZSuccessEnvelope(ZAdminAuditPage) } },
    },
    async (request, reply) => {
      const { format, cursor, limit, ...filter } = request.query;
      if (format === 'csv') {
        const day = new Date().toISOString().slice(0, 10);
        // A string body with its own type is sent as it is (the contract serialises JSON answers only).
        const raw: FastifyReply = reply;
        return raw
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="kaleido-audit-${day}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(await deps.audit.csv(filter));
      }
      return { success: true as const, data: await deps.audit.page({ ...filter, cursor, limit }) };
    },
  );
}
