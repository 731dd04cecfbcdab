import { Button, Group, Modal, Stack } from '@mantine/core';
import type { VisitorWithBadge } from '../api/refresh-visitor';
import badgeClasses from '../visitor-badge.module.css';
import { VisitorBadge } from './VisitorBadge';

/** A reprinted badge, ready for the browser's print dialog. */
export function ReprintBadgeDialog({ printing, onClose }: { printing: VisitorWithBadge | null; onClose: () => void }) {
  return (
    <Modal opened={printing !== null} onClose={onClose} title="Reprint Badge" closeButtonProps={{ 'aria-label': 'Close' }}>
      {printing && (
        <Stack gap="md">
          <VisitorBadge visitor={printing.visitor} badge={printing.badge} />
          <Group justify="flex-end" className={badgeClasses.noPrint}>
            <Button onClick={() => window.print()}>Print Badge</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
