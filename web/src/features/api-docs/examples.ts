import { CREDIT_PRICES, PUBLIC_API_OPTIONS } from '@kaleido/common/browser';

/** Example request bodies, built from the public API's own option lists. */
export const IMAGE_REQUEST_EXAMPLE = {
  prompt: 'A lighthouse on a cliff at dawn, soft golden light',
  settings: {
    style: PUBLIC_API_OPTIONS.image.styles[1],
    aspectRatio: PUBLIC_API_OPTIONS.image.aspectRatios[1],
    resolution: PUBLIC_API_OPTIONS.image.resolutions[1],
  },
};

export const VIDEO_REQUEST_EXAMPLE = {
  prompt: 'Slow aerial shot over a misty pine forest',
  settings: {
    style: PUBLIC_API_OPTIONS.video.styles[1],
    duration: PUBLIC_API_OPTIONS.video.durations[1],
    frameRate: PUBLIC_API_OPTIONS.video.frameRates[0],
    resolution: PUBLIC_API_OPTIONS.video.resolutions[0],
  },
};

export function imageResponseExample(origin: string) {
  return {
    success: true,
    data: {
      url: `${origin}/…/image.png`,
      metadata: {
        prompt: IMAGE_REQUEST_EXAMPLE.prompt,
        timestamp: '2026-01-15T09:30:00.000Z',
        model: 'sketch',
      },
    },
    metadata: { creditsUsed: CREDIT_PRICES.image, remainingCredits: 99, responseTime: 2870 },
  };
}

const json = (value: unknown, indent = 2) => JSON.stringify(value, null, indent);

function indentLines(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? line : `${prefix}${line}`))
    .join('\n');
}

export function javascriptExample(baseUrl: string): string {
  return `const response = await fetch('${baseUrl}/generate/image', {
  method: 'POST',
  headers: {
    Authorization: 'Bearer YOUR_API_KEY',
    'Content-Type': 'application/json',
  },
  body: JSON.stringify(${indentLines(json(IMAGE_REQUEST_EXAMPLE), '  ')}),
});

const result = await response.json();
if (!result.success) throw new Error(result.error);
console.log(result.data.url);`;
}

export function pythonExample(baseUrl: string): string {
  return `import requests

response = requests.post(
    "${baseUrl}/generate/image",
    headers={"Authorization": "Bearer YOUR_API_KEY"},
    json=${indentLines(json(IMAGE_REQUEST_EXAMPLE, 4), '    ')},
    timeout=120,
)

result = response.json()
if not result["success"]:
    raise RuntimeError(result["error"])
print(result["data"]["url"])`;
}

export function curlExample(baseUrl: string): string {
  return `curl -X POST '${baseUrl}/generate/image' \\
  -H 'Authorization: Bearer YOUR_API_KEY' \\
  -H 'Content-Type: application/json' \\
  -d '${JSON.stringify(IMAGE_REQUEST_EXAMPLE)}'`;
}

export { json as formatJson };
