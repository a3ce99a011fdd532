// `npm test`: every tier in order (typecheck, lint, unit + web, feature tests on SQLite and on
// PostgreSQL, build + e2e in Chromium), then one summary with the count of each Vitest project.
// Pass tier names to run only some: `npm test -- unit feature`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-state.mjs';

const resultsDir = path.join(root, 'artifacts', 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const vitest = (tier, projects) => ({
  name: tier,
  command: 'npx',
  args: [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(resultsDir, `${tier}.json`)}`,
  ],
  results: path.join(resultsDir, `${tier}.json`),
});

const steps = [
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', 'lint'] },
  vitest('unit', ['unit', 'web']),
  vitest('feature-sqlite', ['feature-sqlite']),
  vitest('feature-postgres', ['feature-postgres']),
  { name: 'build', command: 'npm', args: ['run', 'build'] },
  vitest('e2e', ['e2e']),
];

const only = process.argv.slice(2);
const selected = only.length
  ? steps.filter(
      (step) =>
        only.includes(step.name) ||
        (only.includes('feature') && step.name.startsWith('feature-')) ||
        (step.name === 'build' && only.includes('e2e')),
    )
  : steps;

const perProject = new Map();
let failedStep = null;
for (const step of selected) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(
    `◀ ${step.name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (step.results) {
    try {
      const report = JSON.parse(readFileSync(step.results, 'utf8'));
      for (const file of report.testResults ?? []) {
        for (const test of file.assertionResults ?? []) {
          const project = projectOf(file.name, step.name);
          const counts = perProject.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
          if (test.status === 'passed') counts.passed += 1;
          else if (test.status === 'failed') counts.failed += 1;
          else counts.skipped += 1;
          perProject.set(project, counts);
        }
      }
    } catch {
      // No report: the step failed before running tests; its exit status says so.
    }
  }
  if (run.status !== 0) {
    failedStep = step.name;
    break;
  }
}

/** The JSON report does not name the project: the unit step holds two, told apart by path. */
function projectOf(fileName, tier) {
  if (tier === 'unit') return fileName.includes(`${path.sep}web${path.sep}`) ? 'web' : 'unit';
  return tier;
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\nSummary by project:');
for (const [project, counts] of perProject) {
  console.log(`  ${project}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
}
if (failedStep) console.log(`Step "${failedStep}" failed.`);
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep || failed ? 1 : 0);
