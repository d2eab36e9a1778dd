import { canManageIntegrations, hasPermission } from '@candid/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../common/session/session-actions';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { PlanNotice } from '../../common/ui/plan-notice';
import { ApiKeysSection } from '../components/api-keys-section';
import { WebhooksSection } from '../components/webhooks-section';

/**
 * The integrations screen (`/backoffice/integrations`): the organisation owner's API
 * keys and webhook endpoints with their delivery logs. A plan without INTEGRATIONS says which
 * plan has it; a member learns that the owner manages them.
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const hasPlan = Boolean(user && hasPermission(user, 'INTEGRATIONS'));
  const canManage = Boolean(user && canManageIntegrations(user));
  return (
    <BackofficeLayout>
      <Stack gap="xl" maw={860}>
        <Stack gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('integrations.title')}
          </Title>
          <Text c="gray.7">{t('integrations.hint')}</Text>
        </Stack>
        {!hasPlan ? (
          <PlanNotice titleKey="integrations.plan.title" textKey="integrations.plan.text" />
        ) : !canManage ? (
          <Text data-testid="owner-only">{t('integrations.ownerOnly')}</Text>
        ) : (
          <>
            <ApiKeysSection />
            <WebhooksSection />
          </>
        )}
      </Stack>
    </BackofficeLayout>
  );
}

export default IntegrationsPage;
