import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from './config.js';

const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, unknown> | string[];
}

/** The variable names a service sets (map or `NAME=value` list form). */
function variablesOf(service: ComposeService): string[] {
  const environment = service.environment ?? {};
  return Array.isArray(environment)
    ? environment.map((entry) => entry.split('=')[0] as string)
    : Object.keys(environment);
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const kaleidoServices = Object.entries(compose.services).filter(
    ([, service]) => service.build !== undefined,
  );

  it('runs Kaleido as a web role and a worker role next to PostgreSQL and an S3-compatible store', () => {
    expect(kaleidoServices.map(([name]) => name).sort()).toEqual(['web', 'worker']);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'minio']));
    const env = (name: string) => compose.services[name]?.environment as Record<string, string>;
    expect(env('web').WORKER_CONCURRENCY).toBe('0');
    expect(env('worker').SCHEDULER).toBe('true');
    expect(env('web').DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(env('worker').STORAGE_URL).toMatch(/^s3:\/\/.+endpoint=http:\/\/minio:9000/);
  });

  it('sets only environment variables the configuration knows', () => {
    for (const [name, service] of kaleidoServices) {
      const unknown = variablesOf(service).filter((variable) => !CONFIG_VARIABLES.includes(variable));
      expect(unknown, `service ${name}`).toEqual([]);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('sets only known variables, runs as a non-root user and checks readiness', () => {
    const envBlock = /^ENV ((?:.+\\\n)*.+)$/m.exec(dockerfile)?.[1] ?? '';
    const names = [...envBlock.matchAll(/([A-Z_]+)=/g)].map((match) => match[1] as string);
    expect(names).toEqual(['NODE_ENV', 'DATA_DIR', 'HOST', 'PORT']);
    for (const name of names) expect(CONFIG_VARIABLES).toContain(name);
    expect(dockerfile).toMatch(/^FROM node:20-slim AS build$/m);
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .+\n.+\/health\/ready/m);
  });
});
