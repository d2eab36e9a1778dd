import { alertI18nKey, entityI18nKey, type Template } from '@candid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../common/api/api-client-context';
import { showAlert } from '../../../common/stores/alert-store';
import { useHistoryStore, type HistoryLabel } from '../../common/history/history-store';
import { templateKeys, TEMPLATES_KEY } from '../../common/templates/template-keys';
import { toggleTemplateArchive, toggleTemplateDefault } from '../api/toggle-template';

const TEMPLATE_ENTITY = { entity: { i18nKey: entityI18nKey('template') } };

/**
 * Template menu actions: toggle default (exclusive: the server clears the previous
 * default first) and toggle archive, each recorded in the back office's undo/redo history.
 * Every cached template list is refreshed after; a failure shows the failure alert. Resolve to the updated template, or null on failure.
 */
export function useTemplateActions() {
  const api = useApiClient();
  const queryClient = useQueryClient();

  /**
   * Shows the server's answer in the cache and records the change in the history: undo puts
   * the template as it was back in the cache, redo the changed one.
   */
  const afterChange = useCallback(
    async (label: HistoryLabel, before: Template, template: Template) => {
      const show = (shown: Template) => {
        queryClient.setQueryData(templateKeys.detail(shown._id), shown);
        void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      };
      queryClient.setQueryData(templateKeys.detail(template._id), template);
      useHistoryStore.getState().record({
        label,
        undo: () => show(before),
        redo: () => show(template),
      });
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    },
    [queryClient],
  );

  const toggleDefault = useCallback(
    async (template: Template): Promise<Template | null> => {
      try {
        const updated = await toggleTemplateDefault(api, template._id);
        showAlert({ type: 'success', key: alertI18nKey('update'), params: TEMPLATE_ENTITY });
        await afterChange('templateDefault', template, updated);
        return updated;
      } catch {
        showAlert({ type: 'fail', key: alertI18nKey('failUpdate'), params: TEMPLATE_ENTITY });
        return null;
      }
    },
    [api, afterChange],
  );

  const toggleArchive = useCallback(
    async (template: Template): Promise<Template | null> => {
      try {
        const updated = await toggleTemplateArchive(api, template._id);
        showAlert({
          type: 'success',
          key: alertI18nKey(template.archivedAt ? 'restore' : 'archive'),
          params: TEMPLATE_ENTITY,
        });
        await afterChange(
          template.archivedAt ? 'templateRestore' : 'templateArchive',
          template,
          updated,
        );
        return updated;
      } catch {
        showAlert({ type: 'fail', key: alertI18nKey('failArchive'), params: TEMPLATE_ENTITY });
        return null;
      }
    },
    [api, afterChange],
  );

  return { toggleDefault, toggleArchive };
}
