import type { Feature } from '@clinic/domain';
import {
  admissionRefusal,
  ORGANIZATION_TOGGLES,
  type AdmissionNeeds,
  type AdmissionRefusal,
  type CallerKind,
} from '@clinic/domain/rules/organization-admission';
import type { TenantOrganization } from '../db/schema/index.js';
import { AppError } from './errors.js';

/** The 402 of a feature the organization's plan does not include. */
export const PLAN_FEATURE_MESSAGE = 'Your plan does not include this feature. Upgrade your plan to use it.';
/** The 402 of a write to a read-only organization (lapsed trial, canceled plan). */
export const READ_ONLY_MESSAGE =
  "Your organization's subscription has ended, so its records are read-only: you can still sign in, read and export. Choose a plan on the Billing page to make changes again.";

/**
 * What a public caller is told. A patient or visitor at a kiosk learns that the service is not
 * available here, not why the organization's plan or billing says so.
 */
const PUBLIC_UNAVAILABLE = 'This service is not available for this organization.';
const PUBLIC_READ_ONLY = 'This organization is not accepting submissions right now. Please ask at the front desk.';

/** An organization row's subscription, as the plan rules read it. */
export function subscriptionOf(o: TenantOrganization) {
  return {
    planId: o.planId,
    status: o.subscriptionStatus,
    trialEndsAt: o.trialEndsAt,
    currentPeriodEnd: o.currentPeriodEnd,
    cancelAtPeriodEnd: o.cancelAtPeriodEnd,
  };
}

/** Who asks to be admitted: the kind of caller and the address the request came from. */
export interface Caller {
  kind: CallerKind;
  ip: string;
}

/** What a route needs of the organization ({@link AdmissionNeeds}), and what its plan refusal says to staff. */
export interface Admission extends AdmissionNeeds {
  featureMessage?: string;
}

/** Whether a method changes data: what makes a request a write for the read-only rule. */
export const isWrite = (method: string): boolean => method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

/**
 * The one admission step: whether `organization` (the row the caller's path already read: the
 * membership lookup, the API key's row, the public route's clinic lookup) admits `caller`'s
 * request, by its IP allow-list, disabled entry points, plan features and read-only state
 * (`rules/organization-admission.ts` says which bind which caller). Throws the refusal: 403
 * `auth/ip-not-allowed`, 403 `organization/feature-disabled`, 402 `plan/feature-unavailable`, 402
 * `plan/read-only`. A public caller's refusal names no plan or billing state.
 */
export function admitOrganization(organization: TenantOrganization, caller: Caller, needs: Admission): void {
  const refusal = admissionRefusal({ settings: organization.settings, subscription: subscriptionOf(organization) }, caller, needs);
  if (refusal) throw refusalError(refusal, caller, needs.featureMessage);
}

function refusalError(refusal: AdmissionRefusal, caller: Caller, featureMessage: string | undefined): AppError {
  const anonymous = caller.kind === 'public';
  switch (refusal.rule) {
    case 'ip-allow-list':
      return new AppError('auth/ip-not-allowed', `Your network address (${caller.ip}) is not on this organization's IP allow-list.`);
    case 'disabled':
      return new AppError(
        'organization/feature-disabled',
        `${ORGANIZATION_TOGGLES[refusal.setting].entryPoint} is not enabled for this organization.`,
      );
    case 'plan-feature':
      return new AppError('plan/feature-unavailable', anonymous ? PUBLIC_UNAVAILABLE : (featureMessage ?? PLAN_FEATURE_MESSAGE));
    case 'read-only':
      return new AppError('plan/read-only', anonymous ? PUBLIC_READ_ONLY : READ_ONLY_MESSAGE);
  }
}

/**
 * A staff route's declared needs ({@link Admission}) for a request of `method`: its plan feature
 * (and what the refusal says), its setting, and the read-only state unless `evenReadOnly`.
 */
export function tenantNeeds(
  method: string,
  declared: { feature?: Feature; featureMessage?: string; setting?: AdmissionNeeds['setting']; evenReadOnly?: boolean },
): Admission {
  return {
    write: isWrite(method),
    feature: declared.feature,
    featureMessage: declared.featureMessage,
    setting: declared.setting,
    evenReadOnly: declared.evenReadOnly,
  };
}

/** A public route's declared needs ({@link Admission}) for a request of `method`. */
export function publicNeeds(method: string, declared: { feature?: Feature; setting?: AdmissionNeeds['setting'] }): Admission {
  return { write: isWrite(method), feature: declared.feature, setting: declared.setting };
}
