import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const require = createRequire(import.meta.url);

/** Redocly's `lint --format=json` report, the parts read here. */
interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
}

/**
 * The public API's OpenAPI document (the committed copy, which public-api.feature.test.ts keeps
 * identical to what the routes generate) passes Redocly's `recommended` rules with no warning and is
 * valid for swagger-parser: what client generators and API tools will read.
 */
describe('the public OpenAPI document', () => {
  let dir: string;
  let file: string;
  let document: Record<string, unknown>;

  beforeAll(async () => {
    const committed = JSON.parse(await readFile(new URL('../../../openapi.json', import.meta.url), 'utf8'));
    // The copy is generated for a default installation (http://localhost:3000); a deployment serves
    // its own PUBLIC_URL, which is what developers' tools read.
    document = {
      ...committed,
      servers: [{ url: 'https://kaleido.images.test/api/v1', description: 'This server' }],
    };
    dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-openapi-lint-'));
    file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("passes Redocly's recommended ruleset with no error and no warning", async () => {
    const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
    const run = await exec(process.execPath, [cli, 'lint', '--extends=recommended', '--format=json', file], {
      cwd: dir,
      timeout: 60_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
    }).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }));
    const report = JSON.parse(run.stdout) as LintReport;
    const problems = report.problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('is valid for swagger-parser', async () => {
    const validated = await SwaggerParser.validate(file);
    expect(validated.info.title).toBe('Kaleido API');
  });

  it('declares what developers branch on: codes, problems, rate limits, statuses', () => {
    const text = JSON.stringify(document);
    const components = document.components as {
      schemas: Record<string, { properties: Record<string, { enum?: string[]; anyOf?: unknown[] }> }>;
      headers: Record<string, unknown>;
    };
    const envelope = components.schemas.ErrorEnvelope?.properties;
    expect(envelope?.code?.enum).toEqual(
      expect.arrayContaining([
        'VALIDATION_FAILED',
        'RATE_LIMITED',
        'UNSUPPORTED_MEDIA_TYPE',
        'GENERATION_CANCELLED',
      ]),
    );
    expect(JSON.stringify(envelope?.details)).toContain('#/components/schemas/ProblemDetail');
    const image = (
      document.paths as Record<string, Record<string, { responses: Record<string, Record<string, unknown>> }>>
    )['/generate/image']?.post?.responses;
    expect(Object.keys(image?.['200']?.headers ?? {})).toEqual(
      expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'X-RateLimit-Remaining']),
    );
    expect(Object.keys(image?.['429']?.headers ?? {})).toContain('Retry-After');
    expect(Object.keys(image?.['202']?.headers ?? {})).toEqual(
      expect.arrayContaining(['Location', 'Retry-After']),
    );
    expect(Object.keys(image ?? {})).toEqual(expect.arrayContaining(['415', '500', '503']));
    expect(text).toContain('"license":{"name":"AGPL-3.0-or-later","identifier":"AGPL-3.0-or-later"}');
    expect(document.tags).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Generate', description: expect.any(String) }),
      ]),
    );
  });
});
