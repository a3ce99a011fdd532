import type { TErrorCode } from '@kaleido/common';
import { APP_ROUTES, CREDIT_PRICES, ERRORS, KEY_PLANS, PUBLIC_API_OPTIONS } from '@kaleido/common/browser';
import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { formatCredits, formatNumber } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageContainer, PageHeader } from '../../ui/page';
import { Tabs } from '../../ui/tabs';
import { CodeBlock, CopyButton } from './code-block';
import {
  curlExample,
  formatJson,
  IMAGE_REQUEST_EXAMPLE,
  imageResponseExample,
  javascriptExample,
  pythonExample,
  VIDEO_REQUEST_EXAMPLE,
} from './examples';

const SECTIONS = [
  { id: 'quick-start', title: 'Quick Start' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'endpoints', title: 'Endpoints' },
  { id: 'code-examples', title: 'Code Examples' },
  { id: 'rate-limits', title: 'Rate Limits & Pricing' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

const ERROR_EXAMPLES: readonly TErrorCode[] = [
  'VALIDATION_FAILED',
  'AUTHENTICATION_REQUIRED',
  'INSUFFICIENT_CREDITS',
  'RATE_LIMITED',
  'GENERATION_FAILED_IMAGE',
];

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

function InlineCode({ children }: { children: ReactNode }) {
  return (
    <code className="rounded-md border border-line bg-surface-2 px-1.5 py-0.5 text-[0.85em] text-fg">
      {children}
    </code>
  );
}

function Values({ values }: { values: readonly (string | number)[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {values.map((value) => (
        <InlineCode key={value}>{String(value)}</InlineCode>
      ))}
    </span>
  );
}

interface Param {
  name: string;
  type: string;
  description: ReactNode;
}

function ParamTable({ params }: { params: readonly Param[] }) {
  return (
    <>
      {/* Phones: one block per field instead of a table that scrolls sideways. */}
      <dl className="divide-y divide-line rounded-xl border border-line sm:hidden">
        {params.map((param) => (
          <div key={param.name} className="space-y-1.5 px-4 py-3">
            <dt className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-mono text-[13px] text-fg">{param.name}</span>
              <span className="text-xs text-fg-subtle">{param.type}</span>
            </dt>
            <dd className="text-sm text-fg-muted">{param.description}</dd>
          </div>
        ))}
      </dl>
      <ParamGrid params={params} />
    </>
  );
}

function ParamGrid({ params }: { params: readonly Param[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-line sm:block">
      <table className="w-full min-w-[520px] text-left text-sm">
        <thead className="bg-surface-2 text-xs tracking-wide text-fg-subtle uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Field
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Type
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Values
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {params.map((param) => (
            <tr key={param.name} className="align-top">
              <td className="px-4 py-3 font-mono text-[13px] text-fg">{param.name}</td>
              <td className="px-4 py-3 text-fg-muted">{param.type}</td>
              <td className="px-4 py-3 text-fg-muted">{param.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Endpoint({
  path,
  summary,
  params,
  example,
}: {
  path: string;
  summary: ReactNode;
  params: readonly Param[];
  example: unknown;
}) {
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-2.5">
        <Badge tone="success" className="font-mono">
          POST
        </Badge>
        <code className="text-[15px] font-semibold text-fg">{path}</code>
      </div>
      <p>{summary}</p>
      <ParamTable params={params} />
      <CodeBlock title="Request body" code={formatJson(example)} />
    </Card>
  );
}

export function ApiDocsPage() {
  const origin = window.location.origin;
  const baseUrl = `${origin}/api/v1`;
  const image = PUBLIC_API_OPTIONS.image;
  const video = PUBLIC_API_OPTIONS.video;

  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta {...PAGE_METADATA.apiDocs} />
      <PageHeader
        eyebrow="Developers"
        title="API documentation"
        description="Build AI-powered applications with a simple API for image and video generation."
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
              <li className="rounded-2xl border border-line bg-surface p-5 shadow-card">
                <p className="text-xs font-semibold text-accent-fg">Step 2</p>
                <p className="mt-1 font-semibold text-fg">Point your client at the base URL</p>
                <div className="mt-3 flex items-center justify-between gap-2 rounded-xl bg-[#0d0d14] py-1.5 pr-1.5 pl-3">
                  <code className="truncate text-[13px] text-[#e6e6f0]" data-testid="api-base-url">
                    {baseUrl}
                  </code>
                  <CopyButton text={baseUrl} />
                </div>
              </li>
              <li className="rounded-2xl border border-line bg-surface p-5 shadow-card">
                <p className="text-xs font-semibold text-accent-fg">Step 3</p>
                <p className="mt-1 font-semibold text-fg">Send a prompt</p>
                <p className="mt-1 text-sm">
                  POST it to <InlineCode>/generate/image</InlineCode> or{' '}
                  <InlineCode>/generate/video</InlineCode> and read the result URL from the answer.
                </p>
              </li>
            </ol>
          </Section>

          <Section id="authentication">
            <p>
              Every request carries your API key as a bearer token in the{' '}
              <InlineCode>Authorization</InlineCode> header. Keys belong to your account: generations made
              with a key are charged to your credits.
            </p>
            <CodeBlock title="Header" code="Authorization: Bearer YOUR_API_KEY" />
            <p>
              A request without a valid key is refused with HTTP {ERRORS.AUTHENTICATION_REQUIRED.status} and{' '}
              <InlineCode>{ERRORS.AUTHENTICATION_REQUIRED.message}</InlineCode>. Never put a key in code that
              runs in a browser.
            </p>
          </Section>

          <Section id="endpoints">
            <p>
              Requests and answers are JSON. Every answer is an envelope:{' '}
              <InlineCode>{'{ "success": true, "data": … }'}</InlineCode> or{' '}
              <InlineCode>{'{ "success": false, "error": "…" }'}</InlineCode>.
            </p>
            <Endpoint
              path="/api/v1/generate/image"
              summary={`Generates one image. Costs ${formatCredits(CREDIT_PRICES.image)}.`}
              params={[
                { name: 'prompt', type: 'string', description: 'What to draw. Required.' },
                { name: 'settings.style', type: 'string', description: <Values values={image.styles} /> },
                {
                  name: 'settings.aspectRatio',
                  type: 'string',
                  description: <Values values={image.aspectRatios} />,
                },
                {
                  name: 'settings.resolution',
                  type: 'string',
                  description: <Values values={image.resolutions} />,
                },
              ]}
              example={IMAGE_REQUEST_EXAMPLE}
            />
            <Endpoint
              path="/api/v1/generate/video"
              summary={`Generates one short video. Costs ${formatCredits(CREDIT_PRICES.video)}.`}
              params={[
                { name: 'prompt', type: 'string', description: 'What happens in the video. Required.' },
                { name: 'settings.style', type: 'string', description: <Values values={video.styles} /> },
                {
                  name: 'settings.duration',
                  type: 'number (seconds)',
                  description: <Values values={video.durations} />,
                },
                {
                  name: 'settings.frameRate',
                  type: 'number',
                  description: <Values values={video.frameRates} />,
                },
                {
                  name: 'settings.resolution',
                  type: 'string',
                  description: <Values values={video.resolutions} />,
                },
              ]}
              example={VIDEO_REQUEST_EXAMPLE}
            />
            <CodeBlock title="Response (image)" code={formatJson(imageResponseExample(origin))} />
            <div>
              <h3 className="mb-3 font-semibold text-fg">Errors</h3>
              <div className="overflow-x-auto rounded-xl border border-line">
                <table className="w-full min-w-[420px] text-left text-sm">
                  <thead className="bg-surface-2 text-xs tracking-wide text-fg-subtle uppercase">
                    <tr>
                      <th scope="col" className="px-4 py-2.5 font-semibold">
                        Status
                      </th>
                      <th scope="col" className="px-4 py-2.5 font-semibold">
                        Error
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {ERROR_EXAMPLES.map((code) => (
                      <tr key={code}>
                        <td className="px-4 py-3 font-mono text-[13px] text-fg tabular-nums">
                          {ERRORS[code].status}
                        </td>
                        <td className="px-4 py-3">{ERRORS[code].message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </Section>

          <Section id="code-examples">
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
                        code={javascriptExample(baseUrl)}
                        className="rounded-none border-0 shadow-none"
                        title="JavaScript (fetch)"
                      />
                    ),
                  },
                  {
                    id: 'python',
                    label: 'Python',
                    content: (
                      <CodeBlock
                        code={pythonExample(baseUrl)}
                        className="rounded-none border-0 shadow-none"
                        title="Python (requests)"
                      />
                    ),
                  },
                  {
                    id: 'curl',
                    label: 'cURL',
                    content: (
                      <CodeBlock
                        code={curlExample(baseUrl)}
                        className="rounded-none border-0 shadow-none"
                        title="cURL"
                      />
                    ),
                  },
                ]}
              />
            </div>
          </Section>

          <Section id="rate-limits">
            <p>
              Pay per use, with no monthly fees: an image costs {formatCredits(CREDIT_PRICES.image)} and a
              video {formatCredits(CREDIT_PRICES.video)}. Failed requests do not consume credits. Each key has
              a plan that sets its monthly credit allowance and its rate limit; going over the limit answers
              HTTP {ERRORS.RATE_LIMITED.status}.
            </p>
            <div className="overflow-x-auto rounded-xl border border-line">
              <table className="w-full min-w-[560px] text-left text-sm">
                <thead className="bg-surface-2 text-xs tracking-wide text-fg-subtle uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 font-semibold">
                      Key plan
                    </th>
                    <th scope="col" className="px-4 py-2.5 font-semibold">
                      Credits / month
                    </th>
                    <th scope="col" className="px-4 py-2.5 font-semibold">
                      Requests / minute
                    </th>
                    <th scope="col" className="px-4 py-2.5 font-semibold">
                      Includes
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {KEY_PLANS.map((plan) => (
                    <tr key={plan.id}>
                      <td className="px-4 py-3 font-medium text-fg">
                        <span className="inline-flex items-center gap-2">
                          {plan.name}
                          {plan.label ? <Badge tone="accent">{plan.label}</Badge> : null}
                        </span>
                      </td>
                      <td className="px-4 py-3 tabular-nums">{formatNumber(plan.monthlyCredits)}</td>
                      <td className="px-4 py-3 tabular-nums">{formatNumber(plan.requestsPerMinute)}</td>
                      <td className="px-4 py-3">{plan.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
        </div>
      </div>
    </PageContainer>
  );
}
