import { register } from 'node:module';
import FastifyOtelInstrumentation from '@fastify/otel';
import { context, propagation, ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK, type tracing } from '@opentelemetry/sdk-node';
import { VERSION } from '../../version.js';
import { installTracing, type Tracing } from './tracing.js';

/**
 * The OpenTelemetry bootstrap: its own build entry (dist/otel.js), imported by main.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set and before the server's modules load, so the HTTP, pg and undici
 * instrumentations see them load. Spans go to `${OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces` (OTLP/HTTP,
 * protobuf-free JSON); the standard OTEL_* variables tune the exporter and the batch processor.
 */

/** Attributes that may carry a query string (signed file URLs, unsubscribe tokens). */
const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.path', 'url.original'];

/**
 * Every span leaves without query strings, whichever instrumentation recorded the URL: exported
 * attributes keep the path only, and `url.query` is dropped.
 */
function withoutQueryStrings(exporter: tracing.SpanExporter): tracing.SpanExporter {
  return {
    export(spans, done) {
      for (const span of spans) {
        const attributes = span.attributes as Record<string, unknown>;
        delete attributes['url.query'];
        for (const name of URL_ATTRIBUTES) {
          const value = attributes[name];
          if (typeof value === 'string') attributes[name] = value.split('?')[0] ?? '';
        }
      }
      exporter.export(spans, done);
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

function tracingOf(tracer: ReturnType<typeof trace.getTracer>, sdk: NodeSDK): Tracing {
  return {
    shutdown: () => sdk.shutdown(),
    enabled: true,
    capture() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ?? null;
    },
    span(name, attributes, work, parent) {
      const parentContext = parent
        ? propagation.extract(ROOT_CONTEXT, { traceparent: parent })
        : context.active();
      return tracer.startActiveSpan(name, { attributes }, parentContext, async (span) => {
        try {
          return await work();
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      });
    },
    annotate(attributes) {
      trace.getActiveSpan()?.setAttributes(attributes);
    },
  };
}

export function startTracing(): void {
  // ES modules imported after this point (pg, …) pass through import-in-the-middle's hook.
  register('import-in-the-middle/hook.mjs', import.meta.url);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'kaleido',
    traceExporter: withoutQueryStrings(new OTLPTraceExporter()),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes every few seconds are noise, not traffic.
        ignoreIncomingRequestHook: (request) => /^\/(health|metrics)(\/|\?|$)/.test(request.url ?? ''),
      }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new UndiciInstrumentation(),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  installTracing(tracingOf(trace.getTracer('kaleido', VERSION), sdk));
}
