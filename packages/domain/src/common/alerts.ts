import { z } from 'zod';

/**
 * Alert templates. Each renders with an `{{entity}}` interpolation whose value is
 * the translated entity name, so `t(alertI18nKey('add'), { entity: t(entityI18nKey('job')) })`
 * reads "The job was added".
 */
export const ALERT_TYPES = [
  'add',
  'failAdd',
  'update',
  'failUpdate',
  'save',
  'failSave',
  'start',
  'submit',
  'quit',
  'remove',
  'failRemove',
  'archive',
  'restore',
  'failArchive',
  'change',
  'copy',
  'send',
  'failSend',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Entity names an alert can talk about. */
export const ALERT_ENTITIES = [
  'job',
  'applicant',
  'template',
  'user',
  'note',
  'status',
  'link',
  'interview',
  'account',
  'password',
  'email',
  'rating',
] as const;
export type AlertEntity = (typeof ALERT_ENTITIES)[number];

/** Alerts that take no entity. */
export const ALERT_KEYS = {
  /** Shown on any 403. */
  noPermission: 'alerts.noPermission',
  /** Shown after a click-to-copy. */
  copied: 'alerts.copied',
  /** Shown to the recruiter when the socket reports a finished interview. */
  interviewDone: 'alerts.interviewDone',
} as const;

/** Visual kind of an alert in the client state (success or fail). */
export const ALERT_VARIANTS = ['success', 'fail'] as const;
export type AlertVariant = (typeof ALERT_VARIANTS)[number];

/** The alert held in client state. `text` is an i18n key or an already translated text. */
export const alertStateSchema = z.object({
  type: z.enum(ALERT_VARIANTS),
  text: z.string(),
});
export type AlertState = z.infer<typeof alertStateSchema>;

/** i18n key of an alert template, e.g. `alerts.failAdd`. */
export function alertI18nKey(type: AlertType): `alerts.${AlertType}` {
  return `alerts.${type}`;
}

/** i18n key of an entity name, e.g. `entities.job`. */
export function entityI18nKey(entity: AlertEntity): `entities.${AlertEntity}` {
  return `entities.${entity}`;
}

/** Whether an alert type reports a failure (all `fail*` types) or a success. */
export function getAlertVariant(type: AlertType): AlertVariant {
  return type.startsWith('fail') ? 'fail' : 'success';
}

/** English texts of the alert templates and entity names. */
export const ALERT_I18N_EN: Record<string, string> = {
  'alerts.add': 'The {{entity}} was added',
  'alerts.failAdd': 'Could not add the {{entity}}',
  'alerts.update': 'The {{entity}} was updated',
  'alerts.failUpdate': 'Could not update the {{entity}}',
  'alerts.save': 'The {{entity}} was saved',
  'alerts.failSave': 'Could not save the {{entity}}',
  'alerts.start': 'The {{entity}} has started',
  'alerts.submit': 'The {{entity}} was submitted',
  'alerts.quit': 'You left the {{entity}}',
  'alerts.remove': 'The {{entity}} was removed',
  'alerts.failRemove': 'Could not remove the {{entity}}',
  'alerts.archive': 'The {{entity}} was archived',
  'alerts.restore': 'The {{entity}} was restored',
  'alerts.failArchive': 'Could not archive the {{entity}}',
  'alerts.change': 'The {{entity}} was changed',
  'alerts.copy': 'The {{entity}} was copied',
  'alerts.send': 'The {{entity}} was sent',
  'alerts.failSend': 'Could not send the {{entity}}',
  'alerts.noPermission': 'You dont have enough permissions to complete this action',
  'alerts.copied': 'Copied to clipboard',
  'alerts.interviewDone': 'A candidate has completed an interview',
  'entities.job': 'job',
  'entities.applicant': 'applicant',
  'entities.template': 'template',
  'entities.user': 'user',
  'entities.note': 'note',
  'entities.status': 'status',
  'entities.link': 'link',
  'entities.interview': 'interview',
  'entities.account': 'account',
  'entities.password': 'password',
  'entities.rating': 'rating',
  'entities.email': 'email',
};
