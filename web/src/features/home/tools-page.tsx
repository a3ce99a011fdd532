import { PageMeta } from '../../app/page-meta';
import { PageContainer, PageHeader } from '../../ui/page';
import { useExperimentalFeatures } from '../experimental/use-experimental';
import { ToolTile } from './tool-tile';
import { visibleTools } from './tools';

/** Every tool of the Generate section ('Show all' on the home page). */
export function ToolsPage() {
  const tools = visibleTools(useExperimentalFeatures().enabled);
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta
        title="Tools"
        description="Every way to create with Kaleido: images, video and more on the way."
      />
      <PageHeader
        title="Tools"
        description="Image and Video are ready. The others say so honestly until they are."
      />
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
