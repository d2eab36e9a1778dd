import { getPaginationItems } from '@candid/domain';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './mirror-in-rtl.module.css';

/**
 * The pager of the recruiter lists: first and last page, one page either side of the
 * current one, ellipses for the rest; previous and next arrows that mirror in RTL. Hidden when
 * there is at most one page. `isCapped`: the count behind `pageCount` stopped at the server's cap,
 * so the last page reads "334+" (more match than the pages reach; narrowing the filters does).
 */
export function PaginationBar({
  currPage,
  pageCount,
  isCapped = false,
  onChange,
}: {
  currPage: number;
  pageCount: number;
  isCapped?: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const items = getPaginationItems(currPage, pageCount);
  return (
    <Group component="nav" aria-label={t('pagination.label')} justify="center" gap={4} mt="lg">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        disabled={currPage <= 1}
        onClick={() => onChange(currPage - 1)}
        aria-label={t('pagination.previous')}
      >
        <IconChevronLeft size={18} className={classes.mirror} aria-hidden />
      </ActionIcon>
      {items.map((item, index) =>
        item === 'ellipsis' ? (
          <Text key={`ellipsis-${index}`} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item}
            size="compact-md"
            miw={36}
            variant={item === currPage ? 'filled' : 'subtle'}
            color={item === currPage ? 'indigo' : 'gray'}
            aria-current={item === currPage ? 'page' : undefined}
            aria-label={
              isCapped && item === pageCount
                ? t('pagination.pageCapped', { page: item })
                : t('pagination.page', { page: item })
            }
            title={
              isCapped && item === pageCount
                ? t('pagination.pageCapped', { page: item })
                : undefined
            }
            onClick={() => onChange(item)}
          >
            {isCapped && item === pageCount ? <bdi dir="ltr">{item}+</bdi> : item}
          </Button>
        ),
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        disabled={currPage >= pageCount}
        onClick={() => onChange(currPage + 1)}
        aria-label={t('pagination.next')}
      >
        <IconChevronRight size={18} className={classes.mirror} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
