import { isLanguage } from '@candid/domain';
import { Box, Button, Container } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useLanguageStore } from '../../../common/stores/language-store';
import { PageLoader } from '../../../common/ui/page-loader';
import { usePublicJob } from '../../api/get-public-job';
import { CandidateBrand } from '../../brand/candidate-brand';
import { JobInvitation } from '../../invitation/job-invitation';
import { InterviewNotAvailable } from '../../onboarding/components/interview-not-available';
import { JobClosed } from '../../onboarding/components/job-closed';

/**
 * `/embed/{jobId}?lng=he|en`: the invitation for a recruiter's site, in a frame. `lng`
 * forces the language for this page only (it is not kept as the visitor's choice); any other
 * value is ignored. A job past its closing date says it is closed instead of inviting.
 */
export function EmbedPage() {
  const { t } = useTranslation();
  const { jobId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const lng = searchParams.get('lng');
  const query = usePublicJob(jobId);

  useEffect(() => {
    if (isLanguage(lng)) useLanguageStore.setState({ language: lng });
  }, [lng]);

  if (query.isPending) return <PageLoader />;
  return (
    <CandidateBrand accentColor={query.data?.brand?.accentColor}>
      <Box bg="gray.0" mih="100dvh" py="md" data-testid="embed-page">
        <Container size={720} px="sm">
          {query.isError || !query.data ? (
            <InterviewNotAvailable />
          ) : query.data.isClosed ? (
            // Past its closing date the recruiter's site says so, as the invitation link does.
            <JobClosed job={query.data} />
          ) : (
            <JobInvitation
              job={query.data}
              action={
                <Button
                  component="a"
                  href={`/interview/${encodeURIComponent(jobId)}`}
                  target="_blank"
                  rel="noopener"
                  size="md"
                  rightSection={<IconExternalLink size={16} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('embed.apply')}
                </Button>
              }
            />
          )}
        </Container>
      </Box>
    </CandidateBrand>
  );
}

export default EmbedPage;
