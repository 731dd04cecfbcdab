import type { SsoDomain } from '@clinic/domain/contracts/sso';
import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { Banner } from '../../../ui/Banner';
import { STATUS_TONES, StatusChip } from '../../../ui/StatusChip';
import { TimeText } from '../../../ui/TimeText';
import { useVerifySsoDomain } from '../api/verify-sso-domain';
import { domainToAdd, type SsoForm } from '../sso-draft';
import { SsoCopyField } from './SsoCopyField';

/**
 * The e-mail domains the organization claims: each saved one with the TXT record to publish in its
 * DNS and a Verify button (the server looks the record up now); a new one gets its record once
 * saved. A verified domain sends its people from the sign-in screen to this identity provider.
 */
export function SsoDomains({ form, saved }: { form: SsoForm; saved: readonly SsoDomain[] }) {
  const domains = form.getValues().domains;
  const [typed, setTyped] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const add = () => {
    const result = domainToAdd(typed, domains);
    if ('error' in result) return setAddError(result.error);
    form.insertListItem('domains', result.domain);
    setTyped('');
    setAddError(null);
  };
  // Enter in the box adds the domain; it does not save the whole tab.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const listError = form.errors.domains;
  return (
    <Fieldset legend="Domains">
      <Stack>
        <Text size="sm">
          People whose e-mail is at a verified domain are sent from the sign-in screen to your identity provider. Publish each domain&apos;s TXT
          record in its DNS, then verify it.
        </Text>
        {domains.length === 0 && (
          <Text size="sm" c="gray.7">
            No domains yet.
          </Text>
        )}
        {domains.map((domain, index) => (
          <DomainRow
            key={domain}
            domain={domain}
            saved={saved.find((d) => d.domain === domain)}
            error={form.errors[`domains.${index}`]}
            onRemove={() => form.removeListItem('domains', index)}
          />
        ))}
        {listError && <Banner>{String(listError)}</Banner>}
        <TextInput
          label="Add domain"
          placeholder="hospital.org"
          description="The part of your staff's e-mail after the @."
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setAddError(null);
          }}
          onKeyDown={onKeyDown}
          error={addError}
          rightSectionWidth={120}
          rightSectionPointerEvents="all"
          rightSection={
            <Button size="compact-sm" variant="default" onClick={add}>
              Add Domain
            </Button>
          }
        />
      </Stack>
    </Fieldset>
  );
}

/** One claimed domain: its state, its TXT record and Verify once saved, and Remove. */
function DomainRow({ domain, saved, error, onRemove }: { domain: string; saved?: SsoDomain; error?: unknown; onRemove: () => void }) {
  const verify = useVerifySsoDomain();
  return (
    <Stack gap="xs" p="sm" bd="1px solid var(--mantine-color-gray-3)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600}>{domain}</Text>
          {saved?.verified ? (
            <StatusChip status="verified" tone={STATUS_TONES.completed}>
              Verified
            </StatusChip>
          ) : (
            <StatusChip status="not-verified" tone={STATUS_TONES.scheduled}>
              {saved ? 'Not verified' : 'Not saved'}
            </StatusChip>
          )}
        </Group>
        <Group gap="xs">
          {saved && !saved.verified && (
            <Button size="xs" variant="default" onClick={() => verify.mutate(domain)} loading={verify.isPending} aria-label={`Verify ${domain}`}>
              Verify
            </Button>
          )}
          <Button size="xs" variant="outline" color="red.9" onClick={onRemove} aria-label={`Remove ${domain}`}>
            Remove
          </Button>
        </Group>
      </Group>
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {String(error)}
        </Text>
      ) : null}
      {saved && saved.verified && saved.verifiedAt && (
        <Text size="sm" c="gray.7">
          Verified <TimeText value={saved.verifiedAt} date="medium" />.
        </Text>
      )}
      {saved && !saved.verified && (
        <SsoCopyField
          label="TXT record"
          description={`Publish this TXT record on ${domain}, then verify.`}
          value={saved.txtRecord}
          copyLabel="Copy TXT record"
        />
      )}
      {!saved && (
        <Text size="sm" c="gray.7">
          Save to get the TXT record to publish.
        </Text>
      )}
      {verify.isError && <Banner>{verify.error.message}</Banner>}
      {verify.data?.verified && <Banner tone="success">{domain} is verified.</Banner>}
    </Stack>
  );
}
