/**
 * The server's entry: with OTEL_EXPORTER_OTLP_ENDPOINT set, the OpenTelemetry SDK starts first (its
 * own module, so nothing of it loads otherwise), then the server's modules load and it starts
 * (server.ts). Both are imported by computed URL, so the bundler keeps them as separate entries.
 */
const sibling = (name: string) => new URL(`./${name}.js`, import.meta.url).href;

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = (await import(
    sibling('platform/observability/otel')
  )) as typeof import('./platform/observability/otel.js');
  startTracing();
}
await import(sibling('server'));
