import type { TGenerationDiagnostics, TGenerationStage } from '@kaleido/common';
import type { GenerationRow } from './generations.repository.js';

/** What the runner stores in `generations.diagnostics` when a job ends. */
export interface DiagnosticsRecord {
  stages: TGenerationStage[];
  providerError: string | null;
}

const MAX_PROVIDER_ERROR = 500;

/**
 * A provider's own error text as it may be shown to the job's owner: query strings and fragments of
 * URLs (signed URLs, tokens), user:password@ parts, bearer tokens, `key=…`-style values and
 * API-key-looking words are redacted, and the text is cut to 500 characters.
 */
export function redactProviderText(text: string): string {
  const redacted = text
    .replace(/(https?:\/\/)[^\s/@]+@/gi, '$1[redacted]@')
    .replace(/(https?:\/\/[^\s?#"'<>]+)[?#][^\s"'<>]*/gi, '$1?[redacted]')
    .replace(/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]')
    .replace(
      /\b(api[_-]?key|key|token|access[_-]?token|secret|password|authorization|signature|sig)(["']?\s*[:=]\s*["']?)(?!(?:bearer|basic)\s)[^\s,;&"']+/gi,
      '$1$2[redacted]',
    )
    .replace(/\b(sk|r8|fal|ck|kal_live|whsec)[-_][A-Za-z0-9_-]{8,}/g, '[redacted]');
  return redacted.length > MAX_PROVIDER_ERROR ? `${redacted.slice(0, MAX_PROVIDER_ERROR - 1)}…` : redacted;
}

/** The provider's own text of an error (with its cause's, when that adds something), redacted. */
export function providerErrorText(error: unknown): string | null {
  if (!(error instanceof Error)) return error === undefined ? null : redactProviderText(String(error));
  const cause = error.cause instanceof Error ? error.cause.message : null;
  const text = cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
  return redactProviderText(text);
}

export const seconds = (ms: number) => Math.max(0, Math.round(ms) / 1000);

function parseJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Everything the owner's diagnostics panel shows about one job. */
export function presentDiagnostics(row: GenerationRow): TGenerationDiagnostics {
  const details = parseJson(row.details);
  const record = parseJson(row.diagnostics) as Partial<DiagnosticsRecord>;
  const failovers = Array.isArray(details.failovers)
    ? (details.failovers as TGenerationDiagnostics['failovers'])
    : [];
  const time = (iso: string | null) => (iso ? Date.parse(iso) : null);
  const created = time(row.created_at);
  const started = time(row.started_at);
  const finished = time(row.finished_at);
  return {
    jobId: row.id,
    type: row.kind,
    status: row.status,
    model: row.model,
    provider: row.provider,
    attempts: row.attempts,
    failovers,
    queuedSeconds: created !== null && started !== null ? seconds(started - created) : null,
    runSeconds: started !== null && finished !== null ? seconds(finished - started) : null,
    stages: Array.isArray(record.stages) ? record.stages : [],
    errorCode: row.error_code,
    error: row.error,
    providerError: typeof record.providerError === 'string' ? record.providerError : null,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
