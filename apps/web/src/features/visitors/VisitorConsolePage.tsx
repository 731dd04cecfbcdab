import { VISITOR_STATUS_FILTERS, type VisitorDto } from '@clinic/domain/contracts/visitors';
import { isBadgeNumber } from '@clinic/domain/rules/visitors';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Banner } from '../../ui/Banner';
import { QueryState } from '../../ui/QueryState';
import { StatCard } from '../../ui/StatCard';
import { StatusChip } from '../../ui/StatusChip';
import { useReprintBadge, useRevokeBadge, type VisitorWithBadge } from './api/badge-actions';
import { useCheckOutVisitor } from './api/check-out-visitor';
import { useVisitor } from './api/get-visitor';
import { useVisitorStats } from './api/get-visitor-stats';
import { useVisitors } from './api/get-visitors';
import { useVisitorsPerDay } from './api/get-visitors-per-day';
import { useSetVisitorRestriction } from './api/restrict-visitor';
import { useVerifyBadge } from './api/verify-badge';
import { useFormatTime } from '../../ui/time-format';
import { TimeText } from '../../ui/TimeText';
import { VisitorBadge } from './components/VisitorBadge';
import badgeClasses from './visitor-badge.module.css';

const TABS = ['overview', 'visitors', 'badges', 'reports'] as const;
type Tab = (typeof TABS)[number];

/**
 * /visitors and /visitor-management (canManageVisitors): the console. Overview (today's figures,
 * peak hours, departments, the five most recent), Visitors (search, status, table with View and
 * Check Out; View opens the detail with the visit history, check-out with a rating and the
 * restriction), Badges (verify a number, as the badge's QR link opens it; the active badges with
 * Reprint and Revoke) and Reports (visitors per day over a date range, CSV export).
 * Every open console refreshes when anyone checks a visitor in or out (the `visitors.updated` event).
 */
export function VisitorConsolePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'overview';
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1}>Visitor Management</Title>
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams((p) => {
            p.set('tab', next ?? 'overview');
            return p;
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="visitors">Visitors</Tabs.Tab>
          <Tabs.Tab value="badges">Badges</Tabs.Tab>
          <Tabs.Tab value="reports">Reports</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Overview onView={setViewing} />
        </Tabs.Panel>
        <Tabs.Panel value="visitors" pt="md">
          <VisitorsTab onView={setViewing} />
        </Tabs.Panel>
        <Tabs.Panel value="badges" pt="md">
          <BadgesTab initial={params.get('badge')} onView={setViewing} />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <ReportsTab />
        </Tabs.Panel>
      </Tabs>
      <VisitorDetail id={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}

function Overview({ onView }: { onView: (id: string) => void }) {
  const stats = useVisitorStats();
  const recent = useVisitors({ limit: 5, page: 1 });
  const formatTime = useFormatTime();
  // An hour of the organization's day (0-23) as a wall time in the member's 12h or 24h choice.
  const hourLabel = (hour: number) => formatTime(new Date(2000, 0, 1, hour), { seconds: false });
  const s = stats.data;
  const peak = Math.max(1, ...(s?.peakHours.map((h) => h.count) ?? [1]));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard label="Total Visitors Today" value={s?.totalVisitorsToday ?? '—'} loading={stats.isPending} />
        <StatCard label="Currently Checked In" value={s?.currentlyCheckedIn ?? '—'} loading={stats.isPending} />
        <StatCard
          label="Average Visit Duration"
          value={s?.averageVisitDuration == null ? 'No data' : `${s.averageVisitDuration} min`}
          loading={stats.isPending}
        />
        <StatCard
          label="Satisfaction"
          value={s?.visitorSatisfaction == null ? 'No data' : `${s.visitorSatisfaction}/5`}
          loading={stats.isPending}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Peak Hours
          </Title>
          <QueryState query={stats} isEmpty={(d) => d.peakHours.length === 0} empty={<Text c="gray.7">No visitors yet today</Text>}>
            {(d) => (
              <Stack gap={6} role="list" aria-label="Check-ins per hour today">
                {d.peakHours.map((h) => (
                  <Group key={h.hour} gap="sm" wrap="nowrap" role="listitem">
                    <Text w={60} fz="sm">
                      {hourLabel(h.hour)}
                    </Text>
                    <Progress value={(h.count / peak) * 100} flex={1} size="lg" aria-label={`${hourLabel(h.hour)}: ${h.count}`} />
                    <Text w={24} fz="sm" ta="right">
                      {h.count}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </QueryState>
        </Card>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Most Visited Departments
          </Title>
          <QueryState query={stats} isEmpty={(d) => d.mostVisitedDepartments.length === 0} empty={<Text c="gray.7">No data</Text>}>
            {(d) => (
              <Stack gap={4}>
                {d.mostVisitedDepartments.map((dep) => (
                  <Group key={dep.department} justify="space-between">
                    <Text>{dep.department}</Text>
                    <Text fw={600}>{dep.count}</Text>
                  </Group>
                ))}
              </Stack>
            )}
          </QueryState>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          Recent Visitors
        </Title>
        <QueryState query={recent} isEmpty={(d) => d.visitors.length === 0} empty={<Text c="gray.7">No visitors yet</Text>}>
          {(d) => <VisitorTable visitors={d.visitors} onView={onView} label="Recent visitors" />}
        </QueryState>
      </Card>
    </Stack>
  );
}

function VisitorsTab({ onView }: { onView: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof VISITOR_STATUS_FILTERS)[number]>('All');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const list = useVisitors({ search: debounced || undefined, status, page: 1, limit: 100 });
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search visitors"
          placeholder="Name, badge number or patient"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          miw={280}
        />
        <NativeSelect
          label="Status"
          data={VISITOR_STATUS_FILTERS.map((s) => ({ value: s, label: s }))}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as typeof status)}
        />
      </Group>
      <QueryState query={list} isEmpty={(d) => d.visitors.length === 0} empty={<Text c="gray.7">No visitors found</Text>}>
        {(d) => <VisitorTable visitors={d.visitors} onView={onView} label="Visitors" />}
      </QueryState>
    </Stack>
  );
}

/** The spec's table: visitor and relationship, badge and access level, patient and room, department and floor, status, duration, actions. */
function VisitorTable({ visitors, onView, label }: { visitors: VisitorDto[]; onView: (id: string) => void; label: string }) {
  const checkOut = useCheckOutVisitor();
  return (
    <Stack gap="xs">
      {checkOut.isError && <Banner>{checkOut.error.message}</Banner>}
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Visitor</Table.Th>
              <Table.Th>Badge</Table.Th>
              <Table.Th>Patient</Table.Th>
              <Table.Th>Department</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visitors.map((v) => (
              <Table.Tr key={v.id} data-visitor-id={v.id}>
                <Table.Td>
                  <Text fw={600}>
                    {v.firstName} {v.lastName}
                  </Text>
                  <Text fz="sm" c="gray.7">
                    {v.relationship}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace">{v.badgeNumber}</Text>
                  <Badge variant="light" color="blue" c="dark.8">
                    {v.accessLevel}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text>{v.patientName}</Text>
                  <Text fz="sm" c="gray.7">
                    {v.roomNumber ? `Room ${v.roomNumber}` : '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text>{v.department ?? '—'}</Text>
                  <Text fz="sm" c="gray.7">
                    {v.floor ? `Floor ${v.floor}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusChip status={v.status} />
                </Table.Td>
                <Table.Td>{v.duration}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => onView(v.id)} aria-label={`View ${v.firstName} ${v.lastName}`}>
                      View
                    </Button>
                    {v.status === 'Checked In' && (
                      <Button
                        size="xs"
                        onClick={() => checkOut.mutate({ id: v.id })}
                        loading={checkOut.isPending && checkOut.variables?.id === v.id}
                        aria-label={`Check Out ${v.firstName} ${v.lastName}`}
                      >
                        Check Out
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function VisitorDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const visitor = useVisitor(id);
  return (
    <Modal opened={id !== null} onClose={onClose} title="Visitor Details" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <QueryState query={visitor}>
        {(v) => (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={700} fz="lg">
                {v.firstName} {v.lastName}
              </Text>
              <StatusChip status={v.status} />
            </Group>
            <Text>
              {v.relationship} of {v.patientName} · {v.visitPurpose}
            </Text>
            <Text>{[v.department, v.floor && `Floor ${v.floor}`, v.roomNumber && `Room ${v.roomNumber}`].filter(Boolean).join(' · ') || '—'}</Text>
            <Text>
              Badge {v.badgeNumber} · {v.accessLevel} · valid until <TimeText value={v.validUntil} seconds={false} />
            </Text>
            <Text>
              Checked in <TimeText value={v.checkInTime} seconds={false} />
              {v.checkOutTime ? (
                <>
                  , out <TimeText value={v.checkOutTime} seconds={false} />
                </>
              ) : (
                ''
              )}{' '}
              · {v.duration}
            </Text>
            {v.rating !== null && <Text>Rating {v.rating}/5</Text>}
            <Text>Phone {v.phone}</Text>
            <Text>
              ID: {v.idDocument.type ?? '—'} {v.idDocument.number ?? ''} {v.idDocument.issuedBy ? `(${v.idDocument.issuedBy})` : ''}
            </Text>
            <VisitorActions visitor={v} />
            <Title order={3} fz="md" mt="sm">
              Visit History
            </Title>
            {v.visitHistory.length === 0 ? (
              <Text c="gray.7">No earlier visits</Text>
            ) : (
              v.visitHistory.map((h) => (
                <Text key={h.id} fz="sm">
                  {new Date(h.checkInTime).toLocaleDateString('en-US')} · {h.patientName} · {h.status} · {h.duration}
                </Text>
              ))
            )}
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}

const RATINGS = ['', '1', '2', '3', '4', '5'];

/**
 * The detail's actions: Check Out with the visitor's optional rating (the overview's satisfaction),
 * and Restrict (the kiosk refuses them from now on) or Lift Restriction, each with a reason.
 */
function VisitorActions({ visitor }: { visitor: VisitorDto }) {
  const checkOut = useCheckOutVisitor();
  const restriction = useSetVisitorRestriction();
  const [rating, setRating] = useState('');
  const [reason, setReason] = useState('');
  const restricted = visitor.status === 'Restricted';
  const open = visitor.status === 'Checked In' || visitor.status === 'Expired';
  const onRestriction = (event: FormEvent) => {
    event.preventDefault();
    restriction.mutate({ id: visitor.id, restrict: !restricted, reason: reason.trim() }, { onSuccess: () => setReason('') });
  };
  return (
    <Stack gap="sm" mt="sm">
      {checkOut.isError && <Banner>{checkOut.error.message}</Banner>}
      {restriction.isError && <Banner>{restriction.error.message}</Banner>}
      {open && (
        <Group align="flex-end">
          <NativeSelect
            label="Visit rating (optional)"
            data={RATINGS.map((r) => ({ value: r, label: r ? `${r} of 5` : 'Not rated' }))}
            value={rating}
            onChange={(e) => setRating(e.currentTarget.value)}
          />
          <Button onClick={() => checkOut.mutate({ id: visitor.id, rating: rating ? Number(rating) : undefined })} loading={checkOut.isPending}>
            Check Out
          </Button>
        </Group>
      )}
      <form onSubmit={onRestriction}>
        <Group align="flex-end">
          <TextInput
            label={restricted ? 'Reason to lift the restriction' : 'Reason to restrict'}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            required
            miw={260}
          />
          <Button type="submit" color={restricted ? 'blue' : 'red'} variant="light" loading={restriction.isPending} disabled={!reason.trim()}>
            {restricted ? 'Lift Restriction' : 'Restrict Visitor'}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function BadgesTab({ initial, onView }: { initial: string | null; onView: (id: string) => void }) {
  const [typed, setTyped] = useState(initial ?? '');
  const [checking, setChecking] = useState<string | null>(initial && isBadgeNumber(initial.toUpperCase()) ? initial.toUpperCase() : null);
  const verification = useVerifyBadge(checking);
  const active = useVisitors({ status: 'Checked In', page: 1, limit: 100 });
  const reprint = useReprintBadge();
  const [printing, setPrinting] = useState<VisitorWithBadge | null>(null);
  const [revoking, setRevoking] = useState<VisitorDto | null>(null);
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    setChecking(typed.trim().toUpperCase());
  };
  return (
    <Stack gap="lg">
      <form onSubmit={onVerify}>
        <Group align="flex-end">
          <TextInput label="Badge Number" placeholder="VA1234" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          <Button type="submit">Verify Badge</Button>
        </Group>
      </form>
      {checking && (
        <QueryState query={verification} errorMessage={(e) => (e.message.includes('not found') ? `No badge ${checking}` : e.message)}>
          {(r) => (
            <Banner tone={r.valid ? 'success' : 'error'} title={r.valid ? `Badge ${checking} is valid` : `Badge ${checking} is ${r.status}`}>
              {r.visitor.firstName} {r.visitor.lastName}, visiting {r.visitor.patientName}.{' '}
              <Anchor component="button" type="button" onClick={() => onView(r.visitor.id)}>
                View visitor
              </Anchor>
            </Banner>
          )}
        </QueryState>
      )}
      <Title order={2} fz="lg">
        Active Badges
      </Title>
      {reprint.isError && <Banner>{reprint.error.message}</Banner>}
      <QueryState query={active} isEmpty={(d) => d.visitors.length === 0} empty={<Text c="gray.7">No active badges</Text>}>
        {(d) => (
          <Table.ScrollContainer minWidth={700}>
            <Table striped aria-label="Active badges">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Badge</Table.Th>
                  <Table.Th>Visitor</Table.Th>
                  <Table.Th>Patient</Table.Th>
                  <Table.Th>Valid Until</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.visitors.map((v) => (
                  <Table.Tr key={v.id} data-visitor-id={v.id}>
                    <Table.Td>
                      <Text ff="monospace">{v.badgeNumber}</Text>
                      <Badge variant="light" color="blue" c="dark.8">
                        {v.accessLevel}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {v.firstName} {v.lastName}
                    </Table.Td>
                    <Table.Td>{v.patientName}</Table.Td>
                    <Table.Td>
                      <TimeText value={v.validUntil} seconds={false} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => onView(v.id)} aria-label={`View ${v.firstName} ${v.lastName}`}>
                          View
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => reprint.mutate(v.id, { onSuccess: setPrinting })}
                          loading={reprint.isPending && reprint.variables === v.id}
                          aria-label={`Reprint badge ${v.badgeNumber}`}
                        >
                          Reprint
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => setRevoking(v)} aria-label={`Revoke badge ${v.badgeNumber}`}>
                          Revoke
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <Modal opened={printing !== null} onClose={() => setPrinting(null)} title="Reprint Badge" closeButtonProps={{ 'aria-label': 'Close' }}>
        {printing && (
          <Stack gap="md">
            <VisitorBadge visitor={printing.visitor} badge={printing.badge} />
            <Group justify="flex-end" className={badgeClasses.noPrint}>
              <Button onClick={() => window.print()}>Print Badge</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <RevokeBadgeDialog visitor={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

/** Revoke a badge with a reason: it no longer admits anyone and its visitor is checked out. */
function RevokeBadgeDialog({ visitor, onClose }: { visitor: VisitorDto | null; onClose: () => void }) {
  const revoke = useRevokeBadge();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    revoke.reset();
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (visitor) revoke.mutate({ id: visitor.id, reason: reason.trim() }, { onSuccess: close });
  };
  return (
    <Modal opened={visitor !== null} onClose={close} title="Revoke Badge" closeButtonProps={{ 'aria-label': 'Close' }}>
      {visitor && (
        <form onSubmit={onSubmit}>
          <Stack gap="md">
            <Text>
              Badge {visitor.badgeNumber} of {visitor.firstName} {visitor.lastName} will no longer admit anyone, and the visitor is checked out.
            </Text>
            {revoke.isError && <Banner>{revoke.error.message}</Banner>}
            <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} required data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={revoke.isPending} disabled={!reason.trim()}>
                Revoke Badge
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** A `YYYY-MM-DD` date `days` before today, on the browser's calendar. */
function dayOffset(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Visitors per day over a date range (the last 14 days at first), and the same range as CSV. */
function ReportsTab() {
  const [from, setFrom] = useState(() => dayOffset(13));
  const [to, setTo] = useState(() => dayOffset(0));
  const report = useVisitorsPerDay(from, to);
  const reversed = from !== '' && to !== '' && to < from;
  const href = `/api/visitors/export.csv?${new URLSearchParams({ from, to })}`;
  return (
    <Stack gap="md">
      <Group align="flex-end">
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Button component="a" href={href} download variant="light" disabled={reversed || !from || !to}>
          Export CSV
        </Button>
      </Group>
      {reversed ? (
        <Banner>The end date must not be before the start date.</Banner>
      ) : (
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Visitors per Day
          </Title>
          <QueryState query={report}>
            {(r) => {
              const most = Math.max(1, ...r.days.map((d) => d.count));
              return (
                <Stack gap={6}>
                  <Text fw={600}>
                    {r.total} {r.total === 1 ? 'visitor' : 'visitors'} from {dayLabel(r.from)} to {dayLabel(r.to)}
                  </Text>
                  <Stack gap={6} role="list" aria-label="Visitors per day">
                    {r.days.map((d) => (
                      <Group key={d.date} gap="sm" wrap="nowrap" role="listitem">
                        <Text w={110} fz="sm">
                          {dayLabel(d.date)}
                        </Text>
                        <Progress value={(d.count / most) * 100} flex={1} size="lg" aria-label={`${dayLabel(d.date)}: ${d.count}`} />
                        <Text w={32} fz="sm" ta="right">
                          {d.count}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </Stack>
              );
            }}
          </QueryState>
        </Card>
      )}
    </Stack>
  );
}

/** "Mon, Nov 23" for a `YYYY-MM-DD` day (read as that calendar day, not an instant). */
const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
