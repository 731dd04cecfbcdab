/** Settings: the member's own settings in eight categories (`/settings`). */
export { SettingsPage } from './SettingsPage';
