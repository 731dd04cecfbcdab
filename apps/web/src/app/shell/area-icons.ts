import type { WorkspaceIcon } from '@clinic/domain/rules/workspace-areas';
import {
  IconAmbulance,
  IconBellRinging,
  IconBuildingCog,
  IconBuildingHospital,
  IconChartBar,
  IconCreditCard,
  IconFlask,
  IconIdBadge2,
  IconLayoutDashboard,
  IconListNumbers,
  IconSettings,
  IconStethoscope,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

/** The icon component of each workspace area's icon name (the domain names them, the web draws them). */
export const AREA_ICONS: Record<WorkspaceIcon, Icon> = {
  dashboard: IconLayoutDashboard,
  triage: IconStethoscope,
  queue: IconListNumbers,
  patients: IconUsers,
  emergency: IconAmbulance,
  paging: IconBellRinging,
  visitors: IconIdBadge2,
  trials: IconFlask,
  analytics: IconChartBar,
  organization: IconBuildingHospital,
  'organization-settings': IconBuildingCog,
  settings: IconSettings,
  billing: IconCreditCard,
};
