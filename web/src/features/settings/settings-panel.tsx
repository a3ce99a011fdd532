import type { TSettings } from '@kaleido/common';
import {
  APP_ROUTES,
  HANDLE_MAX_LENGTH,
  HANDLE_PATTERN,
  IMAGE_OPTIONS,
  LIMITS,
  LOCALE_TAGS,
  profilePath,
  RESERVED_HANDLES,
  SETTINGS_MESSAGES,
  SETTINGS_OPTIONS,
  SHARING_MESSAGES,
} from '@kaleido/common/browser';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import {
  Bell,
  Code2,
  type LucideIcon,
  Monitor,
  Moon,
  Palette,
  RotateCw,
  ShieldCheck,
  SlidersHorizontal,
  Sun,
  TriangleAlert,
  UserRound,
  UsersRound,
  Wrench,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { nativeLanguageName } from '../../app/language-switcher';
import type { Theme } from '../../app/theme';
import { useTheme } from '../../app/theme-provider';
import { T } from '../../i18n/t';
import { type Translate, useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { DeleteAccountDialog } from '../accounts/delete-account-dialog';
import { ExportDataButton } from '../accounts/export-data-button';
import type { CurrentUser } from '../auth/api';
import { PasswordChangeForm } from '../auth/password-change-form';
import { messageText, nameError } from '../auth/validation';
import { PushDeviceSetting } from '../pwa/push-device-setting';
import { settingsKeys, settingsQueryOptions } from './api';
import { PersonalApiKey } from './personal-api-key';
import {
  type Option,
  SettingRow,
  SettingSelect,
  SettingSwitch,
  SettingsSection,
  SettingTextForm,
} from './settings-controls';
import { SignInSecurity } from './sign-in-security';

const SECTIONS = [
  { key: 'account', icon: UserRound },
  { key: 'security', icon: ShieldCheck },
  { key: 'generation', icon: SlidersHorizontal },
  { key: 'notifications', icon: Bell },
  { key: 'privacy', icon: UsersRound },
  { key: 'appearance', icon: Palette },
  { key: 'integrations', icon: Code2 },
  { key: 'advanced', icon: Wrench },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

type SectionKey = (typeof SECTIONS)[number]['key'];

/** The heading, description, anchor and icon of one group of settings, in the language shown. */
function sectionProps(t: Translate, key: SectionKey) {
  const icon = SECTIONS.find((candidate) => candidate.key === key)?.icon ?? UserRound;
  return {
    id: `settings-${key}`,
    title: t(`settings.section.${key}.title`),
    description: t(`settings.section.${key}.description`),
    icon,
  };
}

const styleOptions = (t: Translate): Option<(typeof IMAGE_OPTIONS.styles)[number]>[] =>
  IMAGE_OPTIONS.styles.map((value) => ({ value, label: t(`settings.style.${value}`) }));

const qualityOptions = (t: Translate): Option<(typeof IMAGE_OPTIONS.qualities)[number]>[] =>
  IMAGE_OPTIONS.qualities.map((value) => ({ value, label: t(`settings.quality.${value}`) }));

const visibilityOptions = (t: Translate): Option<TSettings['profileVisibility']>[] =>
  SETTINGS_OPTIONS.profileVisibilities.map((value) => ({ value, label: t(`settings.visibility.${value}`) }));

/** Each language named in its own words (English, Español, Français, Deutsch, 中文), as in the footer. */
const LANGUAGE_OPTIONS: Option<TSettings['language']>[] = SETTINGS_OPTIONS.languages.map((value) => ({
  value,
  label: nativeLanguageName(value),
  lang: LOCALE_TAGS[value],
}));

function detectedTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function timeZoneOptions(t: Translate, current: string): Option<string>[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  if (current !== 'auto') all.add(current);
  return [
    { value: 'auto', label: t('settings.timezone.auto', { zone: detectedTimeZone().replace(/_/g, ' ') }) },
    ...[...all].sort().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
  ];
}

function displayNameError(t: Translate, draft: string): string | undefined {
  const problem = nameError(draft);
  return problem ? messageText(t, problem) : undefined;
}

function videoLengthError(t: Translate, draft: string): string | undefined {
  const value = Number(draft);
  return draft.trim() !== '' &&
    Number.isInteger(value) &&
    value >= LIMITS.defaultVideoLengthMin &&
    value <= LIMITS.defaultVideoLengthMax
    ? undefined
    : t(SETTINGS_MESSAGES.videoLengthRange, {
        min: LIMITS.defaultVideoLengthMin,
        max: LIMITS.defaultVideoLengthMax,
      });
}

function handleError(t: Translate, draft: string): string | undefined {
  const handle = draft.trim().toLowerCase();
  if (!HANDLE_PATTERN.test(handle)) return t(SHARING_MESSAGES.handleFormat);
  if (RESERVED_HANDLES.has(handle)) return t(SHARING_MESSAGES.handleReserved);
  return undefined;
}

function webhookUrlError(t: Translate, draft: string): string | undefined {
  const trimmed = draft.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? undefined
      : t(SETTINGS_MESSAGES.webhookUrl);
  } catch {
    return t(SETTINGS_MESSAGES.webhookUrl);
  }
}

const THEME_CHOICES: { value: Theme; icon: LucideIcon }[] = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
];

/** Light, dark or system: the same choice as the theme toggle in the navigation bar, saved to the account. */
function ThemeSetting() {
  const t = useT();
  const { theme, setTheme } = useTheme();
  const saving = useIsMutating({ mutationKey: settingsKeys.save('theme') }) > 0;
  const ids = useId();
  return (
    <SettingRow
      labelId={`${ids}-label`}
      label={t('app.theme.label')}
      description={t('settings.theme.hint')}
      stack
      control={
        <>
          {saving ? <Spinner className="text-fg-subtle" /> : null}
          <div
            role="radiogroup"
            aria-labelledby={`${ids}-label`}
            aria-busy={saving || undefined}
            className="inline-flex rounded-xl border border-line bg-surface-2 p-1"
          >
            {THEME_CHOICES.map(({ value, icon: Icon }) => (
              <label
                key={value}
                className={cn(
                  'relative inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-[9px] px-3 text-[13px] font-medium transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
                  theme === value
                    ? 'bg-surface text-fg shadow-sm ring-1 ring-line dark:bg-surface-3'
                    : 'text-fg-muted hover:text-fg',
                )}
              >
                <input
                  type="radio"
                  name={`${ids}-theme`}
                  value={value}
                  checked={theme === value}
                  onChange={() => setTheme(value)}
                  className="sr-only"
                />
                <Icon aria-hidden className="size-4" />
                {t(`settings.theme.${value}`)}
              </label>
            ))}
          </div>
        </>
      }
    />
  );
}

function SettingsNav() {
  const t = useT();
  return (
    <nav aria-label={t('settings.nav.label')} className="hidden lg:block">
      <ul className="sticky top-24 space-y-0.5">
        {SECTIONS.map(({ key }) => {
          const { id, title, icon: Icon } = sectionProps(t, key);
          return (
            <li key={id}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  const target = document.getElementById(id);
                  if (!target) return;
                  event.preventDefault();
                  target.scrollIntoView({ block: 'start' });
                  target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
                }}
                className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg"
              >
                <Icon aria-hidden className="size-4 shrink-0" />
                <span className="min-w-0 break-words hyphens-auto">{title}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SettingsSkeleton() {
  const t = useT();
  return (
    <div role="status" className="space-y-6" aria-label={t('settings.loading')}>
      {[0, 1, 2].map((key) => (
        <Card key={key} className="space-y-4 p-6">
          <div className="h-4 w-40 animate-pulse rounded bg-surface-2" />
          <div className="h-3 w-3/4 animate-pulse rounded bg-surface-2" />
          <div className="h-3 w-2/3 animate-pulse rounded bg-surface-2" />
        </Card>
      ))}
    </div>
  );
}

function SettingsForm({ user, settings }: { user: CurrentUser; settings: TSettings }) {
  const t = useT();
  const common = { settings };
  const freePlan = user.plan === 'free';
  const linkClass = 'font-medium text-accent-fg hover:underline';
  return (
    <div className="space-y-6">
      <SettingsSection {...sectionProps(t, 'account')}>
        <SettingTextForm
          {...common}
          field="displayName"
          label={t('settings.displayName.label')}
          description={t('settings.displayName.hint')}
          validate={(draft) => displayNameError(t, draft)}
          toValue={(draft) => draft.trim()}
          inputProps={{ autoComplete: 'name', maxLength: 100 }}
        />
        <SettingTextForm
          {...common}
          field="handle"
          label={t('settings.handle.label')}
          description={t('settings.handle.hint')}
          validate={(draft) => handleError(t, draft)}
          toValue={(draft) => draft.trim().toLowerCase()}
          inputProps={{
            autoComplete: 'off',
            autoCapitalize: 'none',
            spellCheck: false,
            maxLength: HANDLE_MAX_LENGTH,
          }}
          after={<ProfileLink handle={settings.handle} visibility={settings.profileVisibility} />}
        />
        <SettingRow
          label={t('settings.email.label')}
          description={
            <T
              id="settings.email.hint"
              values={{
                email: user.email,
                strong: (chunks) => <span className="font-medium break-all text-fg">{chunks}</span>,
              }}
            />
          }
        />
        <SettingRow
          label={t('settings.export.label')}
          description={t('settings.export.hint')}
          stack
          control={<ExportDataButton />}
        />
        <SettingRow
          label={
            <span className="inline-flex items-center gap-1.5">
              <TriangleAlert aria-hidden className="size-4 shrink-0 text-danger" />
              {t('settings.deleteAccount.label')}
            </span>
          }
          description={t('settings.deleteAccount.hint')}
          stack
          control={<DeleteAccountDialog user={user} />}
        />
      </SettingsSection>

      <SettingsSection {...sectionProps(t, 'security')}>
        <PasswordChangeForm user={user} />
        <SignInSecurity user={user} />
      </SettingsSection>

      <SettingsSection {...sectionProps(t, 'generation')}>
        <SettingSelect
          {...common}
          field="defaultImageStyle"
          label={t('settings.defaultImageStyle.label')}
          description={t('settings.defaultImageStyle.hint')}
          options={styleOptions(t)}
        />
        <SettingSelect
          {...common}
          field="defaultQuality"
          label={t('settings.defaultQuality.label')}
          description={t('settings.defaultQuality.hint')}
          options={qualityOptions(t)}
        />
        <SettingTextForm
          {...common}
          field="defaultVideoLength"
          label={t('settings.defaultVideoLength.label')}
          description={t('settings.defaultVideoLength.hint', {
            min: LIMITS.defaultVideoLengthMin,
            max: LIMITS.defaultVideoLengthMax,
          })}
          validate={(draft) => videoLengthError(t, draft)}
          toValue={(draft) => Number(draft)}
          inputProps={{
            type: 'number',
            inputMode: 'numeric',
            min: LIMITS.defaultVideoLengthMin,
            max: LIMITS.defaultVideoLengthMax,
            step: 1,
          }}
          width="narrow"
        />
        <SettingSwitch
          {...common}
          field="autoSaveEnabled"
          label={t('settings.autoSaveEnabled.label')}
          description={t('settings.autoSaveEnabled.hint')}
        />
        {freePlan ? (
          <LockedSwitchRow
            label={t('settings.watermark.label')}
            checked
            description={
              <T
                id="settings.watermark.lockedHint"
                values={{
                  link: (chunks) => (
                    <Link to={APP_ROUTES.pricing} className={linkClass}>
                      {chunks}
                    </Link>
                  ),
                }}
              />
            }
          />
        ) : (
          <SettingSwitch
            {...common}
            field="watermarkEnabled"
            label={t('settings.watermark.label')}
            description={t('settings.watermark.hint')}
          />
        )}
      </SettingsSection>

      <SettingsSection {...sectionProps(t, 'notifications')}>
        <SettingSwitch
          {...common}
          field="emailNotifications"
          label={t('settings.emailNotifications.label')}
          description={t('settings.emailNotifications.hint')}
        />
        <SettingSwitch
          {...common}
          field="marketingEmails"
          label={t('settings.marketingEmails.label')}
          description={
            <>
              {t('settings.marketingEmails.hint')}
              {settings.marketingEmails && settings.marketingConsentAt ? (
                <span className="mt-0.5 block font-medium text-fg">
                  {t('settings.marketingEmails.consentedOn', {
                    date: formatDateTime(settings.marketingConsentAt),
                  })}
                </span>
              ) : null}
            </>
          }
        />
        <SettingSwitch
          {...common}
          field="generationAlerts"
          label={t('settings.generationAlerts.label')}
          description={t('settings.generationAlerts.hint')}
        />
        <SettingSwitch
          {...common}
          field="creditAlerts"
          label={t('settings.creditAlerts.label')}
          description={t('settings.creditAlerts.hint', { count: LIMITS.lowCreditWarningBelow })}
        />
        <SettingSwitch
          {...common}
          field="soundEnabled"
          label={t('settings.soundEnabled.label')}
          description={t('settings.soundEnabled.hint')}
        />
        <SettingSwitch
          {...common}
          field="desktopNotifications"
          label={t('settings.desktopNotifications.label')}
          description={t('settings.desktopNotifications.hint')}
        />
        {settings.desktopNotifications ? <PushDeviceSetting /> : null}
      </SettingsSection>

      <SettingsSection {...sectionProps(t, 'privacy')}>
        <SettingSelect
          {...common}
          field="profileVisibility"
          label={t('settings.profileVisibility.label')}
          description={t('settings.profileVisibility.hint')}
          options={visibilityOptions(t)}
        />
        <SettingSwitch
          {...common}
          field="shareUsageData"
          label={t('settings.shareUsageData.label')}
          description={t('settings.shareUsageData.hint')}
        />
        <SettingSwitch
          {...common}
          field="dataCollection"
          label={t('settings.dataCollection.label')}
          description={t('settings.dataCollection.hint')}
        />
        <SettingSwitch
          {...common}
          field="analyticsEnabled"
          label={t('settings.analyticsEnabled.label')}
          description={t('settings.analyticsEnabled.hint')}
        />
      </SettingsSection>

      <SettingsSection {...sectionProps(t, 'appearance')}>
        <ThemeSetting />
        <SettingSwitch
          {...common}
          field="compactMode"
          label={t('settings.compactMode.label')}
          description={t('settings.compactMode.hint')}
        />
        <SettingSwitch
          {...common}
          field="animationsEnabled"
          label={t('settings.animationsEnabled.label')}
          description={t('settings.animationsEnabled.hint')}
        />
        {/* Saved to the account; AccountPreferencesProvider then shows the interface in it at once. */}
        <SettingSelect
          {...common}
          field="language"
          label={t('settings.language.label')}
          description={t('settings.language.hint')}
          options={LANGUAGE_OPTIONS}
        />
        <SettingSelect
          {...common}
          field="timezone"
          label={t('settings.timezone.label')}
          description={t('settings.timezone.hint')}
          options={timeZoneOptions(t, settings.timezone)}
          className="sm:w-64"
        />
      </SettingsSection>

      <SettingsSection {...sectionProps(t, 'integrations')}>
        <SettingSwitch
          {...common}
          field="integrationsEnabled"
          label={t('settings.integrationsEnabled.label')}
          description={t('settings.integrationsEnabled.hint')}
        />
        <PersonalApiKey integrationsEnabled={settings.integrationsEnabled} />
        <SettingTextForm
          {...common}
          field="webhookUrl"
          label={t('settings.webhookUrl.label')}
          description={t('settings.webhookUrl.hint')}
          validate={(draft) => webhookUrlError(t, draft)}
          toValue={(draft) => draft.trim()}
          inputProps={{
            type: 'url',
            inputMode: 'url',
            placeholder: 'https://example.com/hooks/kaleido',
            spellCheck: false,
          }}
        />
        <SettingRow
          label={t('settings.developerKeys.label')}
          description={
            <T
              id="settings.developerKeys.hint"
              values={{
                keys: (chunks) => (
                  <Link to={APP_ROUTES.apiKeys} className={linkClass}>
                    {chunks}
                  </Link>
                ),
                docs: (chunks) => (
                  <Link to={APP_ROUTES.apiDocs} className={linkClass}>
                    {chunks}
                  </Link>
                ),
              }}
            />
          }
        />
      </SettingsSection>

      <SettingsSection {...sectionProps(t, 'advanced')}>
        <SettingSwitch
          {...common}
          field="debugMode"
          label={t('settings.debugMode.label')}
          description={t('settings.debugMode.hint')}
        />
        <SettingSwitch
          {...common}
          field="experimentalFeatures"
          label={t('settings.experimentalFeatures.label')}
          description={t('settings.experimentalFeatures.hint')}
        />
        <SettingSwitch
          {...common}
          field="cacheEnabled"
          label={t('settings.cacheEnabled.label')}
          description={t('settings.cacheEnabled.hint')}
        />
        <SettingSwitch
          {...common}
          field="preloadAssets"
          label={t('settings.preloadAssets.label')}
          description={t('settings.preloadAssets.hint')}
        />
      </SettingsSection>
    </div>
  );
}

/** The public profile's address, and whether anyone can see it. */
function ProfileLink({ handle, visibility }: { handle: string; visibility: TSettings['profileVisibility'] }) {
  if (!handle) return null;
  const path = profilePath(handle);
  return (
    <p className="mt-2 text-[13px] break-words text-fg-muted">
      <T
        id="settings.handle.profile"
        values={{
          path,
          visibility,
          link: (chunks) => (
            <Link to={path} className="font-medium text-accent-fg hover:underline">
              {chunks}
            </Link>
          ),
        }}
      />
    </p>
  );
}

/** A switch shown but not changeable here (its value is set by something else, said in the description). */
function LockedSwitchRow({
  label,
  description,
  checked,
}: {
  label: string;
  description: ReactNode;
  checked: boolean;
}) {
  const ids = useId();
  return (
    <SettingRow
      labelId={`${ids}-label`}
      descriptionId={`${ids}-description`}
      label={label}
      description={description}
      control={
        <Switch
          checked={checked}
          disabled
          onCheckedChange={() => {}}
          aria-labelledby={`${ids}-label`}
          aria-describedby={`${ids}-description`}
        />
      }
    />
  );
}

/** The Settings tab of the profile: every setting of the account, grouped, each saved as it changes. */
export function SettingsPanel({ user }: { user: CurrentUser }) {
  const t = useT();
  const settings = useQuery(settingsQueryOptions());
  return (
    <div className="grid gap-8 lg:grid-cols-[200px_minmax(0,1fr)]">
      <SettingsNav />
      <div className="min-w-0">
        {settings.isPending ? (
          <SettingsSkeleton />
        ) : settings.isError ? (
          <EmptyState
            icon={TriangleAlert}
            title={t('settings.loadError.title')}
            description={t('settings.loadError.description')}
            actions={
              <Button variant="primary" onClick={() => void settings.refetch()}>
                <RotateCw aria-hidden />
                {t('settings.loadError.retry')}
              </Button>
            }
          />
        ) : (
          <SettingsForm user={user} settings={settings.data} />
        )}
      </div>
    </div>
  );
}
