/**
 * `npm run -w server sketch-eval -- [outDir] [--only=category,…] [--tile=320] [--seed=1]`:
 * renders the evaluation set into labelled contact sheets (one PNG per category) for scoring by eye.
 */
import path from 'node:path';
import { isCategory, writeContactSheets } from './contact-sheet.js';
import { EVAL_PROMPTS } from './prompts.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const outDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'sketch-eval');
const only = (flag('only') ?? '').split(',').filter(isCategory);
const tile = Number(flag('tile') ?? 320);
const seed = Number(flag('seed') ?? 1);
const prompts = only.length ? EVAL_PROMPTS.filter((p) => only.includes(p.category)) : EVAL_PROMPTS;

const started = performance.now();
const run = await writeContactSheets(prompts, outDir, {
  tile,
  seed,
  onRendered: (item) =>
    process.stdout.write(`${item.category.padEnd(11)} ${String(item.ms).padStart(5)} ms  ${item.prompt}\n`),
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(`\n${run.rendered.length} prompts in ${seconds} s → ${run.files.join('\n  ')}\n`);
