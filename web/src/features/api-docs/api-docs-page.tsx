import type { TCreditPrices, TKeyPlanId } from '@kaleido/common';
import {
  API_KEY_PLACEHOLDER,
  API_KEY_PREFIXES,
  APP_ROUTES,
  curlExample,
  javascriptExample,
  KEY_PLANS,
  KEY_PLANS_BY_ACCOUNT_PLAN,
  LOCALE_TAGS,
  PLANS,
  pythonExample,
  TOOLS_EXAMPLE_FILE,
  toolsCurlExample,
  toolsJavascriptExample,
  toolsPythonExample,
} from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import type { MessageId } from '../../i18n/catalogs/en';
import { useLocale } from '../../i18n/i18n-provider';
import { T } from '../../i18n/t';
import { type Translate, useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button';
import { PageContainer, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useSiteOrigin } from '../../use-served-values';
import { modelsQueryOptions } from '../generate/api';
import { modelText } from '../generate/job-texts';
import { openApiQueryOptions, pricesOf } from './api';
import { CodeBlock, CodeTabs, CopyButton } from './code-block';
import { EndpointCard, InlineCode } from './endpoint-reference';
import { type OpenApiDocument, type OperationSummary, operationsOf, serverPath } from './openapi';
import { WebhooksSection } from './webhooks-section';

/** Where the public API lives on this server (the Quick Start's base URL is this origin plus it). */
const API_PATH = '/api/v1';

/** The envelope of every answer, shown as code. */
const SUCCESS_ENVELOPE = '{ "success": true, "data": … }';
const FAILURE_ENVELOPE = '{ "success": false, "error": "…" }';

const SECTIONS = [
  { id: 'quick-start', title: 'apiDocs.section.quickStart' },
  { id: 'authentication', title: 'apiDocs.section.authentication' },
  { id: 'endpoints', title: 'apiDocs.section.endpoints' },
  { id: 'code-examples', title: 'apiDocs.section.codeExamples' },
  { id: 'webhooks', title: 'webhooks.docs.title' },
  { id: 'rate-limits', title: 'apiDocs.section.rateLimits' },
] as const satisfies readonly { id: string; title: MessageId }[];

type SectionId = (typeof SECTIONS)[number]['id'];

/** What each key plan includes (KEY_PLANS' `description`, in the interface's language). */
const KEY_PLAN_INCLUDES: Record<TKeyPlanId, MessageId> = {
  free: 'apiDocs.keyPlans.free',
  basic: 'apiDocs.keyPlans.basic',
  pro: 'apiDocs.keyPlans.pro',
  enterprise: 'apiDocs.keyPlans.enterprise',
};

/** Inline code inside a catalog message: `<code>Authorization</code>`. */
const code = (chunks: ReactNode[]) => <InlineCode>{chunks}</InlineCode>;

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const t = useT();
  const title = SECTIONS.find((section) => section.id === id)?.title;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight text-balance text-fg">
        {title ? t(title) : null}
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
function costNote(t: Translate, operation: OperationSummary, prices: TCreditPrices): ReactNode {
  if (operation.method !== 'post') return null;
  if (operation.path.endsWith('/image')) return t('apiDocs.endpoints.cost', { credits: prices.image });
  if (operation.path.endsWith('/video')) return t('apiDocs.endpoints.cost', { credits: prices.video });
  return null;
}

function EndpointsReference({ prices }: { prices: TCreditPrices }) {
  const t = useT();
  const openapi = useQuery(openApiQueryOptions());
  if (openapi.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6">
        <Spinner /> {t('apiDocs.endpoints.loading')}
      </p>
    );
  }
  if (openapi.isError) {
    return (
      <Alert>
        <p className="font-medium">{t('apiDocs.endpoints.loadFailed')}</p>
        <p className="mt-0.5 opacity-90">{errorMessage(openapi.error)}</p>
        <button
          type="button"
          onClick={() => void openapi.refetch()}
          className="mt-2 font-semibold underline underline-offset-4"
        >
          {t('apiDocs.endpoints.retry')}
        </button>
      </Alert>
    );
  }
  return <Endpoints doc={openapi.data} prices={prices} />;
}

function Endpoints({ doc, prices }: { doc: OpenApiDocument; prices: TCreditPrices }) {
  const t = useT();
  const basePath = serverPath(doc);
  const operations = operationsOf(doc);
  return (
    <>
      <p>
        <T
          id="apiDocs.endpoints.intro"
          values={{
            success: <InlineCode>{SUCCESS_ENVELOPE}</InlineCode>,
            failure: <InlineCode>{FAILURE_ENVELOPE}</InlineCode>,
            link: (chunks) => (
              <a
                href={`${basePath}/openapi.json`}
                className="font-medium text-accent-fg underline-offset-4 hover:underline"
              >
                {chunks}
              </a>
            ),
            openapi: doc.openapi,
            title: doc.info.title,
            version: doc.info.version,
          }}
        />
      </p>
      <div className="space-y-6">
        {operations.map((operation) => (
          <EndpointCard
            key={operation.id}
            doc={doc}
            operation={operation}
            basePath={basePath}
            note={costNote(t, operation, prices)}
          />
        ))}
      </div>
    </>
  );
}

function Models() {
  const t = useT();
  const models = useQuery(modelsQueryOptions());
  if (!models.data?.length) return null;
  return (
    <div>
      <h3 className="mb-2 font-semibold text-fg">{t('apiDocs.models.title')}</h3>
      <p className="mb-3">
        <T id="apiDocs.models.intro" values={{ code }} />
      </p>
      <ul className="divide-y divide-line rounded-xl border border-line">
        {models.data.map((model) => (
          <li key={model.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
            <span className="min-w-0 sm:w-56 sm:shrink-0">
              <span className="block font-medium break-words text-fg">{modelText(model.name, t)}</span>
              <code className="text-xs break-all text-fg-subtle">{model.id}</code>
            </span>
            <span className="flex flex-col text-sm sm:w-44 sm:shrink-0">
              {model.types.map((type) => {
                const price = model.prices?.[type as keyof TCreditPrices];
                return (
                  <span key={type}>
                    {price === undefined
                      ? t('apiDocs.models.type', { type })
                      : t('apiDocs.models.price', { type, credits: price })}
                  </span>
                );
              })}
            </span>
            <span className="min-w-0 text-sm break-words">
              {model.description ? modelText(model.description, t) : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Which key plans each account plan may create, one line per account plan. */
function AccountPlanRules() {
  const t = useT();
  const { locale } = useLocale();
  const list = new Intl.ListFormat(LOCALE_TAGS[locale], { type: 'conjunction' });
  return (
    <div>
      <p>{t('apiDocs.rateLimits.accountRules')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            {t('apiDocs.rateLimits.accountRule', {
              plan: plan.name,
              keyPlans: list.format(
                KEY_PLANS.filter((keyPlan) => KEY_PLANS_BY_ACCOUNT_PLAN[plan.id].includes(keyPlan.id)).map(
                  (keyPlan) => keyPlan.name,
                ),
              ),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ApiDocsPage() {
  const t = useT();
  // The server fills its own origin into the prerendered page (built once for every server).
  const origin = useSiteOrigin();
  const baseUrl = `${origin}${API_PATH}`;
  const models = useQuery(modelsQueryOptions());
  const prices = pricesOf(models.data);
  const example = { baseUrl, apiKey: API_KEY_PLACEHOLDER };

  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta {...PAGE_METADATA.apiDocs} />
      <PageHeader
        eyebrow={t('apiDocs.page.eyebrow')}
        title={t('apiDocs.page.title')}
        description={t('apiDocs.page.intro')}
        actions={
          <Link to={APP_ROUTES.apiKeys} className={buttonClass({ variant: 'primary' })}>
            <KeyRound aria-hidden />
            {t('apiDocs.page.getApiKey')}
          </Link>
        }
      />

      <div className="mt-12 grid gap-10 lg:grid-cols-[200px_minmax(0,1fr)] lg:gap-14">
        <nav aria-label={t('apiDocs.toc.label')} className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
              {t('apiDocs.toc.label')}
            </p>
            <ul className="mt-3 space-y-1 border-l border-line">
              {SECTIONS.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent py-1 pl-4 text-sm text-fg-muted transition-colors hover:border-fg-subtle hover:text-fg"
                  >
                    {t(section.title)}
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
                <p className="text-xs font-semibold text-accent-fg">
                  {t('apiDocs.quickStart.step', { step: 1 })}
                </p>
                <p className="mt-1 font-semibold break-words hyphens-auto text-fg">
                  {t('apiDocs.quickStart.createKey.title')}
                </p>
                <p className="mt-1 text-sm">{t('apiDocs.quickStart.createKey.text')}</p>
                <Link
                  to={APP_ROUTES.apiKeys}
                  className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
                >
                  {t('apiDocs.page.getApiKey')}
                </Link>
              </li>
              <li className="min-w-0 rounded-2xl border border-line bg-surface p-5 shadow-card">
                <p className="text-xs font-semibold text-accent-fg">
                  {t('apiDocs.quickStart.step', { step: 2 })}
                </p>
                <p className="mt-1 font-semibold break-words hyphens-auto text-fg">
                  {t('apiDocs.quickStart.baseUrl.title')}
                </p>
                <div className="mt-3 flex items-center justify-between gap-2 rounded-xl bg-[#0d0d14] py-1.5 pr-1.5 pl-3">
                  <code
                    className="min-w-0 text-[13px] [overflow-wrap:anywhere] text-[#e6e6f0]"
                    data-testid="api-base-url"
                  >
                    {origin}
                    <wbr />
                    {API_PATH}
                  </code>
                  <CopyButton text={baseUrl} accessibleName={t('apiDocs.quickStart.baseUrl.copy')} />
                </div>
              </li>
              <li className="rounded-2xl border border-line bg-surface p-5 shadow-card">
                <p className="text-xs font-semibold text-accent-fg">
                  {t('apiDocs.quickStart.step', { step: 3 })}
                </p>
                <p className="mt-1 font-semibold break-words hyphens-auto text-fg">
                  {t('apiDocs.quickStart.send.title')}
                </p>
                <p className="mt-1 text-sm">
                  <T id="apiDocs.quickStart.send.text" values={{ code }} />
                </p>
              </li>
            </ol>
          </Section>

          <Section id="authentication">
            <p>
              <T id="apiDocs.authentication.intro" values={{ code, prefix: API_KEY_PREFIXES.developer }} />
            </p>
            <CodeBlock
              title={t('apiDocs.authentication.headerTitle')}
              code={`Authorization: Bearer ${API_KEY_PLACEHOLDER}`}
            />
            <p>
              <T id="apiDocs.authentication.rules" values={{ code }} />
            </p>
          </Section>

          <Section id="endpoints">
            <EndpointsReference prices={prices} />
            <Models />
          </Section>

          <Section id="code-examples">
            <p>
              <T id="apiDocs.examples.intro" values={{ code, placeholder: API_KEY_PLACEHOLDER }} />
            </p>
            <CodeTabs
              label={t('apiDocs.examples.tabsLabel')}
              tabs={[
                {
                  id: 'javascript',
                  label: 'JavaScript',
                  code: javascriptExample(example),
                  title: t('apiDocs.examples.javascriptTitle'),
                },
                {
                  id: 'python',
                  label: 'Python',
                  code: pythonExample(example),
                  title: t('apiDocs.examples.pythonTitle'),
                },
                {
                  id: 'curl',
                  label: 'cURL',
                  code: curlExample(example),
                  title: t('apiDocs.examples.curlTitle'),
                },
              ]}
            />
            <p className="text-sm">
              <T id="apiDocs.examples.polling" values={{ code }} />
            </p>
            <h3 className="mt-4 font-semibold text-fg">{t('apiDocs.examples.toolsTitle')}</h3>
            <p>
              <T id="apiDocs.examples.toolsIntro" values={{ code, file: TOOLS_EXAMPLE_FILE }} />
            </p>
            <CodeTabs
              label={t('apiDocs.examples.toolsTabsLabel')}
              tabs={[
                {
                  id: 'tools-javascript',
                  label: 'JavaScript',
                  code: toolsJavascriptExample(example),
                  title: t('apiDocs.examples.toolsJavascriptTitle'),
                },
                {
                  id: 'tools-python',
                  label: 'Python',
                  code: toolsPythonExample(example),
                  title: t('apiDocs.examples.toolsPythonTitle'),
                },
                {
                  id: 'tools-curl',
                  label: 'cURL',
                  code: toolsCurlExample(example),
                  title: t('apiDocs.examples.curlTitle'),
                },
              ]}
            />
          </Section>

          <Section id="webhooks">
            <WebhooksSection />
          </Section>

          <Section id="rate-limits">
            <p>{t('apiDocs.rateLimits.intro', { image: prices.image, video: prices.video })}</p>
            <TableShell>
              <thead className={THEAD}>
                <tr>
                  <Th>{t('apiDocs.rateLimits.keyPlan')}</Th>
                  <Th>{t('apiDocs.rateLimits.creditsPerMonth')}</Th>
                  <Th>{t('apiDocs.rateLimits.requestsPerMinute')}</Th>
                  <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
                    {t('apiDocs.rateLimits.includes')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {KEY_PLANS.map((plan) => (
                  <tr key={plan.id} className="align-top">
                    <td className="px-4 py-3 font-medium text-fg">
                      <span className="inline-flex flex-wrap items-center gap-2">
                        {plan.name}
                        {/* The one label of KEY_PLANS is the Basic plan's 'Popular'. */}
                        {plan.label ? <Badge tone="accent">{t('apiDocs.keyPlans.popular')}</Badge> : null}
                      </span>
                      <span className="mt-0.5 block text-xs font-normal text-fg-muted sm:hidden">
                        {t(KEY_PLAN_INCLUDES[plan.id])}
                      </span>
                    </td>
                    <td className="px-4 py-3 tabular-nums">{formatNumber(plan.monthlyCredits)}</td>
                    <td className="px-4 py-3 tabular-nums">{formatNumber(plan.requestsPerMinute)}</td>
                    <td className="hidden px-4 py-3 sm:table-cell">{t(KEY_PLAN_INCLUDES[plan.id])}</td>
                  </tr>
                ))}
              </tbody>
            </TableShell>
            <AccountPlanRules />
            <p>
              <T id="apiDocs.rateLimits.errors" values={{ code }} />
            </p>
          </Section>
        </div>
      </div>
    </PageContainer>
  );
}
