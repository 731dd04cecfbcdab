import '@mantine/spotlight/styles.css';
import { openableAreas, screenRefusal } from '@clinic/domain/rules/screen-access';
import { WORKSPACE_AREAS, type WorkspaceAreaId } from '@clinic/domain/rules/workspace-areas';
import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconSearch, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../api/session';
import { getPatientsQueryOptions } from '../../features/patients/api/get-patients';
import { AREA_ICONS } from './area-icons';

/**
 * The command palette (Ctrl/Cmd+K): jump to any area the member may open, or, for members with
 * patient access, to a patient found by name. Loaded on first use, so the shell's first load
 * carries none of Spotlight; the shell owns the shortcut and calls {@link togglePalette}.
 */

const [store, palette] = createSpotlight();

/** Opens the palette, or closes it when open. Safe to call before the component has mounted. */
export const togglePalette = palette.toggle;

/** The id of the results list. */
const RESULTS_ID = 'command-palette-results';

/**
 * Enter with no action selected opens the first one. Spotlight selects the first action when the
 * query changes, but patients arrive after that, when there was nothing to select yet.
 */
function openFirstWhenNoneSelected(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  const list = document.getElementById(RESULTS_ID);
  if (list && !list.querySelector('[data-selected]')) list.querySelector<HTMLElement>('[data-action]')?.click();
}

/** Fewest characters before the palette asks the directory. */
const MIN_PATIENT_SEARCH = 2;

/** More words each area answers to, besides its label (the dashboard's tab and quick-action names among them). */
const KEYWORDS: Record<WorkspaceAreaId, readonly string[]> = {
  dashboard: ['home', 'overview'],
  triage: ['ai triage', 'symptoms', 'assessment'],
  queue: ['queue manager', 'waiting room'],
  patients: ['patient management', 'directory', 'records'],
  emergencyRoom: ['er', 'emergency'],
  paging: ['page', 'pager', 'on call', 'rota'],
  visitors: ['visitor management', 'badges'],
  clinicalTrials: ['trials', 'studies'],
  analytics: ['reports', 'analytics dashboard'],
  organization: ['users', 'members', 'invitations'],
  organizationSettings: ['organization settings'],
  settings: ['profile', 'preferences'],
  billing: ['plan', 'subscription'],
};

const matches = (area: { id: WorkspaceAreaId; label: string }, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || [area.label, ...KEYWORDS[area.id]].some((word) => word.toLowerCase().includes(q));
};

export function CommandPalette() {
  const navigate = useNavigate();
  const session = useSession();
  const viewer = { member: session.data?.organizationUser, features: session.data?.features ?? [] };
  const canSearchPatients = screenRefusal(viewer, WORKSPACE_AREAS.patients.access) === null;
  const [query, setQuery] = useState('');
  const [term] = useDebouncedValue(query.trim(), 250);
  const searching = canSearchPatients && term.length >= MIN_PATIENT_SEARCH;
  const patients = useQuery({
    ...getPatientsQueryOptions({ search: term, status: 'all', sort: 'name', limit: 5, offset: 0 }),
    // Results of an earlier term never stand in for this one.
    placeholderData: undefined,
    enabled: searching,
  });

  const areas = openableAreas(viewer).filter((area) => matches(area, query));
  const found = searching && query.trim() === term ? (patients.data?.patients ?? []) : [];
  const pending = canSearchPatients && query.trim().length >= MIN_PATIENT_SEARCH && (query.trim() !== term || patients.isFetching);
  const nothing = areas.length === 0 && found.length === 0 && !pending;

  return (
    <Spotlight.Root
      store={store}
      shortcut={null}
      query={query}
      onQueryChange={setQuery}
      scrollable
      maxHeight={440}
      // The dialog's accessible name: Modal labels its dialog by its title, kept off screen here
      // (a display:none element still names what points at it with aria-labelledby).
      title="Command palette"
      styles={{ header: { display: 'none' } }}
    >
      <Spotlight.Search
        aria-label={canSearchPatients ? 'Go to an area or find a patient' : 'Go to an area'}
        placeholder={canSearchPatients ? 'Go to an area or find a patient by name…' : 'Go to an area…'}
        leftSection={<IconSearch size={18} aria-hidden />}
        onKeyDown={openFirstWhenNoneSelected}
      />
      <Spotlight.ActionsList id={RESULTS_ID}>
        {areas.length > 0 && (
          <Spotlight.ActionsGroup label="Areas">
            {areas.map((area) => {
              const Icon = AREA_ICONS[area.icon];
              return (
                <Spotlight.Action
                  key={area.id}
                  label={area.label}
                  leftSection={<Icon size={18} aria-hidden />}
                  onClick={() => navigate(area.path)}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        )}
        {found.length > 0 && (
          <Spotlight.ActionsGroup label="Patients">
            {found.map((p) => (
              <Spotlight.Action
                key={p.id}
                label={`${p.firstName} ${p.lastName}`}
                description={[p.dateOfBirth ? `Born ${p.dateOfBirth}` : null, p.status[0].toUpperCase() + p.status.slice(1)]
                  .filter(Boolean)
                  .join(' · ')}
                leftSection={<IconUser size={18} aria-hidden />}
                onClick={() => navigate(`/patients/${encodeURIComponent(p.id)}`)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {pending && (
          <Group gap="xs" px="md" py="sm" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="gray.7">
              Searching patients…
            </Text>
          </Group>
        )}
        {searching && patients.isError && (
          <Text size="sm" c="red.8" px="md" py="sm" role="alert">
            {patients.error.message}
          </Text>
        )}
        {nothing && <Spotlight.Empty>Nothing found</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
