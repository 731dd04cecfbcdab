import type { VisitorBadgeDto, VisitorDto } from '@clinic/domain/contracts/visitors';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import classes from '../visitor-badge.module.css';

/**
 * The printable visitor badge (kiosk and the console's reprint): number, name, relationship,
 * purpose, placement, access level, badge type, valid-until and a QR code made in the browser
 * (`qrcode`) encoding the staff verification link; nothing is sent to an outside service. The
 * print stylesheet prints only this card, on a standard 3.5 x 2.25 in badge.
 */
export function VisitorBadge({ visitor, badge }: { visitor: VisitorDto; badge: VisitorBadgeDto }) {
  const [qr, setQr] = useState<string | null>(null);
  const link = `${window.location.origin}${badge.qrCode}`;
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(link, { margin: 1, width: 320, errorCorrectionLevel: 'M' }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [link]);
  const validUntil = new Date(badge.validUntil).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return (
    <Box className={classes.badge} data-testid="visitor-badge">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6}>
          <Text fz="sm" c="gray.7">
            Visitor Badge
          </Text>
          <Text className={classes.badgeNumber} aria-label={`Badge number ${badge.badgeNumber}`}>
            {badge.badgeNumber}
          </Text>
          <Text fw={700} fz="xl">
            {visitor.firstName} {visitor.lastName}
          </Text>
          <Text>
            {visitor.relationship} · {visitor.visitPurpose}
          </Text>
          {visitor.roomNumber && (
            <Text>{[visitor.department, visitor.floor && `Floor ${visitor.floor}`, `Room ${visitor.roomNumber}`].filter(Boolean).join(' · ')}</Text>
          )}
          <Group gap="xs">
            <Badge color="blue" variant="filled" size="lg">
              {badge.accessLevel}
            </Badge>
            <Text fz="sm">{badge.badgeType}</Text>
          </Group>
          <Text fz="sm">Valid until {validUntil}</Text>
        </Stack>
        {qr ? <img src={qr} alt="QR code to verify this badge" className={classes.qr} /> : <Box className={classes.qr} aria-hidden />}
      </Group>
    </Box>
  );
}
