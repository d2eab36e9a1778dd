import {
  QUESTION_BANK,
  answerTypeLabelKey,
  QUESTION_CATEGORIES,
  getAnswerType,
  matchesQuestionSearch,
  questionFromBank,
  questionFromSaved,
  type Language,
  type Question,
  type QuestionCategory,
  type SavedQuestion,
} from '@candid/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../common/stores/alert-store';
import { useIsPhone } from '../../../common/ui/media-queries';
import { useDeleteSavedQuestion, useSavedQuestions } from './question-library-api';

/** The picker's tabs: every bank question, one category, or the organisation's own. */
type LibraryTab = 'all' | QuestionCategory | 'ours';
const OURS: LibraryTab = 'ours';

/** One row of the list: what it shows and the question it adds (made when added: a new id). */
interface LibraryRow {
  key: string;
  txt: string;
  quest: Question;
  saved?: SavedQuestion;
}

function bankRows(tab: LibraryTab, lang: Language, search: string): LibraryRow[] {
  return QUESTION_BANK.filter((item) => tab === 'all' || item.category === tab)
    .filter((item) => matchesQuestionSearch(item.txt[lang], search))
    .map((item) => ({
      key: `bank:${item.id}`,
      txt: item.txt[lang],
      quest: questionFromBank(item, lang),
    }));
}

function RowCard({
  row,
  checked,
  onToggle,
  onDelete,
}: {
  row: LibraryRow;
  checked: boolean;
  onToggle: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const type = getAnswerType(row.quest.ansRule);
  return (
    <Group
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      p="sm"
      mih={44}
      data-testid="library-question"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        background: checked ? 'var(--mantine-color-indigo-light)' : undefined,
      }}
    >
      <Checkbox
        checked={checked}
        onChange={onToggle}
        mt={2}
        aria-label={row.txt}
        styles={{ input: { cursor: 'pointer' } }}
      />
      <Stack gap={4} flex={1} miw={0} onClick={onToggle} style={{ cursor: 'pointer' }}>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.txt}
        </Text>
        <Group gap={6}>
          {type ? (
            <Badge variant="light" color="gray" size="sm" radius="sm">
              {t(answerTypeLabelKey(type))}
            </Badge>
          ) : null}
          <Badge variant="light" color="gray" size="sm" radius="sm">
            {t('questions.minutes', { count: row.quest.timeLimit })}
          </Badge>
        </Group>
      </Stack>
      {onDelete ? (
        <Tooltip label={t('questionLibrary.delete')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            onClick={onDelete}
            aria-label={t('questionLibrary.deleteQuestion', { text: row.txt })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * "Add from library": the built-in bank by category in `lang` (the job's language) and the
 * organisation's saved questions, searchable; the checked questions are added with new ids and
 * their default answer type and time. A modal on a wide screen, full screen on a phone.
 */
export function QuestionLibraryPicker({
  opened,
  onClose,
  lang,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  lang: Language;
  onAdd: (quests: Question[]) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [tab, setTab] = useState<LibraryTab>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<Map<string, Question>>(new Map());
  const saved = useSavedQuestions(debounced, opened && tab === OURS);
  const deleteSaved = useDeleteSavedQuestion();

  const rows: LibraryRow[] =
    tab === OURS
      ? (saved.data ?? []).map((item) => ({
          key: `saved:${item._id}`,
          txt: item.txt,
          quest: questionFromSaved(item),
          saved: item,
        }))
      : bankRows(tab, lang, search.trim());

  const toggle = (row: LibraryRow) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(row.key)) next.delete(row.key);
      else next.set(row.key, row.quest);
      return next;
    });
  const close = () => {
    setPicked(new Map());
    setSearch('');
    onClose();
  };
  const add = () => {
    onAdd([...picked.values()]);
    close();
  };
  const remove = (row: LibraryRow) =>
    deleteSaved.mutate(row.saved!._id, {
      onSuccess: () => {
        setPicked((current) => {
          const next = new Map(current);
          next.delete(row.key);
          return next;
        });
        showAlert({ type: 'success', key: 'questionLibrary.deleted' });
      },
      onError: () => showAlert({ type: 'fail', key: 'questionLibrary.deleteFailed' }),
    });

  const tabs: LibraryTab[] = ['all', ...QUESTION_CATEGORIES, OURS];
  const tabList = (
    <Tabs.List
      style={{ flexWrap: isPhone ? 'nowrap' : 'wrap' }}
      aria-label={t('questionLibrary.categories')}
    >
      {tabs.map((value) => (
        <Tabs.Tab
          key={value}
          value={value}
          mih={isPhone ? 44 : undefined}
          style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {t(`questionLibrary.tabs.${value}`)}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
  const emptyKey =
    tab === OURS && !debounced && !saved.isFetching
      ? 'questionLibrary.noSaved'
      : 'questionLibrary.noMatch';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('questionLibrary.title')}
      size="xl"
      fullScreen={isPhone}
      radius={isPhone ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': t('questionLibrary.close') }}
      data-testid="question-library"
      // On a phone the list fills the screen between the tabs and the buttons, which stay at the
      // bottom; on a wider screen it scrolls inside the dialog.
      styles={{
        content: isPhone ? { display: 'flex', flexDirection: 'column' } : undefined,
        body: {
          display: 'flex',
          flexDirection: 'column',
          gap: 12,
          ...(isPhone ? { flex: 1, minHeight: 0 } : {}),
        },
      }}
    >
      <TextInput
        data-autofocus
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        placeholder={t('questionLibrary.searchPlaceholder')}
        aria-label={t('questionLibrary.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        size={isPhone ? 'md' : 'sm'}
      />
      <Tabs
        value={tab}
        onChange={(value) => setTab((value as LibraryTab | null) ?? 'all')}
        variant="pills"
      >
        {isPhone ? (
          // One row that scrolls sideways on a phone; wrapped rows on a wider screen.
          <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x">
            {tabList}
          </ScrollArea>
        ) : (
          tabList
        )}
      </Tabs>
      <ScrollArea.Autosize
        mah={isPhone ? undefined : '55vh'}
        style={isPhone ? { flex: 1, minHeight: 0 } : undefined}
      >
        <Stack gap="xs">
          {tab === OURS && saved.isPending ? <Loader size="sm" mx="auto" my="md" /> : null}
          {tab === OURS && saved.isError ? (
            <Text c="red.8" role="alert" fz="sm">
              {t('questionLibrary.loadFailed')}
            </Text>
          ) : null}
          {rows.length > 0 ? (
            <Stack gap="xs" role="list" aria-label={t(`questionLibrary.tabs.${tab}`)}>
              {rows.map((row) => (
                <div role="listitem" key={row.key}>
                  <RowCard
                    row={row}
                    checked={picked.has(row.key)}
                    onToggle={() => toggle(row)}
                    onDelete={row.saved ? () => remove(row) : undefined}
                  />
                </div>
              ))}
            </Stack>
          ) : null}
          {rows.length === 0 && !(tab === OURS && (saved.isPending || saved.isError)) ? (
            <Text c="dimmed" fz="sm" ta="center" py="lg">
              {t(emptyKey)}
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end" gap="sm" wrap="nowrap">
        <Button variant="default" onClick={close} size={isPhone ? 'md' : 'sm'}>
          {t('questionLibrary.cancel')}
        </Button>
        <Button
          onClick={add}
          disabled={picked.size === 0}
          size={isPhone ? 'md' : 'sm'}
          flex={isPhone ? 1 : undefined}
        >
          {picked.size === 0
            ? t('questionLibrary.addNone')
            : t('questionLibrary.addCount', { count: picked.size })}
        </Button>
      </Group>
    </Modal>
  );
}
