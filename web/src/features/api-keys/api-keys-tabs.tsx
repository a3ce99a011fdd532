import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/use-t';
import { Tabs } from '../../ui/tabs';
import { WebhooksView } from './webhooks-view';

const TABS = ['keys', 'webhooks'] as const;
type ApiKeysTab = (typeof TABS)[number];

function tabFrom(value: string | null): ApiKeysTab {
  return value === 'webhooks' ? 'webhooks' : 'keys';
}

/** The API keys page's two sections, Keys and Webhooks; the open one is in the address (?tab=webhooks). */
export function ApiKeysTabs({ keys }: { keys: ReactNode }) {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFrom(searchParams.get('tab'));
  return (
    <Tabs
      label={t('webhooks.tabs.label')}
      variant="segmented"
      listClassName="mb-8 w-full sm:w-fit"
      panelClassName="focus-visible:outline-none"
      selectedId={tab}
      onSelectedChange={(next) =>
        setSearchParams(
          (current) => {
            const params = new URLSearchParams(current);
            if (next === TABS[0]) params.delete('tab');
            else params.set('tab', next);
            return params;
          },
          { replace: true, preventScrollReset: true },
        )
      }
      items={[
        { id: 'keys', label: t('webhooks.tabs.keys'), content: keys },
        { id: 'webhooks', label: t('webhooks.tabs.webhooks'), content: <WebhooksView /> },
      ]}
    />
  );
}
