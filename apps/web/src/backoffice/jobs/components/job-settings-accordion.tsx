import type { JobDraft, Language, ScorecardCriterion, User } from '@candid/domain';
import { Accordion, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverPicker } from '../../common/jobs/cover-picker';
import { ClosingDateField } from './closing-date-field';
import { LogoField } from './logo-field';
import { ScorecardField } from './scorecard-field';
import { StatusStagesField } from './status-stages-field';
import type { JobForm } from './use-job-editor-form';

/** The folded sections of the job editor, in the order they open. */
export const JOB_SETTING_SECTIONS = ['rules', 'look', 'statusPage', 'scorecard'] as const;
export type JobSettingSection = (typeof JOB_SETTING_SECTIONS)[number];

/** Which folded section holds a field of the form, so a "go to the field" link can open it. */
export function settingSectionOf(path: string): JobSettingSection | null {
  if (path.startsWith('scorecard')) return 'scorecard';
  if (path.startsWith('statusStages')) return 'statusPage';
  if (path.startsWith('rule') || path === 'closesAt') return 'rules';
  if (path.startsWith('info.coverUrl') || path.startsWith('company.logoUrl')) return 'look';
  return null;
}

/** The DOM id of a folded section's panel (scrolled to when its field has no input of its own). */
export const settingSectionId = (section: JobSettingSection) => `job-settings-${section}`;

/**
 * Everything a first job can do without: interview rules, cover and logo, the candidate status
 * page and the scorecard, folded (several may be open at once) below the essentials.
 */
export function JobSettingsAccordion({
  form,
  initialJob,
  user,
  language,
  opened,
  onOpenedChange,
}: {
  form: JobForm;
  initialJob: JobDraft;
  user: User;
  language: Language;
  opened: JobSettingSection[];
  onOpenedChange: (opened: JobSettingSection[]) => void;
}) {
  const { t } = useTranslation();
  const coverUrl = form.valueField('info.coverUrl');
  const logoUrl = form.valueField('company.logoUrl');
  const isCvRequired = form.valueField('rule.isCvRequired');
  const isOneTry = form.valueField('rule.isOneTry');
  const hasPractice = form.valueField('rule.hasPractice');
  const closesAt = form.valueField('closesAt');
  const statusStages = form.valueField('statusStages');
  const scorecard = form.valueField('scorecard');
  const titles: Record<JobSettingSection, string> = {
    rules: t('jobEditor.rules'),
    look: t('jobEditor.look'),
    statusPage: t('jobEditor.statusPage'),
    scorecard: t('scorecard.title'),
  };
  const panels: Record<JobSettingSection, ReactNode> = {
    rules: (
      <Stack gap="md">
        <Switch
          label={t('jobEditor.isCvRequired')}
          description={t('jobEditor.isCvRequiredHint')}
          checked={isCvRequired.value}
          onChange={(event) => isCvRequired.onChange(event.currentTarget.checked)}
        />
        <Switch
          label={t('jobEditor.isOneTry')}
          description={t('jobEditor.isOneTryHint')}
          checked={isOneTry.value}
          onChange={(event) => {
            isOneTry.onChange(event.currentTarget.checked);
            // Screen recording depends on this rule: its questions are checked again.
            if (form.formState.isSubmitted) {
              void form.trigger(
                form.getValues('quests').map((_, index) => `quests.${index}.ansRule` as const),
              );
            }
          }}
        />
        <Switch
          label={t('jobEditor.hasPractice')}
          description={t('jobEditor.hasPracticeHint')}
          checked={hasPractice.value ?? false}
          onChange={(event) => hasPractice.onChange(event.currentTarget.checked)}
        />
        <ClosingDateField
          value={closesAt.value ?? null}
          savedValue={initialJob.closesAt ?? null}
          onChange={closesAt.onChange}
        />
      </Stack>
    ),
    look: (
      <Stack gap="md">
        <CoverPicker value={coverUrl.value ?? ''} onChange={coverUrl.onChange} />
        <LogoField value={logoUrl.value ?? ''} onChange={logoUrl.onChange} />
      </Stack>
    ),
    statusPage: <StatusStagesField value={statusStages.value} onChange={statusStages.onChange} />,
    scorecard: (
      <ScorecardField
        value={(scorecard.value ?? []) as ScorecardCriterion[]}
        onChange={scorecard.onChange}
        errorOf={(index) => form.errorOf(`scorecard.${index}.label`)}
        user={user}
        language={language}
      />
    ),
  };
  return (
    <Stack gap="xs">
      <Text component="h2" fw={700} fz="lg" m={0}>
        {t('jobEditor.moreSettings')}
      </Text>
      <Accordion
        multiple
        variant="separated"
        radius="lg"
        value={opened}
        onChange={(value) => onOpenedChange(value as JobSettingSection[])}
      >
        {JOB_SETTING_SECTIONS.map((section) => (
          <Accordion.Item key={section} value={section} id={settingSectionId(section)}>
            <Accordion.Control mih={48}>
              <Text fw={600}>{titles[section]}</Text>
            </Accordion.Control>
            <Accordion.Panel>{panels[section]}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
