import {
  WEBHOOK_EVENT_TYPES,
  webhookEndpointInputSchema,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '@candid/domain';
import { Button, Checkbox, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import { useIsPhone } from '../../../common/ui/media-queries';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { FormErrorAlert } from '../../common/ui/form-error-alert';

function EndpointForm({
  endpoint,
  onCancel,
  onSave,
}: {
  endpoint: WebhookEndpoint | null;
  onCancel: () => void;
  onSave: (input: WebhookEndpointInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(webhookEndpointInputSchema, {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    events: endpoint?.events ?? [...WEBHOOK_EVENT_TYPES],
    enabled: endpoint?.enabled ?? true,
  });
  const events = form.valueField('events');
  const enabled = form.valueField('enabled');
  const [formError, setFormError] = useState<string | null>(null);
  const title = t(endpoint ? 'integrations.hooks.editTitle' : 'integrations.hooks.addTitle');
  const submit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await onSave(input);
    } catch (error) {
      setFormError(getErrorI18nKey(error));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <Stack gap="md">
        <TextInput
          label={t('integrations.hooks.url')}
          description={t('integrations.hooks.urlHint')}
          placeholder="https://ats.example.com/candid"
          type="url"
          dir="ltr"
          required
          autoComplete="off"
          data-autofocus
          {...form.textField('url')}
        />
        <TextInput
          label={t('integrations.hooks.description')}
          autoComplete="off"
          {...form.textField('description')}
        />
        <Checkbox.Group
          label={t('integrations.hooks.events')}
          value={events.value ?? []}
          onChange={(value) => events.onChange(value as WebhookEndpointInput['events'])}
          error={events.error}
          required
        >
          <Stack gap={6} mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={t(`integrations.events.${type.replace('.', '_')}`)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          label={t('integrations.hooks.enabled')}
          checked={enabled.value ?? true}
          onChange={(event) => enabled.onChange(event.currentTarget.checked)}
        />
        <FormErrorAlert errorKey={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('accounts.edit.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t(endpoint ? 'accounts.edit.save' : 'integrations.hooks.addSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adding or editing a webhook endpoint: address, description, events, on or off. */
export function WebhookEndpointModal({
  opened,
  endpoint,
  onClose,
  onSave,
}: {
  opened: boolean;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onSave: (input: WebhookEndpointInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(endpoint ? 'integrations.hooks.editTitle' : 'integrations.hooks.addTitle')}
      centered
      radius="lg"
      fullScreen={isPhone}
    >
      {opened ? <EndpointForm endpoint={endpoint} onCancel={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}
