import {
  CRITERION_LABEL_MAX_LENGTH,
  criterionFallbackLabel,
  hasPermission,
  isCustomScorecard,
  makeRandomId,
  SCORECARD_MAX_CRITERIA,
  type PermissionSubject,
  type ScorecardCriterion,
} from '@candid/domain';
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The job's scorecard: the criteria reviewers rate each applicant on, 1 to 5 stars.
 * Criteria can be added (up to 10), renamed (at most 80 characters; a blank one becomes
 * "Overall" or "Criterion N" in the recruiter's language), moved and removed (never the last).
 * Without CUSTOM_SCORECARD the job keeps one criterion, which can still be renamed, and a
 * notice names the plan that has more; a custom scorecard saved before a downgrade stays as it
 * is (the server refuses a change to it).
 */
export function ScorecardField({
  value,
  onChange,
  errorOf,
  user,
  language,
}: {
  value: readonly ScorecardCriterion[];
  onChange: (value: ScorecardCriterion[]) => void;
  /** The translated error of a criterion's label, if any. */
  errorOf: (index: number) => string | undefined;
  user: PermissionSubject;
  language: string;
}) {
  const { t } = useTranslation();
  const canCustomize = hasPermission(user, 'CUSTOM_SCORECARD');
  // A custom scorecard kept after a downgrade: shown, not changed.
  const isFrozen = !canCustomize && isCustomScorecard(value);
  const criteria = [...value];
  const set = (next: ScorecardCriterion[]) => onChange(next);
  const move = (index: number, by: -1 | 1) => {
    const next = [...criteria];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    set(next);
  };

  return (
    <Stack gap="sm" data-testid="scorecard-field">
      <Text size="sm" c="gray.7">
        {t('scorecard.hint')}
      </Text>
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {criteria.map((criterion, index) => {
          const label = t('scorecard.criterionLabel', { number: index + 1 });
          return (
            <Group
              key={criterion.id}
              component="li"
              gap={6}
              wrap="nowrap"
              align="flex-start"
              data-testid="scorecard-criterion"
            >
              <TextInput
                flex={1}
                miw={0}
                aria-label={label}
                placeholder={criterionFallbackLabel(index, language)}
                value={criterion.label}
                maxLength={CRITERION_LABEL_MAX_LENGTH}
                disabled={isFrozen}
                error={errorOf(index)}
                onChange={(event) =>
                  set(
                    criteria.map((item, i) =>
                      i === index ? { ...item, label: event.currentTarget.value } : item,
                    ),
                  )
                }
                onBlur={(event) => {
                  if (event.currentTarget.value.trim()) return;
                  set(
                    criteria.map((item, i) =>
                      i === index
                        ? { ...item, label: criterionFallbackLabel(index, language) }
                        : item,
                    ),
                  );
                }}
              />
              {canCustomize && criteria.length > 1 ? (
                <Group gap={2} wrap="nowrap" mt={4}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('scorecard.moveUp', { label: criterion.label || label })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('scorecard.moveDown', { label: criterion.label || label })}
                    disabled={index === criteria.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('scorecard.remove', { label: criterion.label || label })}
                    onClick={() => set(criteria.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ) : null}
            </Group>
          );
        })}
      </Stack>
      {canCustomize ? (
        <Group justify="space-between" gap="xs">
          <Button
            variant="light"
            size="compact-md"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={criteria.length >= SCORECARD_MAX_CRITERIA}
            onClick={() =>
              set([
                ...criteria,
                {
                  id: makeRandomId(),
                  label: criterionFallbackLabel(criteria.length, language),
                },
              ])
            }
          >
            {t('scorecard.add')}
          </Button>
          <Text fz="xs" c="gray.7">
            {t('scorecard.count', { count: criteria.length, max: SCORECARD_MAX_CRITERIA })}
          </Text>
        </Group>
      ) : (
        <Alert
          variant="light"
          color="gray"
          icon={<IconLock size={16} aria-hidden />}
          data-testid="scorecard-locked"
        >
          {isFrozen ? t('scorecard.frozen') : t('scorecard.locked')}
        </Alert>
      )}
    </Stack>
  );
}
