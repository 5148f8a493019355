// Engagement Portal Links: the addresses where the customer's recipients collect (the customer's page, its own
// domain, each program's page), to share, each with a copy button.
import type { CollectionUrls } from '../../../../shared/collection.ts';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../ui/CopyButton.tsx';
import { usePanelData } from '../queries.ts';
import type { PanelProps } from './index.ts';

function Address({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <li className="portal-link">
      <span className="portal-link-name">{name}</span>
      <a className="portal-link-url" href={url} target="_blank" rel="noreferrer">
        {url}
      </a>
      <CopyButton
        text={url}
        label={t('panels.portalLinks.copy')}
        accessibleLabel={t('panels.portalLinks.copyLabel', { name })}
        copiedText={t('panels.portalLinks.copied')}
        failedText={t('panels.portalLinks.copyFailed')}
      />
    </li>
  );
}

export function PortalLinks({ panel }: PanelProps) {
  const { t } = useTranslation('dashboard');
  const urls = usePanelData<CollectionUrls>('/payout/collection/urls');
  return (
    <>
      <ul className="portal-links" aria-labelledby={`${panel.id}-title`}>
        <Address name={t('panels.portalLinks.customer')} url={urls.customer} />
        {urls.customDomain && <Address name={t('panels.portalLinks.customDomain')} url={urls.customDomain} />}
      </ul>
      <h3 className="dashboard-subtitle">{t('panels.portalLinks.programs')}</h3>
      {urls.programs.length === 0 ? (
        <p className="dashboard-empty">{t('panels.portalLinks.noPrograms')}</p>
      ) : (
        <ul className="portal-links">
          {urls.programs.map((program) => (
            <Address key={program.programId} name={program.name} url={program.url} />
          ))}
        </ul>
      )}
    </>
  );
}
