import { IMAGE_SEARCH_DEBOUNCE_MS, type CoverPhoto } from '@candid/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPhoto, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../common/ui/media-queries';
import { useCoverSearch } from './search-covers';
import { JobCover } from './job-cover';

function CoverGrid({
  photos,
  selectedUrl,
  onSelect,
}: {
  photos: CoverPhoto[];
  selectedUrl: string;
  onSelect: (photo: CoverPhoto) => void;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {photos.map((photo) => {
        const isSelected = photo.regular === selectedUrl;
        return (
          <Stack key={photo.regular} gap={2}>
            <UnstyledButton
              onClick={() => onSelect(photo)}
              aria-label={
                photo.alt ? t('covers.chooseNamed', { name: photo.alt }) : t('covers.choose')
              }
              aria-pressed={isSelected}
              data-testid="cover-option"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                overflow: 'hidden',
                position: 'relative',
                outline: isSelected ? '3px solid var(--mantine-color-indigo-6)' : undefined,
                outlineOffset: 2,
              }}
            >
              <Image src={photo.small} alt={photo.alt ?? ''} h={96} fit="cover" loading="lazy" />
              {isSelected ? (
                <Box
                  pos="absolute"
                  top={6}
                  bg="indigo.6"
                  c="white"
                  style={{ insetInlineEnd: 6, borderRadius: 999, display: 'flex', padding: 2 }}
                >
                  <IconCheck size={16} aria-hidden />
                </Box>
              ) : null}
            </UnstyledButton>
            {photo.credit ? (
              <Anchor
                href={photo.credit.url}
                target="_blank"
                rel="noopener noreferrer"
                fz={11}
                c="gray.7"
                truncate
              >
                {photo.credit.name}
              </Anchor>
            ) : null}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * The job cover ("Job editor"): a preview, and a picker that searches stock photos
 * (500 ms after typing stops, 20 a page) with the built-in gallery shown while the search is empty.
 */
export function CoverPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query.trim(), IMAGE_SEARCH_DEBOUNCE_MS);
  const [pageState, setPageState] = useState({ query: '', page: 1 });
  const page = pageState.query === debouncedQuery ? pageState.page : 1;
  const search = useCoverSearch(debouncedQuery, page, isOpen);
  const totalPages = search.data?.totalPages ?? 0;

  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {t('covers.label')}
      </Text>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <JobCover url={value} seed="cover" height={120} />
      </Paper>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPhoto size={16} aria-hidden />}
          onClick={() => setIsOpen(true)}
        >
          {value ? t('covers.change') : t('covers.pick')}
        </Button>
        {value ? (
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => onChange('')}
          >
            {t('covers.remove')}
          </Button>
        ) : null}
      </Group>
      <Modal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('covers.title')}
        size="xl"
        radius="lg"
        fullScreen={isPhone}
      >
        <Stack>
          <TextInput
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            placeholder={t('covers.searchPlaceholder')}
            aria-label={t('covers.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={search.isFetching ? <Loader size="xs" /> : null}
            data-autofocus
          />
          {search.isError ? <Alert color="red">{t('covers.failed')}</Alert> : null}
          {search.data && search.data.results.length === 0 ? (
            <Text c="gray.7" ta="center" py="lg">
              {t('covers.noResults')}
            </Text>
          ) : null}
          {search.data ? (
            <CoverGrid
              photos={search.data.results}
              selectedUrl={value}
              onSelect={(photo) => {
                onChange(photo.regular);
                setIsOpen(false);
              }}
            />
          ) : (
            <Group justify="center" py="xl">
              <Loader />
            </Group>
          )}
          {totalPages > 1 ? (
            <Group justify="space-between">
              <Button
                variant="default"
                size="xs"
                disabled={page <= 1}
                onClick={() => setPageState({ query: debouncedQuery, page: page - 1 })}
              >
                {t('pagination.previous')}
              </Button>
              <Text fz="sm" c="gray.7">
                {t('pagination.pageOf', { page, total: totalPages })}
              </Text>
              <Button
                variant="default"
                size="xs"
                disabled={page >= totalPages}
                onClick={() => setPageState({ query: debouncedQuery, page: page + 1 })}
              >
                {t('pagination.next')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Modal>
    </Stack>
  );
}
