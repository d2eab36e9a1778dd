import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { getInterviewStartPath, JOB_OVERVIEW_PATH, LOGIN_PATH } from '../routing/paths';
import { useSession } from '../session/session-query';
import classes from '../ui/mirror-in-rtl.module.css';
import { PublicLayout } from '../ui/public-layout';

/**
 * Where the not-found page leads back, by who is looking: a candidate under an invitation link
 * returns to that interview's start, a logged-in recruiter to their jobs, anyone else to the
 * login (with a word for candidates, who have no account and need their invitation link).
 */
function useWayBack(): { to: string; labelKey: string; hintKey?: string } | null {
  const { pathname } = useLocation();
  const { user, isLoading } = useSession();
  const interviewPath = getInterviewStartPath(pathname);
  if (interviewPath) return { to: interviewPath, labelKey: 'notFound.backToInterview' };
  if (isLoading) return null;
  if (user) return { to: JOB_OVERVIEW_PATH, labelKey: 'notFound.backToJobs' };
  return { to: LOGIN_PATH, labelKey: 'notFound.toLogin', hintKey: 'notFound.candidateHint' };
}

/** Every address no route matches (shown at that address), and /not-found. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const wayBack = useWayBack();
  return (
    <PublicLayout>
      <Stack
        align="center"
        ta="center"
        gap="md"
        maw={560}
        mx="auto"
        px="md"
        py={{ base: 48, sm: 96 }}
      >
        <Text
          component="p"
          aria-hidden
          fw={800}
          fz={{ base: 72, sm: 112 }}
          lh={1}
          c="indigo.5"
          m={0}
        >
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t('notFound.title')}
        </Title>
        <Text c="gray.7" fz={{ base: 'md', sm: 'lg' }}>
          {t('notFound.text')}
        </Text>
        {wayBack ? (
          <Button
            component={Link}
            to={wayBack.to}
            size="md"
            mt="sm"
            leftSection={<IconArrowLeft size={18} className={classes.mirror} aria-hidden />}
          >
            {t(wayBack.labelKey)}
          </Button>
        ) : null}
        {wayBack?.hintKey ? (
          <Text c="gray.7" fz="sm">
            {t(wayBack.hintKey)}
          </Text>
        ) : null}
      </Stack>
    </PublicLayout>
  );
}

export default NotFoundPage;
