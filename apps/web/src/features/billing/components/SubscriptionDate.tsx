import type { BillingSubscriptionDto } from '@clinic/domain/contracts/billing';
import { formatDay } from '../../../ui/date-format';
import { Fact } from '../../../ui/Fact';

/** The date that matters next: the trial's end while trialing, else the period's end (renewal or, once canceled, the end). */
export function SubscriptionDate({ subscription: sub }: { subscription: BillingSubscriptionDto }) {
  if (sub.status === 'trialing' && sub.trialEndsAt) return <Fact label="Trial ends">{formatDay(sub.trialEndsAt, 'long')}</Fact>;
  if (!sub.currentPeriodEnd) return null;
  return <Fact label={sub.cancelAtPeriodEnd ? 'Ends on' : 'Next billing date'}>{formatDay(sub.currentPeriodEnd, 'long')}</Fact>;
}
