import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import fastJson, { type Schema } from 'fast-json-stringify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
 * A response schema's serialiser: fast-json-stringify compiled from the contract's JSON Schema
 * (output shape). It writes only the properties the contract names, so a column the contract does
 * not list never leaks, and it refuses an answer that lacks a required one. With `validate`, the
 * answer is first checked against the zod contract itself (types, formats, unions) and the compiled
 * serialiser's text compared with the contract's own encoding: development and the test suites run
 * that way, so a presenter that drifts from its contract fails there, while production pays only for
 * the compiled serialiser (zod's check cost a quarter of `GET /api/health`'s throughput).
 */
function contractSerializer(validate: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) throw new Error(`a response schema of ${method} ${url} is not zod`);
    const contract = schema;
    const stringify = fastJson(
      z.toJSONSchema(contract, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Schema,
    );
    if (!validate) return (data) => stringify(data);
    return (data) => {
      const checked = z.safeEncode(contract, data);
      if (!checked.success) {
        throw new Error(`the answer of ${method} ${url} breaks its contract: ${checked.error.message}`);
      }
      const written = stringify(checked.data);
      // The compiled serialiser must write exactly what the contract's own encoding says.
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(checked.data)))) {
        throw new Error(`the serialiser of ${method} ${url} writes ${written}, its contract says otherwise`);
      }
      return written;
    };
  };
}

/**
 * Makes every route of `app` declare its schemas as zod contracts (see `App`). `validateResponses`
 * also checks every answer against its contract before it is written (on in tests).
 */
export function useContractSchemas(app: FastifyInstance, options: { validateResponses?: boolean } = {}): App {
  app.setValidatorCompiler(contractValidator);
  app.setSerializerCompiler(contractSerializer(options.validateResponses ?? false));
  return app.withTypeProvider<ZodTypeProvider>();
}
