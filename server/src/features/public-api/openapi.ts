import {
  CREDIT_PRICES,
  KEY_PLANS,
  type TGenerationType,
  ZErrorEnvelope,
  ZPublicGenerationAccepted,
  ZPublicGenerationResult,
  ZPublicGenerationStatus,
  ZPublicImageRequest,
  ZPublicVideoRequest,
} from '@kaleido/common';
import { z } from 'zod';
import { VERSION } from '../../version.js';

export type OpenApiDocument = Record<string, unknown>;

type JsonSchema = Record<string, unknown>;

/**
 * Every contract schema with a stable id, as JSON Schema whose references point at
 * `#/components/schemas/<id>`: requests in their input shape (defaults optional), responses in their
 * output shape.
 */
function componentSchemas(io: 'input' | 'output'): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...rest }]) => [id, rest as JsonSchema]),
  );
}

/** The contract schemas the public API uses, by direction. */
const PUBLIC_SCHEMAS = {
  requests: [ZPublicImageRequest, ZPublicVideoRequest],
  responses: [ZPublicGenerationResult, ZPublicGenerationAccepted, ZPublicGenerationStatus, ZErrorEnvelope],
} as const;

function idOf(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('a public API schema has no meta id');
  return id;
}

function pick(from: Record<string, JsonSchema>, id: string): JsonSchema {
  const found = from[id];
  if (!found) throw new Error(`contract schema ${id} is not registered`);
  return found;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The OpenAPI 3.1 document of the public API, generated from the contract schemas (never written by
 * hand). A copy is committed as server/openapi.json; a test fails when it is stale (`npm run openapi`).
 */
export function buildOpenApiDocument(
  prices: { image: number; video: number } = CREDIT_PRICES,
): OpenApiDocument {
  const errors = (codes: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(codes).map(([status, description]) => [
        status,
        { description, content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
      ]),
    );
  const limits = KEY_PLANS.map(
    (plan) => `${plan.name}: ${plan.requestsPerMinute}/min, ${plan.monthlyCredits} credits/month`,
  ).join('; ');
  const common = {
    '401': 'Missing, malformed or unknown API key.',
    '403': 'The key is inactive, or its plan does not allow this.',
    '429': `Rate limit of the key's plan exceeded (${limits}). See Retry-After and the RateLimit headers.`,
  };
  const generateOperation = (kind: TGenerationType) => ({
    operationId: kind === 'image' ? 'generateImage' : 'generateVideo',
    summary: kind === 'image' ? 'Generate an image' : 'Generate a video',
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Retrying with the same key returns the same generation and never charges twice.',
        schema: { type: 'string', maxLength: 255 },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: ref(kind === 'image' ? 'ImageGenerationRequest' : 'VideoGenerationRequest'),
        },
      },
    },
    responses: {
      '200': {
        description: kind === 'image' ? 'The image' : 'The video (MP4)',
        content: { 'application/json': { schema: ref('GenerationResult') } },
      },
      '202': {
        description: 'Still running after the wait: poll statusUrl.',
        content: { 'application/json': { schema: ref('GenerationAccepted') } },
      },
      ...errors({
        '400':
          kind === 'image'
            ? 'Invalid request.'
            : 'Invalid request, or an option the configured model cannot honour.',
        ...common,
        '402': `Insufficient credits (the account's balance or the key's monthly allowance).`,
        '409': 'This Idempotency-Key was used with a different request.',
        '502': 'The generation failed; no credits were used.',
      }),
    },
  });
  const inputs = componentSchemas('input');
  const outputs = componentSchemas('output');
  const components = Object.fromEntries([
    ...PUBLIC_SCHEMAS.requests.map((schema) => [idOf(schema), pick(inputs, idOf(schema))]),
    ...PUBLIC_SCHEMAS.responses.map((schema) => [idOf(schema), pick(outputs, idOf(schema))]),
  ]);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kaleido API',
      version: VERSION,
      description: `Generate images and short videos from text. Pay per use: an image costs ${prices.image} credit${prices.image === 1 ? '' : 's'}, a video ${prices.video} credit${prices.video === 1 ? '' : 's'}; failed requests do not consume credits.`,
    },
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
    paths: {
      '/generate/image': { post: generateOperation('image') },
      '/generate/video': { post: generateOperation('video') },
      '/generations/{id}': {
        get: {
          operationId: 'getGeneration',
          summary: 'Status and result of a generation',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'The generation',
              content: { 'application/json': { schema: ref('GenerationStatus') } },
            },
            ...errors({ ...common, '404': 'No such generation for this account.' }),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from the API Keys page: `Authorization: Bearer kal_live_…`.',
        },
      },
      schemas: components,
    },
  };
}
