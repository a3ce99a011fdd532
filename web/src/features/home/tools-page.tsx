import { PageMeta } from '../../app/page-meta';
import { useT } from '../../i18n/use-t';
import { PageContainer, PageHeader } from '../../ui/page';
import { useExperimentalFeatures } from '../experimental/use-experimental';
import { ToolTile } from './tool-tile';
import { visibleTools } from './tools';

/** Every tool of the Generate section ('Show all' on the home page). */
export function ToolsPage() {
  const t = useT();
  const tools = visibleTools(useExperimentalFeatures().enabled);
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title={t('home.toolsPage.metaTitle')} description={t('home.toolsPage.metaDescription')} />
      <PageHeader title={t('home.toolsPage.title')} description={t('home.toolsPage.description')} />
      <ul className="mt-8 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {tools.map((tool) => (
          <li key={tool.id} className="flex">
            <div className="flex-1 [&>article]:h-full">
              <ToolTile tool={tool} />
            </div>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
