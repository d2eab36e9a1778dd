import { VALIDATION_KEYS, type JobIssue } from '@candid/domain';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The field an issue's path names, in the editor's own words ("Company name", "Question 2"). */
function fieldLabel(t: TFunction, path: string): string {
  const [head, index, field] = path.split('.');
  const number = Number(index) + 1;
  if (path === 'info.title') return t('jobEditor.jobTitle');
  if (path === 'company.name') return t('jobEditor.companyName');
  if (path === 'info.desc') return t('jobEditor.description');
  if (path === 'quests') return t('jobEditor.questions');
  if (head === 'quests' && field === 'txt') return t('jobEditor.issues.questionText', { number });
  if (head === 'quests') return t('jobEditor.issues.question', { number });
  if (head === 'scorecard') return t('jobEditor.issues.criterion', { number });
  return t('jobEditor.issues.field');
}

/** "Company name is required", or "Question 2: <the rule it breaks>". */
export function describeJobIssue(t: TFunction, issue: JobIssue): string {
  const field = fieldLabel(t, issue.path);
  return issue.key === VALIDATION_KEYS.REQUIRED_VALIDATE
    ? t('jobEditor.issues.required', { field })
    : t('jobEditor.issues.problem', { field, problem: t(issue.key) });
}

/**
 * Why the job is not saved: the summary, then each problem by name as a link that takes the
 * user to the field (a missing company name sat below the fold with nothing saying so).
 */
export function JobIssueList({
  summaryKey,
  issues,
  onGoTo,
}: {
  summaryKey: string;
  issues: readonly JobIssue[];
  onGoTo: (path: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      role="alert"
      data-testid="job-errors"
      title={t(summaryKey)}
    >
      {issues.length > 0 ? (
        <List size="sm" spacing={4} aria-label={t('jobEditor.issues.label')}>
          {issues.map((issue) => (
            <List.Item key={issue.path}>
              <Anchor
                component="button"
                type="button"
                fz="sm"
                c="red.9"
                td="underline"
                mih={32}
                onClick={() => onGoTo(issue.path)}
              >
                {describeJobIssue(t, issue)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text fz="sm">{t('jobEditor.issues.fixBelow')}</Text>
      )}
    </Alert>
  );
}
