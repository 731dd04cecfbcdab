import { pagingDeliveriesResponse } from '@clinic/domain/contracts/paging-deliveries';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationSettingsKeys } from './keys';

/**
 * The latest `pageSize` deliveries of the organization's paging webhook, newest first, with their
 * total (`GET /api/paging/deliveries`, Admins on a plan with paging). Lives here rather than in
 * the paging feature because features do not import each other.
 */
export function usePagingDeliveries(pageSize: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: organizationSettingsKeys.pagingDeliveries(pageSize),
    queryFn: ({ signal }) => api('/api/paging/deliveries', { query: { page: 1, pageSize }, signal, reply: pagingDeliveriesResponse }),
    enabled: options.enabled ?? true,
  });
}
