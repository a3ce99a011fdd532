import { benchUser, noOpProvider, percentile, startInProcessApp, timeIt } from '../in-process.js';
import type { BenchSuite } from '../lib.js';

export const pipelineSuite: BenchSuite = {
  name: 'pipeline',
  description:
    'Job pipeline overhead per image with a no-op provider on SQLite (accept: reserve + insert + queue; run: claim, store original + WebP thumbnail, settle: asset + charge + usage log), through app.inject with the synchronous endpoint. Baseline: an authenticated GET /api/auth/me.',
  async run() {
    const bench = await startInProcessApp({ kind: 'sqlite', providers: [await noOpProvider()] });
    try {
      const { cookie } = await benchUser(bench.app);
      const admin = { cookie, 'sec-fetch-site': 'same-origin' };
      await bench.app.inject({
        method: 'POST',
        url: '/api/auth/update-credits',
        headers: admin,
        payload: { credits: 100_000 },
      });
      const me = () => bench.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin });
      const generate = async () => {
        const response = await bench.app.inject({
          method: 'POST',
          url: '/api/generate-image',
          headers: admin,
          payload: { prompt: 'bench sunset over the sea', settings: { resolution: '512x512' } },
        });
        if (response.statusCode !== 200) throw new Error(`generation failed: ${response.body}`);
      };
      for (let i = 0; i < 20; i++) {
        await me();
        await generate();
      }
      const baseline: number[] = [];
      const pipeline: number[] = [];
      for (let i = 0; i < 200; i++) baseline.push(await timeIt(me));
      for (let i = 0; i < 200; i++) pipeline.push(await timeIt(generate));
      const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
      return [
        {
          name: 'authenticated GET /api/auth/me',
          value: mean(baseline),
          unit: 'ms',
          baseline: true,
          higherIsBetter: false,
          extra: { p95: `${percentile(baseline, 95).toFixed(2)} ms` },
        },
        {
          name: 'POST /api/generate-image end to end (no-op provider)',
          value: mean(pipeline),
          unit: 'ms',
          higherIsBetter: false,
          extra: { p95: `${percentile(pipeline, 95).toFixed(2)} ms` },
        },
      ];
    } finally {
      await bench.close();
    }
  },
};
