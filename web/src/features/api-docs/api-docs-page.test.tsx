import { API_KEY_PLACEHOLDER, CREDIT_PRICES, KEY_PLANS } from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// The document the server commits (a server test keeps it equal to what it serves).
import committedOpenApi from '../../../../server/openapi.json';
import {
  type FetchHandler,
  jsonResponse,
  mockServer,
  renderApp,
  startInLanguage,
} from '../../test/render-app';
import { type OpenApiDocument, operationsOf, schemaFields } from './openapi';
import { openApiTextId } from './openapi-text';

/** A small document of its own, so the page is seen to follow the document and not a copy of it. */
const FIXTURE: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Fixture API', version: '9.9.9' },
  servers: [{ url: '/api/v1' }],
  paths: {
    '/widgets/{id}': {
      get: {
        operationId: 'getWidget',
        summary: 'Read a widget',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', description: 'Trace id for support.', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The widget',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } },
          },
          '404': { description: 'No such widget.' },
        },
      },
    },
    '/widgets': {
      post: {
        operationId: 'createWidget',
        summary: 'Make a widget',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetRequest' } } },
        },
        responses: { '201': { description: 'Made' }, '429': { description: 'Slow down.' } },
      },
    },
  },
  components: {
    schemas: {
      WidgetRequest: {
        $ref: '#/$defs/WidgetRequest',
        $defs: {
          WidgetRequest: {
            type: 'object',
            required: ['colour'],
            properties: {
              colour: { type: 'string', enum: ['teal', 'amber'], description: 'Paint.' },
              size: {
                type: 'object',
                default: { width: 3 },
                properties: { width: { type: 'integer', minimum: 1, maximum: 9, default: 3 } },
              },
              label: { type: 'string', maxLength: 40 },
            },
          },
        },
      },
      Widget: {
        type: 'object',
        properties: { id: { type: 'string', description: 'Widget id.' }, url: { type: ['string', 'null'] } },
        required: ['id'],
      },
    },
  },
};

function docsServer(document: unknown, extra?: FetchHandler): FetchHandler {
  return async (url, init) => {
    const handled = await extra?.(url, init);
    if (handled) return handled;
    if (url === '/api/v1/openapi.json') return jsonResponse(document);
    if (url === '/api/models') {
      return jsonResponse({
        success: true,
        data: [
          {
            id: 'sketch',
            name: 'Sketch',
            description: 'Built-in offline renderer.',
            provider: 'builtin',
            types: ['image', 'video'],
            prices: { image: 2, video: 7 },
          },
        ],
      });
    }
    return undefined;
  };
}

async function openDocs(document: unknown = committedOpenApi, extra?: FetchHandler) {
  const fetchMock = mockServer({ handler: docsServer(document, extra) });
  const view = renderApp('/api-docs');
  await screen.findByRole('heading', { level: 1, name: 'API documentation' });
  return { ...view, fetchMock };
}

describe('API docs page', () => {
  it('is public and has the five sections, the base URL and a link to the keys page', async () => {
    await openDocs();
    expect(
      screen.getByText('Build AI-powered applications with a simple API for image and video generation.'),
    ).toBeInTheDocument();
    for (const name of [
      'Quick Start',
      'Authentication',
      'Endpoints',
      'Code Examples',
      'Rate Limits & Pricing',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByTestId('api-base-url')).toHaveTextContent(`${window.location.origin}/api/v1`);
    const quickStart = screen.getByRole('region', { name: 'Quick Start' });
    expect(within(quickStart).getByRole('link', { name: 'Get API Key' })).toHaveAttribute(
      'href',
      '/api-keys',
    );
    expect(within(quickStart).getByRole('button', { name: 'Copy the base URL' })).toBeInTheDocument();
  });

  it('renders the endpoints, parameters, body fields and responses of the committed OpenAPI document', async () => {
    await openDocs();
    const endpoints = screen.getByRole('region', { name: 'Endpoints' });
    const image = await within(endpoints).findByRole('article', { name: 'Generate an image' });
    expect(within(image).getByText('/api/v1/generate/image')).toBeInTheDocument();
    expect(within(image).getByText('post')).toBeInTheDocument();
    // Fields with types, values and defaults, as the server's schema says.
    const body = within(image).getByRole('table', { name: 'Request body of Generate an image' });
    const row = (name: string) =>
      within(body)
        .getByRole('rowheader', { name: new RegExp(`^${name}`) })
        .closest('tr');
    expect(row('prompt')).toHaveTextContent('required');
    expect(row('prompt')).toHaveTextContent('1–2000 characters');
    expect(row('settings.style')).toHaveTextContent('One ofcartoonrealisticartistic');
    expect(row('settings.style')).toHaveTextContent('Default realistic');
    expect(row('settings.aspectRatio')).toHaveTextContent('1:116:99:164:3');
    expect(row('seed')).toHaveTextContent('integer');
    expect(row('seed')).toHaveTextContent('0 to 2147483647');
    expect(within(image).getByRole('table', { name: 'Parameters of Generate an image' })).toHaveTextContent(
      'Idempotency-Key',
    );
    for (const status of ['200', '202', '400', '401', '402', '403', '409', '429', '502']) {
      expect(within(image).getByText(status)).toBeInTheDocument();
    }
    expect(within(image).getByText(/Costs 2 credits/)).toBeInTheDocument();

    const video = within(endpoints).getByRole('article', { name: 'Generate a video' });
    const videoBody = within(video).getByRole('table', { name: 'Request body of Generate a video' });
    expect(videoBody).toHaveTextContent('720p1080p4K');
    expect(videoBody).toHaveTextContent('Seconds: 3, 5 or 10.');
    expect(within(video).getByText(/Costs 7 credits/)).toBeInTheDocument();
    expect(
      within(endpoints).getByRole('article', { name: 'Status and result of a generation' }),
    ).toHaveTextContent('/api/v1/generations/{id}');
    expect(within(endpoints).getByText('sketch')).toBeInTheDocument();
  });

  it('follows whatever document the server sends', async () => {
    await openDocs(FIXTURE);
    const endpoints = screen.getByRole('region', { name: 'Endpoints' });
    const read = await within(endpoints).findByRole('article', { name: 'Read a widget' });
    expect(within(read).getByText('/api/v1/widgets/{id}')).toBeInTheDocument();
    const params = within(read).getByRole('table', { name: 'Parameters of Read a widget' });
    expect(params).toHaveTextContent('string (path)');
    expect(params).toHaveTextContent('Trace id for support.');
    expect(within(read).getByText('No such widget.')).toBeInTheDocument();
    expect(within(read).getByText('Widget')).toBeInTheDocument();
    expect(
      within(read).getByRole('table', { name: 'Fields of the 200 answer', hidden: true }),
    ).toHaveTextContent('string | null');

    const make = within(endpoints).getByRole('article', { name: 'Make a widget' });
    const body = within(make).getByRole('table', { name: 'Request body of Make a widget' });
    expect(body).toHaveTextContent('Paint.');
    expect(body).toHaveTextContent('One oftealamber');
    expect(body).toHaveTextContent('size.width');
    expect(body).toHaveTextContent('1 to 9');
    expect(body).toHaveTextContent('at most 40 characters');
    const example = within(make).getByText(/"colour"/);
    expect(JSON.parse(example.textContent ?? '')).toEqual({ colour: 'teal', size: { width: 3 } });
    expect(within(endpoints).queryByText('Generate an image')).not.toBeInTheDocument();
  });

  it('says so when the document cannot be loaded, and retries', async () => {
    let broken = true;
    const { user } = await openDocs(FIXTURE, (url) =>
      url === '/api/v1/openapi.json' && broken ? new Response('nope', { status: 404 }) : undefined,
    );
    expect(await screen.findByText('Could not load the API reference.')).toBeInTheDocument();
    expect(screen.getByText('HTTP error! status: 404')).toBeInTheDocument();
    // The rest of the page does not depend on it.
    expect(screen.getByRole('heading', { level: 2, name: 'Code Examples' })).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Read a widget' })).toBeInTheDocument();
  });

  it('shows runnable examples in JavaScript, Python and cURL tabs with copy buttons and a placeholder key', async () => {
    const { user } = await openDocs();
    const tabs = await screen.findByRole('tablist', { name: 'Code example language' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['JavaScript', 'Python', 'cURL']);
    const base = `${window.location.origin}/api/v1`;
    // The Webhooks section has tabs of its own, and the tools example its own: the first panel here.
    const panels = () =>
      within(screen.getByRole('region', { name: 'Code Examples' })).getAllByRole('tabpanel');
    const panel = () => panels()[0] as HTMLElement;
    expect(panel()).toHaveTextContent('await fetch(');
    expect(panel()).toHaveTextContent(`const BASE_URL = '${base}';`);
    expect(panel()).toHaveTextContent(`const API_KEY = '${API_KEY_PLACEHOLDER}';`);
    await user.click(within(panel()).getByRole('button', { name: /^Copy/ }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toContain('console.log(job.url)'));
    expect(within(panel()).getByText('Copied')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Python' }));
    expect(panel()).toHaveTextContent('import urllib.request');
    expect(panel()).not.toHaveTextContent('import requests');
    expect(panel()).toHaveTextContent('print(job["url"])');
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'cURL' })).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveTextContent(`curl -sS -X POST '${base}/generate/image'`);
    expect(panel()).toHaveTextContent(`Authorization: Bearer ${API_KEY_PLACEHOLDER}`);

    // Uploads, Enhance and Edit: one program per language, run for real by e2e/api-examples.e2e.ts.
    const toolTabs = screen.getByRole('tablist', {
      name: 'Language of the upload, enhance and edit example',
    });
    const toolPanel = () => panels()[1] as HTMLElement;
    expect(toolPanel()).toHaveTextContent("form.append('file'");
    expect(toolPanel()).toHaveTextContent("await run('/enhance'");
    expect(toolPanel()).toHaveTextContent("await run('/edit'");
    await user.click(within(toolTabs).getByRole('tab', { name: 'cURL' }));
    expect(toolPanel()).toHaveTextContent(`-F 'file=@photo.png'`);
  });

  it('prices and rate limits come from the server and the contract', async () => {
    await openDocs();
    const limits = screen.getByRole('region', { name: 'Rate Limits & Pricing' });
    for (const plan of KEY_PLANS) expect(within(limits).getAllByText(plan.name).length).toBeGreaterThan(0);
    // The server's configured prices (2 and 7 here) win over the contract's defaults.
    await waitFor(() =>
      expect(
        within(limits).getByText(/an image costs 2 credits and a video\s+7 credits/),
      ).toBeInTheDocument(),
    );
    expect(within(limits).getByText('Retry-After')).toBeInTheDocument();
    expect(within(limits).getByText(/Free accounts create Free keys/)).toBeInTheDocument();
    // Each listed model shows its own price per type.
    expect(await screen.findByText('Image: 2 credits')).toBeInTheDocument();
    expect(screen.getByText('Video: 7 credits')).toBeInTheDocument();
  });

  it('uses the contract prices when the models list is unavailable', async () => {
    await openDocs(FIXTURE, (url) => (url === '/api/models' ? new Response('', { status: 500 }) : undefined));
    const limits = screen.getByRole('region', { name: 'Rate Limits & Pricing' });
    expect(
      within(limits).getByText(
        new RegExp(
          `an image costs ${CREDIT_PRICES.image} credit and a video\\s+${CREDIT_PRICES.video} credits`,
        ),
      ),
    ).toBeInTheDocument();
  });

  it('translates every text of the committed OpenAPI document (the catalog keeps its English wording)', () => {
    const doc = committedOpenApi as OpenApiDocument;
    const texts: string[] = [];
    for (const operation of operationsOf(doc)) {
      texts.push(operation.summary);
      if (operation.description) texts.push(operation.description);
      for (const parameter of operation.parameters)
        if (parameter.description) texts.push(parameter.description);
      for (const response of operation.responses) {
        texts.push(response.description);
        for (const field of schemaFields(doc, response.schema))
          if (field.description) texts.push(field.description);
      }
      for (const field of schemaFields(doc, operation.requestBody))
        if (field.description) texts.push(field.description);
    }
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter((text) => !openApiTextId(text))).toEqual([]);
  });

  it('shows the page, the reference and its field tables in German', async () => {
    await startInLanguage('de');
    mockServer({ handler: docsServer(committedOpenApi) });
    renderApp('/api-docs');
    expect(await screen.findByRole('heading', { level: 1, name: 'API-Dokumentation' })).toBeInTheDocument();
    for (const name of [
      'Schnellstart',
      'Authentifizierung',
      'Endpunkte',
      'Codebeispiele',
      'Rate-Limits und Preise',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const quickStart = screen.getByRole('region', { name: 'Schnellstart' });
    expect(within(quickStart).getByRole('button', { name: 'Basis-URL kopieren' })).toBeInTheDocument();

    // The server's OpenAPI prose in German; names, paths and values stay as the document writes them.
    const endpoints = screen.getByRole('region', { name: 'Endpunkte' });
    const image = await within(endpoints).findByRole('article', { name: 'Bild generieren' });
    expect(within(image).getByText('/api/v1/generate/image')).toBeInTheDocument();
    expect(within(image).getByText('Ungültige Anfrage.')).toBeInTheDocument();
    const params = within(image).getByRole('table', { name: 'Parameter: Bild generieren' });
    expect(params).toHaveTextContent('string (Header)');
    expect(params).toHaveTextContent('Eine Wiederholung mit demselben Schlüssel');
    const body = within(image).getByRole('table', { name: 'Request-Body: Bild generieren' });
    expect(body).toHaveTextContent('Was generiert werden soll.');
    expect(body).toHaveTextContent('1–2000 Zeichen');
    expect(body).toHaveTextContent('Mögliche Werte');
    expect(within(image).getByText(/Kostet 2 Credits/)).toBeInTheDocument();
    expect(within(endpoints).getByRole('article', { name: 'Video generieren' })).toHaveTextContent(
      'Sekunden: 3, 5 oder 10.',
    );

    const limits = screen.getByRole('region', { name: 'Rate-Limits und Preise' });
    expect(
      within(limits).getByText('Konten im Tarif Pro: Schlüssel mit Free, Basic und Pro'),
    ).toBeInTheDocument();
    expect(
      within(limits).getByText('Bilder und Videos, bevorzugter Support', { selector: 'td' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Bild: 2 Credits')).toBeInTheDocument();
    // Code stays code.
    expect(
      within(screen.getByRole('region', { name: 'Codebeispiele' })).getAllByRole('tabpanel')[0],
    ).toHaveTextContent('await fetch(');
    expect(screen.queryByText('Quick Start')).not.toBeInTheDocument();
  });
});
