import { findPlan } from '@clinic/domain';
import { eq } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Tx } from '../client.js';
import { billingInvoices, invitations, organizations } from '../schema/index.js';

const DAY_MS = 86_400_000;

/**
 * The demo organization's billing: a Professional subscription that started three months ago and
 * renews in 30 days, its three paid monthly invoices (the last one yesterday), and one pending
 * invitation (a Nurse, sent two days ago), so `/billing` and the organization's Invitations tab
 * show a living clinic on a fresh `npm start`. Times are relative to the day of seeding. The
 * invitation's link is not kept (only a hash of a random token): Resend gives a working one.
 */
export async function seedBilling(tx: Tx, organizationId: string, invitedBy: string, now: Date): Promise<void> {
  const plan = findPlan('professional')!;
  const started = new Date(now.getTime() - 90 * DAY_MS + DAY_MS);
  await tx
    .update(organizations)
    .set({ subscriptionStartedAt: started, currentPeriodEnd: new Date(now.getTime() + 29 * DAY_MS) })
    .where(eq(organizations.id, organizationId));
  for (let month = 0; month < 3; month++) {
    const createdAt = new Date(started.getTime() + month * 30 * DAY_MS);
    await tx.insert(billingInvoices).values({
      organizationId,
      id: `demo-invoice-${month + 1}`,
      providerInvoiceId: `demo_in_${month + 1}`,
      description: `${plan.name} plan (monthly)`,
      amountCents: plan.price * 100,
      currency: 'usd',
      status: 'paid',
      planId: plan.id,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const sentAt = new Date(now.getTime() - 2 * DAY_MS);
  await tx.insert(invitations).values({
    organizationId,
    id: 'demo-invitation-1',
    email: 'pat.morgan@example.com',
    role: 'Nurse',
    tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    status: 'Pending',
    invitedBy,
    createdAt: sentAt,
    expiresAt: new Date(sentAt.getTime() + 7 * DAY_MS),
  });
}
