import { departmentInputSchema, type Department } from '@candid/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBuilding,
  IconCheck,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import { showAlert } from '../../../common/stores/alert-store';
import { placeAccountErrors } from '../../common/accounts/server-errors';
import {
  createDepartment,
  deleteDepartment,
  departmentKeys,
  renameDepartment,
} from '../../common/departments/departments-api';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { JOBS_KEY } from '../../common/jobs/job-keys';

const ENTITY = { entity: { i18nKey: 'entities.department' } };

/** One name field that adds a department, or renames one (then with cancel). */
function DepartmentNameForm({
  initialName,
  submitLabel,
  onSave,
  onCancel,
}: {
  initialName: string;
  submitLabel: string;
  onSave: (name: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(departmentInputSchema, { name: initialName });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSave(name);
      form.reset({ name: '' });
    } catch (error) {
      if (!placeAccountErrors(error, ['name'], form.setError)) {
        form.setError('name', { type: 'server', message: getErrorI18nKey(error) });
      }
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          flex={1}
          miw={0}
          aria-label={t('departments.name')}
          placeholder={t('departments.namePlaceholder')}
          autoFocus={Boolean(onCancel)}
          {...form.textField('name')}
        />
        {onCancel ? (
          <>
            <Tooltip label={submitLabel}>
              <ActionIcon
                type="submit"
                size={36}
                variant="light"
                aria-label={submitLabel}
                loading={form.formState.isSubmitting}
              >
                <IconCheck size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('accounts.edit.cancel')}>
              <ActionIcon
                size={36}
                variant="subtle"
                color="gray"
                aria-label={t('accounts.edit.cancel')}
                onClick={onCancel}
              >
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </>
        ) : (
          <Button
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={form.formState.isSubmitting}
          >
            {submitLabel}
          </Button>
        )}
      </Group>
    </form>
  );
}

/**
 * The organisation's departments (multi-department organisations): each with its job
 * count; its owner adds, renames and deletes them (a deleted department's jobs stay, without a
 * department). Members see the list.
 */
export function DepartmentsSection({
  departments,
  isPending,
  canManage,
}: {
  departments: Department[];
  isPending: boolean;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: departmentKeys.all });
    await queryClient.invalidateQueries({ queryKey: JOBS_KEY });
  };

  const add = async (name: string) => {
    await createDepartment(api, name);
    showAlert({ type: 'success', key: 'alerts.add', params: ENTITY });
    await refresh();
  };
  const rename = async (id: string, name: string) => {
    await renameDepartment(api, id, name);
    showAlert({ type: 'success', key: 'alerts.update', params: ENTITY });
    setRenaming(null);
    await refresh();
  };
  const remove = useMutation({
    mutationFn: (department: Department) => deleteDepartment(api, department._id),
    onSuccess: async () => {
      setDeleting(null);
      showAlert({ type: 'success', key: 'alerts.remove', params: ENTITY });
      await refresh();
    },
    onError: () => showAlert({ type: 'fail', key: 'alerts.failRemove', params: ENTITY }),
  });

  return (
    <Stack gap="sm" data-testid="departments">
      <Title order={2} fz="lg">
        {t('departments.title')}
      </Title>
      <Text c="gray.7" fz="sm">
        {t(canManage ? 'departments.hint' : 'departments.memberHint')}
      </Text>
      {canManage ? (
        <DepartmentNameForm initialName="" submitLabel={t('departments.add')} onSave={add} />
      ) : null}
      {isPending ? <Skeleton h={56} radius="lg" /> : null}
      {!isPending && departments.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('departments.empty')}
        </Text>
      ) : null}
      <Stack gap="xs">
        {departments.map((department) => (
          <Paper
            key={department._id}
            withBorder
            radius="md"
            px="md"
            py="xs"
            data-testid="department-row"
          >
            {renaming === department._id ? (
              <DepartmentNameForm
                initialName={department.name}
                submitLabel={t('departments.rename')}
                onSave={(name) => rename(department._id, name)}
                onCancel={() => setRenaming(null)}
              />
            ) : (
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <IconBuilding size={18} aria-hidden style={{ flexShrink: 0 }} />
                  <Group gap={6} wrap="wrap" miw={0}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {department.name}
                    </Text>
                    <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                      {t('departments.jobCount', { count: department.jobCount })}
                    </Badge>
                  </Group>
                </Group>
                {canManage ? (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('departments.rename')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('departments.renameNamed', { name: department.name })}
                        onClick={() => setRenaming(department._id)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('departments.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('departments.deleteNamed', { name: department.name })}
                        onClick={() => setDeleting(department)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ) : null}
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('departments.deleteTitle')}
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text>
            {t('departments.deleteConfirm', {
              name: deleting?.name ?? '',
              count: deleting?.jobCount ?? 0,
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('accounts.edit.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
            >
              {t('departments.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
