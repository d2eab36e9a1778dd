import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APPLICANT_OVERVIEW_PATH } from '../routing/paths';
import classes from '../ui/mirror-in-rtl.module.css';
import { PublicLayout } from '../ui/public-layout';

/** /not-found, and for now every route whose screen is not built yet. */
export function NotFoundPage() {
  const { t } = useTranslation();
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
        <Button
          component={Link}
          to={APPLICANT_OVERVIEW_PATH}
          size="md"
          mt="sm"
          leftSection={<IconArrowLeft size={18} className={classes.mirror} aria-hidden />}
        >
          {t('notFound.backToApplicants')}
        </Button>
      </Stack>
    </PublicLayout>
  );
}

export default NotFoundPage;
