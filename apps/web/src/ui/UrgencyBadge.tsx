import type { UrgencyLevel } from '@clinic/domain/rules/risk-score';
import type { BadgeProps } from '@mantine/core';
import { StatusChip, type Tone } from './StatusChip';

/**
 * The colour of each urgency level, most urgent red, with the text colour that keeps WCAG AA
 * contrast (4.5:1) on it: Mantine's automatic choice puts white on orange and green, which fails.
 */
export const URGENCY_COLORS = {
  emergency: { color: 'red.9', text: 'white' },
  urgent: { color: 'orange.8', text: 'black' },
  high: { color: 'yellow.5', text: 'black' },
  medium: { color: 'blue.8', text: 'white' },
  low: { color: 'teal.9', text: 'white' },
} as const satisfies Record<UrgencyLevel, Tone>;

/** "emergency" -> "Emergency". */
export function urgencyLabel(level: string): string {
  return level.charAt(0).toUpperCase() + level.slice(1);
}

/** The urgency of a queue entry as a coloured chip. */
export function UrgencyBadge({ level, ...props }: { level: UrgencyLevel } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <StatusChip status={level} tone={URGENCY_COLORS[level]} {...props}>
      {urgencyLabel(level)}
    </StatusChip>
  );
}
