import { Chip, Group, Stack, Text } from '@mantine/core';

/** The chip every filter group starts with: no filter on that field. */
export const ANY_CHOICE = 'any';

/**
 * One of the overview's filters: a labelled radio group of chips, "any" first, then each choice
 * (values are strings; the caller turns the picked one back into its filter field).
 */
export function FilterChipGroup({
  label,
  anyLabel,
  choices,
  value,
  onChange,
}: {
  label: string;
  anyLabel: string;
  choices: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Stack gap={6} role="radiogroup" aria-label={label}>
      <Text fw={600} fz="sm">
        {label}
      </Text>
      <Chip.Group value={value} onChange={onChange}>
        <Group gap={6}>
          <Chip value={ANY_CHOICE} type="radio" size="sm" variant="outline">
            {anyLabel}
          </Chip>
          {choices.map((choice) => (
            <Chip key={choice.value} value={choice.value} type="radio" size="sm" variant="outline">
              {choice.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
