import {
  ACCOMMODATION_REASON_MAX_CHARS,
  accommodationRequestBodySchema,
  canAskExtraRetakes,
  EXTRA_RETAKE_COUNTS,
  EXTRA_TIME_PCTS,
  type Accommodation,
} from '@candid/domain';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApiClient } from '../../common/api/api-client-context';
import { useSchemaForm } from '../../common/forms/use-schema-form';
import { isApiClientError } from '../../common/api/api-error';
import {
  accommodationQueryKey,
  requestAccommodation,
  useAccommodation,
} from '../api/accommodation';
import { useAccommodationDecision } from './use-accommodation-decision';

/**
 * "Need an adjustment?", loaded only when the candidate asks for it: a short form
 * (how much more time, how many extra takes on a one-try job, and why), then where the request
 * stands. A job with retakes says that extra takes apply to one-try interviews only. The candidate may wait here for
 * the decision, which arrives live, or start at once with the standard settings.
 */
export function AccommodationPanel({
  applicantId,
  candidateToken,
  isOneTry,
  ensureApplicant,
  onClose,
}: {
  /** Null until the applicant exists (made when the request is sent). */
  applicantId: string | null;
  candidateToken: string | null;
  /** The job records each answer once: extra takes may be asked for. */
  isOneTry: boolean;
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
      isOneTry={isOneTry}
      applicantId={applicantId}
      ensureApplicant={ensureApplicant}
      onSending={() => setIsEditing(true)}
      onSent={() => setIsEditing(false)}
      onCancel={current ? () => setIsEditing(false) : onClose}
    />
  );
}

/**
 * The form's values (radio choices as text: '' nothing chosen, '0' none wanted) read as the
 * request body, so the domain's rules (a reason, at least one adjustment) check the form.
 */
const accommodationFormSchema = z
  .object({ extraTimePct: z.string(), extraRetakes: z.string(), reason: z.string() })
  .transform(
    (values) =>
      // Any other number is refused by the body schema, with the field's error.
      ({
        extraTimePct: Number(values.extraTimePct) || null,
        extraRetakes: Number(values.extraRetakes) || null,
        reason: values.reason,
      }) as z.input<typeof accommodationRequestBodySchema>,
  )
  .pipe(accommodationRequestBodySchema);

function AccommodationForm({
  initial,
  isOneTry,
  applicantId,
  ensureApplicant,
  onSending,
  onSent,
  onCancel,
}: {
  initial: Accommodation | null;
  isOneTry: boolean;
  applicantId: string | null;
  ensureApplicant: () => Promise<string>;
  onSending: () => void;
  onSent: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const canAskRetakes = canAskExtraRetakes({ isOneTry });
  const form = useSchemaForm(accommodationFormSchema, {
    extraTimePct: initial ? String(initial.extraTimePct ?? 0) : '',
    // A job with retakes asks for none: '' stays null.
    extraRetakes: initial && canAskRetakes ? String(initial.extraRetakes ?? 0) : '',
    reason: initial?.reason ?? '',
  });
  const [sendError, setSendError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const reasonLength = form.watch('reason').length;
  // Neither adjustment chosen: the domain's rule names the first choice; the form says why.
  const choiceError = form.errorOf('extraTimePct') ? t('accommodation.form.chooseOne') : undefined;

  const send = form.handleSubmit(async (body) => {
    setSendError(null);
    setIsSending(true);
    onSending();
    try {
      const id = applicantId ?? (await ensureApplicant());
      const saved = await requestAccommodation(api, id, body);
      // A read begun before the request was saved must not put the old answer back.
      await queryClient.cancelQueries({ queryKey: accommodationQueryKey(id) });
      queryClient.setQueryData(accommodationQueryKey(id), saved);
      onSent();
    } catch (error) {
      setSendError(isApiClientError(error) ? error.i18nKey : 'errors.NETWORK_ERR');
    } finally {
      setIsSending(false);
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="accommodation-form">
      <form noValidate onSubmit={(event) => void send(event)}>
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
            {...form.valueField('extraTimePct')}
            error={choiceError}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="0" label={t('accommodation.form.noExtraTime')} />
              {EXTRA_TIME_PCTS.map((pct) => (
                <Radio
                  key={pct}
                  value={String(pct)}
                  label={t(`accommodation.form.extraTime${pct}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          {canAskRetakes ? (
            <Radio.Group
              label={t('accommodation.form.extraRetakes')}
              description={t('accommodation.form.extraRetakesHint')}
              {...form.valueField('extraRetakes')}
              error={undefined}
              data-testid="accommodation-retakes"
            >
              <Stack gap="xs" mt="xs">
                <Radio value="0" label={t('accommodation.form.noExtraRetakes')} />
                {EXTRA_RETAKE_COUNTS.map((count) => (
                  <Radio
                    key={count}
                    value={String(count)}
                    label={t('accommodation.form.extraRetakesCount', { count })}
                  />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Text size="sm" c="dimmed" data-testid="accommodation-retakes-included">
              {t('accommodation.form.retakesIncluded')}
            </Text>
          )}
          <Textarea
            label={t('accommodation.form.reason')}
            description={t('accommodation.form.reasonHint')}
            {...form.textField('reason')}
            maxLength={ACCOMMODATION_REASON_MAX_CHARS}
            autosize
            minRows={3}
            maxRows={8}
            withAsterisk
            data-testid="accommodation-reason"
          />
          <Text size="xs" c="dimmed" ta="end" mt={-8} aria-live="polite">
            {/* "120 / 500" reads left to right in Hebrew too, like the app's clocks. */}
            <bdi dir="ltr">
              {t('accommodation.form.count', {
                length: reasonLength,
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

/** What was asked (or granted), one line per kind: extra time, extra takes. */
function accommodationLines(
  accommodation: Accommodation,
  t: (key: string, options?: Record<string, unknown>) => string,
  prefix: 'asked' | 'approved',
): string[] {
  const lines: string[] = [];
  if (accommodation.extraTimePct !== null) {
    lines.push(t(`accommodation.status.${prefix}${accommodation.extraTimePct}`));
  }
  if (accommodation.extraRetakes !== null) {
    lines.push(t(`accommodation.status.${prefix}Retakes`, { count: accommodation.extraRetakes }));
  }
  return lines;
}

function AccommodationStatus({
  accommodation,
  onChange,
}: {
  accommodation: Accommodation;
  onChange?: () => void;
}) {
  const { t } = useTranslation();
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
        <Stack gap={4}>
          {accommodationLines(accommodation, t, 'approved').map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
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
      variant="light"
      radius="lg"
      icon={<IconClockHour4 size={20} aria-hidden />}
      title={t('accommodation.status.pendingTitle')}
      data-testid="accommodation-status"
      data-status="pending"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('accommodation.status.pending')}</Text>
        {accommodationLines(accommodation, t, 'asked').map((line) => (
          <Text key={line} size="sm" c="dimmed">
            {line}
          </Text>
        ))}
        {onChange ? (
          <Button variant="subtle" size="compact-sm" px={0} onClick={onChange}>
            {t('accommodation.status.change')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
