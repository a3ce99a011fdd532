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
  /** Seconds between two status checks; the docs show {@link POLL_SECONDS}, the tests run with less. */
  pollSeconds?: number;
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
  pollSeconds = POLL_SECONDS,
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
      await sleep(Number(response.headers.get('Retry-After') ?? ${pollSeconds}));
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
  await sleep(${pollSeconds});
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
  pollSeconds = POLL_SECONDS,
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
                time.sleep(int(error.headers.get("Retry-After", ${pollSeconds})))
                continue
            answer = json.load(error)
            raise SystemExit(f"HTTP {error.code} {answer.get('code')}: {answer.get('error')}")


# 200: the finished result. 202: accepted and still running; poll its statusUrl until it ends.
job = call(f"{BASE_URL}/generate/image", ${pyLiteral(request, '')})
status_url = job.get("statusUrl")
while job.get("status") in ("queued", "running"):
    time.sleep(${pollSeconds})
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
export function curlExample({
  baseUrl,
  apiKey,
  request = IMAGE_REQUEST_EXAMPLE,
  pollSeconds = POLL_SECONDS,
}: ApiExampleOptions): string {
  const auth = shellQuote(`Authorization: Bearer ${apiKey}`);
  return `answer=$(curl -sS -X POST ${shellQuote(`${trimBase(baseUrl)}/generate/image`)} \\
  -H ${auth} \\
  -H 'Content-Type: application/json' \\
  -d ${shellQuote(JSON.stringify(request, null, 2)).replace(/\n/g, '\n  ')})

# 202: accepted and still running; poll its statusUrl until it ends (waiting longer on a 429).
status_url=$(printf '%s' "$answer" | jq -r '.data.statusUrl // empty')
while [ -n "$status_url" ] && printf '%s' "$answer" \\
  | jq -e '.data.status == "queued" or .data.status == "running" or .code == "RATE_LIMITED"' >/dev/null; do
  sleep ${pollSeconds}
  answer=$(curl -sS "$status_url" -H ${auth})
done

printf '%s' "$answer" | jq -er '
  if .success != true then error(.error)
  elif .data.status == "failed" or .data.status == "cancelled" then error("Generation \\(.data.status): \\(.data.error)")
  else .data.url end'
`;
}

/**
 * The creative tools' calls (issue 16) as one program: upload an image (`POST /uploads`, multipart),
 * then enhance it (`POST /enhance`) and restyle it (`POST /edit`), each job followed to its end.
 */
export interface ToolsExampleOptions {
  baseUrl: string;
  apiKey: string;
  /** The image file the program uploads (a path on the machine that runs it). */
  file?: string;
}

/** What the file in the tools examples is called when none is given. */
export const TOOLS_EXAMPLE_FILE = 'photo.png';

/** The enhance and edit requests of the tools examples (the uploaded asset's id is added to each). */
export const ENHANCE_REQUEST_EXAMPLE = { scale: 2, quality: 'fast' } as const;
export const EDIT_REQUEST_EXAMPLE = { mode: 'restyle', style: 'anime', strength: 0.7 } as const;

/** JavaScript (Node 18+, fetch, FormData and Blob built in): upload, enhance, restyle; prints both URLs. */
export function toolsJavascriptExample({
  baseUrl,
  apiKey,
  file = TOOLS_EXAMPLE_FILE,
}: ToolsExampleOptions): string {
  return `import { readFile } from 'node:fs/promises';

const API_KEY = ${jsString(apiKey)};
const BASE_URL = ${jsString(trimBase(baseUrl))};
const FILE = ${jsString(file)};
const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function call(url, init = {}) {
  for (;;) {
    const response = await fetch(url, {
      ...init,
      headers: { Authorization: \`Bearer \${API_KEY}\`, ...init.headers },
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

// Starts a job: 200 is the finished result, 202 still running (its statusUrl is polled until it ends).
async function run(path, request) {
  let job = await call(\`\${BASE_URL}\${path}\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  const statusUrl = job.statusUrl;
  while (job.status === 'queued' || job.status === 'running') {
    await sleep(${POLL_SECONDS});
    job = await call(statusUrl);
  }
  if (job.status === 'failed' || job.status === 'cancelled') {
    throw new Error(\`\${path} \${job.status}: \${job.error}\`);
  }
  return job;
}

// 1. Upload (free): multipart form data, the file in the field "file". The answer is the new asset.
const form = new FormData();
form.append('file', new Blob([await readFile(FILE)]), FILE.split('/').pop());
const upload = await call(\`\${BASE_URL}/uploads\`, { method: 'POST', body: form });
console.log(\`Uploaded \${upload.id}\`);

// 2. Enhance: neural super-resolution of the upload.
const enhanced = await run('/enhance', ${jsLiteral({ assetId: '$ASSET', ...ENHANCE_REQUEST_EXAMPLE }, '').replace(`'$ASSET'`, 'upload.id')});
console.log(enhanced.url);

// 3. Edit: the upload restyled.
const edited = await run('/edit', ${jsLiteral({ assetId: '$ASSET', ...EDIT_REQUEST_EXAMPLE }, '').replace(`'$ASSET'`, 'upload.id')});
console.log(edited.url);
`;
}

/** Python 3 with the standard library only (the multipart body built by hand); the same flow. */
export function toolsPythonExample({
  baseUrl,
  apiKey,
  file = TOOLS_EXAMPLE_FILE,
}: ToolsExampleOptions): string {
  return `import json
import os
import time
import urllib.error
import urllib.request
import uuid

API_KEY = ${JSON.stringify(apiKey)}
BASE_URL = ${JSON.stringify(trimBase(baseUrl))}
FILE = ${JSON.stringify(file)}


def call(url, data=None, content_type="application/json"):
    while True:
        request = urllib.request.Request(
            url,
            data=data,
            method="GET" if data is None else "POST",
            headers={"Authorization": f"Bearer {API_KEY}", "Content-Type": content_type},
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.load(response)["data"]
        except urllib.error.HTTPError as error:
            # Over the key's rate limit: wait as long as the server says, then ask again.
            if error.code == 429 and data is None:
                time.sleep(int(error.headers.get("Retry-After", ${POLL_SECONDS})))
                continue
            answer = json.load(error)
            raise SystemExit(f"HTTP {error.code} {answer.get('code')}: {answer.get('error')}")


def run(path, body):
    """Starts a job: 200 is the finished result, 202 still running (its statusUrl is polled until it ends)."""
    job = call(f"{BASE_URL}{path}", json.dumps(body).encode())
    status_url = job.get("statusUrl")
    while job.get("status") in ("queued", "running"):
        time.sleep(${POLL_SECONDS})
        job = call(status_url)
    if job.get("status") in ("failed", "cancelled"):
        raise SystemExit(f"{path} {job['status']}: {job.get('error')}")
    return job


# 1. Upload (free): multipart form data, the file in the field "file". The answer is the new asset.
boundary = uuid.uuid4().hex
with open(FILE, "rb") as image:
    form = (
        f'--{boundary}\\r\\nContent-Disposition: form-data; name="file"; filename="{os.path.basename(FILE)}"\\r\\n'
        "Content-Type: application/octet-stream\\r\\n\\r\\n"
    ).encode() + image.read() + f"\\r\\n--{boundary}--\\r\\n".encode()
upload = call(f"{BASE_URL}/uploads", form, f"multipart/form-data; boundary={boundary}")
print(f"Uploaded {upload['id']}")

# 2. Enhance: neural super-resolution of the upload.
enhanced = run("/enhance", ${pyLiteral({ assetId: '$ASSET', ...ENHANCE_REQUEST_EXAMPLE }, '').replace('"$ASSET"', 'upload["id"]')})
print(enhanced["url"])

# 3. Edit: the upload restyled.
edited = run("/edit", ${pyLiteral({ assetId: '$ASSET', ...EDIT_REQUEST_EXAMPLE }, '').replace('"$ASSET"', 'upload["id"]')})
print(edited["url"])
`;
}

/** A shell script with cURL and jq: the upload with `-F`, then each job polled while it runs. */
export function toolsCurlExample({
  baseUrl,
  apiKey,
  file = TOOLS_EXAMPLE_FILE,
}: ToolsExampleOptions): string {
  return `set -e
BASE_URL=${shellQuote(trimBase(baseUrl))}
AUTH=${shellQuote(`Authorization: Bearer ${apiKey}`)}

# Starts a job with the asset's id added to the request ($2); polls its statusUrl while it runs
# (waiting longer on a 429) and prints the result's URL, or fails with the error.
run_job() {
  answer=$(curl -sS -X POST "$BASE_URL$1" -H "$AUTH" -H 'Content-Type: application/json' \\
    -d "$(jq -nc --arg assetId "$asset_id" "{assetId: \\$assetId} + $2")")
  status_url=$(printf '%s' "$answer" | jq -r '.data.statusUrl // empty')
  while [ -n "$status_url" ] && printf '%s' "$answer" \\
    | jq -e '.data.status == "queued" or .data.status == "running" or .code == "RATE_LIMITED"' >/dev/null; do
    sleep ${POLL_SECONDS}
    answer=$(curl -sS "$status_url" -H "$AUTH")
  done
  printf '%s' "$answer" | jq -er '
    if .success != true then error(.error)
    elif .data.status == "failed" or .data.status == "cancelled" then error("\\(.data.status): \\(.data.error)")
    else .data.url end'
}

# 1. Upload (free): multipart form data, the file in the field "file". The answer is the new asset.
asset_id=$(curl -sS -X POST "$BASE_URL/uploads" -H "$AUTH" -F ${shellQuote(`file=@${file}`)} \\
  | jq -er 'if .success != true then error(.error) else .data.id end')
echo "Uploaded $asset_id"

# 2. Enhance: neural super-resolution of the upload.
run_job /enhance ${shellQuote(JSON.stringify(ENHANCE_REQUEST_EXAMPLE))}

# 3. Edit: the upload restyled.
run_job /edit ${shellQuote(JSON.stringify(EDIT_REQUEST_EXAMPLE))}
`;
}
