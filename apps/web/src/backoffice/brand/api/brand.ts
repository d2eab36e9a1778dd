import { orgBrandSchema, type OrgBrand, type UpdateOrgBrandBody } from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

export const brandKey = ['org-brand'] as const;

/** `GET org/brand`: the organisation's logo, accent colour and whether Candid's mark shows. */
export function useOrgBrand() {
  const api = useApiClient();
  return useQuery({
    queryKey: brandKey,
    queryFn: async ({ signal }) =>
      orgBrandSchema.parse(await api.get<unknown>('org/brand', { signal })),
  });
}

/** `PUT org/brand`: the owner's whole brand at once. */
export async function saveOrgBrand(api: ApiClient, body: UpdateOrgBrandBody): Promise<OrgBrand> {
  return orgBrandSchema.parse(await api.put<unknown>('org/brand', body));
}
