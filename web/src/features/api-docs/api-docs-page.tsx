import type { TCreditPrices } from '@kaleido/common';
import {
  API_KEY_PLACEHOLDER,
  API_KEY_PREFIXES,
  APP_ROUTES,
  curlExample,
  javascriptExample,
  KEY_PLANS,
  KEY_PLANS_BY_ACCOUNT_PLAN,
  PLANS,
  pythonExample,
} from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { errorMessage } from '../../lib/api-client';
import { formatCredits, formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button';
import { PageContainer, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { modelsQueryOptions, openApiQueryOptions, pricesOf } from './api';
import { CodeBlock, CopyButton } from './code-block';
import { EndpointCard, InlineCode } from './endpoint-reference';
import { type OpenApiDocument, type OperationSummary, operationsOf, serverPath } from './openapi';

/** Where the public API lives on this server (the Quick Start's base URL is this origin plus it). */
const API_PATH = '/api/v1';

export const API_DOCS_INTRO =
  'Build AI-powered applications with a simple API for image and video generation.';

const SECTIONS = [
  { id: 'quick-start', title: 'Quick Start' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'endpoints', title: 'Endpoints' },
  { id: 'code-examples', title: 'Code Examples' },
  { id: 'rate-limits', title: 'Rate Limits & Pricing' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight text-fg">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-fg-muted">{children}</div>
    </section>
  );
}

function TableShell({ children }: { children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full text-left text-sm">{children}</table>
    </div>
  );
}

function Th({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="px-4 py-2.5 font-semibold">
      {children}
    </th>
  );
}

const THEAD = 'bg-surface-2 text-xs tracking-wide text-fg-subtle uppercase';

/** What an operation costs, for the two generate operations (the document's paths name the type). */
function costNote(operation: OperationSummary, prices: TCreditPrices): ReactNode {
  if (operation.method !== 'post') return null;
  if (operation.path.endsWith('/image')) return `Costs ${formatCredits(prices.image)} when it succeeds.`;
  if (operation.path.endsWith('/video')) return `Costs ${formatCredits(prices.video)} when it succeeds.`;
  return null;
}

function EndpointsReference({ prices }: { prices: TCreditPrices }) {
  const openapi = useQuery(openApiQueryOptions());
  if (openapi.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6">
        <Spinner /> Loading the API reference…
      </p>
    );
  }
  if (openapi.isError) {
    return (
      <Alert>
        <p className="font-medium">Could not load the API reference.</p>
        <p className="mt-0.5 opacity-90">{errorMessage(openapi.error)}</p>
        <button
          type="button"
          onClick={() => void openapi.refetch()}
          className="mt-2 font-semibold underline underline-offset-4"
        >
          Try again
        </button>
      </Alert>
    );
  }
  return <Endpoints doc={openapi.data} prices={prices} />;
}

function Endpoints({ doc, prices }: { doc: OpenApiDocument; prices: TCreditPrices }) {
  const basePath = serverPath(doc);
  const operations = operationsOf(doc);
  return (
    <>
      <p>
        Requests and answers are JSON. Every answer is an envelope:{' '}
        <InlineCode>{'{ "success": true, "data": … }'}</InlineCode> or{' '}
        <InlineCode>{'{ "success": false, "error": "…" }'}</InlineCode>. This reference is read from the
        server's own{' '}
        <a
          href={`${basePath}/openapi.json`}
          className="font-medium text-accent-fg underline-offset-4 hover:underline"
        >
          OpenAPI {doc.openapi} document
        </a>{' '}
        ({doc.info.title} {doc.info.version}).
      </p>
      <div className="space-y-6">
        {operations.map((operation) => (
          <EndpointCard
            key={operation.id}
            doc={doc}
            operation={operation}
            basePath={basePath}
            note={costNote(operation, prices)}
          />
        ))}
      </div>
    </>
  );
}

function Models() {
  const models = useQuery(modelsQueryOptions());
  if (!models.data?.length) return null;
  return (
    <div>
      <h3 className="mb-2 font-semibold text-fg">Models</h3>
      <p className="mb-3">
        Send a model's id as <InlineCode>model</InlineCode> to choose it; without one the server's default is
        used. Each model has its own price per generation.
      </p>
      <ul className="divide-y divide-line rounded-xl border border-line">
        {models.data.map((model) => (
          <li key={model.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
            <span className="sm:w-56 sm:shrink-0">
              <span className="block font-medium text-fg">{model.name}</span>
              <code className="text-xs text-fg-subtle">{model.id}</code>
            </span>
            <span className="text-sm sm:w-40 sm:shrink-0">
              {model.types
                .map((type) =>
                  model.prices?.[type as keyof TCreditPrices] !== undefined
                    ? `${type} ${formatCredits(model.prices[type as keyof TCreditPrices])}`
                    : type,
                )
                .join(', ')}
            </span>
            <span className="text-sm">{model.description ?? ''}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ApiDocsPage() {
  const origin = window.location.origin;
  const baseUrl = `${origin}${API_PATH}`;
  const models = useQuery(modelsQueryOptions());
  const prices = pricesOf(models.data);
  const example = { baseUrl, apiKey: API_KEY_PLACEHOLDER };

  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta {...PAGE_METADATA.apiDocs} />
      <PageHeader
        eyebrow="Developers"
        title="API documentation"
        description={API_DOCS_INTRO}
        actions={
          <Link to={APP_ROUTES.apiKeys} className={buttonClass({ variant: 'primary' })}>
            <KeyRound aria-hidden />
            Get API Key
          </Link>
        }
      />

      <div className="mt-12 grid gap-10 lg:grid-cols-[200px_minmax(0,1fr)] lg:gap-14">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">On this page</p>
            <ul className="mt-3 space-y-1 border-l border-line">
              {SECTIONS.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent py-1 pl-4 text-sm text-fg-muted transition-colors hover:border-fg-subtle hover:text-fg"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <div className="min-w-0 space-y-16">
          <Section id="quick-start">
            <ol className="grid gap-4 md:grid-cols-3">
              <li className="rounded-2xl border border-line bg-surface p-5 shadow-card">
                <p className="text-xs font-semibold text-accent-fg">Step 1</p>
                <p className="mt-1 font-semibold text-fg">Create an API key</p>
                <p className="mt-1 text-sm">Name a key for each project and keep it secret.</p>
                <Link
                  to={APP_ROUTES.apiKeys}
                  className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
                >
                  Get API Key
                </Link>
              </li>
              <li className="min-w-0 rounded-2xl border border-line bg-surface p-5 shadow-card">
                <p className="text-xs font-semibold text-accent-fg">Step 2</p>
                <p className="mt-1 font-semibold text-fg">Point your client at the base URL</p>
                <div className="mt-3 flex items-center justify-between gap-2 rounded-xl bg-[#0d0d14] py-1.5 pr-1.5 pl-3">
                  <code
                    className="min-w-0 text-[13px] [overflow-wrap:anywhere] text-[#e6e6f0]"
                    data-testid="api-base-url"
                  >
                    {origin}
                    <wbr />
                    {API_PATH}
                  </code>
                  <CopyButton text={baseUrl} what="the base URL" />
                </div>
              </li>
              <li className="rounded-2xl border border-line bg-surface p-5 shadow-card">
                <p className="text-xs font-semibold text-accent-fg">Step 3</p>
                <p className="mt-1 font-semibold text-fg">Send a prompt</p>
                <p className="mt-1 text-sm">
                  POST it to <InlineCode>/generate/image</InlineCode> or{' '}
                  <InlineCode>/generate/video</InlineCode> and read the result's URL from the answer.
                </p>
              </li>
            </ol>
          </Section>

          <Section id="authentication">
            <p>
              Every request carries your API key as a bearer token in the{' '}
              <InlineCode>Authorization</InlineCode> header. Keys start with{' '}
              <InlineCode>{API_KEY_PREFIXES.developer}</InlineCode> and belong to your account: what a key
              generates is charged to your credits and to the key's monthly allowance.
            </p>
            <CodeBlock title="Header" code={`Authorization: Bearer ${API_KEY_PLACEHOLDER}`} />
            <p>
              A missing or unknown key is refused with HTTP 401, a deactivated key (or one whose plan does not
              allow the request) with 403. Keep keys on your server: never put one in code that runs in a
              browser or an app. Send an <InlineCode>Idempotency-Key</InlineCode> header to retry a request
              safely: the same key returns the same generation and is never charged twice.
            </p>
          </Section>

          <Section id="endpoints">
            <EndpointsReference prices={prices} />
            <Models />
          </Section>

          <Section id="code-examples">
            <p>
              Each example generates one image and prints its URL (valid for about an hour). Put your key in
              place of <InlineCode>{API_KEY_PLACEHOLDER}</InlineCode>. The Python example needs only the
              standard library; the cURL example reads the URL with <InlineCode>jq</InlineCode>.
            </p>
            <div className="overflow-hidden rounded-2xl border border-white/10 bg-[#0d0d14] shadow-card">
              <Tabs
                label="Code example language"
                variant="onDark"
                listClassName="border-b border-white/10 px-2 py-1.5"
                items={[
                  {
                    id: 'javascript',
                    label: 'JavaScript',
                    content: (
                      <CodeBlock
                        code={javascriptExample(example)}
                        className="rounded-none border-0 shadow-none"
                        title="generate.mjs (Node 18+, fetch)"
                      />
                    ),
                  },
                  {
                    id: 'python',
                    label: 'Python',
                    content: (
                      <CodeBlock
                        code={pythonExample(example)}
                        className="rounded-none border-0 shadow-none"
                        title="generate.py (Python 3, standard library)"
                      />
                    ),
                  },
                  {
                    id: 'curl',
                    label: 'cURL',
                    content: (
                      <CodeBlock
                        code={curlExample(example)}
                        className="rounded-none border-0 shadow-none"
                        title="Shell (curl and jq)"
                      />
                    ),
                  },
                ]}
              />
            </div>
            <p className="text-sm">
              A generation that takes longer than about 25 seconds answers HTTP 202 with a{' '}
              <InlineCode>statusUrl</InlineCode>; the JavaScript and Python examples look at it again until
              the result is ready.
            </p>
          </Section>

          <Section id="rate-limits">
            <p>
              Pay per use, with no monthly fees: an image costs {formatCredits(prices.image)} and a video{' '}
              {formatCredits(prices.video)}. Failed requests do not consume credits. Each key has a plan that
              sets its monthly credit allowance and its rate limit.
            </p>
            <TableShell>
              <thead className={THEAD}>
                <tr>
                  <Th>Key plan</Th>
                  <Th>Credits / month</Th>
                  <Th>Requests / minute</Th>
                  <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
                    Includes
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {KEY_PLANS.map((plan) => (
                  <tr key={plan.id} className="align-top">
                    <td className="px-4 py-3 font-medium text-fg">
                      <span className="inline-flex flex-wrap items-center gap-2">
                        {plan.name}
                        {plan.label ? <Badge tone="accent">{plan.label}</Badge> : null}
                      </span>
                      <span className="mt-0.5 block text-xs font-normal text-fg-muted sm:hidden">
                        {plan.description}
                      </span>
                    </td>
                    <td className="px-4 py-3 tabular-nums">{formatNumber(plan.monthlyCredits)}</td>
                    <td className="px-4 py-3 tabular-nums">{formatNumber(plan.requestsPerMinute)}</td>
                    <td className="hidden px-4 py-3 sm:table-cell">{plan.description}</td>
                  </tr>
                ))}
              </tbody>
            </TableShell>
            <p>
              A key's plan can be at most your account's:{' '}
              {PLANS.map((plan, index) => (
                <span key={plan.id}>
                  {index > 0 ? '; ' : ''}
                  {plan.name} accounts create{' '}
                  {KEY_PLANS.filter((keyPlan) => KEY_PLANS_BY_ACCOUNT_PLAN[plan.id].includes(keyPlan.id))
                    .map((keyPlan) => keyPlan.name)
                    .join(', ')}{' '}
                  keys
                </span>
              ))}
              .
            </p>
            <p>
              Over the limit, the API answers HTTP 429 with <InlineCode>Retry-After</InlineCode> (seconds);
              every answer carries <InlineCode>RateLimit</InlineCode>,{' '}
              <InlineCode>RateLimit-Policy</InlineCode> and <InlineCode>X-RateLimit-Limit</InlineCode> /{' '}
              <InlineCode>-Remaining</InlineCode> / <InlineCode>-Reset</InlineCode>. When your account's
              credits or the key's allowance run out it answers HTTP 402.
            </p>
          </Section>
        </div>
      </div>
    </PageContainer>
  );
}
