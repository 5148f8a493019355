import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title for the current page, after the brand name. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const brand = t('brand.name');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
