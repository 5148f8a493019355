// The default brand mark, used when no customer logo is configured.
import { useTranslation } from 'react-i18next';

export function DefaultLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <svg className={['logo', 'logo-default', className ?? ''].filter(Boolean).join(' ')} viewBox="0 0 40 40" width="40" height="40" role="img" aria-label={t('brand.logoAlt')}>
      <rect x="0" y="0" width="40" height="40" rx="10" fill="var(--color-primary)" />
      <circle cx="20" cy="20" r="11" fill="none" stroke="#fff" strokeWidth="2.5" opacity="0.5" />
      <path d="M13 20h13M21 14l6 6-6 6" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A customer's own logo when given, otherwise the default mark. */
export function BrandLogo({ logoUrl, name, className }: { logoUrl?: string | null; name?: string | null; className?: string }) {
  const { t } = useTranslation();
  if (logoUrl) return <img className={['logo', 'logo-customer', className ?? ''].filter(Boolean).join(' ')} src={logoUrl} alt={name ?? t('brand.logoAlt')} />;
  return <DefaultLogo className={className} />;
}
