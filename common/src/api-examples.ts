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

/** JavaScript (Node 18+ or Deno, run as an ES module) with the built-in fetch. */
export function javascriptExample({
  baseUrl,
  apiKey,
  request = IMAGE_REQUEST_EXAMPLE,
}: ApiExampleOptions): string {
  return `const API_KEY = ${jsString(apiKey)};
const BASE_URL = ${jsString(trimBase(baseUrl))};

async function call(url, init = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { Authorization: \`Bearer \${API_KEY}\`, 'Content-Type': 'application/json' },
  });
  const result = await response.json();
  if (!result.success) throw new Error(\`HTTP \${response.status}: \${result.error}\`);
  return result;
}

let result = await call(\`\${BASE_URL}/generate/image\`, {
  method: 'POST',
  body: JSON.stringify(${jsLiteral(request, '  ')}),
});

// A long job answers 202 with a status URL: look again until it has finished.
while (['queued', 'running'].includes(result.data.status)) {
  await new Promise((resolve) => setTimeout(resolve, ${POLL_SECONDS * 1000}));
  result = await call(result.data.statusUrl);
}
if (!result.data.url) throw new Error(result.data.error ?? \`Generation \${result.data.status}\`);

console.log(result.data.url);
`;
}

/** Python 3 with the standard library only (urllib.request and json). */
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
    request = urllib.request.Request(
        url,
        data=None if body is None else json.dumps(body).encode(),
        method="GET" if body is None else "POST",
        headers={"Authorization": f"Bearer {API_KEY}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        raise SystemExit(f"HTTP {error.code}: {json.load(error).get('error')}")


result = call(f"{BASE_URL}/generate/image", ${pyLiteral(request, '')})

# A long job answers 202 with a status URL: look again until it has finished.
while result["data"].get("status") in ("queued", "running"):
    time.sleep(${POLL_SECONDS})
    result = call(result["data"]["statusUrl"])
if not result["data"].get("url"):
    raise SystemExit(result["data"].get("error") or "Generation " + result["data"]["status"])

print(result["data"]["url"])
`;
}

/** cURL; jq reads the URL out of the answer (and prints the error when there is one). */
export function curlExample({ baseUrl, apiKey, request = IMAGE_REQUEST_EXAMPLE }: ApiExampleOptions): string {
  return `curl -sS -X POST ${shellQuote(`${trimBase(baseUrl)}/generate/image`)} \\
  -H ${shellQuote(`Authorization: Bearer ${apiKey}`)} \\
  -H 'Content-Type: application/json' \\
  -d ${shellQuote(JSON.stringify(request, null, 2)).replace(/\n/g, '\n  ')} \\
  | jq -er '.data.url // error(.error)'
`;
}
