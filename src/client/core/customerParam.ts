// The customer whose branding and login variant the login page uses: `?customer=<url>`.
// It is remembered for the tab so that signing out returns to the same branded login page.
import { useSearchParams } from 'react-router-dom';

const STORAGE_KEY = 'customer';

export function useCustomerParam(): string | undefined {
  const [params] = useSearchParams();
  const fromUrl = params.get('customer')?.trim();
  try {
    if (fromUrl) {
      sessionStorage.setItem(STORAGE_KEY, fromUrl);
      return fromUrl;
    }
    return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return fromUrl || undefined;
  }
}
