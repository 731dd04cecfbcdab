import type { AnalyticsPeriod } from '@clinic/domain/rules/analytics';
import { useState } from 'react';
import { analyticsErrorMessage, useAnalyticsOverview } from '../../api/analytics-overview';
import type { TenantRef } from '../../api/tenant';
import { AnalyticsOverview } from '../../ui/AnalyticsOverview';

/** The dashboard's Analytics tab: the Analytics Overview widget of the clinic, a week by default. */
export function AnalyticsTab({ tenant }: { tenant: TenantRef }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>('week');
  const query = useAnalyticsOverview(tenant, period);
  return <AnalyticsOverview query={query} period={period} onPeriodChange={setPeriod} errorMessage={analyticsErrorMessage} />;
}
