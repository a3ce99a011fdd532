import { BookOpen, PlugZap } from 'lucide-react';
import { useId } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { currentLocaleTag } from '../../i18n/locale-state';
import { useT } from '../../i18n/use-t';
import { buttonClass } from '../../ui/button';

/** Product names of the providers (not translated); an unknown id shows as it is. */
const PROVIDER_NAMES: Record<string, string> = {
  sketch: 'Kaleido Sketch',
  openai: 'OpenAI',
  comfyui: 'ComfyUI',
  replicate: 'Replicate',
  fal: 'fal.ai',
};

export function providerName(id: string): string {
  return PROVIDER_NAMES[id] ?? id;
}

/**
 * What a tool (or an edit mode) shows when no configured model can do it: which providers can, and
 * where their setup is explained. It never offers a form that would only fail, nor a fake result.
 */
export function NeedsProvider({
  what,
  providers,
  docsUrl,
}: {
  /** The capability's name (e.g. "Inpaint"), a catalog id. */
  what: MessageId;
  /** Provider ids that can do it once configured (the built-in renderer is left out: it is always there). */
  providers: readonly string[];
  docsUrl: string;
}) {
  const t = useT();
  const titleId = useId();
  const names = providers.filter((id) => id !== 'sketch').map(providerName);
  const list = new Intl.ListFormat(currentLocaleTag(), {
    style: 'long',
    type: 'disjunction',
  }).format(names);
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-line-strong bg-surface p-5"
    >
      <span className="inline-flex size-10 items-center justify-center rounded-xl bg-warning-soft text-warning">
        <PlugZap aria-hidden className="size-5" />
      </span>
      <h2 id={titleId} className="text-base font-semibold text-fg">
        {t('tools.needsProvider.title', { what: t(what) })}
      </h2>
      <p className="text-sm text-pretty text-fg-muted">
        {t('tools.needsProvider.body', { providers: list, count: names.length })}
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('tools.needsProvider.list')}>
        {names.map((name) => (
          <li
            key={name}
            className="rounded-full border border-line bg-surface-2 px-2.5 py-0.5 text-[13px] font-medium text-fg"
          >
            {name}
          </li>
        ))}
      </ul>
      <a
        href={docsUrl}
        target="_blank"
        rel="noreferrer"
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
      >
        <BookOpen aria-hidden />
        {t('tools.needsProvider.docs')}
      </a>
    </section>
  );
}
