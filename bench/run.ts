// `npm run bench [suite…]`: runs each suite and prints its figures as ratios against a baseline
// measured in the same run (absolute numbers vary by machine; ratios travel).
import { type BenchSuite, printSuite } from './lib.js';
import { enhanceSuite } from './suites/enhance.js';
import { httpHealthSuite } from './suites/http-health.js';
import { httpReadsSuite } from './suites/http-reads.js';
import { librarySearchSuite } from './suites/library-search.js';
import { pipelineSuite } from './suites/pipeline.js';
import { publicApiAcceptSuite, publicApiSuite } from './suites/public-api.js';
import { realtimeSuite } from './suites/realtime.js';
import { search1mSuite } from './suites/search-1m.js';
import { sketchSuite } from './suites/sketch.js';
import { webSuite } from './suites/web.js';

const suites: BenchSuite[] = [
  httpHealthSuite,
  httpReadsSuite,
  pipelineSuite,
  publicApiSuite,
  publicApiAcceptSuite,
  librarySearchSuite,
  search1mSuite,
  sketchSuite,
  enhanceSuite,
  realtimeSuite,
  webSuite,
];

const wanted = process.argv.slice(2);
const selected = wanted.length ? suites.filter((suite) => wanted.includes(suite.name)) : suites;
if (wanted.length && selected.length !== wanted.length) {
  console.error(`Unknown suite. Available: ${suites.map((suite) => suite.name).join(', ')}`);
  process.exit(2);
}

console.log(`# Kaleido bench — node ${process.version}, ${new Date().toISOString()}`);
for (const suite of selected) {
  printSuite(suite, await suite.run());
}
