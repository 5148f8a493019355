// Public configuration (/api/config): branding, login variant, support address.
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { useCustomerParam } from './customerParam.ts';
import type { AppConfig } from './types.ts';

function configQueryKey(customer: string | undefined) {
  return ['config', customer ?? null] as const;
}

/** `enabled: false` defers the call until the configuration is actually needed. */
export function useAppConfig({ enabled = true }: { enabled?: boolean } = {}) {
  const customer = useCustomerParam();
  return useQuery({
    queryKey: configQueryKey(customer),
    queryFn: ({ signal }) => api.get<AppConfig>('/config', { query: { customer }, signal }),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}
