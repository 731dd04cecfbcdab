/** The member's own settings: read by the settings screen and applied by every screen. */
export {
  fetchUserSettings,
  getOrgInfoQueryOptions,
  getUserSettingsQueryOptions,
  useAppliedSettings,
  useOrgInfo,
  userSettingsKeys,
  useUserSettings,
} from './get-user-settings';
export { useSaveUserSettings } from './save-user-settings';
