/**
 * The web's decision for a staff screen and its navigation: the route guard refuses a screen with
 * {@link screenRefusal}, and the side navigation and command palette list {@link openableAreas},
 * which is that same decision over the workspace areas.
 */
import { checkAccess, type AccessRefusal, type AccessSubject } from './access.js';
import type { Feature } from './plans.js';
import type { RouteAccessRule } from './route-access.js';
import { WORKSPACE_AREA_LIST, type WorkspaceArea, type WorkspaceAreaId } from './workspace-areas.js';

/** Who is looking: the membership (null without an organization) and the plan's features. */
export interface WorkspaceViewer {
  member: AccessSubject | null | undefined;
  features: readonly Feature[];
}

/** Why a screen is refused: a role or permission ({@link checkAccess}), or a plan feature. */
export type ScreenRefusal = AccessRefusal | { kind: 'feature'; required: Feature; message?: string };

/**
 * The web's one decision for a staff screen, used by the route guard and the navigation alike.
 * A role is checked only when the membership is known (platform-core: a user without an
 * organization reaches `/organization` to create one); a permission needs the flag; a plan
 * feature needs the organization's subscription to grant it, as the server's route does.
 */
export function screenRefusal(viewer: WorkspaceViewer, rule: RouteAccessRule): ScreenRefusal | null {
  if (rule.role && viewer.member) {
    const refusal = checkAccess(viewer.member, { role: rule.role });
    if (refusal) return refusal;
  }
  if (rule.permission) {
    const refusal = checkAccess(viewer.member, { permission: rule.permission });
    if (refusal) return refusal;
  }
  if (rule.feature && !viewer.features.includes(rule.feature)) {
    return { kind: 'feature', required: rule.feature, message: rule.featureMessage };
  }
  return null;
}

/** The areas `viewer` may open, in navigation order. */
export function openableAreas(viewer: WorkspaceViewer): Array<WorkspaceArea & { id: WorkspaceAreaId }> {
  return WORKSPACE_AREA_LIST.filter((area) => screenRefusal(viewer, area.access) === null);
}

/**
 * The area a path belongs to: the one whose path (or alias) is the longest prefix of it, so
 * `/patients/p1/edit` is Patients and `/organization/settings` is Organization Settings, not
 * Organization. Undefined for paths outside every area.
 */
export function areaOfPath(pathname: string): WorkspaceAreaId | undefined {
  let best: { id: WorkspaceAreaId; length: number } | undefined;
  for (const area of WORKSPACE_AREA_LIST) {
    for (const path of [area.path, ...(area.aliases ?? [])]) {
      const inside = pathname === path || pathname.startsWith(`${path}/`);
      if (inside && (!best || path.length > best.length)) best = { id: area.id, length: path.length };
    }
  }
  return best?.id;
}
