import { ORG_ROLES, type JobAccessMember, type JobAccessResponse } from '@candid/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TEAM_PATH } from '../../../common/routing/paths';
import { showAlert } from '../../../common/stores/alert-store';
import { useIsPhone } from '../../../common/ui/media-queries';
import { UserAvatar } from '../ui/user-avatar';
import { useJobAccess, useSetJobReviewers } from './job-access-api';

function fullName(member: JobAccessMember): string {
  return `${member.fName} ${member.lName}`.trim();
}

/** A member's avatar, name and email; `aside` on the far side (their role, or what they see). */
function MemberLine({ member, aside }: { member: JobAccessMember; aside?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0} flex={1}>
      <UserAvatar user={member} size={32} />
      <Stack gap={0} miw={0} flex={1}>
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {fullName(member)}
        </Text>
        <Text component="bdi" dir="ltr" fz="xs" c="gray.7" truncate ta="start">
          {member.email}
        </Text>
      </Stack>
      {aside}
    </Group>
  );
}

/** The owner and recruiters: they see every job, so there is nothing to choose. */
function EveryJobList({ members }: { members: JobAccessMember[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm" c="gray.8">
        {t('jobAccess.everyone')}
      </Title>
      {members.map((member) => (
        <Paper key={member._id} withBorder radius="md" px="sm" py={8} data-testid="access-member">
          <MemberLine
            member={member}
            aside={
              <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
                <Badge
                  size="sm"
                  variant="light"
                  color={member.orgRole === ORG_ROLES.OWNER ? 'indigo' : 'gray'}
                >
                  {t(`team.roles.${member.orgRole}`)}
                </Badge>
                <Text fz="xs" c="gray.7">
                  {t('jobAccess.seesEvery')}
                </Text>
              </Stack>
            }
          />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The reviewers: a checkbox each for the owner (checked = sees this job), what each sees for
 * everyone else; with no reviewer yet, where to add one.
 */
function ReviewerList({
  reviewers,
  canManage,
  chosen,
  onToggle,
  onLeave,
}: {
  reviewers: JobAccessMember[];
  canManage: boolean;
  chosen: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm" c="gray.8">
        {t('jobAccess.reviewers')}
      </Title>
      {reviewers.length === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="access-no-reviewers">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{t('jobAccess.noReviewers')}</Text>
            <Text fz="sm" c="gray.7">
              {t(canManage ? 'jobAccess.noReviewersText' : 'jobAccess.noReviewersReadOnly')}
            </Text>
            {canManage ? (
              <Button
                component={Link}
                to={TEAM_PATH}
                variant="light"
                size="compact-md"
                leftSection={<IconUsersGroup size={16} aria-hidden />}
                onClick={onLeave}
              >
                {t('jobAccess.toTeam')}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {reviewers.map((member) => (
        <Paper key={member._id} withBorder radius="md" px="sm" py={8} data-testid="access-reviewer">
          {canManage ? (
            <Checkbox
              checked={chosen.has(member._id)}
              onChange={() => onToggle(member._id)}
              label={fullName(member)}
              description={<bdi dir="ltr">{member.email}</bdi>}
              styles={{ label: { fontWeight: 600, overflowWrap: 'anywhere' } }}
            />
          ) : (
            <MemberLine
              member={member}
              aside={
                <Badge
                  size="sm"
                  variant={member.canSee ? 'light' : 'outline'}
                  color={member.canSee ? 'teal' : 'gray'}
                  style={{ flex: 'none' }}
                >
                  {t(member.canSee ? 'jobAccess.canSee' : 'jobAccess.cannotSee')}
                </Badge>
              }
            />
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** The loaded list, with the owner's choice of reviewers kept until saved. */
function AccessForm({
  jobId,
  access,
  onClose,
}: {
  jobId: string;
  access: JobAccessResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSetJobReviewers(jobId);
  const reviewers = access.members.filter((member) => member.orgRole === ORG_ROLES.REVIEWER);
  const others = access.members.filter((member) => member.orgRole !== ORG_ROLES.REVIEWER);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(reviewers.filter((member) => member.canSee).map((member) => member._id)),
  );
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const submit = () =>
    save.mutate([...chosen], {
      onSuccess: () => {
        showAlert({ type: 'success', key: 'jobAccess.saved' });
        onClose();
      },
      onError: () => showAlert({ type: 'fail', key: 'jobAccess.saveFailed' }),
    });

  return (
    <Stack gap="md">
      <Text fz="sm" c="gray.7">
        {t(access.canManage ? 'jobAccess.intro' : 'jobAccess.introReadOnly')}
      </Text>
      <ReviewerList
        reviewers={reviewers}
        canManage={access.canManage}
        chosen={chosen}
        onToggle={toggle}
        onLeave={onClose}
      />
      <EveryJobList members={others} />
      <Group justify="flex-end" gap="sm">
        {access.canManage && reviewers.length > 0 ? (
          <>
            <Button variant="default" onClick={onClose}>
              {t('jobAccess.cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {t('jobAccess.save')}
            </Button>
          </>
        ) : (
          <Button variant="default" onClick={onClose}>
            {t('jobAccess.close')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function AccessContent({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const access = useJobAccess(jobId, true);
  if (access.isError) {
    return (
      <Alert color="red" variant="light" title={t('jobAccess.loadFailed')}>
        <Button mt="sm" variant="light" color="red" onClick={() => void access.refetch()}>
          {t('jobAccess.retry')}
        </Button>
      </Alert>
    );
  }
  if (!access.data) {
    return (
      <Stack gap="xs" data-testid="access-loading">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={52} radius="md" />
        ))}
      </Stack>
    );
  }
  return <AccessForm jobId={jobId} access={access.data} onClose={onClose} />;
}

/**
 * "Who can see this job": everyone of the organisation, the owner and recruiters marked as
 * seeing every job, and the reviewers; the owner ticks the reviewers who see this job, anyone
 * else reads the list. The server decides who may change it (this only hides the controls).
 * Full screen on a phone.
 */
export function JobAccessDialog({
  jobId,
  jobTitle,
  opened,
  onClose,
}: {
  jobId: string;
  jobTitle: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Stack gap={0}>
          <Text fw={700}>{t('jobAccess.title')}</Text>
          <Text fz="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {jobTitle}
          </Text>
        </Stack>
      }
      centered
      radius="lg"
      size="lg"
      fullScreen={isPhone}
    >
      {opened ? <AccessContent jobId={jobId} onClose={onClose} /> : null}
    </Modal>
  );
}
