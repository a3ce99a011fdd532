import type { TModel, TToolsInfo } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import { Check, CircleDashed, PlugZap } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageMeta } from '../../app/page-meta';
import type { MessageId } from '../../i18n/catalogs/en';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { PageContainer, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { CodeBlock } from '../api-docs/code-block';
import { InlineCode } from '../api-docs/endpoint-reference';
import { modelsQueryOptions } from '../generate/api';
import { toolsInfoQueryOptions } from '../tools/api';
import { providerName } from '../tools/needs-provider';
import {
  CAPABILITIES,
  type Capability,
  capabilitiesOf,
  ENVIRONMENT,
  GUIDE_PROVIDERS,
  type GuideProvider,
  PROVIDERS_FILE_NAME,
  PROVIDERS_FILE_VARIABLE,
  TOOLS_FILE,
} from './provider-guide';

const CAPABILITY_LABELS: Record<Capability, MessageId> = {
  image: 'tools.providerDocs.capability.image',
  video: 'tools.providerDocs.capability.video',
  enhance: 'tools.providerDocs.capability.enhance',
  restyle: 'tools.providerDocs.capability.restyle',
  expand: 'tools.providerDocs.capability.expand',
  inpaint: 'tools.providerDocs.capability.inpaint',
  prompt: 'tools.providerDocs.capability.prompt',
};

const PROVIDER_TEXTS: Record<GuideProvider, MessageId> = {
  sketch: 'tools.providerDocs.provider.sketch',
  openai: 'tools.providerDocs.provider.openai',
  comfyui: 'tools.providerDocs.provider.comfyui',
  replicate: 'tools.providerDocs.provider.replicate',
  fal: 'tools.providerDocs.provider.fal',
};

/** Inline code inside a catalog message. */
const code = (chunks: ReactNode[]) => <InlineCode>{chunks}</InlineCode>;

/** The models of this installation that can do each capability (from GET /api/models and /api/tools). */
function configuredModels(models: readonly TModel[], tools: TToolsInfo): Record<Capability, string[]> {
  const names = (list: readonly { name: string }[]) => list.map((model) => model.name);
  return {
    image: names(models.filter((model) => model.types.includes('image'))),
    video: names(models.filter((model) => model.types.includes('video'))),
    enhance: names(tools.enhance.models),
    restyle: names(tools.edit.modes.restyle.models),
    expand: names(tools.edit.modes.expand.models),
    inpaint: names(tools.edit.modes.inpaint.models),
    prompt: names(tools.edit.modes.prompt.models),
  };
}

/** The providers this installation has models of (generators or tools). */
function connectedProviders(models: readonly TModel[], tools: TToolsInfo): Set<string> {
  const ids = new Set(models.map((model) => model.provider));
  for (const model of tools.enhance.models) ids.add(model.provider);
  for (const mode of Object.values(tools.edit.modes))
    for (const model of mode.models) ids.add(model.provider);
  return ids;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight text-balance text-fg">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-fg-muted">{children}</div>
    </section>
  );
}

/** What this installation can do now: each capability, ready (with its models) or waiting for a provider. */
function Installation({ models, tools }: { models: readonly TModel[]; tools: TToolsInfo }) {
  const t = useT();
  const byCapability = configuredModels(models, tools);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {CAPABILITIES.map((capability) => {
        const names = byCapability[capability];
        const ready = names.length > 0;
        return (
          <li key={capability} className="min-w-0 rounded-xl border border-line bg-surface p-4">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium text-fg">{t(CAPABILITY_LABELS[capability])}</span>
              {ready ? (
                <Badge tone="success">
                  <Check aria-hidden className="size-3" />
                  {t('tools.providerDocs.installation.ready')}
                </Badge>
              ) : (
                <Badge tone="warning">
                  <PlugZap aria-hidden className="size-3" />
                  {t('tools.providerDocs.installation.missing')}
                </Badge>
              )}
            </div>
            <p className="mt-1.5 text-sm break-words">
              {ready
                ? t('tools.providerDocs.installation.models', { models: names.join(', ') })
                : t('tools.providerDocs.installation.none')}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** One provider: what it can do, whether it is connected here, and how to set it up. */
function ProviderCard({ provider, connected }: { provider: GuideProvider; connected: boolean }) {
  const t = useT();
  const can = new Set(capabilitiesOf(provider));
  const environment = ENVIRONMENT[provider];
  const file = TOOLS_FILE[provider];
  const titleId = `provider-${provider}`;
  return (
    <article aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-lg font-semibold text-fg">
          {providerName(provider)}
        </h3>
        {connected ? <Badge tone="success">{t('tools.providerDocs.providers.connected')}</Badge> : null}
      </div>
      <p className="mt-2 text-sm text-pretty text-fg-muted">{t(PROVIDER_TEXTS[provider])}</p>
      <ul aria-label={t('tools.providerDocs.providers.canDo')} className="mt-3 flex flex-wrap gap-1.5">
        {CAPABILITIES.map((capability) => (
          <li
            key={capability}
            className={
              can.has(capability)
                ? 'inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-0.5 text-[13px] font-medium text-accent-fg'
                : 'inline-flex items-center gap-1 rounded-full border border-dashed border-line px-2.5 py-0.5 text-[13px] text-fg-subtle line-through'
            }
          >
            {can.has(capability) ? (
              <Check aria-hidden className="size-3.5" />
            ) : (
              <CircleDashed aria-hidden className="size-3.5" />
            )}
            {can.has(capability) ? (
              t(CAPABILITY_LABELS[capability])
            ) : (
              <>
                <span className="sr-only">{t('tools.providerDocs.providers.cannot')} </span>
                {t(CAPABILITY_LABELS[capability])}
              </>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 space-y-3">
        {environment ? (
          <CodeBlock title={t('tools.providerDocs.providers.environment')} code={environment} />
        ) : (
          <p className="text-sm">{t('tools.providerDocs.providers.builtIn')}</p>
        )}
        {file ? (
          <>
            <p className="text-sm">
              <T
                id="tools.providerDocs.providers.toolsFile"
                values={{ code, variable: PROVIDERS_FILE_VARIABLE }}
              />
            </p>
            <CodeBlock title={PROVIDERS_FILE_NAME} code={file} />
          </>
        ) : null}
      </div>
    </article>
  );
}

/**
 * `/docs/providers` (PROVIDER_SETUP_DOCS_PATH), where the "needs an AI provider" state leads: what
 * this installation can do now, what each provider adds, and the configuration that connects it.
 */
export function ProviderDocsPage() {
  const t = useT();
  const tools = useQuery(toolsInfoQueryOptions());
  const models = useQuery(modelsQueryOptions());
  const connected =
    tools.data && models.data ? connectedProviders(models.data, tools.data) : new Set<string>();
  const title = t('tools.providerDocs.title');
  const description = t('tools.providerDocs.description');

  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title={title} description={description} />
      <PageHeader eyebrow={t('tools.providerDocs.eyebrow')} title={title} description={description} />

      <Section id="installation" title={t('tools.providerDocs.installation.title')}>
        {tools.isError || models.isError ? (
          <Alert tone="danger">{t('tools.providerDocs.installation.loadFailed')}</Alert>
        ) : tools.data && models.data ? (
          <Installation models={models.data} tools={tools.data} />
        ) : (
          <p className="flex items-center gap-2 text-sm">
            <Spinner /> {t('tools.providerDocs.installation.loading')}
          </p>
        )}
      </Section>

      <Section id="providers" title={t('tools.providerDocs.providers.title')}>
        <p>
          <T id="tools.providerDocs.providers.intro" values={{ code }} />
        </p>
        <div className="grid items-start gap-4 lg:grid-cols-2">
          {GUIDE_PROVIDERS.map((provider) => (
            <ProviderCard key={provider} provider={provider} connected={connected.has(provider)} />
          ))}
        </div>
      </Section>

      <Section id="more" title={t('tools.providerDocs.more.title')}>
        <p>
          <T id="tools.providerDocs.more.body" values={{ code }} />
        </p>
      </Section>
    </PageContainer>
  );
}
