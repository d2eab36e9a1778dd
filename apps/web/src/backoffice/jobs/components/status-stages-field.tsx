import {
  APPLICANT_STATUS_CODES,
  resolveStatusStages,
  STAGE_RULES,
  type StageRule,
  type StatusStages,
} from '@candid/domain';
import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The job's rules for the candidate status page, one per recruiter status: what a
 * candidate with that status sees (received, under review, a decision with or without the
 * status's name). Native selects: the phone's own picker, right to left in Hebrew.
 */
export function StatusStagesField({
  value,
  onChange,
}: {
  value: Partial<StatusStages> | undefined;
  onChange: (value: StatusStages) => void;
}) {
  const { t } = useTranslation();
  const stages = resolveStatusStages(value);
  const options = STAGE_RULES.map((rule) => ({
    value: rule,
    label: t(`jobEditor.stageRules.${rule}`),
  }));
  return (
    <Stack gap="sm" data-testid="status-stages">
      <Text size="sm" c="gray.7">
        {t('jobEditor.statusPageHint')}
      </Text>
      <SimpleGrid cols={1} spacing="sm" verticalSpacing="xs">
        {APPLICANT_STATUS_CODES.map((code) => (
          <NativeSelect
            key={code}
            label={t(`status.${code}`)}
            data={options}
            value={stages[`${code}`]}
            onChange={(event) =>
              onChange({ ...stages, [`${code}`]: event.currentTarget.value as StageRule })
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
