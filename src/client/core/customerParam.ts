// The customer whose branding and login variant the login page uses: the one whose base path the panel runs under
// (`/demo/panel`), else `?customer=<url>`, which is remembered for the tab so that signing out returns to the same
// branded login page (under a base path the address itself keeps it).
import { useSearchParams } from 'react-router-dom';
import { BASE_CUSTOMER } from './sessionPaths.ts';

const STORAGE_KEY = 'customer';

export function useCustomerParam(): string | undefined {
  const [params] = useSearchParams();
  if (BASE_CUSTOMER) return BASE_CUSTOMER;
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
