import {
  API_KEY_PLACEHOLDER,
  curlExample,
  EDIT_REQUEST_EXAMPLE,
  ENHANCE_REQUEST_EXAMPLE,
  ENHANCE_SCALES,
  IMAGE_OPTIONS,
  IMAGE_REQUEST_EXAMPLE,
  javascriptExample,
  PUBLIC_API_OPTIONS,
  pythonExample,
  toolsCurlExample,
  toolsJavascriptExample,
  toolsPythonExample,
} from '@kaleido/common/browser';
import { describe, expect, it } from 'vitest';

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (code: string) => unknown;

describe('the code examples of the docs (run for real by e2e/api-examples.e2e.ts)', () => {
  const tricky = { baseUrl: 'https://kaleido.example/api/v1/', apiKey: `kal_live_it's"odd\\` };

  it('JavaScript parses, with the key and base URL quoted safely and the trailing slash dropped', () => {
    const code = javascriptExample(tricky);
    expect(() => new AsyncFunction(code)).not.toThrow();
    expect(code).toContain(`const BASE_URL = 'https://kaleido.example/api/v1';`);
    expect(code).toContain(`const API_KEY = 'kal_live_it\\'s"odd\\\\';`);
  });

  it('Python uses only the standard library', () => {
    const code = pythonExample({ baseUrl: 'http://x/api/v1', apiKey: API_KEY_PLACEHOLDER });
    const imports = [...code.matchAll(/^import (\S+)/gm)].map((match) => match[1]);
    expect(imports).toEqual(['json', 'time', 'urllib.error', 'urllib.request']);
    expect(code).toContain('API_KEY = "YOUR_API_KEY"');
  });

  it('cURL quotes the key for the shell', () => {
    const code = curlExample(tricky);
    expect(code).toContain(`-H 'Authorization: Bearer kal_live_it'\\''s"odd\\'`);
    expect(code).toContain("curl -sS -X POST 'https://kaleido.example/api/v1/generate/image'");
  });

  it('asks for an image with options the public API accepts', () => {
    expect(PUBLIC_API_OPTIONS.image.styles).toContain(IMAGE_REQUEST_EXAMPLE.settings.style);
    expect(PUBLIC_API_OPTIONS.image.aspectRatios).toContain(IMAGE_REQUEST_EXAMPLE.settings.aspectRatio);
    expect(PUBLIC_API_OPTIONS.image.resolutions).toContain(IMAGE_REQUEST_EXAMPLE.settings.resolution);
  });

  it('the tools example (upload, enhance, edit) parses, uses the standard library, and quotes for the shell', () => {
    const js = toolsJavascriptExample({ ...tricky, file: "my photo's.png" });
    // The module's one import is left out: a function body cannot hold one.
    expect(js).toMatch(/^import \{ readFile \} from 'node:fs\/promises';\n/);
    expect(() => new AsyncFunction(js.replace(/^import .*\n/, ''))).not.toThrow();
    expect(js).toContain(`const FILE = 'my photo\\'s.png';`);
    expect(js).toContain("await run('/enhance', {\n  assetId: upload.id,\n  scale: 2,");
    const py = toolsPythonExample({ baseUrl: 'http://x/api/v1', apiKey: API_KEY_PLACEHOLDER });
    const imports = [...py.matchAll(/^import (\S+)/gm)].map((match) => match[1]);
    expect(imports).toEqual(['json', 'os', 'time', 'urllib.error', 'urllib.request', 'uuid']);
    expect(py).toContain('"assetId": upload["id"],');
    const curl = toolsCurlExample({ ...tricky, file: "my photo's.png" });
    expect(curl).toContain(`-F 'file=@my photo'\\''s.png'`);
    expect(curl).toContain(`AUTH='Authorization: Bearer kal_live_it'\\''s"odd\\'`);
    expect(curl).toContain(`run_job /edit '${JSON.stringify(EDIT_REQUEST_EXAMPLE)}'`);
  });

  it('asks for an enhance and an edit the public API accepts', () => {
    expect(ENHANCE_SCALES).toContain(ENHANCE_REQUEST_EXAMPLE.scale);
    expect(IMAGE_OPTIONS.imageStyles).toContain(EDIT_REQUEST_EXAMPLE.style);
  });
});
