import type { TAsset } from '@kaleido/common';
import { Download, ExternalLink } from 'lucide-react';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { type ButtonVariant, buttonClass } from '../../ui/button';

type LinkProps = { asset: TAsset; variant: ButtonVariant };

/** "Download": the original file under its own name. */
export function AssetDownloadLink({ asset, variant }: LinkProps) {
  const t = useT();
  return (
    <a
      href={asset.downloadUrl}
      download={asset.metadata.filename}
      className={buttonClass({ variant, size: 'sm' })}
    >
      <Download aria-hidden />
      {t('library.link.download')}
    </a>
  );
}

/** "Open": the file in a new tab. */
export function AssetOpenLink({ asset, variant }: LinkProps) {
  return (
    <a
      href={asset.url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass({ variant, size: 'sm' })}
    >
      <ExternalLink aria-hidden />
      <span>
        <T
          id="library.link.open"
          values={{ hidden: (chunks) => <span className="sr-only">{chunks}</span> }}
        />
      </span>
    </a>
  );
}
