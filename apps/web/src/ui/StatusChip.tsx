import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A chip's colour (a Mantine colour) and the text colour that keeps WCAG AA contrast (4.5:1) on it. */
export interface Tone {
  color: string;
  text: 'white' | 'black';
}

const RED: Tone = { color: 'red.9', text: 'white' };
const ORANGE: Tone = { color: 'orange.8', text: 'black' };
const YELLOW: Tone = { color: 'yellow.5', text: 'black' };
// Mantine's green.9 under white text falls short of 4.5:1; teal.9 is the readable green.
const GREEN: Tone = { color: 'teal.9', text: 'white' };
const BLUE: Tone = { color: 'blue.8', text: 'white' };
const GRAY: Tone = { color: 'gray.7', text: 'white' };

/**
 * The spec's colour tables (operations-and-public, Colours): severity and priority CRITICAL red,
 * HIGH orange, MEDIUM yellow, LOW green; integration status CONNECTED green, DISCONNECTED and ERROR
 * red, MAINTENANCE yellow; and the record statuses of the patient screens. Keys are lower case.
 */
export const STATUS_TONES: Record<string, Tone> = {
  critical: RED,
  high: ORANGE,
  medium: YELLOW,
  low: GREEN,
  connected: GREEN,
  disconnected: RED,
  error: RED,
  maintenance: YELLOW,
  active: GREEN,
  inactive: GRAY,
  discharged: BLUE,
  completed: GREEN,
  'in-progress': BLUE,
  scheduled: GRAY,
  cancelled: GRAY,
};

/** The tone of a status word; unknown words are grey. */
export function statusTone(status: string): Tone {
  return STATUS_TONES[status.toLowerCase()] ?? GRAY;
}

/**
 * A status as a coloured chip: filled in the status's tone with readable text, or (`light`, `dot`,
 * `outline`) a tinted chip with dark text. The label defaults to the status word; pass `tone` to
 * colour by another table (the urgency levels).
 */
export function StatusChip({
  status,
  tone = statusTone(status),
  variant = 'filled',
  children,
  ...props
}: { status: string; tone?: Tone; children?: ReactNode } & Omit<BadgeProps, 'color' | 'children'>) {
  const filled = variant === 'filled';
  // A tinted chip takes the colour's own light shade (a shade such as `teal.9` would fill it solid).
  const color = filled ? tone.color : tone.color.split('.')[0];
  return (
    <Badge color={color} c={filled ? tone.text : 'dark.8'} variant={variant} data-status={status.toLowerCase()} {...props}>
      {children ?? status}
    </Badge>
  );
}
