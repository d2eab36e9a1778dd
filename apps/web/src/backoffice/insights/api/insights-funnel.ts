import { insightsFunnelSchema, type InsightsFunnel } from '@candid/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

/** What the screen asks for: a scope (organisation, department or job), a range and a step. */
export interface FunnelParams {
  jobId?: string;
  departmentId?: string;
  from: string;
  to: string;
  interval: 'day' | 'week';
}

export const insightsKeys = {
  all: ['insights'] as const,
  funnel: (params: FunnelParams) => ['insights', 'funnel', params] as const,
};

/** `GET insights/funnel`: the funnel of the scope over the range. */
export async function getInsightsFunnel(
  api: ApiClient,
  params: FunnelParams,
  signal?: AbortSignal,
): Promise<InsightsFunnel> {
  const query: Record<string, string> = {
    from: params.from,
    to: params.to,
    interval: params.interval,
  };
  if (params.jobId) query.jobId = params.jobId;
  if (params.departmentId) query.departmentId = params.departmentId;
  return insightsFunnelSchema.parse(
    await api.get<unknown>('insights/funnel', { params: query, signal }),
  );
}

/** The funnel, kept on screen while the next range loads; off while `params` is null. */
export function useInsightsFunnel(params: FunnelParams | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: insightsKeys.funnel(params ?? { from: '', to: '', interval: 'day' }),
    queryFn: ({ signal }) => getInsightsFunnel(api, params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
