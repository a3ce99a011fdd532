import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import {
  curlExample,
  IMAGE_REQUEST_EXAMPLE,
  javascriptExample,
  pythonExample,
  toolsCurlExample,
  toolsJavascriptExample,
  toolsPythonExample,
} from '@kaleido/common';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);

/** A program the docs rely on, or a clear failure saying which one is missing. */
async function requireProgram(program: string, why: string): Promise<void> {
  try {
    await run(program, ['--version'], { timeout: 10_000 });
  } catch {
    throw new Error(`${program} is not installed (or not on PATH): ${why}`);
  }
}

/** Signs up over HTTP as the browser would (same-origin write) and returns the session cookie. */
async function signUp(baseUrl: string): Promise<string> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({
      name: 'Example Runner',
      email: `examples.${stamp}@example.test`,
      password: 'examples password 1',
    }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('kaleido_session='));
  if (!cookie) throw new Error('sign-up set no session cookie');
  return cookie;
}

async function createKey(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/api-keys/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: JSON.stringify({ name: 'Docs examples', description: 'Runs the code examples', plan: 'free' }),
  });
  const body = (await response.json()) as { success: boolean; data?: { key: string }; error?: string };
  expect(response.status, body.error).toBe(201);
  if (!body.data?.key) throw new Error('the create answer held no key');
  return body.data.key;
}

/** The last line a program printed must be an http(s) URL that serves a PNG. */
async function expectImageUrl(stdout: string): Promise<string> {
  const lines = stdout.trim().split('\n');
  const url = lines.at(-1)?.trim() ?? '';
  expect(url).toMatch(/^https?:\/\/\S+$/);
  const image = await fetch(url);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\/png/);
  const bytes = new Uint8Array(await image.arrayBuffer());
  // The PNG signature, so it is a real image and not an error page with the right header.
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return url;
}

/** A small opaque RGB PNG (a gradient), written by hand so the test needs no image library. */
function smallPng(width = 48, height = 32): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([x * 5, y * 7, 128], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The tools examples print "Uploaded <id>", then the enhanced and the edited image's URLs. */
async function expectToolResults(stdout: string): Promise<void> {
  const lines = stdout.trim().split('\n');
  expect(lines[0]).toMatch(/^Uploaded \S+$/);
  expect(lines).toHaveLength(3);
  for (const url of lines.slice(1)) {
    expect(url).toMatch(/^https?:\/\/\S+$/);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
}

describe('the API docs code examples', () => {
  const baseUrl = inject('baseUrl');
  const apiBase = `${baseUrl}/api/v1`;
  let dir: string;
  let apiKey: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-examples-'));
    apiKey = await createKey(baseUrl, await signUp(baseUrl));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('JavaScript (node, built-in fetch) generates an image and prints its URL', async () => {
    const file = path.join(dir, 'generate.mjs');
    await writeFile(file, javascriptExample({ baseUrl: apiBase, apiKey }));
    const { stdout } = await run(process.execPath, [file], { timeout: 120_000 });
    const url = await expectImageUrl(stdout);
    expect(url.startsWith(baseUrl)).toBe(true);
  });

  it('Python (standard library only) generates an image and prints its URL', async () => {
    await requireProgram('python3', 'the Python example of the API docs runs with python3');
    const file = path.join(dir, 'generate.py');
    await writeFile(file, pythonExample({ baseUrl: apiBase, apiKey }));
    // -I: isolated mode, so no site-packages (requests and friends) can help it along.
    const { stdout } = await run('python3', ['-I', file], { timeout: 120_000 });
    await expectImageUrl(stdout);
  });

  it('cURL generates an image and prints its URL', async () => {
    await requireProgram('curl', 'the cURL example of the API docs needs curl');
    await requireProgram('jq', 'the cURL example of the API docs reads the URL with jq');
    const { stdout } = await run(
      'bash',
      ['-c', `set -o pipefail\n${curlExample({ baseUrl: apiBase, apiKey })}`],
      {
        timeout: 120_000,
      },
    );
    await expectImageUrl(stdout);
  });

  it('each example waits for a slow job: an image queued behind a video, answered 202 at once', async () => {
    const slow = { ...IMAGE_REQUEST_EXAMPLE, wait: false };
    const programs: [string, (key: string) => Promise<{ stdout: string }>][] = [
      [
        'javascript',
        async (key) => {
          const file = path.join(dir, 'slow.mjs');
          await writeFile(file, javascriptExample({ baseUrl: apiBase, apiKey: key, request: slow }));
          return run(process.execPath, [file], { timeout: 110_000 });
        },
      ],
      [
        'python',
        async (key) => {
          const file = path.join(dir, 'slow.py');
          await writeFile(file, pythonExample({ baseUrl: apiBase, apiKey: key, request: slow }));
          return run('python3', ['-I', file], { timeout: 110_000 });
        },
      ],
      [
        'curl',
        (key) =>
          run(
            'bash',
            ['-c', `set -o pipefail\n${curlExample({ baseUrl: apiBase, apiKey: key, request: slow })}`],
            {
              timeout: 110_000,
            },
          ),
      ],
    ];
    for (const [language, program] of programs) {
      // A fresh account for each (credits, and the key's requests a minute).
      const cookie = await signUp(baseUrl);
      const key = await createKey(baseUrl, cookie);
      // The one worker renders this video first; the example's image waits in the queue behind it.
      const video = await fetch(`${baseUrl}/api/generate-video?wait=false`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
        body: JSON.stringify({ prompt: 'waves rolling onto a beach' }),
      });
      expect(video.status, `${language}: ${await video.clone().text()}`).toBeLessThan(300);
      const { stdout } = await program(key);
      await expectImageUrl(stdout);
    }
  }, 360_000);

  it('the tools examples upload a PNG, enhance it ×2 (fast) and restyle it, in each language', async () => {
    const file = path.join(dir, 'photo.png');
    await writeFile(file, smallPng());
    const programs: [string, (key: string) => Promise<{ stdout: string }>][] = [
      [
        'javascript',
        async (key) => {
          const program = path.join(dir, 'tools.mjs');
          await writeFile(program, toolsJavascriptExample({ baseUrl: apiBase, apiKey: key, file }));
          return run(process.execPath, [program], { timeout: 110_000 });
        },
      ],
      [
        'python',
        async (key) => {
          const program = path.join(dir, 'tools.py');
          await writeFile(program, toolsPythonExample({ baseUrl: apiBase, apiKey: key, file }));
          return run('python3', ['-I', program], { timeout: 110_000 });
        },
      ],
      [
        'curl',
        (key) =>
          run('bash', ['-c', toolsCurlExample({ baseUrl: apiBase, apiKey: key, file })], {
            timeout: 110_000,
          }),
      ],
    ];
    for (const [language, program] of programs) {
      // A fresh key for each: three calls of a free key's five a minute.
      const key = await createKey(baseUrl, await signUp(baseUrl));
      const { stdout } = await program(key).catch((error: { stderr?: string }) => {
        throw new Error(`${language}: ${error.stderr ?? String(error)}`);
      });
      await expectToolResults(stdout);
    }
  }, 360_000);

  it('the examples fail loudly with a wrong key', async () => {
    const wrong = 'kal_live_not_a_real_key';
    const file = path.join(dir, 'wrong.mjs');
    await writeFile(file, javascriptExample({ baseUrl: apiBase, apiKey: wrong }));
    await expect(run(process.execPath, [file], { timeout: 60_000 })).rejects.toMatchObject({
      stderr: expect.stringContaining('HTTP 401'),
    });
    const py = path.join(dir, 'wrong.py');
    await writeFile(py, pythonExample({ baseUrl: apiBase, apiKey: wrong }));
    await expect(run('python3', ['-I', py], { timeout: 60_000 })).rejects.toMatchObject({
      stderr: expect.stringContaining('HTTP 401'),
    });
    await expect(
      run('bash', ['-c', `set -o pipefail\n${curlExample({ baseUrl: apiBase, apiKey: wrong })}`], {
        timeout: 60_000,
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('Invalid API key') });
  });
});
