import { PUBLIC_API_OPTIONS } from './constants.js';

/**
 * The code examples of the API docs page, as pure functions (no zod: the browser bundles them). Each
 * program generates one image through the public API and prints the result's URL; a test runs all three
 * against a live server, so the docs cannot show code that does not work.
 */

export interface ApiExampleOptions {
  /** The public API's base URL, e.g. `https://kaleido.example.com/api/v1`. */
  baseUrl: string;
  /** The API key the program sends; the docs page shows a placeholder. */
  apiKey: string;
  /** The image request; {@link IMAGE_REQUEST_EXAMPLE} by default. */
  request?: TImageRequestExample;
}

export interface TImageRequestExample {
  prompt: string;
  settings: { style: string; aspectRatio: string; resolution: string };
  /** `false`: answer 202 at once and leave the waiting to the program (the tests' slow path). */
  wait?: boolean;
}

/** What the docs show instead of a real key. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** An image request built from the public API's own option lists. */
export const IMAGE_REQUEST_EXAMPLE: TImageRequestExample = {
  prompt: 'A lighthouse on a cliff at dawn, soft golden light',
  settings: {
    style: PUBLIC_API_OPTIONS.image.styles[1],
    aspectRatio: PUBLIC_API_OPTIONS.image.aspectRatios[1],
    resolution: PUBLIC_API_OPTIONS.image.resolutions[1],
  },
};

/** Seconds the examples wait between two looks at a generation that is still running. */
const POLL_SECONDS = 2;

const trimBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** A single-quoted JavaScript string. */
function jsString(value: string): string {
  return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A JavaScript object literal in the house style: unquoted keys where possible, single quotes. */
function jsLiteral(value: unknown, indent: string): string {
  if (typeof value === 'string') return jsString(value);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[${value.map((item) => jsLiteral(item, inner)).join(', ')}]`;
  }
  const entries = Object.entries(value).map(([key, item]) => {
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : jsString(key);
    return `${inner}${name}: ${jsLiteral(item, inner)},`;
  });
  return `{\n${entries.join('\n')}\n${indent}}`;
}

/** A Python literal (dict, list, str, int, bool, None). JSON string escapes are valid in Python. */
function pyLiteral(value: unknown, indent: string): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null || value === undefined) return 'None';
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return `[${value.map((item) => pyLiteral(item, inner)).join(', ')}]`;
  const entries = Object.entries(value).map(
    ([key, item]) => `${inner}${JSON.stringify(key)}: ${pyLiteral(item, inner)},`,
  );
  return `{\n${entries.join('\n')}\n${indent}}`;
}

/** A single-quoted shell word. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * JavaScript (Node 18+ or Deno, run as an ES module) with the built-in fetch. The first answer is the
 * result (200) or the job still running (202); its `statusUrl` is polled until the job has ended.
 */
export function javascriptExample({
  baseUrl,
  apiKey,
  request = IMAGE_REQUEST_EXAMPLE,
}: ApiExampleOptions): string {
  return `const API_KEY = ${jsString(apiKey)};
const BASE_URL = ${jsString(trimBase(baseUrl))};
const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function call(url, init = {}) {
  for (;;) {
    const response = await fetch(url, {
      ...init,
      headers: { Authorization: \`Bearer \${API_KEY}\`, 'Content-Type': 'application/json' },
    });
    const body = await response.json();
    // Over the key's rate limit: wait as long as the server says, then ask again.
    if (response.status === 429 && init.method !== 'POST') {
      await sleep(Number(response.headers.get('Retry-After') ?? ${POLL_SECONDS}));
      continue;
    }
    if (!body.success) throw new Error(\`HTTP \${response.status} \${body.code}: \${body.error}\`);
    return body.data;
  }
}

// 200: the finished result. 202: accepted and still running; poll its statusUrl until it ends.
let job = await call(\`\${BASE_URL}/generate/image\`, {
  method: 'POST',
  body: JSON.stringify(${jsLiteral(request, '  ')}),
});
const statusUrl = job.statusUrl;
while (job.status === 'queued' || job.status === 'running') {
  await sleep(${POLL_SECONDS});
  job = await call(statusUrl);
}
if (job.status === 'failed' || job.status === 'cancelled') {
  throw new Error(\`Generation \${job.status}: \${job.error}\`);
}

console.log(job.url);
`;
}

/** Python 3 with the standard library only (urllib.request and json); the same flow as JavaScript. */
export function pythonExample({
  baseUrl,
  apiKey,
  request = IMAGE_REQUEST_EXAMPLE,
}: ApiExampleOptions): string {
  return `import json
import time
import urllib.error
import urllib.request

API_KEY = ${JSON.stringify(apiKey)}
BASE_URL = ${JSON.stringify(trimBase(baseUrl))}


def call(url, body=None):
    while True:
        request = urllib.request.Request(
            url,
            data=None if body is None else json.dumps(body).encode(),
            method="GET" if body is None else "POST",
            headers={"Authorization": f"Bearer {API_KEY}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.load(response)["data"]
        except urllib.error.HTTPError as error:
            # Over the key's rate limit: wait as long as the server says, then ask again.
            if error.code == 429 and body is None:
                time.sleep(int(error.headers.get("Retry-After", ${POLL_SECONDS})))
                continue
            answer = json.load(error)
            raise SystemExit(f"HTTP {error.code} {answer.get('code')}: {answer.get('error')}")


# 200: the finished result. 202: accepted and still running; poll its statusUrl until it ends.
job = call(f"{BASE_URL}/generate/image", ${pyLiteral(request, '')})
status_url = job.get("statusUrl")
while job.get("status") in ("queued", "running"):
    time.sleep(${POLL_SECONDS})
    job = call(status_url)
if job.get("status") in ("failed", "cancelled"):
    raise SystemExit(f"Generation {job['status']}: {job.get('error')}")

print(job["url"])
`;
}

/**
 * A POSIX shell script with cURL and jq: the first answer, then its `statusUrl` polled while the job
 * runs; jq prints the URL, or the error (and fails) when there is one.
 */
export function curlExample({ baseUrl, apiKey, request = IMAGE_REQUEST_EXAMPLE }: ApiExampleOptions): string {
  const auth = shellQuote(`Authorization: Bearer ${apiKey}`);
  return `answer=$(curl -sS -X POST ${shellQuote(`${trimBase(baseUrl)}/generate/image`)} \\
  -H ${auth} \\
  -H 'Content-Type: application/json' \\
  -d ${shellQuote(JSON.stringify(request, null, 2)).replace(/\n/g, '\n  ')})

# 202: accepted and still running; poll its statusUrl until it ends (waiting longer on a 429).
status_url=$(printf '%s' "$answer" | jq -r '.data.statusUrl // empty')
while [ -n "$status_url" ] && printf '%s' "$answer" \\
  | jq -e '.data.status == "queued" or .data.status == "running" or .code == "RATE_LIMITED"' >/dev/null; do
  sleep ${POLL_SECONDS}
  answer=$(curl -sS "$status_url" -H ${auth})
done

printf '%s' "$answer" | jq -er '
  if .success != true then error(.error)
  elif .data.status == "failed" or .data.status == "cancelled" then error("Generation \\(.data.status): \\(.data.error)")
  else .data.url end'
`;
}
