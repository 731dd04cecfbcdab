import { SettingsPage } from '../features/settings';
import { Soc2Dashboard } from '../features/soc2';

/**
 * /settings: the settings screen with the SOC 2 dashboard as its `soc2-compliance` category. The
 * app puts the two features together, as features do not import each other.
 */
export function SettingsRoutePage() {
  return <SettingsPage soc2={<Soc2Dashboard />} />;
}
