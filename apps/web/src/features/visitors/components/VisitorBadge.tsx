import type { VisitorBadgeDto, VisitorDto } from '@clinic/domain/contracts/visitors';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import classes from '../visitor-badge.module.css';

/** The badge's words: English on the console, the kiosk's language on the kiosk. */
export interface VisitorBadgeText {
  title: string;
  number: (badgeNumber: string) => string;
  floor: (floor: string) => string;
  room: (room: string) => string;
  validUntil: (time: string) => string;
  qrAlt: string;
  relationship: (value: string) => string;
  purpose: (value: string) => string;
  accessLevel: (value: string) => string;
  badgeType: (value: string) => string;
  /** The valid-until instant as a time of day. */
  time: (date: Date) => string;
}

const same = (value: string) => value;
/** The badge in English (the spec's words), as staff screens show it. */
export const ENGLISH_BADGE_TEXT: VisitorBadgeText = {
  title: 'Visitor Badge',
  number: (badgeNumber) => `Badge number ${badgeNumber}`,
  floor: (floor) => `Floor ${floor}`,
  room: (room) => `Room ${room}`,
  validUntil: (time) => `Valid until ${time}`,
  qrAlt: 'QR code to verify this badge',
  relationship: same,
  purpose: same,
  accessLevel: same,
  badgeType: same,
  time: (date) => date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
};

/**
 * The printable visitor badge (kiosk and the console's reprint): number, name, relationship,
 * purpose, placement, access level, badge type, valid-until and a QR code made in the browser
 * (`qrcode`) encoding the staff verification link; nothing is sent to an outside service. The
 * print stylesheet prints only this card, on a standard 3.5 x 2.25 in badge. Its words are
 * `text` (English unless the kiosk passes its language's); the values stay the server's.
 */
export function VisitorBadge({
  visitor,
  badge,
  text = ENGLISH_BADGE_TEXT,
}: {
  visitor: VisitorDto;
  badge: VisitorBadgeDto;
  text?: VisitorBadgeText;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const link = `${window.location.origin}${badge.qrCode}`;
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(link, { margin: 1, width: 320, errorCorrectionLevel: 'M' }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [link]);
  const validUntil = text.time(new Date(badge.validUntil));
  return (
    <Box className={classes.badge} data-testid="visitor-badge">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6}>
          <Text fz="sm" c="gray.7">
            {text.title}
          </Text>
          <Text className={classes.badgeNumber} aria-label={text.number(badge.badgeNumber)}>
            {badge.badgeNumber}
          </Text>
          <Text fw={700} fz="xl">
            {visitor.firstName} {visitor.lastName}
          </Text>
          <Text>
            {text.relationship(visitor.relationship)} · {text.purpose(visitor.visitPurpose)}
          </Text>
          {visitor.roomNumber && (
            <Text>
              {[visitor.department, visitor.floor && text.floor(visitor.floor), text.room(visitor.roomNumber)].filter(Boolean).join(' · ')}
            </Text>
          )}
          <Group gap="xs">
            <Badge color="blue" variant="filled" size="lg">
              {text.accessLevel(badge.accessLevel)}
            </Badge>
            <Text fz="sm">{text.badgeType(badge.badgeType)}</Text>
          </Group>
          <Text fz="sm">{text.validUntil(validUntil)}</Text>
        </Stack>
        {qr ? <img src={qr} alt={text.qrAlt} className={classes.qr} /> : <Box className={classes.qr} aria-hidden />}
      </Group>
    </Box>
  );
}
