import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render';
import { StatusChip } from './StatusChip';

/** The chip around a label, and its paint: Mantine's background property and the text colour set on it. */
const chipOf = (label: string) => screen.getByText(label).closest('.mantine-Badge-root') as HTMLElement;
const paint = (chip: HTMLElement) => ({
  background: chip.style.getPropertyValue('--badge-bg'),
  text: chip.style.getPropertyValue('color'),
});
const shade = (name: string) => `var(--mantine-color-${name.replace('.', '-')})`;

// The spec's colour tables, written out here rather than read from the component.
const TABLE: Array<[status: string, background: string, text: string]> = [
  ['CRITICAL', 'red.9', 'white'],
  ['HIGH', 'orange.8', 'black'],
  ['MEDIUM', 'yellow.5', 'black'],
  ['LOW', 'teal.9', 'white'],
  ['CONNECTED', 'teal.9', 'white'],
  ['DISCONNECTED', 'red.9', 'white'],
  ['ERROR', 'red.9', 'white'],
  ['MAINTENANCE', 'yellow.5', 'black'],
  ['active', 'teal.9', 'white'],
  ['inactive', 'gray.7', 'white'],
  ['discharged', 'blue.8', 'white'],
  ['completed', 'teal.9', 'white'],
  ['in-progress', 'blue.8', 'white'],
  ['scheduled', 'gray.7', 'white'],
  ['cancelled', 'gray.7', 'white'],
];

describe('StatusChip', () => {
  it.each(TABLE)('shows %s as its own word on %s with %s text', (status, background, text) => {
    renderWithMantine(<StatusChip status={status} />);
    const chip = chipOf(status);
    expect(chip).toBeVisible();
    expect(paint(chip)).toEqual({ background: shade(background), text: `var(--mantine-color-${text})` });
  });

  it('reads the status whatever its case, and shows an unknown status in grey', () => {
    renderWithMantine(
      <>
        <StatusChip status="Critical" />
        <StatusChip status="On Hold" />
      </>,
    );
    expect(paint(chipOf('Critical')).background).toBe(shade('red.9'));
    expect(paint(chipOf('On Hold'))).toEqual({
      background: shade('gray.7'),
      text: 'var(--mantine-color-white)',
    });
  });

  it('shows its own label in place of the status word when given one', () => {
    renderWithMantine(<StatusChip status="in-progress">In Progress</StatusChip>);
    expect(screen.getByText('In Progress')).toBeVisible();
    expect(screen.queryByText('in-progress')).not.toBeInTheDocument();
  });

  it('as a light chip takes the light shade of its colour with dark text', () => {
    renderWithMantine(<StatusChip status="LOW" variant="light" />);
    const chip = chipOf('LOW');
    expect(paint(chip).background).toBe('var(--mantine-color-teal-light)');
    expect(paint(chip).text).toBe(shade('dark.8'));
  });
});
