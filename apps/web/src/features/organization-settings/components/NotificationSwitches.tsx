import { Fieldset, Stack, Switch } from '@mantine/core';

/** One channel's notification switches, each named with the channel (`Email: Billing`). */
export function NotificationSwitches<K extends string>(props: {
  legend: string;
  channel: string;
  items: ReadonlyArray<readonly [K, string]>;
  checked: Record<K, boolean>;
  onChange: (key: K, checked: boolean) => void;
}) {
  return (
    <Fieldset legend={props.legend}>
      <Stack>
        {props.items.map(([key, label]) => (
          <Switch
            key={key}
            label={label}
            aria-label={`${props.channel}: ${label}`}
            checked={props.checked[key]}
            onChange={(e) => props.onChange(key, e.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}
