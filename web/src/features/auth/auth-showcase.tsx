import { CREDIT_PRICES, PRODUCT_NAME } from '@kaleido/common/browser';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatCredits } from '../../lib/format';

/** The decorative right half of the sign-in page: a CSS kaleidoscope and three facts. */
export function AuthShowcase({ className }: { className?: string }) {
  const t = useT();
  return (
    <aside
      aria-label={t('auth.showcase.label', { product: PRODUCT_NAME })}
      className={cn(
        'relative m-3 flex-col justify-end overflow-hidden rounded-[2rem] bg-[#0b0b10] p-10 text-white',
        className,
      )}
    >
      <div
        aria-hidden
        className="absolute top-1/2 left-1/2 aspect-square w-[130%] -translate-x-1/2 -translate-y-[62%] rounded-full opacity-90 blur-[2px] [background:repeating-conic-gradient(from_0deg,#7c3aed_0_10deg,#db2777_10deg_20deg,#f97316_20deg_30deg,#eab308_30deg_40deg,#14b8a6_40deg_50deg,#3b82f6_50deg_60deg)] [mask-image:radial-gradient(circle,black_0,black_30%,transparent_62%)]"
      />
      <div
        aria-hidden
        className="absolute top-1/2 left-1/2 aspect-square w-[48%] -translate-x-1/2 -translate-y-[125%] rounded-full bg-[#0b0b10]/40 backdrop-blur-md [mask-image:radial-gradient(circle,black_40%,transparent_70%)]"
      />
      <div
        aria-hidden
        className="absolute inset-x-0 bottom-0 h-2/3 bg-linear-to-t from-[#0b0b10] via-[#0b0b10]/90 to-transparent"
      />
      <div className="relative">
        <p className="text-3xl leading-tight font-semibold tracking-tight text-balance">
          {t('auth.showcase.tagline')}
        </p>
        <ul className="mt-6 space-y-2 text-sm text-white/70">
          <li>
            {t('auth.showcase.prices', {
              image: formatCredits(CREDIT_PRICES.image),
              video: formatCredits(CREDIT_PRICES.video),
            })}
          </li>
          <li>{t('auth.showcase.neverCharged')}</li>
          <li>{t('auth.showcase.library')}</li>
        </ul>
      </div>
    </aside>
  );
}
