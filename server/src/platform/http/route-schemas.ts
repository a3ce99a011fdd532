import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { createSerializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { checkInput } from './validation.js';

/**
 * The app as its routes see it: `body`, `querystring`, `params` and `response` are contract (zod)
 * schemas, and the handler's request and reply are typed from them.
 */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Inputs are parsed with the contract schema exactly as `parseInput` does: a refusal is the
 * VALIDATION_FAILED AppError (catalog messages, every problem in `details`), which Fastify hands to
 * the error handler as it is. The parsed value (defaults applied, unknown keys dropped) replaces the
 * raw input.
 */
const contractValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = checkInput(schema, data);
    return result.ok ? { value: result.value } : { error: result.error };
  };

/**
 * Responses are encoded with their contract schema before they are written: objects keep only the
 * keys the schema names (a column the contract does not list never leaks), and a response that does
 * not match its schema is a server error instead of a silent break of the contract.
 */
const contractSerializer = createSerializerCompiler({});

/** Makes every route of `app` declare its schemas as zod contracts (see `App`). */
export function useContractSchemas(app: FastifyInstance): App {
  app.setValidatorCompiler(contractValidator);
  app.setSerializerCompiler(contractSerializer);
  return app.withTypeProvider<ZodTypeProvider>();
}
