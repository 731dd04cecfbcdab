import { formatTimeOfDay } from '@clinic/domain/rules/settings';
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** A clock that ticks every second, in the member's 12h or 24h format. */
export function Clock({ timeFormat }: { timeFormat: '12h' | '24h' }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <Text component="time" dateTime={now.toISOString()} fw={500} aria-label="Current time">
      {formatTimeOfDay(now, timeFormat)}
    </Text>
  );
}
