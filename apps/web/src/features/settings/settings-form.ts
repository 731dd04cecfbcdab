import { userSettings, type UserSettings } from '@clinic/domain/contracts/settings';
import type { ZodForm } from '../../ui/use-zod-form';

/** The member's settings as one form: every category edits its part, checked by the contract the server applies. */
export type SettingsForm = ZodForm<UserSettings, typeof userSettings>;

/** How the settings form is checked: the whole settings, as the server checks them once merged. */
export const SETTINGS_FORM = { schema: userSettings };
