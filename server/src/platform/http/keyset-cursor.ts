import { AppError } from './app-error.js';

/** A keyset position (the last row's created_at and id) as an opaque URL-safe cursor. */
export const encodeCursor = (row: { created_at: string; id: string }): string =>
  Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');

/** Reads a cursor made by `encodeCursor`; anything else is a 400. */
export function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)))
    throw new AppError('VALIDATION_FAILED', 'api.request.invalidCursor');
  return { createdAt, id };
}
