import type { OrganizationSettingsDto } from '@clinic/domain/contracts/organization-settings';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../ui/zod-form';
import { SETTINGS_FORM, bodyOf, draftOf } from './draft';

const saved: OrganizationSettingsDto = {
  general: { name: 'North Clinic', type: 'clinic', description: '', timezone: 'UTC', language: 'en' },
  security: {
    requireTwoFactor: false,
    sessionTimeout: 30,
    passwordPolicy: { minLength: 8, requireSymbols: false, requireNumbers: true, requireUppercase: false },
    ipWhitelist: [],
  },
  notifications: {
    email: { userInvitations: true, userActivity: false, systemAlerts: true, billing: true },
    inApp: { userActivity: true, systemAlerts: true, maintenance: false },
  },
  integrations: {},
  billing: {
    plan: null,
    status: 'trialing',
    nextBillingDate: null,
    email: 'billing@north.test',
    address: { street: '', city: '', state: '', zip: '' },
    paymentMethod: null,
  },
  paging: { timeoutMinutes: { emergency: 5, urgent: 15, routine: 60 }, autoPageCritical: true, webhookUrl: null, signingSecret: null },
};

describe('organization settings draft: paging', () => {
  it('shows no webhook as an empty box and saves it as none, without the signing secret', () => {
    const draft = draftOf({ ...saved, paging: { ...saved.paging, signingSecret: 'whsec_abc' } });
    expect(draft.paging.webhookUrl).toBe('');
    const checked = validateForm(SETTINGS_FORM, draft);
    expect(checked.errors).toBeNull();
    expect(checked.data?.paging).toEqual({ timeoutMinutes: { emergency: 5, urgent: 15, routine: 60 }, autoPageCritical: true, webhookUrl: null });
  });

  it('saves the timeouts, the switch and the webhook address as edited', () => {
    const draft = draftOf(saved);
    draft.paging = {
      ...draft.paging,
      timeoutMinutes: { emergency: 1, urgent: 10, routine: 30 },
      autoPageCritical: false,
      webhookUrl: 'https://pager.example.test/hook',
    };
    expect(bodyOf(draft).paging).toEqual({
      timeoutMinutes: { emergency: 1, urgent: 10, routine: 30 },
      autoPageCritical: false,
      webhookUrl: 'https://pager.example.test/hook',
    });
  });

  it('puts a timeout under a minute and a non-http address on their fields', () => {
    const draft = draftOf(saved);
    draft.paging = { ...draft.paging, timeoutMinutes: { ...draft.paging.timeoutMinutes, emergency: 0 }, webhookUrl: 'ftp://pager.example.test' };
    expect(validateForm(SETTINGS_FORM, draft).errors).toEqual({
      'paging.timeoutMinutes.emergency': 'Emergency timeout must be at least 1 minute',
      'paging.webhookUrl': 'Webhook URL must be an http(s) address',
    });
  });
});
