import type { TSettings } from '@kaleido/common';
import {
  APP_ROUTES,
  HANDLE_MAX_LENGTH,
  HANDLE_PATTERN,
  IMAGE_OPTIONS,
  LIMITS,
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
  SlidersHorizontal,
  Sun,
  TriangleAlert,
  UserRound,
  UsersRound,
  Wrench,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { Theme } from '../../app/theme';
import { useTheme } from '../../app/theme-provider';
import { cn } from '../../lib/cn';
import { formatDateTime, humanize } from '../../lib/format';
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
import { PersonalApiKey } from './personal-api-key';
import {
  type Option,
  SettingRow,
  SettingSelect,
  SettingSwitch,
  SettingsSection,
  SettingTextForm,
} from './settings-controls';

const SECTIONS = [
  { id: 'settings-account', title: 'Account', icon: UserRound },
  { id: 'settings-generation', title: 'Generation', icon: SlidersHorizontal },
  { id: 'settings-notifications', title: 'Notifications', icon: Bell },
  { id: 'settings-privacy', title: 'Privacy', icon: UsersRound },
  { id: 'settings-appearance', title: 'Appearance', icon: Palette },
  { id: 'settings-integrations', title: 'Integrations', icon: Code2 },
  { id: 'settings-advanced', title: 'Advanced', icon: Wrench },
] as const satisfies readonly { id: string; title: string; icon: LucideIcon }[];

type SectionId = (typeof SECTIONS)[number]['id'];
const section = (id: SectionId) => SECTIONS.find((candidate) => candidate.id === id) ?? SECTIONS[0];

const options = <Value extends string>(values: readonly Value[]): Option<Value>[] =>
  values.map((value) => ({ value, label: humanize(value) }));

const IMAGE_STYLE_OPTIONS = options(IMAGE_OPTIONS.styles);
const QUALITY_OPTIONS = options(IMAGE_OPTIONS.qualities);
const VISIBILITY_LABELS: Record<TSettings['profileVisibility'], string> = {
  private: 'Private',
  public: 'Public',
  friends: 'Members only',
};
const VISIBILITY_OPTIONS = SETTINGS_OPTIONS.profileVisibilities.map((value) => ({
  value,
  label: VISIBILITY_LABELS[value],
}));

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

function handleError(draft: string): string | undefined {
  const handle = draft.trim().toLowerCase();
  if (!HANDLE_PATTERN.test(handle)) return SHARING_MESSAGES.handleFormat;
  if (RESERVED_HANDLES.has(handle)) return SHARING_MESSAGES.handleReserved;
  return undefined;
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
  const freePlan = user.plan === 'free';
  return (
    <div className="space-y-6">
      <SettingsSection
        {...section('settings-account')}
        description="Who you are in Kaleido, how you sign in, and your data."
      >
        <SettingTextForm
          {...common}
          field="displayName"
          label="Display name"
          description="Your name in the app, in the e-mails Kaleido sends you and on the creations you share."
          validate={nameError}
          toValue={(draft) => draft.trim()}
          inputProps={{ autoComplete: 'name', maxLength: 100 }}
        />
        <SettingTextForm
          {...common}
          field="handle"
          label="Public handle"
          description="The address of your public profile page, which lists the creations you share (when Profile visibility allows it)."
          validate={handleError}
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
          label="Email"
          description={
            <>
              <span className="font-medium text-fg">{user.email}</span> · used to sign in and for the e-mails
              Kaleido sends you.
            </>
          }
        />
        <TwoFactorRow />
        <PasswordChangeForm user={user} />
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

      <SettingsSection
        {...section('settings-generation')}
        description="Where the generators start and what happens to results. You can still change everything per generation."
      >
        <SettingSelect
          {...common}
          field="defaultImageStyle"
          label="Default image style"
          description="The image generator starts with this style. Settings you bring from the library, or a prompt from another page with its settings, win."
          options={IMAGE_STYLE_OPTIONS}
        />
        <SettingSelect
          {...common}
          field="defaultQuality"
          label="Default quality"
          description="The image generator starts at this quality."
          options={QUALITY_OPTIONS}
        />
        <SettingTextForm
          {...common}
          field="defaultVideoLength"
          label="Default video length"
          description={`In seconds, from ${LIMITS.defaultVideoLengthMin} to ${LIMITS.defaultVideoLengthMax}. The video generator starts at the nearest length the chosen model offers.`}
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
          description="On: every finished image and video goes to your library. Off: results stay in the generator's history, marked unsaved, with a Save button; unsaved results are deleted after 7 days."
        />
        {freePlan ? (
          <LockedSwitchRow
            label="Watermark"
            checked
            description={
              <>
                The Free plan always adds a small Kaleido mark in a corner of every image and video frame.{' '}
                <Link to={APP_ROUTES.pricing} className="font-medium text-accent-fg hover:underline">
                  Upgrade
                </Link>{' '}
                to choose.
              </>
            }
          />
        ) : (
          <SettingSwitch
            {...common}
            field="watermarkEnabled"
            label="Watermark"
            description="Adds a small Kaleido mark in a corner of your new images and every video frame (the stored file carries it)."
          />
        )}
      </SettingsSection>

      <SettingsSection
        {...section('settings-notifications')}
        description="What Kaleido tells you about, and how."
      >
        <SettingSwitch
          {...common}
          field="emailNotifications"
          label="Email notifications"
          description="E-mails when a generation fails, when a long one (a video, or over a minute) finishes while you are away, when credits run low (with Credit alerts), and receipts. Security e-mails are always sent."
        />
        <SettingSwitch
          {...common}
          field="marketingEmails"
          label="Product news"
          description={
            <>
              Occasional e-mails about new models and features, only with your consent. Each one has an
              unsubscribe link.
              {settings.marketingEmails && settings.marketingConsentAt ? (
                <span className="mt-0.5 block font-medium text-fg">
                  Consented on {formatDateTime(settings.marketingConsentAt)}
                </span>
              ) : null}
            </>
          }
        />
        <SettingSwitch
          {...common}
          field="generationAlerts"
          label="Generation alerts"
          description="A message in the app when a job ends while you are on another page, and a push notification when Desktop notifications is on."
        />
        <SettingSwitch
          {...common}
          field="creditAlerts"
          label="Credit alerts"
          description={`A warning in the app (and by push and e-mail when those are on) when your balance falls below ${LIMITS.lowCreditWarningBelow} credits.`}
        />
        <SettingSwitch
          {...common}
          field="soundEnabled"
          label="Sounds"
          description="A short chime in the open app when a job ends (after you have clicked or typed on the page)."
        />
        <SettingSwitch
          {...common}
          field="desktopNotifications"
          label="Desktop notifications"
          description="Push notifications on your devices, even when Kaleido is closed (your browser asks for permission first)."
        />
        {settings.desktopNotifications ? <PushDeviceSetting /> : null}
      </SettingsSection>

      <SettingsSection
        {...section('settings-privacy')}
        description="Who sees your work, and what Kaleido keeps."
      >
        <SettingSelect
          {...common}
          field="profileVisibility"
          label="Profile visibility"
          description="Public: your profile page and the creations you share are visible to anyone and can appear in the home gallery. Members only: only to people signed in to this Kaleido. Private: to nobody else."
          options={VISIBILITY_OPTIONS}
        />
        <SettingSwitch
          {...common}
          field="shareUsageData"
          label="Show prompts on shared creations"
          description="On: your shared creations show their prompt and settings, with “Use this prompt”. Off: they show the image or video only."
        />
        <SettingSwitch
          {...common}
          field="dataCollection"
          label="Keep prompts in usage records"
          description="On: your usage history and API request records keep the prompt text. Off: new records keep no prompt (your library keeps its own)."
        />
        <SettingSwitch
          {...common}
          field="analyticsEnabled"
          label="Usage analytics"
          description="First-party only: page views and which features you use, recorded by this server without your IP address; no third parties. Off, or Global Privacy Control in your browser: nothing is recorded."
        />
      </SettingsSection>

      <SettingsSection
        {...section('settings-appearance')}
        description="How Kaleido looks in this browser and on your other devices."
      >
        <ThemeSetting />
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
        <SettingSelect
          {...common}
          field="language"
          label="Language"
          description="Kaleido is in English for now; your choice is saved and applies as the translations arrive."
          options={LANGUAGE_OPTIONS}
        />
        <SettingSelect
          {...common}
          field="timezone"
          label="Time zone"
          description="Every date and time in the app, your e-mails and invoices."
          options={timeZoneOptions(settings.timezone)}
          className="sm:w-64"
        />
      </SettingsSection>

      <SettingsSection
        {...section('settings-integrations')}
        description="Connecting your own scripts and tools to your account."
      >
        <SettingSwitch
          {...common}
          field="integrationsEnabled"
          label="Integrations"
          description="The master switch for your personal API key. Off: calls made with it are refused."
        />
        <PersonalApiKey integrationsEnabled={settings.integrationsEnabled} />
        <SettingTextForm
          {...common}
          field="webhookUrl"
          label="Webhook URL"
          description="Saved with your account. Kaleido does not send webhooks to it yet. Leave it empty for none."
          validate={webhookUrlError}
          toValue={(draft) => draft.trim()}
          inputProps={{
            type: 'url',
            inputMode: 'url',
            placeholder: 'https://example.com/hooks/kaleido',
            spellCheck: false,
          }}
        />
        <SettingRow
          label="Developer keys"
          description={
            <>
              Keys for apps and websites, each with its own plan, limits and usage, are on the{' '}
              <Link to={APP_ROUTES.apiKeys} className="font-medium text-accent-fg hover:underline">
                API keys
              </Link>{' '}
              page; see the{' '}
              <Link to={APP_ROUTES.apiDocs} className="font-medium text-accent-fg hover:underline">
                API documentation
              </Link>
              .
            </>
          }
        />
      </SettingsSection>

      <SettingsSection
        {...section('settings-advanced')}
        description="Diagnostics, early tools, and how this device stores and fetches data."
      >
        <SettingSwitch
          {...common}
          field="debugMode"
          label="Debug mode"
          description="Shows each job's diagnostics in the generator and the library: job id, model and provider, attempts, failovers, time per stage and the provider's own error text."
        />
        <SettingSwitch
          {...common}
          field="experimentalFeatures"
          label="Experimental features"
          description="Shows the tools marked experimental. They may change or go away."
        />
        <SettingSwitch
          {...common}
          field="cacheEnabled"
          label="Cache"
          description="On: this device keeps your library data and thumbnails for offline use. Off: everything comes from the network, and this device's copies are deleted."
        />
        <SettingSwitch
          {...common}
          field="preloadAssets"
          label="Preload"
          description="On: the next library page's thumbnails and the pages you are likely to open next are fetched ahead, never when your browser asks to save data. Off: nothing is fetched ahead."
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
    <p className="mt-2 text-[13px] text-fg-muted">
      Your profile:{' '}
      <Link to={path} className="font-medium text-accent-fg hover:underline">
        {path}
      </Link>
      {visibility === 'private'
        ? ' · private: only you see it.'
        : visibility === 'friends'
          ? ' · visible to signed-in members.'
          : ' · visible to anyone.'}
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
