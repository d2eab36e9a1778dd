import {
  getInvitationRowProblems,
  LANGUAGES,
  MAX_INVITATIONS_PER_CALL,
  VALIDATION_KEYS,
  type InvitationRowProblems,
  type Language,
  type SendInvitationsBody,
  type SendInvitationsResponse,
} from '@candid/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconFileSpreadsheet, IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { isApiClientError } from '../../../common/api/api-error';
import { showAlert } from '../../../common/stores/alert-store';
import { useLanguageStore } from '../../../common/stores/language-store';
import { BottomSheet } from '../../../common/ui/bottom-sheet';
import { useIsPhone } from '../../../common/ui/media-queries';
import { parseInvitationList, type ParsedInvitee } from './invitation-list';

interface InviteJob {
  _id: string;
  info: { title: string };
  company?: { name: string; logoUrl?: string };
}

/** Each row's problems by field, from the server's `rows.N.field` issues. */
type RowErrors = Record<number, Partial<Record<keyof ParsedInvitee, string>>>;

/**
 * The server's row issues, on the lines they came from: `sentIndexes[n]` is the line of the
 * n-th row sent (refused lines are not sent).
 */
function rowErrorsOf(
  issues: readonly { path: string; message: string }[],
  sentIndexes: readonly number[],
): RowErrors {
  const errors: RowErrors = {};
  for (const issue of issues) {
    const match = /^rows\.(\d+)\.(fName|lName|email|phone)$/u.exec(issue.path);
    if (!match) continue;
    const index = sentIndexes[Number(match[1])] ?? Number(match[1]);
    errors[index] = { ...errors[index], [match[2] as keyof ParsedInvitee]: issue.message };
  }
  return errors;
}

/** Why a line is refused, in words that name what is wrong with the line. */
function refusalKey(field: keyof InvitationRowProblems, key: string): string {
  if (field === 'email' && key === VALIDATION_KEYS.REQUIRED_VALIDATE)
    return 'invitations.refused.noEmail';
  if (field === 'email' && key === VALIDATION_KEYS.EMAIL_VALIDATE)
    return 'invitations.refused.badEmail';
  if (field === 'email' && key === VALIDATION_KEYS.DUPLICATE_EMAIL_VALIDATE) {
    return 'invitations.refused.duplicate';
  }
  if (field === 'fName' && key === VALIDATION_KEYS.REQUIRED_VALIDATE)
    return 'invitations.refused.noName';
  return key;
}

/**
 * Invite people to a job by e-mail: paste a list or pick a CSV file, check who was
 * read, write the e-mail in English or Hebrew (pre-filled in that language) and see it as the
 * candidate will; send. Before sending, each line that would be refused (no or a malformed
 * address, an address on an earlier line, no first name, a malformed phone) is marked with the
 * reason and left out: "Send N invitations" counts the lines kept, and only those are sent. The
 * server is still all or nothing (an address already an applicant of the job): then the rows
 * to fix are marked and no one is invited. A dialog on wide screens, a bottom sheet on phones.
 */
export function InviteByEmailDialog({
  job,
  opened,
  onClose,
}: {
  job: InviteJob;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const appLanguage = useLanguageStore((state) => state.language);
  const [language, setLanguage] = useState<Language>(appLanguage);
  const [list, setList] = useState('');
  const [subject, setSubject] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [remind, setRemind] = useState(true);

  const rows = useMemo(() => parseInvitationList(list), [list]);
  const problems = useMemo(() => getInvitationRowProblems(rows), [rows]);
  const keptIndexes = useMemo(
    () => rows.flatMap((_row, index) => (problems.has(index) ? [] : [index])),
    [rows, problems],
  );
  const keptRows = keptIndexes.map((index) => rows[index]!);
  const refusedCount = rows.length - keptRows.length;
  const values = { title: job.info.title, company: job.company?.name ?? '', lng: language };
  // Until the recruiter edits them, subject and message follow the chosen language.
  const shownSubject = subject ?? t('invitations.defaultSubject', values);
  const shownMessage = message ?? t('invitations.defaultMessage', values);
  const tooMany = keptRows.length > MAX_INVITATIONS_PER_CALL;

  function changeList(text: string) {
    setList(text);
    setRowErrors({});
    setError(null);
  }

  async function readFile(file: File | null) {
    if (file) changeList(await file.text());
  }

  async function send() {
    setSending(true);
    setError(null);
    try {
      const body: SendInvitationsBody = {
        rows: keptRows,
        subject: shownSubject,
        message: shownMessage,
        language,
        remind,
      };
      const result = await api.post<SendInvitationsResponse>(
        `job/${encodeURIComponent(job._id)}/invitations`,
        body,
      );
      showAlert({
        type: 'success',
        key: 'invitations.sent',
        params: { count: result.invited.length },
      });
      void queryClient.invalidateQueries({ queryKey: ['applicants'] });
      setList('');
      onClose();
    } catch (failure) {
      if (isApiClientError(failure)) {
        const errors = rowErrorsOf(failure.issues, keptIndexes);
        setRowErrors(errors);
        setError(Object.keys(errors).length > 0 ? 'invitations.fixRows' : failure.i18nKey);
      } else {
        setError('errors.NETWORK_ERR');
      }
    } finally {
      setSending(false);
    }
  }

  const body = (
    <Stack gap="md">
      <Stack gap={6}>
        <Textarea
          label={t('invitations.people')}
          description={t('invitations.peopleHint')}
          placeholder={t('invitations.peoplePlaceholder')}
          value={list}
          onChange={(event) => changeList(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          dir="auto"
          data-testid="invite-list"
        />
        <Group gap="xs" justify="space-between">
          <FileButton onChange={(file) => void readFile(file)} accept=".csv,text/csv,text/plain">
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              >
                {t('invitations.csv')}
              </Button>
            )}
          </FileButton>
          <Text
            fz="sm"
            c={tooMany ? 'red.8' : 'gray.7'}
            aria-live="polite"
            data-testid="invite-count"
          >
            {tooMany
              ? t('invitations.tooMany', { max: MAX_INVITATIONS_PER_CALL })
              : t('invitations.count', { count: keptRows.length })}
            {refusedCount > 0 && !tooMany
              ? ` · ${t('invitations.refusedCount', { count: refusedCount })}`
              : null}
          </Text>
        </Group>
        {rows.length > 0 ? (
          <Paper withBorder radius="md" p="xs" mah={220} style={{ overflowY: 'auto' }}>
            <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {rows.map((row, index) => {
                const refusal = problems.get(index) ?? {};
                const messages = [
                  ...(Object.entries(refusal) as [keyof InvitationRowProblems, string][]).map(
                    ([field, key]) => refusalKey(field, key),
                  ),
                  ...Object.values(rowErrors[index] ?? {}),
                ];
                const isRefused = problems.has(index);
                return (
                  <li
                    key={`${index}-${row.email}`}
                    data-testid="invite-row"
                    data-refused={isRefused || undefined}
                    style={isRefused ? { opacity: 0.85 } : undefined}
                  >
                    <Group gap={6} wrap="wrap">
                      <Text fz="sm" fw={500}>
                        {[row.fName, row.lName].filter(Boolean).join(' ') || '—'}
                      </Text>
                      <Text fz="sm" c="gray.7" dir="ltr">
                        {row.email || '—'}
                      </Text>
                      {row.phone ? (
                        <Text fz="sm" c="gray.7" dir="ltr">
                          {row.phone}
                        </Text>
                      ) : null}
                      {messages.length > 0 ? (
                        <Badge color="red" variant="light" size="sm">
                          {t('invitations.rowNumber', { number: index + 1 })}
                        </Badge>
                      ) : null}
                      {isRefused ? (
                        <Badge color="gray" variant="outline" size="sm">
                          {t('invitations.notSent')}
                        </Badge>
                      ) : null}
                    </Group>
                    {messages.map((key) => (
                      <Text key={key} fz="xs" c="red.8" data-testid="invite-row-reason">
                        {t(key)}
                      </Text>
                    ))}
                  </li>
                );
              })}
            </Stack>
          </Paper>
        ) : null}
      </Stack>

      <Stack gap={6}>
        <Text fw={600} fz="sm">
          {t('invitations.emailTitle')}
        </Text>
        <SegmentedControl
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          aria-label={t('invitations.emailLanguage')}
        />
        <TextInput
          label={t('invitations.subject')}
          value={shownSubject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          dir={language === 'he' ? 'rtl' : 'ltr'}
        />
        <Textarea
          label={t('invitations.message')}
          value={shownMessage}
          onChange={(event) => setMessage(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          dir={language === 'he' ? 'rtl' : 'ltr'}
        />
      </Stack>

      <Checkbox
        checked={remind}
        onChange={(event) => setRemind(event.currentTarget.checked)}
        label={t('invitations.remind')}
        description={t('invitations.remindHint')}
      />

      <Paper
        withBorder
        radius="md"
        p="md"
        bg="gray.0"
        dir={language === 'he' ? 'rtl' : 'ltr'}
        lang={language}
        aria-label={t('invitations.preview')}
        data-testid="invite-preview"
      >
        <Text fz="xs" c="gray.7" mb={6}>
          {t('invitations.preview')}
        </Text>
        {job.company?.logoUrl ? (
          <Image
            src={job.company.logoUrl}
            alt={job.company.name}
            h={40}
            w="auto"
            fit="contain"
            mb="xs"
            data-testid="invite-preview-logo"
          />
        ) : null}
        <Text fz="sm" fw={600}>
          {shownSubject}
        </Text>
        <Text fz="sm" mt="xs">
          {t('invitations.greeting', { lng: language, name: keptRows[0]?.fName || 'Dana' })}
        </Text>
        {shownMessage
          .split('\n')
          .filter((line) => line.trim())
          .map((line, index) => (
            <Text key={index} fz="sm" mt={6}>
              {line}
            </Text>
          ))}
        <Badge mt="sm" size="lg" radius="sm" variant="filled" tt="none">
          {t('invitations.startButton', { lng: language })}
        </Badge>
      </Paper>

      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="invite-error">
          {t(error)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('invitations.cancel')}
        </Button>
        <Button
          leftSection={<IconMailForward size={18} aria-hidden />}
          onClick={() => void send()}
          loading={isSending}
          disabled={keptRows.length === 0 || tooMany}
          data-testid="invite-send"
        >
          {t('invitations.send', { count: keptRows.length })}
        </Button>
      </Group>
    </Stack>
  );

  const title = t('invitations.title', { title: job.info.title });
  if (isPhone) {
    return (
      <BottomSheet opened={opened} onClose={onClose} title={title} testId="invite-sheet">
        <Stack px="xs">{body}</Stack>
      </BottomSheet>
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" radius="lg" centered>
      {body}
    </Modal>
  );
}
