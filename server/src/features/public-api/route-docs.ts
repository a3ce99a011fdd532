import { ZErrorEnvelope } from '@kaleido/common';
import type { z } from 'zod';

/** A documented JSON answer (fastify-type-provider-zod's form, read by the OpenAPI document). */
export const json = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { 'application/json': { schema } },
});

/** Error answers, each an error envelope with what it means on this route. */
export const errors = (codes: Record<number, string>) =>
  Object.fromEntries(
    Object.entries(codes).map(([status, description]) => [status, json(description, ZErrorEnvelope)]),
  );

/** Every public operation is called with an API key (`Authorization: Bearer`). */
export const security = [{ apiKey: [] }];
