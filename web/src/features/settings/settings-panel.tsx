import type { TSettings } from '@kaleido/common';
import {
  APP_ROUTES,
  IMAGE_OPTIONS,
  LIMITS,
  SETTINGS_MESSAGES,
  SETTINGS_OPTIONS,
} from '@kaleido/common/browser';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import {
  Bell,
  Code2,
  Database,
  Gauge,
  KeyRound,
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
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Theme } from '../../app/theme';
import { useTheme } from '../../app/theme-provider';
import { cn } from '../../lib/cn';
import { humanize } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { DeleteAccountDialog } from '../accounts/delete-account-dialog';
import { ExportDataButton } from '../accounts/export-data-button';
import type { CurrentUser } from '../auth/api';
import { PasswordChangeForm } from '../auth/password-change-form';
import { nameError } from '../auth/validation';
import { PushDeviceSetting } from '../pwa/push-device-setting';
import { settingsKeys, settingsQueryOptions } from './api';
import {
  type Option,
  SettingRow,
  SettingSelect,
  SettingSwitch,
  SettingsSection,
  SettingTextForm,
} from './settings-controls';

const SECTIONS = [
  { id: 'settings-profile', title: 'Profile', icon: UserRound },
  { id: 'settings-notifications', title: 'Notifications', icon: Bell },
  { id: 'settings-generation', title: 'Generation defaults', icon: SlidersHorizontal },
  { id: 'settings-privacy', title: 'Privacy', icon: UsersRound },
  { id: 'settings-security', title: 'Security', icon: ShieldCheck },
  { id: 'settings-appearance', title: 'Appearance', icon: Palette },
  { id: 'settings-developer', title: 'Developer', icon: Code2 },
  { id: 'settings-performance', title: 'Performance', icon: Gauge },
  { id: 'settings-data', title: 'Your data', icon: Database },
] as const satisfies readonly { id: string; title: string; icon: LucideIcon }[];

type SectionId = (typeof SECTIONS)[number]['id'];
const section = (id: SectionId) => SECTIONS.find((candidate) => candidate.id === id) ?? SECTIONS[0];

const options = <Value extends string>(values: readonly Value[]): Option<Value>[] =>
  values.map((value) => ({ value, label: humanize(value) }));

const IMAGE_STYLE_OPTIONS = options(IMAGE_OPTIONS.styles);
const QUALITY_OPTIONS = options(IMAGE_OPTIONS.qualities);
const VISIBILITY_OPTIONS = options(SETTINGS_OPTIONS.profileVisibilities);

/** 'Español (Spanish)': each language in its own words, with the English name. */
function languageLabel(code: string): string {
  try {
    const native = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    const english = new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
    const nativeName = native.charAt(0).toUpperCase() + native.slice(1);
    return nativeName === english ? english : `${nativeName} (${english})`;
  } catch {
    return code;
  }
}

const LANGUAGE_OPTIONS = SETTINGS_OPTIONS.languages.map((value) => ({ value, label: languageLabel(value) }));

function detectedTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function timeZoneOptions(current: string): Option<string>[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  if (current !== 'auto') all.add(current);
  return [
    { value: 'auto', label: `Automatic (${detectedTimeZone().replace(/_/g, ' ')})` },
    ...[...all].sort().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
  ];
}

function videoLengthError(draft: string): string | undefined {
  const value = Number(draft);
  return draft.trim() !== '' &&
    Number.isInteger(value) &&
    value >= LIMITS.defaultVideoLengthMin &&
    value <= LIMITS.defaultVideoLengthMax
    ? undefined
    : SETTINGS_MESSAGES.videoLengthRange;
}

function webhookUrlError(draft: string): string | undefined {
  const trimmed = draft.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : SETTINGS_MESSAGES.webhookUrl;
  } catch {
    return SETTINGS_MESSAGES.webhookUrl;
  }
}

const THEME_CHOICES: { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** Light, dark or system: the same choice as the theme toggle in the navigation bar, saved to the account. */
function ThemeSetting() {
  const { theme, setTheme } = useTheme();
  const saving = useIsMutating({ mutationKey: settingsKeys.save('theme') }) > 0;
  const ids = useId();
  return (
    <SettingRow
      labelId={`${ids}-label`}
      label="Theme"
      description="Also switches with the sun and moon button in the navigation bar."
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
            {THEME_CHOICES.map(({ value, label, icon: Icon }) => (
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
                {label}
              </label>
            ))}
          </div>
        </>
      }
    />
  );
}

function SettingsNav() {
  return (
    <nav aria-label="Settings sections" className="hidden lg:block">
      <ul className="sticky top-24 space-y-0.5">
        {SECTIONS.map(({ id, title, icon: Icon }) => (
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
              <Icon aria-hidden className="size-4" />
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SettingsSkeleton() {
  return (
    <div role="status" className="space-y-6" aria-label="Loading settings">
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
  const common = { settings };
  return (
    <div className="space-y-6">
      <SettingsSection {...section('settings-profile')} description="How you appear in Kaleido.">
        <SettingTextForm
          {...common}
          field="displayName"
          label="Display name"
          description="Shown in the navigation bar and on anything you share."
          validate={nameError}
          toValue={(draft) => draft.trim()}
          inputProps={{ autoComplete: 'name', maxLength: 100 }}
        />
        <SettingRow
          label="Email"
          description={
            <>
              <span className="font-medium text-fg">{user.email}</span> · used to sign in and for account
              emails.
            </>
          }
        />
      </SettingsSection>

      <SettingsSection
        {...section('settings-notifications')}
        description="What Kaleido tells you about, and how."
      >
        <SettingSwitch
          {...common}
          field="emailNotifications"
          label="Email notifications"
          description="Account and security emails beyond the ones we must always send."
        />
        <SettingSwitch
          {...common}
          field="marketingEmails"
          label="Product news"
          description="Occasional emails about new models and features."
        />
        <SettingSwitch
          {...common}
          field="generationAlerts"
          label="Generation alerts"
          description="Tell me when a long generation, such as a video, has finished."
        />
        <SettingSwitch
          {...common}
          field="creditAlerts"
          label="Credit alerts"
          description={`Warn me when my balance drops below ${LIMITS.lowCreditWarningBelow} credits.`}
        />
        <SettingSwitch
          {...common}
          field="soundEnabled"
          label="Sounds"
          description="Play a sound when a result is ready."
        />
        <SettingSwitch
          {...common}
          field="desktopNotifications"
          label="Desktop notifications"
          description="Show alerts outside the browser tab (your browser asks for permission first)."
        />
        {settings.desktopNotifications ? <PushDeviceSetting /> : null}
      </SettingsSection>

      <SettingsSection
        {...section('settings-generation')}
        description="Where the image and video generators start. You can still change everything per generation."
      >
        <SettingSelect
          {...common}
          field="defaultImageStyle"
          label="Default image style"
          options={IMAGE_STYLE_OPTIONS}
        />
        <SettingSelect {...common} field="defaultQuality" label="Default quality" options={QUALITY_OPTIONS} />
        <SettingTextForm
          {...common}
          field="defaultVideoLength"
          label="Default video length"
          description={`In seconds, from ${LIMITS.defaultVideoLengthMin} to ${LIMITS.defaultVideoLengthMax}.`}
          validate={videoLengthError}
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
          label="Save results to my library"
          description="Keep every finished image and video in your library automatically."
        />
        <SettingSwitch
          {...common}
          field="watermarkEnabled"
          label="Watermark"
          description="Add a small Kaleido mark to the results you download."
        />
      </SettingsSection>

      <SettingsSection
        {...section('settings-privacy')}
        description="Who sees your work, and what you share with us."
      >
        <SettingSelect
          {...common}
          field="profileVisibility"
          label="Profile visibility"
          description="Public profiles can have their creations featured in the home page gallery."
          options={VISIBILITY_OPTIONS}
        />
        <SettingSwitch
          {...common}
          field="dataCollection"
          label="Improve Kaleido"
          description="Allow diagnostic data that helps improve the service to be kept."
        />
        <SettingSwitch
          {...common}
          field="analyticsEnabled"
          label="Usage analytics"
          description="Allow anonymous statistics about which features you use."
        />
        <SettingSwitch
          {...common}
          field="shareUsageData"
          label="Share usage data"
          description="Share your anonymised usage figures with the operator of this server."
        />
      </SettingsSection>

      <SettingsSection {...section('settings-security')} description="How you sign in.">
        <TwoFactorRow />
        <PasswordChangeForm user={user} />
      </SettingsSection>

      <SettingsSection
        {...section('settings-appearance')}
        description="How Kaleido looks in this browser and on your other devices."
      >
        <ThemeSetting />
        <SettingSelect
          {...common}
          field="language"
          label="Language"
          description="Kaleido is in English for now; your choice applies as the translations arrive."
          options={LANGUAGE_OPTIONS}
        />
        <SettingSelect
          {...common}
          field="timezone"
          label="Time zone"
          description="Used for dates and times in your library, usage and emails."
          options={timeZoneOptions(settings.timezone)}
          className="sm:w-64"
        />
        <SettingSwitch
          {...common}
          field="compactMode"
          label="Compact mode"
          description="Smaller text and tighter spacing everywhere."
        />
        <SettingSwitch
          {...common}
          field="animationsEnabled"
          label="Animations"
          description="Page transitions and motion. Your system's reduced-motion setting always wins."
        />
      </SettingsSection>

      <SettingsSection {...section('settings-developer')} description="For building on the Kaleido API.">
        <SettingRow
          label="Personal API key"
          description={
            <>
              A personal key for your own scripts is coming with the developer platform; no key exists for
              your account yet. Read the{' '}
              <Link to={APP_ROUTES.apiDocs} className="font-medium text-accent-fg hover:underline">
                API documentation
              </Link>{' '}
              to prepare.
            </>
          }
          stack
          control={
            <Badge tone="neutral">
              <KeyRound aria-hidden className="size-3" />
              Coming soon
            </Badge>
          }
        />
        <SettingTextForm
          {...common}
          field="webhookUrl"
          label="Webhook URL"
          description="Kaleido calls this address when a generation finishes. Leave it empty for none."
          validate={webhookUrlError}
          toValue={(draft) => draft.trim()}
          inputProps={{
            type: 'url',
            inputMode: 'url',
            placeholder: 'https://example.com/hooks/kaleido',
            spellCheck: false,
          }}
        />
        <SettingSwitch
          {...common}
          field="integrationsEnabled"
          label="Integrations"
          description="Allow connected tools and services to use your account."
        />
        <SettingSwitch
          {...common}
          field="debugMode"
          label="Debug mode"
          description="Show technical details with errors, for bug reports."
        />
        <SettingSwitch
          {...common}
          field="experimentalFeatures"
          label="Experimental features"
          description="Try features before they are finished. They may change or go away."
        />
      </SettingsSection>

      <SettingsSection
        {...section('settings-performance')}
        description="Trade storage and data for speed on this device."
      >
        <SettingSwitch
          {...common}
          field="cacheEnabled"
          label="Cache"
          description="Keep recent results on this device so they open instantly."
        />
        <SettingSwitch
          {...common}
          field="preloadAssets"
          label="Preload"
          description="Fetch images before you scroll to them. Uses more data."
        />
      </SettingsSection>

      <SettingsSection
        {...section('settings-data')}
        description="Take your data with you, or remove it for good."
      >
        <SettingRow
          label="Export your data"
          description="Your profile, settings and everything else the account holds, as one JSON file."
          stack
          control={<ExportDataButton />}
        />
        <SettingRow
          label={
            <span className="inline-flex items-center gap-1.5">
              <TriangleAlert aria-hidden className="size-4 text-danger" />
              Delete account
            </span>
          }
          description="Permanently deletes your account and everything in it."
          stack
          control={<DeleteAccountDialog user={user} />}
        />
      </SettingsSection>
    </div>
  );
}

function TwoFactorRow() {
  const ids = useId();
  return (
    <SettingRow
      labelId={`${ids}-label`}
      descriptionId={`${ids}-description`}
      label="Two-factor sign-in"
      description={`${SETTINGS_MESSAGES.twoFactorUnavailable} When it arrives you will confirm each sign-in with an authenticator app.`}
      control={
        <Switch
          checked={false}
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
            title="Your settings could not be loaded"
            description="Check your connection and try again."
            actions={
              <Button variant="primary" onClick={() => void settings.refetch()}>
                <RotateCw aria-hidden />
                Try again
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
