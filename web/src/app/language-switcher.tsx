import { LOCALE_TAGS, LOCALES, type TLocale } from '@kaleido/common/browser';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useUser } from '../features/auth/auth-provider';
import { useSaveSettings } from '../features/settings/api';
import { useLocale } from '../i18n/i18n-provider';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';

/** Each language named in its own words: English, Español, Français, Deutsch, 中文. */
export function nativeLanguageName(locale: TLocale): string {
  const tag = LOCALE_TAGS[locale];
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return locale;
  }
}

/**
 * The language picker of the footer, for everyone: it switches at once (no reload) and is remembered on
 * this device; a signed-in person's choice is also saved as the account's Language setting.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useT();
  const id = useId();
  const { locale, setLocale } = useLocale();
  const { user } = useUser();
  const save = useSaveSettings('language', { name: t('app.language.label') });

  function choose(next: TLocale) {
    void setLocale(next);
    if (user) save.mutate({ language: next });
  }

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Languages aria-hidden="true" className="size-4 shrink-0" />
      <label htmlFor={id} className="sr-only">
        {t('app.language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => choose(event.target.value as TLocale)}
        className="rounded-md border border-line bg-surface px-2 py-1 text-sm text-fg focus-visible:outline-2 focus-visible:outline-accent"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={LOCALE_TAGS[option]}>
            {nativeLanguageName(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
