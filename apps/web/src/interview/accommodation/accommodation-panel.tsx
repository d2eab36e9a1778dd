import {
  ACCOMMODATION_REASON_MAX_CHARS,
  accommodationRequestBodySchema,
  EXTRA_TIME_PCTS,
  type Accommodation,
  type ExtraTimePct,
} from '@candid/domain';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../common/api/api-client-context';
import { isApiClientError } from '../../common/api/api-error';
import {
  accommodationQueryKey,
  requestAccommodation,
  useAccommodation,
} from '../api/accommodation';
import { useAccommodationDecision } from './use-accommodation-decision';

/**
 * "Need an adjustment?" (issue 14), loaded only when the candidate asks for it: a short form
 * (how much more time, and why), then where the request stands. The candidate may wait here for
 * the decision, which arrives live, or start at once with the standard settings.
 */
export function AccommodationPanel({
  applicantId,
  candidateToken,
  ensureApplicant,
  onClose,
}: {
  /** Null until the applicant exists (made when the request is sent). */
  applicantId: string | null;
  candidateToken: string | null;
  ensureApplicant: () => Promise<string>;
  onClose: () => void;
}) {
  const query = useAccommodation(applicantId);
  const current = query.data?.accommodation ?? null;
  // While the form is in use (and sending, when the applicant is made) it stays on screen.
  const [isEditing, setIsEditing] = useState(false);
  useAccommodationDecision(applicantId, candidateToken, current?.status === 'pending');

  if (!isEditing && applicantId && query.isPending) return null;
  if (current && !isEditing) {
    return (
      <AccommodationStatus
        accommodation={current}
        onChange={current.status === 'pending' ? () => setIsEditing(true) : undefined}
      />
    );
  }
  return (
    <AccommodationForm
      initial={current}
      applicantId={applicantId}
      ensureApplicant={ensureApplicant}
      onSending={() => setIsEditing(true)}
      onSent={() => setIsEditing(false)}
      onCancel={current ? () => setIsEditing(false) : onClose}
    />
  );
}

function AccommodationForm({
  initial,
  applicantId,
  ensureApplicant,
  onSending,
  onSent,
  onCancel,
}: {
  initial: Accommodation | null;
  applicantId: string | null;
  ensureApplicant: () => Promise<string>;
  onSending: () => void;
  onSent: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [extraTimePct, setExtraTimePct] = useState<string>(String(initial?.extraTimePct ?? ''));
  const [reason, setReason] = useState(initial?.reason ?? '');
  const [errors, setErrors] = useState<{ extraTimePct?: string; reason?: string }>({});
  const [sendError, setSendError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  async function send() {
    const parsed = accommodationRequestBodySchema.safeParse({
      extraTimePct: extraTimePct ? Number(extraTimePct) : undefined,
      reason,
    });
    if (!parsed.success) {
      const found: { extraTimePct?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'extraTimePct' ? 'extraTimePct' : 'reason';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSendError(null);
    setIsSending(true);
    onSending();
    try {
      const id = applicantId ?? (await ensureApplicant());
      const saved = await requestAccommodation(api, id, parsed.data);
      // A read begun before the request was saved must not put the old answer back.
      await queryClient.cancelQueries({ queryKey: accommodationQueryKey(id) });
      queryClient.setQueryData(accommodationQueryKey(id), saved);
      onSent();
    } catch (error) {
      setSendError(isApiClientError(error) ? error.i18nKey : 'errors.NETWORK_ERR');
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="accommodation-form">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3} fz="lg">
              {t('accommodation.form.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('accommodation.form.intro')}
            </Text>
          </Stack>
          <Radio.Group
            label={t('accommodation.form.extraTime')}
            value={extraTimePct}
            onChange={setExtraTimePct}
            error={errors.extraTimePct ? t(errors.extraTimePct) : undefined}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              {EXTRA_TIME_PCTS.map((pct) => (
                <Radio
                  key={pct}
                  value={String(pct)}
                  label={t(`accommodation.form.extraTime${pct}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('accommodation.form.reason')}
            description={t('accommodation.form.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={ACCOMMODATION_REASON_MAX_CHARS}
            autosize
            minRows={3}
            maxRows={8}
            withAsterisk
            error={errors.reason ? t(errors.reason) : undefined}
            data-testid="accommodation-reason"
          />
          <Text size="xs" c="dimmed" ta="end" mt={-8} aria-live="polite">
            {/* "120 / 500" reads left to right in Hebrew too, like the app's clocks. */}
            <bdi dir="ltr">
              {t('accommodation.form.count', {
                length: reason.length,
                max: ACCOMMODATION_REASON_MAX_CHARS,
              })}
            </bdi>
          </Text>
          {sendError ? (
            <Alert color="red" variant="light" data-testid="accommodation-error">
              {t(sendError)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSending}>
              {t('accommodation.form.cancel')}
            </Button>
            <Button type="submit" loading={isSending}>
              {t('accommodation.form.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function AccommodationStatus({
  accommodation,
  onChange,
}: {
  accommodation: Accommodation;
  onChange?: () => void;
}) {
  const { t } = useTranslation();
  const pct = accommodation.extraTimePct as ExtraTimePct;
  if (accommodation.status === 'approved') {
    return (
      <Alert
        color="teal"
        variant="light"
        radius="lg"
        icon={<IconCircleCheck size={20} aria-hidden />}
        title={t('accommodation.status.approvedTitle')}
        data-testid="accommodation-status"
        data-status="approved"
      >
        {t(`accommodation.status.approved${pct}`)}
      </Alert>
    );
  }
  if (accommodation.status === 'declined') {
    return (
      <Alert
        color="gray"
        variant="light"
        radius="lg"
        icon={<IconInfoCircle size={20} aria-hidden />}
        title={t('accommodation.status.declinedTitle')}
        data-testid="accommodation-status"
        data-status="declined"
      >
        {t('accommodation.status.declined')}
      </Alert>
    );
  }
  return (
    <Alert
      color="indigo"
      variant="light"
      radius="lg"
      icon={<IconClockHour4 size={20} aria-hidden />}
      title={t('accommodation.status.pendingTitle')}
      data-testid="accommodation-status"
      data-status="pending"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('accommodation.status.pending')}</Text>
        <Text size="sm" c="dimmed">
          {t(`accommodation.status.asked${pct}`)}
        </Text>
        {onChange ? (
          <Button variant="subtle" size="compact-sm" px={0} onClick={onChange}>
            {t('accommodation.status.change')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
