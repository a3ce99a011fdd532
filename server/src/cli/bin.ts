#!/usr/bin/env node
import { runCli } from './cli.js';
import { processIo } from './io.js';

// The `kaleido` command (server/package.json "bin"; `npm run kaleido -- <command>`).
process.exit(await runCli(process.argv.slice(2), processIo()));
