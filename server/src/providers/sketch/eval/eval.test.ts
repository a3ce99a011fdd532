import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { writeContactSheets } from './contact-sheet.js';
import { EVAL_CATEGORIES, EVAL_PROMPTS, EVAL_SMOKE } from './prompts.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('Sketch evaluation set', () => {
  it('holds at least 120 everyday prompts in every category, each with a valid style', () => {
    expect(EVAL_PROMPTS.length).toBeGreaterThanOrEqual(120);
    for (const category of EVAL_CATEGORIES) {
      expect(EVAL_PROMPTS.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(10);
    }
    expect(new Set(EVAL_PROMPTS.map((p) => p.prompt)).size).toBe(EVAL_PROMPTS.length);
  });

  it('renders a handful of prompts into labelled contact sheets, each family drawn', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sketch-eval-'));
    dirs.push(dir);
    const prompts = EVAL_PROMPTS.filter((p) => EVAL_SMOKE.includes(p.prompt));
    expect(prompts).toHaveLength(EVAL_SMOKE.length);
    const run = await writeContactSheets(prompts, dir, { tile: 96 });
    for (const file of run.files) expect(existsSync(file), file).toBe(true);
    const sheet = await sharp(path.join(dir, 'animals.png')).metadata();
    expect(sheet.width).toBeGreaterThan(96);
    for (const item of run.rendered) {
      expect(item.summary, item.prompt).not.toContain('no subject recognised');
    }
    const byPrompt = new Map(run.rendered.map((r) => [r.prompt, r.summary]));
    expect(byPrompt.get('a lighthouse on a rocky coast')).toContain('lighthouse');
    expect(byPrompt.get('a dragon flying over a castle')).toContain('dragon over castle');
    expect(byPrompt.get('logo for a coffee shop called Bean There')).toContain('"Bean There"');
  });
});
